/**
 * Which storage holds the uploads, from the environment and the config file's `storage:` section (the
 * environment wins, setting by setting):
 *
 * | environment | config.yaml | meaning |
 * |---|---|---|
 * | QUORUM_STORAGE | storage.type | `local` (default: `<data dir>/uploads`) or `s3` |
 * | QUORUM_S3_ENDPOINT | storage.s3.endpoint | service address (MinIO, Ceph ...); unset for AWS |
 * | QUORUM_S3_BUCKET | storage.s3.bucket | bucket (required) |
 * | QUORUM_S3_REGION | storage.s3.region | region (required for AWS; default `us-east-1` with an endpoint) |
 * | QUORUM_S3_ACCESS_KEY_ID, QUORUM_S3_SECRET_ACCESS_KEY | storage.s3.access_key_id, .secret_access_key | both or neither (neither: the SDK's own chain, e.g. an instance role) |
 * | QUORUM_S3_FORCE_PATH_STYLE | storage.s3.force_path_style | `true`: bucket in the path (default with an endpoint) |
 * | QUORUM_S3_PUBLIC_URL | storage.s3.public_url | browsers fetch `<url>/<prefix><key>` (a CDN, a public bucket); unset: through the site |
 * | QUORUM_S3_PREFIX | storage.s3.prefix | key prefix inside the bucket (several sites in one bucket) |
 */
import path from 'node:path';
import type { StorageSection } from '../../config/config.js';
import { S3_SETTING_NAMES, type S3Settings } from './s3.js';
import { StorageError } from './storage.js';

/** Resolved storage settings. */
export type StorageSettings = { kind: 'local'; root: string } | { kind: 's3'; s3: S3Settings };

/** The uploads directory of a data directory (local storage). */
export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

function flag(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new StorageError(`storage: ${name} must be true or false, not "${value}"`);
}

/**
 * Storage settings from the environment and the `storage:` section (this file's header).
 * @throws StorageError with one line naming the setting that is missing or wrong, e.g.
 *   `storage: QUORUM_STORAGE=s3 needs QUORUM_S3_BUCKET (storage.s3.bucket)`
 */
export function resolveStorageSettings(dataDir: string, section: StorageSection | undefined, env: NodeJS.ProcessEnv = process.env): StorageSettings {
  const type = env.QUORUM_STORAGE || section?.type || 'local';
  if (type === 'local') return { kind: 'local', root: localUploadsDir(dataDir) };
  if (type !== 's3') throw new StorageError(`storage: QUORUM_STORAGE (storage.type) must be local or s3, not "${type}"`);
  const f = section?.s3 ?? {};
  const pick = (envName: string, value: string | undefined) => (env[envName] || value || '').trim() || undefined;
  const endpoint = pick('QUORUM_S3_ENDPOINT', f.endpoint);
  const bucket = pick('QUORUM_S3_BUCKET', f.bucket);
  const region = pick('QUORUM_S3_REGION', f.region) ?? (endpoint ? 'us-east-1' : undefined);
  const accessKeyId = pick('QUORUM_S3_ACCESS_KEY_ID', f.access_key_id);
  const secretAccessKey = pick('QUORUM_S3_SECRET_ACCESS_KEY', f.secret_access_key);
  const publicUrl = pick('QUORUM_S3_PUBLIC_URL', f.public_url);
  const missing = [!bucket && S3_SETTING_NAMES.bucket, !region && `${S3_SETTING_NAMES.region} or ${S3_SETTING_NAMES.endpoint}`].filter(Boolean);
  if (missing.length) throw new StorageError(`storage: QUORUM_STORAGE=s3 needs ${missing.join(' and ')}`);
  if (!!accessKeyId !== !!secretAccessKey) {
    throw new StorageError(`storage: ${accessKeyId ? 'QUORUM_S3_ACCESS_KEY_ID is set without QUORUM_S3_SECRET_ACCESS_KEY' : 'QUORUM_S3_SECRET_ACCESS_KEY is set without QUORUM_S3_ACCESS_KEY_ID'}: set both (or neither, for the SDK's own credentials)`);
  }
  for (const [name, url] of [['QUORUM_S3_ENDPOINT (storage.s3.endpoint)', endpoint], ['QUORUM_S3_PUBLIC_URL (storage.s3.public_url)', publicUrl]] as const) {
    if (url && !/^https?:\/\/[^/\s]+/i.test(url)) throw new StorageError(`storage: ${name} must be an http:// or https:// address, not "${url}"`);
  }
  const rawPrefix = (pick('QUORUM_S3_PREFIX', f.prefix) ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    s3: {
      endpoint,
      bucket: bucket!,
      region: region!,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: flag(env.QUORUM_S3_FORCE_PATH_STYLE, 'QUORUM_S3_FORCE_PATH_STYLE') ?? f.force_path_style ?? !!endpoint,
      publicUrl,
      prefix: rawPrefix ? `${rawPrefix}/` : '',
    },
  };
}
