/** Uploads in a local directory (the default storage: `<data dir>/uploads`, one node). */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StorageError, type StoredEntry, type StoredObject, type UploadStorage } from './storage.js';

/** A directory holding one file per key (`<root>/2026/05/<name>.png`). */
export class LocalStorage implements UploadStorage {
  readonly kind = 'local' as const;

  /** @param root the directory, absolute */
  constructor(readonly root: string) {}

  /** The directory. */
  describe(): string {
    return this.root;
  }

  /** The file of a key; refuses a key that would leave the directory. */
  file(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new StorageError(`unsafe upload key: ${key}`);
    return full;
  }

  /** Writes the file (exclusively unless `overwrite`), creating its folders. @throws StorageError on a file-system error */
  async put(key: string, data: Buffer, _contentType: string, opts: { overwrite?: boolean } = {}): Promise<void> {
    const full = this.file(key);
    try {
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, data, { flag: opts.overwrite ? 'w' : 'wx' });
    } catch (err) {
      throw new StorageError(`cannot write ${full}: ${(err as Error).message}`, { cause: err });
    }
  }

  /** A read stream of the file, or null when it does not exist. */
  async get(key: string): Promise<StoredObject | null> {
    const full = this.file(key);
    try {
      const st = await stat(full);
      if (!st.isFile()) return null;
      return { body: createReadStream(full), size: st.size, lastModified: st.mtime };
    } catch {
      return null;
    }
  }

  /** The file's bytes, or null when it does not exist. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StorageError(`cannot read ${this.file(key)}: ${(err as Error).message}`, { cause: err });
    }
  }

  /** True when the file exists. */
  async exists(key: string): Promise<boolean> {
    return existsSync(this.file(key));
  }

  /** Removes the file. */
  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  /** Every file under the directory, keys with forward slashes, sorted. */
  async list(): Promise<StoredEntry[]> {
    const out: StoredEntry[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.isFile()) {
          const st = await stat(full);
          out.push({ key: path.relative(this.root, full).split(path.sep).join('/'), size: st.size, modifiedMs: st.mtimeMs });
        }
      }
    };
    await walk(this.root);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Creates the directory. @throws StorageError when it cannot be created */
  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
    } catch (err) {
      throw new StorageError(`storage: the uploads directory ${this.root} cannot be created: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Local files are served by the site. */
  publicUrl(): null {
    return null;
  }

  /** Nothing to release. */
  async close(): Promise<void> {}
}
