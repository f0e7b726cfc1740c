/**
 * First-run installation (spec §2 "Installer steps", answer-compat.md "Installer calls"): database check,
 * config file, schema, seed data and the admin account. After installing, the same process serves the site.
 */
import { existsSync } from 'node:fs';
import { Role, type DbType } from '@quorum/contract';
import { attachDb, nowSeconds, type AppContext } from '../../core/context.js';
import { ensureDatabase, hasSchema, migrateToLatest, openDb, ping, transaction, type Db, type DbConfig } from '../../core/db/index.js';
import { AppError, badRequest } from '../../core/errors.js';
import { configPath, configText, readConfig, writeConfig } from '../../config/config.js';
import { DEFAULT_PRIVILEGE_LEVEL, setConfigValue } from '../privilege/index.js';
import { defaultSettings, invalidateSettings, saveSection, starterLegalTexts } from '../siteinfo/index.js';
import { createAccount } from '../user/index.js';
import { insertSeedTag, isSeeded } from './install.repository.js';
import { newTagRow } from '../tag/index.js';
import { finishUnfinishedRestore } from '../backup/backup.recovery.js';
import { setUploadStorage, startStorage } from '../../core/storage/index.js';

/** Wire body of /installation/db/check and /init, mapped to our config. */
export function dbConfigFromRequest(b: { db_type: DbType; db_username?: string; db_password?: string; db_host?: string; db_name?: string; db_file?: string }): DbConfig {
  return b.db_type === 'sqlite3'
    ? { type: 'sqlite3', file: b.db_file || 'quorum.db' }
    : { type: b.db_type, host: b.db_host || undefined, user: b.db_username || undefined, password: b.db_password || undefined, name: b.db_name || 'quorum' };
}

/** Throws 400 `error.install.already_installed` once the site is installed. */
export function assertNotInstalled(ctx: AppContext): void {
  if (ctx.installed) throw badRequest('error.install.already_installed', 'alert');
}

/**
 * Opens a connection to check the settings: creates the database on a reachable PostgreSQL/MySQL server when
 * missing, then runs `select 1`.
 * @returns the open connection (caller closes or keeps it)
 * @throws 400 alert `error.install.db_connection_failed` carrying the driver's message
 */
export async function connectChecked(cfg: DbConfig, dataDir: string): Promise<Db> {
  let db: Db | undefined;
  try {
    await ensureDatabase(cfg);
    db = await openDb(cfg, dataDir);
    await ping(db);
    return db;
  } catch (err) {
    await db?.close().catch(() => undefined);
    const message = err instanceof Error ? err.message : String(err);
    throw new AppError(400, 'error.install.db_connection_failed', { err_type: 'alert', message: message || String((err as { code?: string }).code ?? 'connection failed') });
  }
}

/** POST /installation/config-file/check. */
export async function checkConfigFile(ctx: AppContext): Promise<{ config_file_exist: boolean; db_connection_success: boolean; db_table_exist: boolean; installed?: boolean }> {
  if (ctx.installed) return { config_file_exist: true, db_connection_success: true, db_table_exist: true, installed: true };
  const exists = existsSync(configPath(ctx.dataDir));
  if (!exists) return { config_file_exist: false, db_connection_success: false, db_table_exist: false };
  if (ctx.database) return { config_file_exist: true, db_connection_success: true, db_table_exist: await hasSchema(ctx.database) };
  let cfg;
  try {
    cfg = readConfig(ctx.dataDir);
  } catch {
    return { config_file_exist: true, db_connection_success: false, db_table_exist: false };
  }
  if (!cfg) return { config_file_exist: false, db_connection_success: false, db_table_exist: false };
  try {
    const db = await connectChecked(cfg.database, ctx.dataDir);
    attachDb(ctx, db);
    ctx.config = cfg;
    return { config_file_exist: true, db_connection_success: true, db_table_exist: await hasSchema(db) };
  } catch {
    return { config_file_exist: true, db_connection_success: false, db_table_exist: false };
  }
}

/**
 * POST /installation/init: writes the config file, connects, creates the schema.
 * @throws 400 alert `error.install.config_file_write_failed` with `config_text` when the file cannot be written
 *   (the person creates it by hand and re-checks)
 */
export async function initDatabase(ctx: AppContext, cfg: DbConfig): Promise<void> {
  assertNotInstalled(ctx);
  const db = await connectChecked(cfg, ctx.dataDir);
  const text = configText(cfg);
  try {
    writeConfig(ctx.dataDir, text);
  } catch (err) {
    await db.close();
    ctx.log.warn({ err: (err as Error).message }, 'config file could not be written');
    throw new AppError(400, 'error.install.config_file_write_failed', { err_type: 'alert', config_text: text, config_path: configPath(ctx.dataDir) });
  }
  await migrateToLatest(db);
  if (ctx.database && ctx.database !== db) await ctx.database.close().catch(() => undefined);
  attachDb(ctx, db);
  ctx.config = { database: cfg };
}

export interface BaseInfo {
  lang: string;
  site_name: string;
  site_url: string;
  contact_email: string;
  login_required?: boolean;
  admin: { name: string; email: string; password: string };
}

/**
 * POST /installation/base-info: seeds settings (spec §3 defaults; the legal pages get starter texts in the
 * install language, marked as templates to adapt: siteinfo/legal.templates.ts), privilege level 2, the `support`
 * tag and the admin (id "1", role 2, reputation 1), then marks the site installed.
 * @throws 400 `error.install.db_not_initialized` when no database was set up by init
 */
export async function seedSite(ctx: AppContext, info: BaseInfo): Promise<void> {
  assertNotInstalled(ctx);
  const db = ctx.database;
  if (!db) throw badRequest('error.install.db_not_initialized', 'alert');
  await migrateToLatest(db);
  if (await isSeeded(db)) {
    ctx.installed = true;
    throw badRequest('error.install.already_installed', 'alert');
  }
  const d = defaultSettings();
  const now = nowSeconds();
  // Ids are taken before the transaction opens (see core/db/ids.ts); on a fresh database the admin gets "1".
  const adminId = String(await ctx.ids!.reserve('user', 1));
  const supportTagId = await ctx.ids!.next('tag');
  // Settings are written through the service; the account through the user module (needs `installed`).
  ctx.installed = true;
  try {
    await transaction(db, async (tx) => {
      const txCtx: AppContext = { ...ctx, database: tx };
      await saveSection(txCtx, 'general', { ...d.general, name: info.site_name, site_url: info.site_url.replace(/\/+$/, ''), contact_email: info.contact_email });
      await saveSection(txCtx, 'interface', { ...d.interface, language: info.lang });
      await saveSection(txCtx, 'login', { ...d.login, login_required: !!info.login_required });
      for (const section of ['branding', 'site_users', 'custom_css_html', 'theme', 'site_seo', 'site_write'] as const) await saveSection(txCtx, section, d[section]);
      await saveSection(txCtx, 'legal', starterLegalTexts(info.lang, { name: info.site_name, contactEmail: info.contact_email, siteUrl: info.site_url.replace(/\/+$/, '') }));
      await setConfigValue(tx, 'privilege.level', String(DEFAULT_PRIVILEGE_LEVEL));
      await createAccount(txCtx, { id: adminId, username: info.admin.name, email: info.admin.email, password: info.admin.password, roleId: Role.admin, rank: 1 });
      await insertSeedTag(tx, newTagRow({ id: supportTagId, slug_name: 'support', display_name: 'support', user_id: adminId, now }));
    });
  } catch (err) {
    ctx.installed = false;
    throw err;
  }
  invalidateSettings(ctx);
}

/**
 * Unattended or scripted install in one call: config file, schema, seed.
 * Does nothing when the data directory is already installed.
 */
export async function installSite(ctx: AppContext, input: BaseInfo & { db: DbConfig }): Promise<void> {
  if (ctx.installed) return;
  await initDatabase(ctx, input.db);
  await seedSite(ctx, input);
}

/**
 * At start-up: finishes or undoes a restore that did not end (modules/backup: never a half-restored site),
 * reads the configuration (config file and environment, config/config.ts), opens and checks the uploads
 * storage (core/storage), connects and decides whether the site is installed: a node whose DB_* variables name
 * an installed database is installed at once (it joins the site; nothing is written).
 * Leaves the context uninstalled (installer mode) when neither the file nor the environment names a database.
 * @throws Error when the database cannot be reached, the storage settings are incomplete or the storage cannot
 *   be reached, or an unfinished restore cannot be dealt with (one line saying why; the site must not be served)
 */
export async function loadInstalledState(ctx: AppContext): Promise<void> {
  await finishUnfinishedRestore(ctx.dataDir, (msg) => ctx.log.warn(msg));
  const cfg = readConfig(ctx.dataDir);
  ctx.config = cfg;
  const storage = await startStorage(ctx.dataDir, cfg?.storage);
  setUploadStorage(ctx, storage);
  ctx.onClose.push(() => storage.close());
  if (!cfg) return;
  const db = await openDb(cfg.database, ctx.dataDir);
  try {
    await ping(db);
  } catch (err) {
    await db.close();
    const where = existsSync(configPath(ctx.dataDir)) && !process.env.DB_TYPE ? configPath(ctx.dataDir) : 'the environment (DB_TYPE, DB_HOST ...)';
    throw new Error(`cannot connect to the ${cfg.database.type} database in ${where}: ${(err as Error).message}`, { cause: err });
  }
  attachDb(ctx, db);
  if (await hasSchema(db)) ctx.installed = await isSeeded(db);
}
