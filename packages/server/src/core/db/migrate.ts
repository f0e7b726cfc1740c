/**
 * Schema migrations through Kysely's Migrator. Migrations are the numbered modules in src/migrations
 * (`NNN_name.ts`, found by listing the folder, applied in name order); each exports
 * `up(db, dialect)` so it can pick portable column types.
 */
import { readdirSync } from 'node:fs';
import { Migrator, type Migration, type MigrationProvider, sql } from 'kysely';
import type { Db } from './dialect.js';
import { MIGRATIONS_DIR } from '../paths.js';


type MigrationModule = { up: (db: any, dialect: Db['dialect']) => Promise<void> };

function provider(db: Db): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[\w-]+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
      for (const file of files) {
        // A relative template import: tsx loads it from source, the bundler packs every migration into dist.
        const mod = (await import(`../../migrations/${file}`)) as MigrationModule;
        out[file.replace(/\.(ts|js)$/, '')] = { up: (k) => mod.up(k, db.dialect) };
      }
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
  // Some migrations analyze the tables they index: their sample rows go (core/db/dialect.ts refreshStatistics).
  db.dropStatSamples?.();
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

/** Names of every migration this code knows, in the order they apply (the last is the newest schema version). */
export async function knownMigrations(db: Db): Promise<string[]> {
  return Object.keys(await provider(db).getMigrations()).sort();
}

/**
 * Applies pending migrations up to and including `name` (an older schema version than the latest).
 * @throws when `name` is unknown or a migration fails
 */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db), migrationTableName: 'quorum_migrations', migrationLockTableName: 'quorum_migrations_lock' });
  const { error } = await migrator.migrateTo(name);
  db.dropStatSamples?.();
  if (error) throw error;
}
