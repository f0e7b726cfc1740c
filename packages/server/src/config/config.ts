/**
 * The config file (`<data dir>/conf/config.yaml`) and the environment, turned into a validated config.
 * The data directory defaults to `./data` (env QUORUM_DATA_DIR); it holds the config, the SQLite database
 * and uploads. The port comes from env PORT (default 9080).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { DB_TYPES } from '@quorum/contract';
import type { DbConfig } from '../core/db/index.js';
import { configPath, DEFAULT_PORT, envPort } from './paths.js';

export { configPath, DEFAULT_PORT, resolveDataDir } from './paths.js';

const ConfigSchema = z.object({
  database: z.object({
    type: z.enum(DB_TYPES),
    file: z.string().optional(),
    host: z.string().optional(),
    port: z.number().int().optional(),
    user: z.string().optional(),
    password: z.string().optional(),
    name: z.string().optional(),
    pool: z.number().int().positive().optional(),
  }),
  server: z.object({ port: z.number().int().min(1).max(65535).optional() }).optional(),
  redis: z.object({ url: z.string() }).optional(),
});
export type FileConfig = z.infer<typeof ConfigSchema>;

/** Port to listen on: env PORT, then the config file, then 9080. */
export function resolvePort(cfg: FileConfig | null): number {
  return envPort() ?? cfg?.server?.port ?? DEFAULT_PORT;
}

/**
 * Reads the config file.
 * @returns the parsed config, or null when the file does not exist
 * @throws Error with a readable message when the file is not valid YAML or misses required settings
 */
export function readConfig(dataDir: string): FileConfig | null {
  const p = configPath(dataDir);
  if (!existsSync(p)) return null;
  const parsed = ConfigSchema.safeParse(YAML.parse(readFileSync(p, 'utf8')));
  if (!parsed.success) throw new Error(`${p} is not a valid Quorum config: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
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
