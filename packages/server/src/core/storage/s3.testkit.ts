/**
 * Test support: a local S3-compatible server (s3rver, a devDependency) on 127.0.0.1 and a free port, with its
 * objects in a temporary folder, and the environment that points Quorum at one of its buckets. No remote service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage, type S3Settings } from './s3.js';

/** s3rver's only credentials. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** A running local S3 server. */
export interface LocalS3 {
  endpoint: string;
  port: number;
  /** Creates a bucket (names: 3 to 63 lower-case letters, digits, `-`). */
  createBucket(name: string): Promise<void>;
  /** Settings of a bucket on this server. */
  settings(bucket: string, more?: Partial<S3Settings>): S3Settings;
  /** A storage on a bucket of this server. */
  storage(bucket: string, more?: Partial<S3Settings>): S3Storage;
  /** QUORUM_STORAGE and QUORUM_S3_* for a bucket of this server. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port unless `port` is given). */
export async function startLocalS3(port = 0): Promise<LocalS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, resetOnClose: true });
  const bound = await server.run();
  const endpoint = `http://127.0.0.1:${bound.port}`;
  const settings = (bucket: string, more: Partial<S3Settings> = {}): S3Settings => ({ endpoint, bucket, region: 'us-east-1', ...S3RVER_KEYS, forcePathStyle: true, prefix: '', ...more });
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEYS });
  return {
    endpoint,
    port: bound.port,
    async createBucket(name) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    settings,
    storage: (bucket, more) => new S3Storage(settings(bucket, more)),
    env: (bucket) => ({
      QUORUM_STORAGE: 's3', QUORUM_S3_ENDPOINT: endpoint, QUORUM_S3_BUCKET: bucket, QUORUM_S3_REGION: 'us-east-1',
      QUORUM_S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId, QUORUM_S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey, QUORUM_S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      admin.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Environment variables set for the apps one test file builds: `set` records each variable's value the first time
 * it changes it (undefined deletes), `restore` (call in afterAll) puts them all back.
 */
export function envScope(): { set(vars: Record<string, string | undefined>): void; restore(): void } {
  const saved: Record<string, string | undefined> = {};
  const put = (k: string, v: string | undefined) => {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  };
  return {
    set(vars) {
      for (const [k, v] of Object.entries(vars)) {
        if (!(k in saved)) saved[k] = process.env[k];
        put(k, v);
      }
    },
    restore() {
      for (const [k, v] of Object.entries(saved)) put(k, v);
    },
  };
}
