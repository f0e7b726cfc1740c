/**
 * Test support: each database suite runs once per engine (SQLite, PostgreSQL, MariaDB/MySQL), on a database
 * it creates and drops itself. Narrow with QUORUM_TEST_DB=sqlite3,postgres. Where PostgreSQL or MariaDB cannot
 * be reached the leg is skipped with a printed reason, except with CI=true, where it fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DbType } from '@quorum/contract';
import { buildApp } from '../src/app.js';
import { dropDatabase, ensureDatabase, openDb, ping, type Db, type DbConfig } from '../src/core/db/index.js';
import { IdGenerator } from '../src/core/db/ids.js';
import { migrateToLatest } from '../src/core/db/migrate.js';
import { installSite } from '../src/modules/install/index.js';

export const ALL_DIALECTS: DbType[] = ['sqlite3', 'postgres', 'mysql'];

/** Engines selected by QUORUM_TEST_DB (default: all three). */
export const DIALECTS: DbType[] = (process.env.QUORUM_TEST_DB?.split(',').map((s) => s.trim()) as DbType[] | undefined) ?? ALL_DIALECTS;

let counter = 0;

/** A database config with a unique name for one test app. */
export function testDbConfig(type: DbType): DbConfig {
  const name = `quorum_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  if (type === 'sqlite3') return { type, file: 'quorum.db' };
  if (type === 'postgres') return { type, host: process.env.PGHOST_TEST || '127.0.0.1:5432', user: 'postgres', name };
  return { type, host: process.env.MYSQL_HOST_TEST || '127.0.0.1:3306', user: 'root', name };
}

/**
 * A database of `type` with every migration applied, on a new data directory, without an app (for importer and
 * recount tests that work on the database directly). `close` closes it, drops it (PostgreSQL, MariaDB) and removes
 * the directory.
 */
export async function migratedDb(type: DbType): Promise<{ db: Db; ids: IdGenerator; dataDir: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-db-'));
  const cfg = testDbConfig(type);
  await ensureDatabase(cfg);
  const db = await openDb(cfg, dataDir);
  await migrateToLatest(db);
  return {
    db,
    ids: new IdGenerator(db),
    dataDir,
    async close() {
      await db.close();
      if (type !== 'sqlite3') await dropDatabase(cfg);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const reachable = new Map<DbType, Promise<string | null>>();

/** null when the engine answers, else the reason it cannot be used. */
export function unreachableReason(type: DbType): Promise<string | null> {
  if (type === 'sqlite3') return Promise.resolve(null);
  let p = reachable.get(type);
  if (!p) {
    p = (async () => {
      const cfg = testDbConfig(type);
      try {
        await ensureDatabase(cfg);
        const db = await openDb(cfg, os.tmpdir());
        await ping(db);
        await db.close();
        await dropDatabase(cfg);
        return null;
      } catch (err) {
        return `${type} at ${cfg.host} is not reachable: ${(err as Error).message}`;
      }
    })();
    reachable.set(type, p);
  }
  return p;
}

/**
 * Decides whether a dialect leg runs: true when reachable; false (with a printed reason) when not and CI is
 * not set; throws under CI=true.
 */
export async function shouldRun(type: DbType): Promise<boolean> {
  const reason = await unreachableReason(type);
  if (!reason) return true;
  if (process.env.CI === 'true') throw new Error(`${reason} (CI=true requires every database engine)`);
  console.warn(`skipping the ${type} leg: ${reason}`);
  return false;
}

export interface TestSite {
  app: FastifyInstance;
  dataDir: string;
  db: DbConfig;
  /** Closes the app, drops the database, removes the data directory. */
  close(): Promise<void>;
}

export const ADMIN = { name: 'admin', email: 'admin@example.com', password: 'admin-pass-1' };

/** A fresh app on a new data directory, not installed. */
export async function freshApp(): Promise<{ app: FastifyInstance; dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-test-'));
  const app = await buildApp({ dataDir, rateLimit: false });
  return {
    app,
    dataDir,
    async cleanup() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, installed site on the given engine with the admin of ADMIN. */
export async function installedSite(type: DbType, opts: { rateLimit?: boolean } = {}): Promise<TestSite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-test-'));
  const db = testDbConfig(type);
  const app = await buildApp({ dataDir, rateLimit: opts.rateLimit ?? false });
  await installSite(app.quorum, {
    db,
    lang: 'en_US',
    site_name: 'Test Site',
    site_url: 'http://localhost:9080',
    contact_email: 'contact@example.com',
    admin: ADMIN,
  });
  return {
    app,
    dataDir,
    db,
    async close() {
      await app.close();
      if (type !== 'sqlite3') await dropDatabase(db);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown> | unknown[] | null;

/** Calls the API through `inject` and parses the envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: any }; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = opts.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await app.inject({ method, url, headers, payload: opts.body as Json as any, remoteAddress: opts.remoteAddress });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/**
 * Registers a user and returns its token and id. New accounts wait for e-mail activation (mail_status 2); this
 * helper marks the account activated directly in the database (reputation stays 1) so the user can act at once.
 * Pass `{ activate: false }` to keep it inactive.
 */
export async function registerUser(app: FastifyInstance, name: string, opts: { activate?: boolean } = {}): Promise<{ token: string; id: string }> {
  const r = await call(app, 'POST', '/answer/api/v1/user/register/email', { body: { name, e_mail: `${name}@example.com`, pass: 'password-123' } });
  if (r.status !== 200) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  if (opts.activate !== false) {
    await app.quorum.database!.kysely.updateTable('users').set({ mail_status: 1 }).where('id', '=', r.body.data.id).execute();
  }
  return { token: r.body.data.access_token, id: r.body.data.id };
}

/** Logs the admin in and returns the token. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const r = await call(app, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
  if (r.status !== 200) throw new Error(`admin login: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.access_token;
}
