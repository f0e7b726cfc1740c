/**
 * Installer calls (docs/API.md "Installer"; answer-compat.md "Installer calls"). Every call passes its
 * errors to the wizard, which shows them in place.
 */
import type { DbType } from '@quorum/contract';
import { ApiError, api } from '../../lib/api';

/** Body of POST /installation/db/check and /installation/init. */
export interface DbForm {
  db_type: DbType;
  db_username: string;
  db_password: string;
  db_host: string;
  db_name: string;
  db_file: string;
}

/** Body of POST /installation/base-info. */
export interface BaseInfoForm {
  lang: string;
  site_name: string;
  site_url: string;
  contact_email: string;
  name: string;
  password: string;
  email: string;
  login_required: boolean;
}

/** POST /installation/config-file/check result. */
export interface ConfigFileState {
  config_file_exist: boolean;
  db_connection_success: boolean;
  db_table_exist: boolean;
  /** Quorum addition: true once the installer has finished (settings and admin exist). */
  installed?: boolean;
}

/** Reason key the installer answers with once the site is set up. */
export const ALREADY_INSTALLED = 'error.install.already_installed';
/** Reason key of POST /installation/init when the config file cannot be written. */
export const CONFIG_WRITE_FAILED = 'error.install.config_file_write_failed';

const opts = { passingError: true } as const;

/** Default host of each server engine (their standard ports). */
export const DEFAULT_HOSTS: Record<DbType, string> = { sqlite3: '', postgres: '127.0.0.1:5432', mysql: '127.0.0.1:3306' };

/** Language options of the installer: `[{label, value}]`. */
export function fetchLanguages(): Promise<{ label: string; value: string }[]> {
  return api.get('/installation/language/options', undefined, opts);
}

/** Whether a config file exists, its database answers and holds tables. */
export function checkConfigFile(): Promise<ConfigFileState> {
  return api.post('/installation/config-file/check', {}, opts);
}

/** Tries to connect with the given settings; a failure is an ApiError (alert) with the driver's message. */
export function checkDatabase(form: DbForm): Promise<{ connection_success: boolean }> {
  return api.post('/installation/db/check', form, opts);
}

/** Writes the config file and creates the schema. */
export function initInstall(form: DbForm): Promise<unknown> {
  return api.post('/installation/init', form, opts);
}

/** Saves site settings and creates the admin account. */
export function saveBaseInfo(form: BaseInfoForm): Promise<unknown> {
  return api.post('/installation/base-info', form, opts);
}

/** True when an installer call failed because the site is already installed. */
export function isAlreadyInstalled(err: unknown): boolean {
  return err instanceof ApiError && err.reason === ALREADY_INSTALLED;
}

/** Config text from a failed init, to create the file by hand; null for other failures. */
export function configTextOf(err: unknown): { text: string; path?: string } | null {
  if (!(err instanceof ApiError) || err.reason !== CONFIG_WRITE_FAILED) return null;
  const data = (err.data ?? {}) as { config_text?: unknown; config_path?: unknown; config_file?: unknown };
  if (typeof data.config_text !== 'string') return null;
  const path = typeof data.config_path === 'string' ? data.config_path : typeof data.config_file === 'string' ? data.config_file : undefined;
  return { text: data.config_text, path };
}

/**
 * Text of an installer alert: the server's message, plus on a second line the driver's own words when a
 * connection failed (`data.message` of error.install.db_connection_failed).
 */
export function alertText(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const detail = err instanceof ApiError ? (err.data as { message?: unknown } | null)?.message : undefined;
  const base = err.message || fallback;
  return typeof detail === 'string' && detail && detail !== base ? `${base}\n${detail}` : base;
}
