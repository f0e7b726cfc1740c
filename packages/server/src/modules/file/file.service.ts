/**
 * Image uploads (spec §5 "Image upload: images only, max 4 MB"; Answer's POST /file). The type is decided by
 * the file's content (magic bytes, `file-type`), never by its name or the declared content type: PNG, JPEG,
 * GIF and WebP only (no SVG: it can carry script). Images over the site's `max_image_megapixel` (site_write,
 * default 40, as in Answer) are refused from their header, before any pixel is decoded: a small file can
 * declare a huge canvas. Avatars are cropped to a square of at most 256x256 with sharp, never enlarged. Every
 * image that carries metadata (EXIF such as a phone's GPS position and serial number, XMP, ICC, comments) is
 * re-encoded without it, its EXIF rotation applied to the pixels first, so nothing a camera wrote down about the
 * person who took it is published; images without metadata are stored byte for byte. Branding uploads also get
 * square icon copies (file.branding.ts). Files go to the site's storage (core/storage: `<data dir>/uploads` or an
 * S3-compatible bucket) under `<yyyy>/<mm>/<random>.<ext>`, before the row that points at them is written: a
 * storage that fails answers 503 `error.file.storage_unavailable` and leaves no row, and no object of the
 * upload that failed.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Metadata } from 'sharp';
import { loadSharp } from './sharp.js';
import { LIMITS, Role } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { AppError, fieldError, fieldErrors, forbidden } from '../../core/errors.js';
import { getSettings } from '../siteinfo/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { insertFile } from './file.repository.js';
import { brandingIcons, iconCopyPath, rememberIconCopies } from './file.branding.js';
import { localUploadsDir, uploadStorage, type UploadStorage } from '../../core/storage/index.js';

/** Accepted image types: detected mime -> stored extension. */
const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Side of the square avatar, in pixels. */
export const AVATAR_SIZE = 256;

/** URL prefix the uploads are served under. */
export const UPLOADS_PREFIX = '/uploads/';

/** Directory holding the uploads of a data directory (local storage; core/storage says where uploads are). */
export function uploadsDir(dataDir: string): string {
  return localUploadsDir(dataDir);
}

export interface Upload {
  source: 'post' | 'avatar' | 'branding';
  data: Buffer;
}

/** Megapixel limit when the setting is missing or not a positive number (Answer's default). */
const DEFAULT_MAX_MEGAPIXELS = 40;

/**
 * Reads an image's size from its header only (sharp's metadata decodes no pixels) and refuses it when its
 * width x height (one frame) is over `maxMegapixels` million.
 * @returns width and height in pixels as stored (before any EXIF rotation), whether EXIF, ICC, XMP, text comments
 *   or a rotation are attached, and whether the EXIF orientation turns the picture a quarter (5 to 8: width and
 *   height swap once the rotation is applied)
 * @throws 400 field error on `file`: `error.file.too_many_pixels` (with the limit), `error.file.not_image` for
 *   a header sharp cannot read
 */
async function checkPixels(data: Buffer, maxMegapixels: number): Promise<{ width: number; height: number; hasMetadata: boolean; quarterTurn: boolean }> {
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(data).metadata();
  } catch {
    throw fieldError('file', 'error.file.not_image');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw fieldError('file', 'error.file.not_image');
  if (width * height > maxMegapixels * 1_000_000) {
    throw fieldErrors([{ field: 'file', message: 'error.file.too_many_pixels', params: { megapixels: maxMegapixels } }]);
  }
  return { width, height, hasMetadata: !!(meta.exif || meta.icc || meta.xmp || meta.comments?.length || (meta.orientation && meta.orientation !== 1)), quarterTurn: (meta.orientation ?? 1) >= 5 };
}

/**
 * Crops an avatar to a centred square of at most AVATAR_SIZE pixels, never enlarging it, re-encoded in its
 * own format (GIF becomes PNG). When the source already is such a square in that format without metadata
 * and is smaller in bytes than the re-encoding, the source is kept.
 */
async function squareAvatar(data: Buffer, mime: string, size: { width: number; height: number; hasMetadata: boolean }, maxPixels: number): Promise<{ data: Buffer; mime: string }> {
  const side = Math.min(AVATAR_SIZE, size.width, size.height);
  const img = (await loadSharp())(data, { limitInputPixels: maxPixels }).rotate().resize(side, side, { fit: 'cover', withoutEnlargement: true });
  const out =
    mime === 'image/jpeg' ? { data: await img.jpeg({ quality: 88, mozjpeg: true }).toBuffer(), mime }
    : mime === 'image/webp' ? { data: await img.webp().toBuffer(), mime }
    : { data: await img.png({ compressionLevel: 9 }).toBuffer(), mime: 'image/png' };
  const alreadyFits = size.width === side && size.height === side && !size.hasMetadata && out.mime === mime;
  return alreadyFits && data.length <= out.data.length ? { data, mime } : out;
}

/**
 * Re-encodes an image without its metadata, in its own format, with the EXIF orientation applied to the pixels
 * (every frame of an animated GIF or WebP is kept). Images without metadata come back unchanged.
 * @param size what checkPixels read from the header
 * @param maxPixels sharp's input pixel limit (the megapixel setting)
 */
async function withoutMetadata(data: Buffer, mime: string, size: { hasMetadata: boolean }, maxPixels: number): Promise<Buffer> {
  if (!size.hasMetadata) return data;
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const img = (await loadSharp())(data, { limitInputPixels: maxPixels, animated }).autoOrient();
  if (mime === 'image/jpeg') return img.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  if (mime === 'image/webp') return img.webp({ quality: 90 }).toBuffer();
  if (mime === 'image/gif') return img.gif().toBuffer();
  return img.png({ compressionLevel: 9 }).toBuffer();
}

/**
 * POST /file: stores an image and returns its public URL.
 * @param upload the `source` field and the file's bytes (already limited to 4 MB by the route)
 * @returns the URL path, e.g. `/uploads/2026/05/9f2c....png`; a post image's name ends with its displayed size,
 *   `9f2c...-800x450.png`
 * @throws 400 field error on `file` for content that is not a PNG, JPEG, GIF or WebP image, over 4 MB or over
 *         the megapixel setting; 403 for a branding upload by someone who is not an administrator
 */
export async function storeUpload(ctx: AppContext, user: UserRow, upload: Upload): Promise<string> {
  if (upload.source === 'branding' && user.role_id !== Role.admin) throw forbidden();
  if (upload.data.length > LIMITS.imageMaxBytes) throw fieldError('file', 'error.file.too_large');
  const detected = await fileTypeFromBuffer(upload.data);
  if (!detected || !IMAGE_TYPES[detected.mime]) throw fieldError('file', 'error.file.not_image');
  const setting = (await getSettings(ctx)).site_write.max_image_megapixel;
  const maxMegapixels = setting > 0 ? setting : DEFAULT_MAX_MEGAPIXELS;
  const size = await checkPixels(upload.data, maxMegapixels);
  let { data } = upload;
  let mime: string = detected.mime;
  if (upload.source === 'avatar') {
    try {
      ({ data, mime } = await squareAvatar(data, mime, size, Math.floor(maxMegapixels * 1_000_000)));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fieldError('file', 'error.file.not_image');
    }
  } else {
    try {
      data = await withoutMetadata(data, mime, size, Math.floor(maxMegapixels * 1_000_000));
    } catch {
      throw fieldError('file', 'error.file.not_image');
    }
  }
  const now = new Date();
  // A post image's name carries its displayed size (core/markdown.ts `uploadedImageSize`), so the page reserves
  // its box before the image arrives (no layout shift) without a lookup when the post is rendered.
  const shown = size.quarterTurn ? `${size.height}x${size.width}` : `${size.width}x${size.height}`;
  const name = `${randomBytes(16).toString('hex')}${upload.source === 'post' ? `-${shown}` : ''}.${IMAGE_TYPES[mime]}`;
  const rel = path.posix.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'), name);
  const id = await requireIds(ctx).next('file');
  // Every object first (the icon copies made before anything is stored), then the row: a failure leaves neither.
  const objects: Array<{ key: string; data: Buffer; mime: string }> = [{ key: rel, data, mime }];
  if (upload.source === 'branding') {
    try {
      for (const icon of await brandingIcons(data, Math.floor(maxMegapixels * 1_000_000))) objects.push({ key: iconCopyPath(rel, icon.size), data: icon.png, mime: 'image/png' });
    } catch {
      throw fieldError('file', 'error.file.not_image');
    }
  }
  const storage = uploadStorage(ctx);
  await putAll(ctx, storage, objects);
  try {
    await insertFile(requireDb(ctx), { id, user_id: user.id, path: rel, mime, size: data.length, created_at: nowSeconds() });
  } catch (err) {
    await removeAll(ctx, storage, objects.map((o) => o.key));
    throw err;
  }
  if (upload.source === 'branding') rememberIconCopies(UPLOADS_PREFIX + rel);
  return UPLOADS_PREFIX + rel;
}

/**
 * Stores the objects of one upload.
 * @throws 503 `error.file.storage_unavailable` when the storage fails; what was stored of them is removed again
 */
async function putAll(ctx: AppContext, storage: UploadStorage, objects: Array<{ key: string; data: Buffer; mime: string }>): Promise<void> {
  const done: string[] = [];
  try {
    for (const o of objects) {
      await storage.put(o.key, o.data, o.mime);
      done.push(o.key);
    }
  } catch (err) {
    ctx.log.error({ err: (err as Error).message, storage: storage.describe() }, 'an upload could not be stored');
    await removeAll(ctx, storage, done);
    throw new AppError(503, 'error.file.storage_unavailable');
  }
}

/** Deletes objects of an upload that failed, logging (not throwing) what could not be deleted. */
async function removeAll(ctx: AppContext, storage: UploadStorage, keys: string[]): Promise<void> {
  for (const key of keys) {
    await storage.delete(key).catch((err: unknown) => ctx.log.warn({ err: (err as Error).message, key }, 'an object of a failed upload could not be deleted'));
  }
}
