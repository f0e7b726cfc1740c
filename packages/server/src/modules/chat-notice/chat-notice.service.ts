/**
 * Chat notices (issue "Reach beyond the site" item 3; docs/PLUGINS.md "Notification plugins"): each enabled plugin of
 * kind `notification` (plugin-api notification.ts, e.g. plugins/notify-chat) is told about
 * - `question.created`: a new question (the domain event the question service emits, as webhooks get it);
 * - `flag.created`: a member flagged a question, answer or comment (the report service's event);
 * - `question.unanswered`: an open question still without an answer N hours after it was asked, found by a sweep
 *   (chat-notice.sweep.ts), once per question and plugin;
 * when the plugin's subscription asks for the event and the question carries one of its tags (no tags: all).
 *
 * A notice is one row of the durable outbox (kind `chat_notice`) with a unique key per plugin, event and object, so
 * it is queued once whichever node, request or sweep gets there; the worker (chat-notice.worker.ts) sends it with
 * retries. The row holds only ids: the notice is built from the database when it is sent, so a question hidden
 * (unlisted), waiting for review or deleted in between is not sent — private content never leaves the site, neither
 * when queued nor when sent.
 */
import { randomUUID } from 'node:crypto';
import type { ChatNotice, NoticeEvent, NoticeSubscription, PluginConfig, QuorumPlugin } from '@quorum/plugin-api';
import { questionPath } from '@quorum/contract';
import { nowSeconds, type AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import type { DomainEvent } from '../../core/events.js';
import { translate } from '../../core/i18n.js';
import { excerpt } from '../../core/markdown.js';
import { enabledPlugins } from '../plugin/index.js';
import { getSettings } from '../siteinfo/index.js';
import * as repo from './chat-notice.repository.js';

/** What an outbox row of a notice holds (ids only; the notice is built when it is sent). */
export interface NoticePayload {
  slug: string;
  event: NoticeEvent;
  question_id: string;
  /** for `flag.created` */
  flag_id?: string;
}

/** An enabled notification plugin with its configuration and what it asks for. */
export interface NoticePlugin {
  plugin: QuorumPlugin;
  config: PluginConfig;
  subscription: NoticeSubscription;
}

/** The enabled notification plugins (read fresh: switching one off takes effect at once on every node). */
export async function noticePlugins(ctx: AppContext): Promise<NoticePlugin[]> {
  const out: NoticePlugin[] = [];
  for (const p of await enabledPlugins(ctx, 'notification')) {
    if (!p.plugin.notification) continue;
    try {
      out.push({ ...p, subscription: p.plugin.notification.subscription(p.config) });
    } catch (err) {
      ctx.log.error({ err, plugin: p.plugin.manifest.slug_name }, 'notification plugin subscription failed');
    }
  }
  return out;
}

/** Whether a subscription's tag filter lets a question with these tag slugs through (no filter: every question). */
export function tagsMatch(sub: NoticeSubscription, tags: readonly { slug_name: string }[]): boolean {
  if (!sub.tags.length) return true;
  return tags.some((t) => sub.tags.includes(t.slug_name.toLowerCase()));
}

/** The unique outbox key of a notice: one per plugin, event and object (question or flag). */
export function noticeKey(slug: string, event: NoticeEvent, objectId: string): string {
  return `chat:${slug}:${event}:${objectId}`;
}

/**
 * Queues a notice for one plugin unless it was queued before.
 * @returns true when a row was written
 */
export async function queueNotice(db: Db, payload: NoticePayload): Promise<boolean> {
  const now = nowSeconds();
  const objectId = payload.event === 'flag.created' ? payload.flag_id ?? '' : payload.question_id;
  return repo.insertNotice(db, {
    id: randomUUID().replace(/-/g, ''),
    payload: JSON.stringify(payload),
    status: repo.NoticeStatus.pending,
    attempts: 0,
    next_attempt_at: now,
    last_error: '',
    created_at: now,
    updated_at: now,
    dedup_key: noticeKey(payload.slug, payload.event, objectId),
  });
}

/**
 * The notice of a queued row as the plugin gets it, built from the database now, or null when it must not be sent:
 * the question (or the flagged post) is no longer public, or is gone.
 */
export async function buildNotice(ctx: AppContext, db: Db, payload: NoticePayload, sub: NoticeSubscription): Promise<ChatNotice | null> {
  const q = await repo.findQuestion(db, payload.question_id);
  if (!q || !repo.isPublicQuestion(q)) return null;
  const s = await getSettings(ctx);
  const lang = s.interface.language || 'en_US';
  const site = String(s.general.site_url ?? '').replace(/\/+$/, '');
  const style = Number(s.site_seo.permalink);
  const questionUrl = `${site}${questionPath(q.id, q.title, style)}`;
  const notice: ChatNotice = {
    id: `${payload.event.replace('.', '_')}_${payload.event === 'flag.created' ? payload.flag_id : q.id}`,
    event: payload.event,
    site_name: String(s.general.name ?? ''),
    site_url: site,
    headline: '',
    labels: { tags: translate('chat_notice.label_tags', lang), review: translate('chat_notice.label_review', lang) },
    question: { id: q.id, title: q.title, url: questionUrl, tags: q.tags.map((t) => t.display_name || t.slug_name), excerpt: excerpt(q.parsed_text, 300), author: q.author, created_at: q.created_at },
  };
  if (payload.event === 'question.created') notice.headline = translate('chat_notice.headline_new_question', lang, { user: q.author });
  else if (payload.event === 'question.unanswered') notice.headline = translate('chat_notice.headline_unanswered', lang, { hours: sub.unanswered_hours });
  else {
    const flag = await repo.findFlag(db, payload.flag_id ?? '');
    const post = flag && (await repo.flaggedPost(db, flag.object_type, flag.object_id));
    if (!flag || !post || !post.public) return null;
    const type = flag.object_type as 'question' | 'answer' | 'comment';
    let url = post.answer_id ? `${site}${questionPath(q.id, q.title, style, post.answer_id)}` : questionUrl;
    if (type === 'comment') url += `?commentId=${encodeURIComponent(flag.object_id)}`;
    notice.headline = translate(`chat_notice.headline_flagged_${type}`, lang);
    notice.question.excerpt = '';
    notice.flag = { object_type: type, url, review_url: `${site}/review` };
  }
  return notice;
}

/** The question a domain event is about, when it is one chat notices carry. */
async function eventSubject(db: Db, e: DomainEvent): Promise<{ event: NoticeEvent; question_id: string; flag_id?: string } | null> {
  if (e.type === 'question.created') return { event: 'question.created', question_id: e.question_id };
  if (e.type === 'flag.created') {
    if (!['question', 'answer', 'comment'].includes(e.object_type)) return null;
    const post = await repo.flaggedPost(db, e.object_type, e.object_id);
    if (!post || !post.public) return null;
    return { event: 'flag.created', question_id: post.question_id, flag_id: e.flag_id };
  }
  return null;
}

/**
 * Queues the notices of one domain event for every enabled plugin that asks for it (event and tags), when the
 * question is public now.
 * @returns how many rows were queued
 */
export async function queueEventNotices(ctx: AppContext, e: DomainEvent): Promise<number> {
  if (e.type !== 'question.created' && e.type !== 'flag.created') return 0;
  const db = ctx.database;
  if (!db) return 0;
  const plugins = await noticePlugins(ctx);
  if (!plugins.length) return 0;
  const subject = await eventSubject(db, e);
  if (!subject) return 0;
  const q = await repo.findQuestion(db, subject.question_id);
  if (!q || !repo.isPublicQuestion(q)) return 0;
  let n = 0;
  for (const p of plugins) {
    if (!p.subscription.events.includes(subject.event) || !tagsMatch(p.subscription, q.tags)) continue;
    if (await queueNotice(db, { slug: p.plugin.manifest.slug_name, ...subject })) n++;
  }
  return n;
}
