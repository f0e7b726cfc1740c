/**
 * Where uploaded files live (DESIGN.md "uploads"): behind one interface, a local directory (the default,
 * `<data dir>/uploads`) or an S3-compatible bucket shared by every node, so that app nodes keep nothing of their
 * own. Keys are the paths under `/uploads/` (`2026/05/<random>.png`); they are random and never reused, so an
 * object is written once and never changes.
 */
import type { Readable } from 'node:stream';

/** One stored object as listed: key, size in bytes, last change in unix milliseconds. */
export interface StoredEntry {
  key: string;
  size: number;
  modifiedMs: number;
}

/** An object being read: its bytes as a stream, with what is known about it. */
export interface StoredObject {
  body: Readable;
  /** Bytes, when the store says. */
  size?: number;
  contentType?: string;
  etag?: string;
  lastModified?: Date;
}

/** The operations every kind of storage offers. Every method may throw StorageError. */
export interface UploadStorage {
  /** `local` or `s3`. */
  readonly kind: 'local' | 's3';
  /** Where the objects are, for logs and messages, without secrets: `/data/uploads`, `s3://bucket/prefix`. */
  describe(): string;
  /**
   * Stores `data` under `key`.
   * @param opts.overwrite replace an object already there (restores); without it an existing key is refused
   */
  put(key: string, data: Buffer, contentType: string, opts?: { overwrite?: boolean }): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object under `key` in memory, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** True when an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Deletes the object under `key`; no error when there is none. */
  delete(key: string): Promise<void>;
  /** Every stored object, sorted by key. */
  list(): Promise<StoredEntry[]>;
  /**
   * Checks at start-up that the storage can be used (the directory can be created, the bucket answers).
   * @throws StorageError whose message says which setting and what failed
   */
  check(): Promise<void>;
  /** The address browsers fetch the object from when it is not served through the site, else null. */
  publicUrl(key: string): string | null;
  /** Releases connections. */
  close(): Promise<void>;
}

/** A storage operation that failed (unreachable, refused, misconfigured); `message` says what and where. */
export class StorageError extends Error {}

/** A key made of segments of letters, digits, `.`, `_`, `-`, none empty or starting with a dot (no `..`). */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** True when `key` may name an upload (see SAFE_KEY): what the `/uploads/*` route and restores accept. */
export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key);
}

/** Content types of the stored extensions (uploads and their icon copies). */
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon', svg: 'image/svg+xml' };

/** The content type of a key from its extension; `application/octet-stream` for anything else. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}
