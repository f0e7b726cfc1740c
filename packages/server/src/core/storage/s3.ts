/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2 ...), shared by every node: the choice for
 * more than one node (DESIGN.md "uploads"). `@aws-sdk/client-s3` is imported with the first storage opened, so a
 * site on local storage never loads it.
 */
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { StorageError, type StoredEntry, type StoredObject, type UploadStorage } from './storage.js';

/** Settings of S3 storage (core/storage/config.ts says where each comes from). */
export interface S3Settings {
  /** Service address, e.g. `http://127.0.0.1:9000`; unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`host/bucket/key`) instead of the host name: MinIO and most self-hosted services. */
  forcePathStyle: boolean;
  /** Base address objects are fetched from by browsers, e.g. a CDN; unset: served through the site. */
  publicUrl?: string;
  /** Key prefix inside the bucket, empty or ending in `/`. */
  prefix: string;
}

/** Which environment variable and config key set each S3 setting, for messages. */
export const S3_SETTING_NAMES = {
  endpoint: 'QUORUM_S3_ENDPOINT (storage.s3.endpoint)',
  bucket: 'QUORUM_S3_BUCKET (storage.s3.bucket)',
  region: 'QUORUM_S3_REGION (storage.s3.region)',
  keys: 'QUORUM_S3_ACCESS_KEY_ID and QUORUM_S3_SECRET_ACCESS_KEY (storage.s3.access_key_id, storage.s3.secret_access_key)',
} as const;

type S3Module = typeof import('@aws-sdk/client-s3');
let sdk: Promise<S3Module> | undefined;
/** The SDK, imported once. */
function loadSdk(): Promise<S3Module> {
  // The SDK warns once that its releases after January 2027 need Node 22; the version in package.json is pinned.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
}

/** HTTP status and error name of an SDK error. */
function statusOf(err: unknown): { status?: number; name: string; code?: string } {
  const e = err as { $metadata?: { httpStatusCode?: number }; name?: string; code?: string };
  return { status: e.$metadata?.httpStatusCode, name: e.name ?? 'Error', code: e.code };
}

/** A bucket (and key prefix) of an S3-compatible service. */
export class S3Storage implements UploadStorage {
  readonly kind = 's3' as const;
  private client: S3Client | undefined;

  /** @param settings validated settings (core/storage/config.ts) */
  constructor(readonly settings: S3Settings) {}

  /** `s3://bucket/prefix at endpoint`. */
  describe(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ` in ${this.settings.region}`}`;
  }

  private async s3(): Promise<{ c: S3Client; m: S3Module }> {
    const m = await loadSdk();
    const s = this.settings;
    this.client ??= new m.S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
    });
    return { c: this.client, m };
  }

  private objectKey(key: string): string {
    return this.settings.prefix + key;
  }

  /** Wraps an SDK error in a StorageError naming the operation and bucket. */
  private fail(op: string, key: string, err: unknown): StorageError {
    const { status, name } = statusOf(err);
    return new StorageError(`S3 ${op} of ${key} in bucket ${this.settings.bucket} failed: ${name}${status ? ` (HTTP ${status})` : ''}: ${(err as Error).message}`, { cause: err });
  }

  /** PutObject with the content type and a year-long immutable cache header. @throws StorageError */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { c, m } = await this.s3();
    try {
      await c.send(new m.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length, CacheControl: 'public, max-age=31536000, immutable' }));
    } catch (err) {
      throw this.fail('write', key, err);
    }
  }

  /** GetObject as a stream; null for a missing key. @throws StorageError for any other failure */
  async get(key: string): Promise<StoredObject | null> {
    const { c, m } = await this.s3();
    try {
      const r = await c.send(new m.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return { body: r.Body as Readable, size: r.ContentLength, contentType: r.ContentType, etag: r.ETag, lastModified: r.LastModified };
    } catch (err) {
      const { status, name } = statusOf(err);
      if (status === 404 || name === 'NoSuchKey') return null;
      throw this.fail('read', key, err);
    }
  }

  /** The object's bytes; null for a missing key. */
  async read(key: string): Promise<Buffer | null> {
    const obj = await this.get(key);
    if (!obj) return null;
    const parts: Buffer[] = [];
    try {
      for await (const chunk of obj.body) parts.push(Buffer.from(chunk as Uint8Array));
    } catch (err) {
      throw this.fail('read', key, err);
    }
    return Buffer.concat(parts);
  }

  /** HeadObject. */
  async exists(key: string): Promise<boolean> {
    const { c, m } = await this.s3();
    try {
      await c.send(new m.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (statusOf(err).status === 404) return false;
      throw this.fail('check', key, err);
    }
  }

  /** DeleteObject (no error for a missing key). */
  async delete(key: string): Promise<void> {
    const { c, m } = await this.s3();
    try {
      await c.send(new m.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (statusOf(err).status === 404) return;
      throw this.fail('delete', key, err);
    }
  }

  /** ListObjectsV2 under the prefix, every page. */
  async list(): Promise<StoredEntry[]> {
    const { c, m } = await this.s3();
    const out: StoredEntry[] = [];
    let token: string | undefined;
    try {
      do {
        const r = await c.send(new m.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }));
        for (const o of r.Contents ?? []) {
          if (!o.Key || o.Key.endsWith('/')) continue;
          out.push({ key: o.Key.slice(this.settings.prefix.length), size: o.Size ?? 0, modifiedMs: o.LastModified?.getTime() ?? 0 });
        }
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
    } catch (err) {
      throw this.fail('list', this.settings.prefix || '/', err);
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * HeadBucket: the endpoint answers, the bucket exists and the keys may use it.
   * @throws StorageError `storage: ...` naming the setting to look at and what failed
   */
  async check(): Promise<void> {
    const { c, m } = await this.s3();
    const s = this.settings;
    try {
      await c.send(new m.HeadBucketCommand({ Bucket: s.bucket }));
    } catch (err) {
      const { status, name, code } = statusOf(err);
      const where = s.endpoint ?? `AWS S3 in ${s.region}`;
      if (status === 404) throw new StorageError(`storage: the S3 bucket "${s.bucket}" does not exist at ${where}: check ${S3_SETTING_NAMES.bucket}`, { cause: err });
      if (status === 403 || status === 401) throw new StorageError(`storage: the S3 service at ${where} refused access to the bucket "${s.bucket}" (HTTP ${status}): check ${S3_SETTING_NAMES.keys}`, { cause: err });
      if (status === 301 || status === 400) throw new StorageError(`storage: the S3 bucket "${s.bucket}" at ${where} answered HTTP ${status} (${name}): check ${S3_SETTING_NAMES.region}`, { cause: err });
      const setting = s.endpoint ? S3_SETTING_NAMES.endpoint : S3_SETTING_NAMES.region;
      throw new StorageError(`storage: cannot reach the S3 service at ${where} (${code ?? name}: ${(err as Error).message || 'no answer'}): check ${setting}`, { cause: err });
    }
  }

  /** `<public_url>/<prefix><key>` when a public base address is configured. */
  publicUrl(key: string): string | null {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/+$/, '')}/${this.objectKey(key)}` : null;
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    this.client?.destroy();
    this.client = undefined;
  }
}
