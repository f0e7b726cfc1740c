/**
 * The uploads storage of a site (storage.ts): opened and checked once at start (modules/install
 * loadInstalledState), then `uploadStorage(ctx)` everywhere uploads are read or written.
 */
import type { AppContext } from '../context.js';
import type { StorageSection } from '../../config/config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import { localUploadsDir, resolveStorageSettings, type StorageSettings } from './config.js';
import type { UploadStorage } from './storage.js';

export { LocalStorage } from './local.js';
export { S3Storage, type S3Settings } from './s3.js';
export { localUploadsDir, resolveStorageSettings, type StorageSettings } from './config.js';
export { StorageError, contentTypeOf, isSafeKey, type StoredEntry, type StoredObject, type UploadStorage } from './storage.js';

/** A storage for resolved settings (not checked yet). */
export function openStorage(settings: StorageSettings): UploadStorage {
  return settings.kind === 'local' ? new LocalStorage(settings.root) : new S3Storage(settings.s3);
}

/**
 * Resolves, opens and checks the storage of a data directory: what a start, `quorum backup` and `quorum restore`
 * do before anything else touches uploads.
 * @throws StorageError with one line saying which setting is missing or wrong, or what failed reaching it
 */
export async function startStorage(dataDir: string, section: StorageSection | undefined, env: NodeJS.ProcessEnv = process.env): Promise<UploadStorage> {
  const storage = openStorage(resolveStorageSettings(dataDir, section, env));
  try {
    await storage.check();
  } catch (err) {
    await storage.close();
    throw err;
  }
  return storage;
}

const byContext = new WeakMap<AppContext, UploadStorage>();

/** Sets the storage a site's uploads go to (at start; tests may swap it). */
export function setUploadStorage(ctx: AppContext, storage: UploadStorage): void {
  byContext.set(ctx, storage);
}

/** The storage of a site's uploads; the data directory's uploads folder until one was set. */
export function uploadStorage(ctx: AppContext): UploadStorage {
  let s = byContext.get(ctx);
  if (!s) {
    s = new LocalStorage(localUploadsDir(ctx.dataDir));
    byContext.set(ctx, s);
  }
  return s;
}
