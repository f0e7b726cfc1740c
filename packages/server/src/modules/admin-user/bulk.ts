/**
 * Parsing of the bulk-add text (spec §3 "Bulk users payload"): one user per line, `display name, email, password`
 * (the password may itself contain commas). Spec §5: each display name 4 to 30 characters; passwords 8 to 32.
 */
import { LIMITS, USERNAME_PATTERN } from '@quorum/contract';
import { z } from 'zod';
import type { FieldIssue } from '../../core/errors.js';

export interface BulkUser {
  line: number;
  displayName: string;
  email: string;
  password: string;
}

export const BULK_DISPLAY_NAME_MIN = 4;
export const BULK_DISPLAY_NAME_MAX = 30;
/** Most users one request may add. */
export const BULK_MAX_USERS = 1000;

const emailShape = z.string().email().max(500);

/**
 * Splits and checks the lines. Blank lines are skipped; line numbers count every line.
 * @returns the users, or the issues (field `users`, messages with `{{line}}`)
 */
export function parseBulkUsers(text: string): { users: BulkUser[]; issues: FieldIssue[] } {
  const users: BulkUser[] = [];
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const issue = (line: number, message: string) => issues.push({ field: 'users', message, params: { line } });
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const first = raw.indexOf(',');
    const second = first < 0 ? -1 : raw.indexOf(',', first + 1);
    if (first < 0 || second < 0) return issue(line, 'error.admin.bulk_format');
    const displayName = raw.slice(0, first).trim();
    const email = raw.slice(first + 1, second).trim().toLowerCase();
    const password = raw.slice(second + 1).trim();
    const len = [...displayName].length;
    if (len < BULK_DISPLAY_NAME_MIN || len > BULK_DISPLAY_NAME_MAX) return issue(line, 'error.admin.bulk_display_name');
    if (!emailShape.safeParse(email).success) return issue(line, 'error.admin.bulk_email_invalid');
    if (seen.has(email)) return issue(line, 'error.admin.bulk_email_duplicate');
    if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) return issue(line, 'error.admin.bulk_password');
    seen.add(email);
    users.push({ line, displayName, email, password });
  });
  if (users.length + issues.length > BULK_MAX_USERS) return { users: [], issues: [{ field: 'users', message: 'error.admin.bulk_too_many', params: { max: BULK_MAX_USERS } }] };
  return { users, issues };
}

/** A username derived from a display name: lower-case, allowed characters only (spec §5), at most 26 + suffix. */
export function usernameBase(displayName: string): string {
  const base = displayName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, LIMITS.usernameMax - 4);
  return base && USERNAME_PATTERN.test(base) ? base : 'user';
}
