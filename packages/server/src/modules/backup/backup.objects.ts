/**
 * Restoring into a remote storage (an S3 bucket; backup.restore.ts): the backup's files, staged in the restore's
 * new uploads folder, are written into the bucket before the commit, and objects of the previous content are
 * deleted after it. Upload keys are random and never reused, so writing never changes an object the previous
 * rows point at; a restore undone or killed before its commit leaves only objects that no row names.
 */
import { LocalStorage, contentTypeOf, isSafeKey, type UploadStorage } from '../../core/storage/index.js';

/**
 * Writes every file of the staging folder into `storage` under the same key (replacing an object there).
 * @returns the keys written
 * @throws Error when a file has a key uploads may not have, or StorageError when the storage fails
 */
export async function pushObjects(storage: UploadStorage, staging: string): Promise<Set<string>> {
  const local = new LocalStorage(staging);
  const keys = new Set<string>();
  for (const { key } of await local.list()) {
    if (!isSafeKey(key)) throw new Error(`unsafe file path in backup: ${key}`);
    const data = await local.read(key);
    if (!data) continue;
    await storage.put(key, data, contentTypeOf(key), { overwrite: true });
    keys.add(key);
  }
  return keys;
}

/**
 * Deletes the objects of the replaced content: those listed before the restore began (`previous`) that the
 * restore did not write (an upload made on another node while the restore ran is not among them, and is kept).
 * Failures are left alone: such an object is only an object no row names.
 * @returns how many objects were deleted
 */
export async function pruneObjects(storage: UploadStorage, previous: string[], keep: Set<string>): Promise<number> {
  let n = 0;
  for (const key of previous) {
    if (keep.has(key)) continue;
    try {
      await storage.delete(key);
      n++;
    } catch {
      // what is left is harmless
    }
  }
  return n;
}
