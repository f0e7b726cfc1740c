/**
 * Reviewers that score posts before they publish (issue "spam and abuse defence" item 2): every new or edited
 * question, answer and comment and every profile change (display name, bio, website) is put to the built-in
 * reviewer (reviewer.rules.ts) and to each enabled plugin of kind `reviewer` (plugin-api reviewer.ts, e.g. the
 * Akismet plugin). The strictest verdict wins: reject > queue > pass. Moderators and administrators are not
 * reviewed.
 *
 * A plugin that throws, answers something that is not a verdict, or has not answered within the spam setting
 * `reviewer_timeout_seconds` (default 3; its outbound requests are aborted then) counts as "queue": the post waits
 * for a moderator, never lost and never published unreviewed. The error is kept as the plugin's last error and
 * shown on the admin plugins page (modules/plugin callPlugin).
 *
 * What each outcome does is the caller's (reviewer.apply.ts).
 */
import type { QuorumPlugin, ReviewerContext, ReviewSubject, ReviewVerdict } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import type { UserRow } from '../../core/auth/index.js';
import { guardedFetch } from '../connector/index.js';
import { callPlugin, enabledPlugins } from '../plugin/index.js';
import { isModerator } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import { isNewMember, spamSettings } from '../spam/index.js';
import { reviewClient } from './reviewer.request.js';
import { recentBodies } from './reviewer.repository.js';
import { applyRules } from './reviewer.rules.js';

/** The combined outcome: the decision, who decided, and for a refusal the member's message key and values. */
export interface ReviewOutcome {
  decision: 'pass' | 'queue' | 'reject';
  /** slug of the deciding reviewer (`builtin` for the rules), '' for a pass */
  by: string;
  /** why, for moderators and logs */
  reason: string;
  message?: string;
  params?: Record<string, string>;
  subject: ReviewSubject;
}

/** What a caller says about the text under review. */
export interface ReviewInput {
  object_type: ReviewSubject['object_type'];
  action: ReviewSubject['action'];
  object_id?: string;
  title?: string;
  content: string;
  website?: string;
  permalink?: string;
}

const RANK: Record<ReviewOutcome['decision'], number> = { pass: 0, queue: 1, reject: 2 };
const REPEAT_WINDOW_SECONDS = 86_400;

/** The subject of `input` by `user` in the current request. */
export async function reviewSubject(ctx: AppContext, user: UserRow, input: ReviewInput): Promise<ReviewSubject> {
  const client = reviewClient();
  const { general } = await getSettings(ctx);
  const base = String(general.site_url ?? '').replace(/\/+$/, '');
  return {
    object_type: input.object_type,
    action: input.action,
    object_id: input.object_id ?? '',
    title: input.title ?? '',
    content: input.content,
    website: input.website ?? '',
    author: { id: user.id, username: user.username, display_name: user.display_name, email: user.e_mail, reputation: Number(user.rank), created_at: Number(user.created_at) },
    ...client,
    permalink: input.permalink ? `${base}${input.permalink}` : '',
  };
}

/** Whether `v` is a verdict a reviewer may give. */
function validVerdict(v: unknown): v is ReviewVerdict {
  if (!v || typeof v !== 'object') return false;
  const d = (v as { decision?: unknown }).decision;
  return d === 'pass' || ((d === 'queue' || d === 'reject') && typeof (v as { reason?: unknown }).reason === 'string');
}

/** The reviewer timeout of the spam settings, milliseconds. */
async function timeoutMs(ctx: AppContext): Promise<number> {
  const s = (await getSettings(ctx)).site_spam;
  const n = Number(s.reviewer_timeout_seconds);
  return (Number.isFinite(n) && n > 0 ? n : 3) * 1000;
}

/**
 * Runs `fn` with an abort signal that fires after `ms`, and rejects then.
 * @throws Error "no answer within N ms" on time-out; whatever `fn` throws
 */
export async function withTimeout<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([fn(ac.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The hooks' context of one plugin for one call, its fetch tied to `signal`. */
export async function reviewerContext(ctx: AppContext, config: ReviewerContext['config'], signal: AbortSignal): Promise<ReviewerContext> {
  const { general } = await getSettings(ctx);
  return {
    config,
    site_url: String(general.site_url ?? '').replace(/\/+$/, ''),
    fetch: (url, init = {}) => guardedFetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  };
}

/** The enabled reviewer plugins with their configuration. */
export async function reviewerPlugins(ctx: AppContext): Promise<{ plugin: QuorumPlugin; config: ReviewerContext['config'] }[]> {
  return (await enabledPlugins(ctx, 'reviewer')).filter((p) => p.plugin.reviewer);
}

/** One plugin's verdict; a failure or time-out is a "queue" verdict naming the error. */
async function pluginVerdict(ctx: AppContext, plugin: QuorumPlugin, config: ReviewerContext['config'], subject: ReviewSubject, ms: number): Promise<ReviewVerdict> {
  const slug = plugin.manifest.slug_name;
  try {
    return await callPlugin(ctx, slug, () =>
      withTimeout(ms, async (signal) => {
        const v: unknown = await plugin.reviewer!.review(await reviewerContext(ctx, config, signal), subject);
        if (!validVerdict(v)) throw new Error(`unusable verdict: ${JSON.stringify(v)?.slice(0, 200)}`);
        return v;
      }),
    );
  } catch (err) {
    return { decision: 'queue', reason: `${slug} failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) };
  }
}

/**
 * Reviews one text (see the file header).
 * @returns the strictest verdict; a pass for staff
 */
export async function review(ctx: AppContext, user: UserRow, input: ReviewInput): Promise<ReviewOutcome> {
  const subject = await reviewSubject(ctx, user, input);
  if (isModerator(user)) return { decision: 'pass', by: '', reason: '', subject };
  const s = await spamSettings(ctx);
  const recent = await recentBodies(requireDb(ctx), user.id, nowSeconds() - REPEAT_WINDOW_SECONDS, input.object_id ?? '');
  const rules = applyRules({
    text: [subject.title, subject.content, subject.website].filter(Boolean).join('\n'),
    body: subject.content,
    author_email: user.e_mail,
    new_member: isNewMember(s, user),
    recent,
    spam_phrases: s.spam_phrases ?? [],
    blocked_words: s.blocked_words ?? [],
    blocked_email_domains: s.blocked_email_domains ?? [],
  });
  let best: ReviewOutcome = { decision: rules.decision, by: rules.decision === 'pass' ? '' : 'builtin', reason: rules.hits.join(', '), message: rules.message, params: rules.params, subject };
  if (best.decision === 'reject') return best;
  const plugins = await reviewerPlugins(ctx);
  if (!plugins.length) return best;
  const ms = await timeoutMs(ctx);
  const verdicts = await Promise.all(plugins.map(async (p) => ({ slug: p.plugin.manifest.slug_name, v: await pluginVerdict(ctx, p.plugin, p.config, subject, ms) })));
  for (const { slug, v } of verdicts) {
    if (RANK[v.decision] <= RANK[best.decision]) continue;
    best = { decision: v.decision, by: slug, reason: v.decision === 'pass' ? '' : v.reason, message: v.decision === 'reject' ? 'error.reviewer.spam' : undefined, subject };
  }
  if (best.decision !== 'pass') ctx.log.info({ reviewer: best.by, decision: best.decision, reason: best.reason, user: user.id, object_type: input.object_type }, 'post reviewed');
  return best;
}
