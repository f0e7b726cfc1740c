/**
 * SMTP settings (spec §3 "SMTP", Answer's GetSMTPConfigResp / UpdateSMTPConfigReq): validation with the
 * admin messages of spec §5, storage in the `smtp` settings row, and the masked form sent to the admin.
 * The password is never returned: GET answers PASSWORD_MASK when one is stored, and a PUT that sends the
 * mask back keeps the stored password.
 */
import { LIMITS } from '@quorum/contract';
import { z } from 'zod';
import { nowSeconds, type AppContext } from '../../core/context.js';
import { fieldErrors, type FieldIssue } from '../../core/errors.js';
import { loadSmtpRow, saveSmtpRow } from './mail.repository.js';

export const ENCRYPTIONS = ['', 'SSL', 'TLS'] as const;
export type Encryption = (typeof ENCRYPTIONS)[number];

/** Stored SMTP settings. */
export interface SmtpSettings {
  from_email: string;
  from_name: string;
  smtp_host: string;
  /** '' none (STARTTLS when offered), 'SSL' implicit TLS, 'TLS' STARTTLS required. */
  encryption: Encryption;
  smtp_port: number;
  smtp_username: string;
  smtp_password: string;
  smtp_authentication: boolean;
}

/** What GET shows in place of a stored password. */
export const PASSWORD_MASK = '********';

const EMPTY: SmtpSettings = { from_email: '', from_name: '', smtp_host: '', encryption: '', smtp_port: 25, smtp_username: '', smtp_password: '', smtp_authentication: false };

const emailShape = z.string().email();

/** Current SMTP settings with defaults. */
export async function getSmtp(ctx: AppContext): Promise<SmtpSettings> {
  if (!ctx.database || !ctx.installed) return { ...EMPTY };
  const stored = await loadSmtpRow(ctx.database);
  return stored && typeof stored === 'object' ? { ...EMPTY, ...(stored as Partial<SmtpSettings>) } : { ...EMPTY };
}

/** True when enough is set to try sending: host, port and sender address. */
export function isConfigured(s: SmtpSettings): boolean {
  return !!(s.smtp_host && s.smtp_port && s.from_email);
}

/** GET /admin/api/setting/smtp payload: the settings with the password masked. */
export function presentSmtp(s: SmtpSettings): Record<string, unknown> {
  return { ...s, smtp_password: s.smtp_password ? PASSWORD_MASK : '' };
}

export interface SmtpUpdate extends SmtpSettings {
  test_email_recipient: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Validates a PUT body (spec §5 admin messages; one field error per failing field).
 * @param body the raw request body
 * @param current stored settings, to keep the password when the mask (or nothing) is sent back
 * @throws AppError 400 field errors
 */
export function validateSmtp(body: unknown, current: SmtpSettings): SmtpUpdate {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const from_email = str(b.from_email);
  if (!from_email) issues.push({ field: 'from_email', message: 'error.smtp.from_email_required' });
  else if (!emailShape.safeParse(from_email).success) issues.push({ field: 'from_email', message: 'error.smtp.from_email_invalid' });
  const from_name = str(b.from_name);
  if (!from_name) issues.push({ field: 'from_name', message: 'error.smtp.from_name_required' });
  const smtp_host = str(b.smtp_host);
  if (!smtp_host) issues.push({ field: 'smtp_host', message: 'error.smtp.host_required' });
  const encryption = b.encryption === undefined || b.encryption === null ? undefined : String(b.encryption).toUpperCase();
  if (encryption === undefined) issues.push({ field: 'encryption', message: 'error.smtp.encryption_required' });
  else if (!(ENCRYPTIONS as readonly string[]).includes(encryption)) issues.push({ field: 'encryption', message: 'error.form.is_invalid' });
  const port = typeof b.smtp_port === 'string' && b.smtp_port.trim() !== '' ? Number(b.smtp_port) : b.smtp_port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < LIMITS.smtpPortMin || port > LIMITS.smtpPortMax) {
    issues.push({ field: 'smtp_port', message: 'error.smtp.port_invalid' });
  }
  const auth = b.smtp_authentication;
  if (typeof auth !== 'boolean') issues.push({ field: 'smtp_authentication', message: 'error.smtp.authentication_required' });
  const smtp_username = str(b.smtp_username);
  let smtp_password = typeof b.smtp_password === 'string' ? b.smtp_password : '';
  if (smtp_password === PASSWORD_MASK || (smtp_password === '' && auth === true)) smtp_password = current.smtp_password;
  if (auth === true) {
    if (!smtp_username) issues.push({ field: 'smtp_username', message: 'error.smtp.username_required' });
    if (!smtp_password) issues.push({ field: 'smtp_password', message: 'error.smtp.password_required' });
  }
  const test_email_recipient = str(b.test_email_recipient);
  if (test_email_recipient && !emailShape.safeParse(test_email_recipient).success) issues.push({ field: 'test_email_recipient', message: 'error.smtp.test_recipient_invalid' });
  if (issues.length) throw fieldErrors(issues);
  return {
    from_email,
    from_name,
    smtp_host,
    encryption: encryption as Encryption,
    smtp_port: port as number,
    smtp_username: auth ? smtp_username : '',
    smtp_password: auth ? smtp_password : '',
    smtp_authentication: auth as boolean,
    test_email_recipient,
  };
}

/** Stores validated settings (without the test recipient). */
export async function saveSmtp(ctx: AppContext, s: SmtpSettings): Promise<void> {
  if (!ctx.database) throw new Error('database not connected');
  const { from_email, from_name, smtp_host, encryption, smtp_port, smtp_username, smtp_password, smtp_authentication } = s;
  await saveSmtpRow(ctx.database, { from_email, from_name, smtp_host, encryption, smtp_port, smtp_username, smtp_password, smtp_authentication }, nowSeconds());
}
