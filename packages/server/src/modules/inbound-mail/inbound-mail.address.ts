/**
 * Signed reply addresses of notification e-mails and the tag addresses of new questions (issue #37 item 2).
 *
 * A reply address names what a reply becomes and for whom: `r+<kind><post id>.<user id>.<signature>@<reply domain>`
 * where kind `a` answers the question `<post id>` and kind `c` comments on the question or answer `<post id>`; the
 * signature is the first 24 hex digits (96 bits) of HMAC-SHA256 under the site's key (`config` row
 * `mail.reply_secret`, migration 037) of `r1|<kind>|<post id>|<user id>`, checked in constant time. Lower-case
 * only (some mail servers fold the case of the local part); 64 characters at most for 20-digit ids. No state is
 * stored, so any node can check it, and it cannot be forged for another member or post.
 *
 * A tag address is `ask+<tag slug>@<reply domain>` (new questions, when the site allows them).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../core/db/index.js';
import { replySecret } from './inbound-mail.repository.js';

/** What a reply becomes: an answer to a question (`a`) or a comment on a post (`c`). */
export type ReplyKind = 'a' | 'c';

/** A checked reply address. */
export interface ReplyTarget {
  kind: ReplyKind;
  postId: string;
  userId: string;
}

/** What an inbound recipient address names. */
export type InboundAddress = { type: 'reply'; target: ReplyTarget } | { type: 'tag'; slug: string } | { type: 'forged' } | { type: 'unknown' };

const SIG_HEX = 24;
const secrets = new WeakMap<Db['kysely'], string>();

async function secretOf(db: Db): Promise<string> {
  const hit = secrets.get(db.kysely);
  if (hit) return hit;
  const secret = await replySecret(db);
  if (!secret) throw new Error('the reply-address key is missing (config mail.reply_secret, migration 037)');
  secrets.set(db.kysely, secret);
  return secret;
}

const sign = (secret: string, t: ReplyTarget): string => createHmac('sha256', secret).update(`r1|${t.kind}|${t.postId}|${t.userId}`).digest('hex').slice(0, SIG_HEX);

/**
 * The reply address of one recipient and post.
 * @param domain the site's reply domain (settings `site_inbound_mail.reply_domain`)
 * @returns e.g. `r+a10010000000000001.10000000000000002.0f3a…@reply.example.com`
 */
export async function replyAddress(db: Db, target: ReplyTarget, domain: string): Promise<string> {
  return `r+${target.kind}${target.postId}.${target.userId}.${sign(await secretOf(db), target)}@${domain}`;
}

/** The address that turns a mail into a new question in a tag. */
export function tagAddress(slug: string, domain: string): string {
  return `ask+${slug}@${domain}`;
}

/**
 * Reads a recipient address: a reply address with a valid signature, a tag address, a reply address whose
 * signature does not match (`forged`), or anything else (`unknown`, including another domain).
 */
export async function readAddress(db: Db, address: string, domain: string): Promise<InboundAddress> {
  const at = address.lastIndexOf('@');
  if (at < 1 || !domain || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return { type: 'unknown' };
  const local = address.slice(0, at).toLowerCase();
  const tag = /^ask\+(.{1,35})$/.exec(local);
  if (tag) return { type: 'tag', slug: tag[1]! };
  const m = /^r\+([ac])(\d{1,20})\.(\d{1,20})\.([0-9a-f]+)$/.exec(local);
  if (!m) return local.startsWith('r+') ? { type: 'forged' } : { type: 'unknown' };
  const target: ReplyTarget = { kind: m[1] as ReplyKind, postId: m[2]!, userId: m[3]! };
  const want = Buffer.from(sign(await secretOf(db), target));
  const got = Buffer.from(m[4]!);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return { type: 'forged' };
  return { type: 'reply', target };
}
