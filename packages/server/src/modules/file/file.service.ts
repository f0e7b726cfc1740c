/**
 * Image uploads (spec §5 "Image upload: images only, max 4 MB"; Answer's POST /file). The type is decided by
 * the file's content (magic bytes, `file-type`), never by its name or the declared content type: PNG, JPEG,
 * GIF and WebP only (no SVG: it can carry script). Avatars are cropped to 256x256 with sharp (which also drops
 * EXIF data such as GPS positions). Files go to `<data dir>/uploads/<yyyy>/<mm>/<random>.<ext>`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { LIMITS, Role } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { fieldError, forbidden } from '../../core/errors.js';
import type { UserRow } from '../user/index.js';
import { insertFile } from './file.repository.js';

/** Accepted image types: detected mime -> stored extension. */
const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Side of the square avatar, in pixels. */
export const AVATAR_SIZE = 256;

/** URL prefix the uploads are served under. */
export const UPLOADS_PREFIX = '/uploads/';

/** Directory holding the uploads of a data directory. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export interface Upload {
  source: 'post' | 'avatar' | 'branding';
  data: Buffer;
}

async function squareAvatar(data: Buffer, mime: string): Promise<{ data: Buffer; mime: string }> {
  const img = sharp(data).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' });
  if (mime === 'image/jpeg') return { data: await img.jpeg({ quality: 88 }).toBuffer(), mime };
  if (mime === 'image/webp') return { data: await img.webp().toBuffer(), mime };
  return { data: await img.png().toBuffer(), mime: 'image/png' };
}

/**
 * POST /file: stores an image and returns its public URL.
 * @param upload the `source` field and the file's bytes (already limited to 4 MB by the route)
 * @returns the URL path, e.g. `/uploads/2026/05/9f2c....png`
 * @throws 400 field error on `file` for content that is not a PNG, JPEG, GIF or WebP image (or too large);
 *         403 for a branding upload by someone who is not an administrator
 */
export async function storeUpload(ctx: AppContext, user: UserRow, upload: Upload): Promise<string> {
  if (upload.source === 'branding' && user.role_id !== Role.admin) throw forbidden();
  if (upload.data.length > LIMITS.imageMaxBytes) throw fieldError('file', 'error.file.too_large');
  const detected = await fileTypeFromBuffer(upload.data);
  if (!detected || !IMAGE_TYPES[detected.mime]) throw fieldError('file', 'error.file.not_image');
  let { data } = upload;
  let mime: string = detected.mime;
  if (upload.source === 'avatar') {
    try {
      ({ data, mime } = await squareAvatar(data, mime));
    } catch {
      throw fieldError('file', 'error.file.not_image');
    }
  }
  const now = new Date();
  const rel = path.posix.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'), `${randomBytes(16).toString('hex')}.${IMAGE_TYPES[mime]}`);
  const id = await requireIds(ctx).next('file');
  const full = path.join(uploadsDir(ctx.dataDir), rel);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, data, { flag: 'wx' });
  await insertFile(requireDb(ctx), { id, user_id: user.id, path: rel, mime, size: data.length, created_at: nowSeconds() });
  return UPLOADS_PREFIX + rel;
}
