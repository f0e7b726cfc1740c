/**
 * Where a site's files are and which port it listens on, without reading the config file: what the cluster
 * primary of `quorum run` needs, so it loads no YAML, schema or application code (config.ts reads the file).
 */
import path from 'node:path';

/** Port when neither PORT nor the config file sets one. */
export const DEFAULT_PORT = 9080;

/** Resolved data directory: the explicit value, else QUORUM_DATA_DIR, else ./data; absolute. */
export function resolveDataDir(explicit?: string): string {
  return path.resolve(explicit || process.env.QUORUM_DATA_DIR || 'data');
}

/** Path of the config file inside a data directory: `<data dir>/conf/config.yaml`. */
export function configPath(dataDir: string): string {
  return path.join(dataDir, 'conf', 'config.yaml');
}

/** The port of env PORT when it is a valid port number, else undefined. */
export function envPort(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.PORT);
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : undefined;
}

/**
 * True when the environment names the database (DB_TYPE is set): the node needs no config file, and a node whose
 * database is installed already joins it (config/config.ts readConfig).
 */
export function databaseInEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!env.DB_TYPE;
}
