/**
 * The application context handed to every module: data directory, config and the database once installed.
 * Before installation `db` is null and only the installer and site-info calls work; installing fills it in
 * place, so the same process goes on serving the site (no restart).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FileConfig } from '../config/config.js';
import { IdGenerator, type Db } from './db/index.js';
import { AppError } from './errors.js';

export interface AppContext {
  dataDir: string;
  log: FastifyBaseLogger;
  config: FileConfig | null;
  /** Set when the database is connected and migrated. */
  database: Db | null;
  ids: IdGenerator | null;
  /** True once the installer finished (settings seeded, admin created). */
  installed: boolean;
  /** Functions run by `close()`, e.g. stopping background workers. */
  onClose: Array<() => Promise<void> | void>;
}

/** The connected database, or a 503-style error while the site is not installed. */
export function requireDb(ctx: AppContext): Db {
  if (!ctx.database || !ctx.installed) throw new AppError(503, 'error.install.not_installed');
  return ctx.database;
}

/** The id generator of the connected database. */
export function requireIds(ctx: AppContext): IdGenerator {
  if (!ctx.ids) throw new AppError(503, 'error.install.not_installed');
  return ctx.ids;
}

/** Attaches a connected, migrated database to the context. */
export function attachDb(ctx: AppContext, db: Db): void {
  ctx.database = db;
  ctx.ids = new IdGenerator(db);
}

/** Current time in unix seconds (the unit of every stored timestamp). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
