/**
 * The spam section of the site settings (GET and PUT /admin/api/siteinfo/spam, a Quorum section; Answer has none):
 * limits for new members and sign-up screening, enforced by the server's modules/spam.
 *
 * New members are members whose reputation is below `new_member_reputation`. Their questions, answers and
 * comments are counted per minute, hour and day; their posts may hold at most `max_links` links, `max_images`
 * images and `max_mentions` @mentions; they may edit `edits_per_hour` times an hour and flag `flags_per_day`
 * times a day, and post only `first_post_wait_seconds` after signing up. 0 turns a limit off. Members from the
 * threshold up keep only the flood limits every member has; moderators and administrators are never limited.
 * Defaults follow Discourse's trust level 0 (newuser_max_links 2, newuser_max_embedded_media 1,
 * newuser_max_mentions_per_post 2, max_replies_in_first_day 10, max_flags_per_day 20) loosened where Quorum's
 * earlier hourly limits already allowed more (3 questions, 10 answers, 20 comments an hour below 100 reputation).
 *
 * Sign-up screening: addresses at `blocked_email_domains` (or their subdomains) are refused, and so are
 * addresses at `disposable_email_domains` while `block_disposable_emails` is on (the server ships a default
 * list, data/disposable-email-domains.txt). The allow list stays in the login section (`allow_email_domains`).
 *
 * The built-in reviewer (server modules/reviewer, rules in reviewer.rules.ts) scores posts and profiles with
 * `spam_phrases` (each phrase found queues the post) and refuses text holding one of `blocked_words`; reviewer
 * plugins (Akismet) that take longer than `reviewer_timeout_seconds` queue the post.
 */
import { z } from 'zod';

const count = z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').max(1_000_000, 'error.form.is_invalid');

/** Longest time an admin may ask new accounts to wait before posting: 30 days, in seconds. */
export const FIRST_POST_WAIT_MAX = 30 * 24 * 60 * 60;

/** The numeric fields of the spam section with their defaults (see the file header). */
export const SPAM_LIMIT_DEFAULTS = {
  new_member_reputation: 100,
  question_per_minute: 3,
  question_per_hour: 3,
  question_per_day: 10,
  answer_per_minute: 3,
  answer_per_hour: 10,
  answer_per_day: 30,
  comment_per_minute: 5,
  comment_per_hour: 20,
  comment_per_day: 50,
  max_links: 2,
  max_images: 1,
  max_mentions: 2,
  edits_per_hour: 10,
  flags_per_day: 10,
  first_post_wait_seconds: 0,
} as const;
export type SpamLimitName = keyof typeof SPAM_LIMIT_DEFAULTS;

/** Kinds of post counted per window. */
export const SPAM_POST_KINDS = ['question', 'answer', 'comment'] as const;
export type SpamPostKind = (typeof SPAM_POST_KINDS)[number];
/** Windows of the post counts. */
export const SPAM_WINDOWS = ['minute', 'hour', 'day'] as const;
export type SpamWindow = (typeof SPAM_WINDOWS)[number];

/** A domain of a screening list: lower case, a leading '@' dropped; blank entries are ignored. */
const domain = z
  .string({ error: 'error.settings.email_domain_invalid' })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .refine((v) => v === '' || (v.length <= 253 && /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(v)), 'error.settings.email_domain_invalid');
const domains = (max: number) =>
  z
    .array(domain, { error: 'error.form.is_invalid' })
    .max(max, 'error.settings.list_too_long')
    .transform((list) => [...new Set(list.filter(Boolean))]);

/** Most entries of the block list and of the disposable list. */
export const BLOCKED_DOMAINS_MAX = 2000;
export const DISPOSABLE_DOMAINS_MAX = 20_000;

/**
 * Flag score at which a post is hidden at once, pending review (modules/report, report.hide.ts): the sum of the
 * weights of its waiting flags, a new member's flag weighing 1.0; 0 never hides. The default is about three
 * ordinary members' flags.
 */
export const FLAG_HIDE_WEIGHT_DEFAULT = 3;
/** Highest flag hide threshold an admin may set. */
export const FLAG_HIDE_WEIGHT_MAX = 1000;

/** Most entries of the spam phrase and blocked word lists, and the longest entry. */
export const REVIEW_LIST_MAX = 1000;
export const REVIEW_ENTRY_MAX = 200;
/** Bounds of the reviewer timeout, seconds; default 3. */
export const REVIEWER_TIMEOUT_MIN = 1;
export const REVIEWER_TIMEOUT_MAX = 30;
export const REVIEWER_TIMEOUT_DEFAULT = 3;
/** Phrases of common spam, the default of `spam_phrases` (matched case-insensitively, spaces loosely). */
export const DEFAULT_SPAM_PHRASES: readonly string[] = ['buy cheap', 'casino bonus', 'free spins', 'payday loan', 'work from home and earn', 'crypto giveaway', 'cheap seo services', 'replica watches', 'essay writing service', 'click here to claim'];

/** A list of phrases: trimmed, blank entries and repeats dropped. */
const phrases = z
  .array(z.string({ error: 'error.form.is_invalid' }).trim().max(REVIEW_ENTRY_MAX, 'error.form.is_invalid'), { error: 'error.form.is_invalid' })
  .max(REVIEW_LIST_MAX, 'error.settings.list_too_long')
  .transform((list) => [...new Set(list.filter(Boolean))]);

/** PUT /admin/api/siteinfo/spam: every field optional; a field left out keeps its stored value. */
export const SiteSpamReq = z.object({
  ...(Object.fromEntries(Object.keys(SPAM_LIMIT_DEFAULTS).map((k) => [k, count.optional()])) as Record<SpamLimitName, z.ZodOptional<typeof count>>),
  first_post_wait_seconds: count.max(FIRST_POST_WAIT_MAX, 'error.form.is_invalid').optional(),
  blocked_email_domains: domains(BLOCKED_DOMAINS_MAX).optional(),
  block_disposable_emails: z.boolean({ error: 'error.form.is_invalid' }).optional(),
  disposable_email_domains: domains(DISPOSABLE_DOMAINS_MAX).optional(),
  flag_hide_weight: z.coerce.number({ error: 'error.form.is_invalid' }).min(0, 'error.form.is_invalid').max(FLAG_HIDE_WEIGHT_MAX, 'error.form.is_invalid').optional(),
  spam_phrases: phrases.optional(),
  blocked_words: phrases.optional(),
  reviewer_timeout_seconds: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(REVIEWER_TIMEOUT_MIN, 'error.form.is_invalid').max(REVIEWER_TIMEOUT_MAX, 'error.form.is_invalid').optional(),
});
export type SiteSpamReq = z.infer<typeof SiteSpamReq>;

/** GET /admin/api/siteinfo/spam: the stored section with defaults filled in. */
export type SiteSpamSettings = { [K in SpamLimitName]: number } & { blocked_email_domains: string[]; block_disposable_emails: boolean; disposable_email_domains: string[]; flag_hide_weight: number; spam_phrases: string[]; blocked_words: string[]; reviewer_timeout_seconds: number };
