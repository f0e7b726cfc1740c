/**
 * Branding icons (issue "Branding"): every image uploaded for the branding page also gets square PNG copies
 * at the sizes browsers and platforms ask for: 32 and 192 (favicon), 180 (apple-touch-icon), 512 (square icon,
 * web app manifest, Open Graph fallback). The image is fitted inside the square on a transparent background,
 * never cropped, and never enlarged past its own size (a smaller image is centred). Copies sit beside the
 * upload as `<name>-<size>.png`, so they share its random name and are served with the same year-long
 * immutable cache headers.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from './sharp.js';

/** Square sizes, in pixels, made from every branding upload. */
export const BRANDING_ICON_SIZES = [32, 180, 192, 512] as const;
export type BrandingIconSize = (typeof BRANDING_ICON_SIZES)[number];

/** File path of an upload's icon copy: `/x/abc.webp` -> `/x/abc-192.png`. */
export function iconCopyPath(uploadPath: string, size: BrandingIconSize): string {
  const ext = path.extname(uploadPath);
  return `${uploadPath.slice(0, uploadPath.length - ext.length)}-${size}.png`;
}

/**
 * Writes the icon copies of a branding upload.
 * @param full absolute path of the stored upload
 * @param maxPixels sharp's input pixel limit (the megapixel setting)
 */
export async function writeBrandingIcons(full: string, maxPixels: number): Promise<void> {
  const sharp = await loadSharp();
  for (const size of BRANDING_ICON_SIZES) {
    const png = await sharp(full, { limitInputPixels: maxPixels, animated: false })
      .rotate()
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 }, withoutEnlargement: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await writeFile(iconCopyPath(full, size), png);
  }
}

const known = new Map<string, boolean>();

/**
 * The URL of a branding image's icon copy at `size`, when the image is one of our uploads that has copies;
 * otherwise the image's own URL (an external URL, or an upload from before copies were made).
 * @param url the branding setting's value (`/uploads/...` or an absolute URL)
 * @param uploadsRoot the data directory's uploads folder
 */
export function brandingIconUrl(url: string, size: BrandingIconSize, uploadsRoot: string): string {
  if (!url.startsWith('/uploads/') || url.includes('..')) return url;
  const copy = iconCopyPath(url, size);
  let exists = known.get(copy);
  if (exists === undefined) {
    exists = existsSync(path.join(uploadsRoot, copy.slice('/uploads/'.length)));
    if (exists || known.size < 1000) known.set(copy, exists);
  }
  return exists ? copy : url;
}
