/**
 * Signed one-click unsubscribe links of notification e-mails (spec §7 `PUT /user/notification/unsubscribe {code}`,
 * the `/users/unsubscribe?code=` page; RFC 8058 `List-Unsubscribe-Post`). A token names a member and the e-mail
 * option to switch off and carries an HMAC-SHA256 under the site's key (`config` row `mail.unsubscribe_secret`,
 * migration 009), so it needs no stored state, works from any node and without logging in, and cannot be forged
 * for another member. It never expires: an unsubscribe link must keep working as long as the mail is read.
 *
 * Form: `u1.<option>.<user id>.<signature>` (URL-safe; distinct from the 43-character one-time codes).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../core/db/index.js';
import * as settingsRepo from './settings.repository.js';

/** What an unsubscribe link switches off: one option of `user/notification/config`, or every one ('all'). */
export const UNSUBSCRIBE_SCOPES = ['inbox', 'all_new_question', 'all_new_question_for_following_tags', 'mailing_list', 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

const PREFIX = 'u1';
const secrets = new WeakMap<Db['kysely'], string>();

async function secretOf(db: Db): Promise<string> {
  const hit = secrets.get(db.kysely);
  if (hit) return hit;
  const secret = await settingsRepo.unsubscribeSecret(db);
  if (!secret) throw new Error('the unsubscribe key is missing (config mail.unsubscribe_secret, migration 009)');
  secrets.set(db.kysely, secret);
  return secret;
}

const sign = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * The token of an unsubscribe link for a member and option.
 * @returns e.g. `u1.inbox.10000000000000001.<43 characters>`
 */
export async function unsubscribeToken(db: Db, userId: string, scope: UnsubscribeScope): Promise<string> {
  const body = `${PREFIX}.${scope}.${userId}`;
  return `${body}.${sign(await secretOf(db), body)}`;
}

/**
 * Checks a token (constant-time signature compare).
 * @returns the member and option it names, or null when it is not a valid signed token
 */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: string; scope: UnsubscribeScope } | null> {
  const m = /^u1\.([a-z_]+)\.(\w{1,32})\.([\w-]{43})$/.exec(token);
  if (!m || !(UNSUBSCRIBE_SCOPES as readonly string[]).includes(m[1]!)) return null;
  const want = Buffer.from(sign(await secretOf(db), `${PREFIX}.${m[1]}.${m[2]}`));
  const got = Buffer.from(m[3]!);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  return { userId: m[2]!, scope: m[1] as UnsubscribeScope };
}
