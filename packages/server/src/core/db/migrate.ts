/**
 * Schema migrations through Kysely's Migrator. Migrations are numbered modules in src/migrations that take
 * the dialect as a second argument so they can pick portable column types.
 */
import { Migrator, type Migration, type MigrationProvider, sql } from 'kysely';
import type { Db } from './dialect.js';
import * as m001 from '../../migrations/001_core.js';

const ALL: Record<string, { up: (db: any, dialect: Db['dialect']) => Promise<void> }> = {
  '001_core': m001,
};

function provider(db: Db): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(ALL)) out[name] = { up: (k) => mod.up(k, db.dialect) };
      return out;
    },
  };
}

/**
 * Applies every pending migration in order.
 * @returns names of the migrations applied by this call (empty when up to date)
 * @throws the first migration error (later migrations are not attempted)
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db), migrationTableName: 'quorum_migrations', migrationLockTableName: 'quorum_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db), migrationTableName: 'quorum_migrations', migrationLockTableName: 'quorum_migrations_lock' });
  const list = await migrator.getMigrations();
  return list.filter((m) => !m.executedAt).map((m) => m.name);
}

/** True when the core tables exist (the database has been installed into). */
export async function hasSchema(db: Db): Promise<boolean> {
  try {
    await sql`select 1 from settings where 1 = 0`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
