/**
 * The config file (`<data dir>/conf/config.yaml`) and the environment, turned into a validated config.
 * The data directory defaults to `./data` (env QUORUM_DATA_DIR); it holds the config, the SQLite database
 * and uploads. The port comes from env PORT (default 9080).
 *
 * The file is optional: a node can take its whole configuration from the environment (docs/OPERATIONS.md
 * "Configuration from the environment"), which is what stateless nodes sharing one database do. Where both say
 * something, the environment wins: DB_TYPE (with DB_FILE, DB_HOST, DB_USERNAME, DB_PASSWORD, DB_NAME) replaces
 * the file's `database:` section as a whole, QUORUM_REDIS_URL its `redis.url`; the storage settings
 * (QUORUM_STORAGE, QUORUM_S3_*; `storage:`) are merged setting by setting in core/storage/config.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { DB_TYPES } from '@quorum/contract';
import type { DbConfig } from '../core/db/index.js';
import { configPath, databaseInEnv, DEFAULT_PORT, envPort } from './paths.js';

export { configPath, databaseInEnv, DEFAULT_PORT, resolveDataDir } from './paths.js';

const DatabaseSchema = z.object({
    type: z.enum(DB_TYPES),
    file: z.string().optional(),
    host: z.string().optional(),
    port: z.number().int().optional(),
    user: z.string().optional(),
    password: z.string().optional(),
    name: z.string().optional(),
    pool: z.number().int().positive().optional(),
});

/** The `storage:` section: where uploads live (core/storage/config.ts reads it together with QUORUM_STORAGE ...). */
const StorageSchema = z.object({
  type: z.enum(['local', 's3']).optional(),
  s3: z
    .object({
      endpoint: z.string().optional(),
      bucket: z.string().optional(),
      region: z.string().optional(),
      access_key_id: z.string().optional(),
      secret_access_key: z.string().optional(),
      force_path_style: z.boolean().optional(),
      public_url: z.string().optional(),
      prefix: z.string().optional(),
    })
    .optional(),
});
export type StorageSection = z.infer<typeof StorageSchema>;

// The file may leave the database to the environment (DB_TYPE ...); the resolved config always has one.
const ConfigSchema = z.object({
  database: DatabaseSchema.optional(),
  server: z.object({ port: z.number().int().min(1).max(65535).optional() }).optional(),
  redis: z.object({ url: z.string() }).optional(),
  storage: StorageSchema.optional(),
});
export type FileConfig = Omit<z.infer<typeof ConfigSchema>, 'database'> & { database: z.infer<typeof DatabaseSchema> };

/** Port to listen on: env PORT, then the config file, then 9080. */
export function resolvePort(cfg: FileConfig | null): number {
  return envPort() ?? cfg?.server?.port ?? DEFAULT_PORT;
}

/**
 * Reads the config file alone, without the environment.
 * @returns the parsed file, or null when there is none
 * @throws Error with a readable message when the file is not valid YAML or a setting has the wrong form
 */
export function readConfigFile(dataDir: string): z.infer<typeof ConfigSchema> | null {
  const p = configPath(dataDir);
  if (!existsSync(p)) return null;
  const parsed = ConfigSchema.safeParse(YAML.parse(readFileSync(p, 'utf8')) ?? {});
  if (!parsed.success) throw new Error(`${p} is not a valid Quorum config: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/**
 * The site's configuration: the config file when there is one, overridden by the environment (this file's
 * header). A node with DB_TYPE ... in its environment needs no file at all.
 * @returns the config, or null when neither the file nor the environment names a database (not installed:
 *   the web installer is served)
 * @throws Error with a readable message when the file is not valid, names no database while DB_TYPE is unset,
 *   or DB_TYPE is not an engine we know
 */
export function readConfig(dataDir: string, env: NodeJS.ProcessEnv = process.env): FileConfig | null {
  const file = readConfigFile(dataDir);
  const database = databaseInEnv(env) ? dbConfigFromEnv(env) : file?.database;
  if (!database) {
    if (file) throw new Error(`${configPath(dataDir)} has no database section and DB_TYPE is not set: say which database to use in one of them`);
    return null;
  }
  const redisUrl = env.QUORUM_REDIS_URL || file?.redis?.url;
  return { ...file, database, ...(redisUrl ? { redis: { url: redisUrl } } : {}) };
}

/** The YAML text of a config, as written to disk (also shown to the person installing when writing fails). */
export function configText(db: DbConfig): string {
  const database: Record<string, unknown> = { type: db.type };
  for (const k of ['file', 'host', 'port', 'user', 'password', 'name'] as const) if (db[k] !== undefined && db[k] !== '') database[k] = db[k];
  return `# Quorum configuration. See docs/OPERATIONS.md.\n${YAML.stringify({ database })}`;
}

/**
 * Writes the config file, creating `conf/` when needed.
 * @throws the file-system error when the directory is not writable
 */
export function writeConfig(dataDir: string, text: string): void {
  const p = configPath(dataDir);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text, { mode: 0o600 });
}

/** Database settings from the unattended-install environment (answer-compat.md "Installer calls"). */
export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const type = (env.DB_TYPE || 'sqlite3') as DbConfig['type'];
  if (!DB_TYPES.includes(type)) throw new Error(`DB_TYPE must be one of ${DB_TYPES.join(', ')}`);
  return {
    type,
    file: env.DB_FILE || undefined,
    host: env.DB_HOST || undefined,
    user: env.DB_USERNAME || undefined,
    password: env.DB_PASSWORD || undefined,
    name: env.DB_NAME || undefined,
  };
}
