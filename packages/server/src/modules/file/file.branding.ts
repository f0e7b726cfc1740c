/**
 * Branding icons (issue "Branding"): every image uploaded for the branding page also gets square PNG copies
 * at the sizes browsers and platforms ask for: 32 and 192 (favicon), 180 (apple-touch-icon), 512 (square icon,
 * web app manifest, Open Graph fallback). The image is fitted inside the square on a transparent background,
 * never cropped, and never enlarged past its own size (a smaller image is centred). Copies sit beside the
 * upload as `<name>-<size>.png` (in the same storage, core/storage), so they share its random name and are served
 * with the same year-long immutable cache headers.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadSharp } from './sharp.js';
import type { UploadStorage } from '../../core/storage/index.js';

/** Square sizes, in pixels, made from every branding upload. */
export const BRANDING_ICON_SIZES = [32, 180, 192, 512] as const;
export type BrandingIconSize = (typeof BRANDING_ICON_SIZES)[number];

/** File path of an upload's icon copy: `/x/abc.webp` -> `/x/abc-192.png`. */
export function iconCopyPath(uploadPath: string, size: BrandingIconSize): string {
  const ext = path.extname(uploadPath);
  return `${uploadPath.slice(0, uploadPath.length - ext.length)}-${size}.png`;
}

/**
 * Makes the icon copies of a branding upload.
 * @param data the stored upload's bytes
 * @param maxPixels sharp's input pixel limit (the megapixel setting)
 * @returns one PNG per size of BRANDING_ICON_SIZES
 */
export async function brandingIcons(data: Buffer, maxPixels: number): Promise<Array<{ size: BrandingIconSize; png: Buffer }>> {
  const sharp = await loadSharp();
  const out: Array<{ size: BrandingIconSize; png: Buffer }> = [];
  for (const size of BRANDING_ICON_SIZES) {
    const png = await sharp(data, { limitInputPixels: maxPixels, animated: false })
      .rotate()
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 }, withoutEnlargement: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    out.push({ size, png });
  }
  return out;
}

/** Whether an icon copy exists, by its URL path; answers from a remote storage are asked again after a minute. */
const known = new Map<string, { exists: boolean; at: number }>();
/** Remote storages by the local uploads folder of their data directory (callers that pass the folder). */
const remoteByRoot = new Map<string, UploadStorage>();
/** How long a "no copy" answer of a remote storage is believed, in milliseconds. */
const RECHECK_MS = 60_000;

/**
 * Says which storage holds the uploads of a data directory, so that `brandingIconUrl(url, size, uploadsRoot)`
 * callers that pass the local folder look into the right place.
 */
export function useStorageFor(uploadsRoot: string, storage: UploadStorage): void {
  if (storage.kind === 'local') remoteByRoot.delete(uploadsRoot);
  else remoteByRoot.set(uploadsRoot, storage);
}

/** Records that a branding upload's icon copies were just stored (they are used at once). */
export function rememberIconCopies(uploadUrl: string): void {
  for (const size of BRANDING_ICON_SIZES) known.set(iconCopyPath(uploadUrl, size), { exists: true, at: Date.now() });
}

/**
 * The URL of a branding image's icon copy at `size`, when the image is one of our uploads that has copies;
 * otherwise the image's own URL (an external URL, or an upload from before copies were made). With a remote
 * storage the first call for a copy answers the image's own URL and asks the storage in the background.
 * @param url the branding setting's value (`/uploads/...` or an absolute URL)
 * @param uploads the site's storage, or the data directory's uploads folder
 */
export function brandingIconUrl(url: string, size: BrandingIconSize, uploads: string | UploadStorage): string {
  if (!url.startsWith('/uploads/') || url.includes('..')) return url;
  const copy = iconCopyPath(url, size);
  const key = copy.slice('/uploads/'.length);
  const remote = typeof uploads === 'string' ? remoteByRoot.get(uploads) : uploads.kind === 'local' ? undefined : uploads;
  const hit = known.get(copy);
  if (!remote) {
    if (hit) return hit.exists ? copy : url;
    const root = typeof uploads === 'string' ? uploads : uploads.describe();
    const exists = existsSync(path.join(root, key));
    if (exists || known.size < 1000) known.set(copy, { exists, at: Date.now() });
    return exists ? copy : url;
  }
  if (hit && (hit.exists || Date.now() - hit.at < RECHECK_MS)) return hit.exists ? copy : url;
  if (known.size < 1000 || hit) {
    known.set(copy, { exists: false, at: Date.now() });
    remote.exists(key).then(
      (exists) => known.set(copy, { exists, at: Date.now() }),
      () => known.delete(copy),
    );
  }
  return url;
}
