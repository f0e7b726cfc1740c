/**
 * Hooks of a `notification` plugin: tells a chat tool (or any outside service) about what happens on the site.
 * The server (modules/chat-notice) decides what is sent and when; the plugin only says what its configuration asks
 * for (`subscription`), where it will send (`targets`, checked by the server's address guard when the settings are
 * saved) and delivers one notice (`send`).
 *
 * Events: `question.created` (a new public question), `question.unanswered` (a public question still without an
 * answer N hours after it was asked, once per question) and `flag.created` (a member flagged a public question,
 * answer or comment). A question that is hidden (unlisted), waiting for review or deleted is never handed to a
 * plugin, neither when the notice is queued nor when it is sent.
 *
 * Each notice is a row of the server's durable outbox: a `send` that throws is retried with back-off (30 s
 * doubling, at most 6 h, 8 attempts), and its error is kept as the plugin's last error on the admin plugins page.
 * A retry hands over the same notice (same `id`), so a receiver that deduplicates (Matrix transaction ids) sees
 * it once.
 *
 * The idea follows Answer's notification plugins (Slack, Lark, DingTalk, WeCom); the shapes are Quorum's.
 */
import type { PluginConfig, PluginFetch } from './index.js';

/** What a notice is about. */
export type NoticeEvent = 'question.created' | 'question.unanswered' | 'flag.created';

/** Every notice event, in the order forms list them. */
export const NOTICE_EVENTS: readonly NoticeEvent[] = ['question.created', 'question.unanswered', 'flag.created'];

/** What a plugin's configuration asks for. */
export interface NoticeSubscription {
  events: readonly NoticeEvent[];
  /** tag slugs (lower case); a notice is sent when the question has one of them; empty: every question */
  tags: readonly string[];
  /** for `question.unanswered`: hours without an answer (a whole number, 1 or more) */
  unanswered_hours: number;
}

/** One notice, in plain text; the plugin escapes it for its format. */
export interface ChatNotice {
  /** stable id of this notice (the same on every retry), [a-z0-9_]+ */
  id: string;
  event: NoticeEvent;
  /** the site's name and public base URL without a trailing slash */
  site_name: string;
  site_url: string;
  /** what happened, in the site's language, e.g. "New question" or "Unanswered for 24 hours" */
  headline: string;
  /** fixed words in the site's language: in front of the tag list ("Tags") and of the review link ("Review queue") */
  labels: { tags: string; review: string };
  /** the question (of the flagged post, for a flag) */
  question: {
    id: string;
    title: string;
    /** absolute URL of the question page */
    url: string;
    /** display names of its tags */
    tags: string[];
    /** the start of its text, plain, at most 300 characters ('' for a flag) */
    excerpt: string;
    /** the asker's display name */
    author: string;
    /** unix seconds */
    created_at: number;
  };
  /** for `flag.created`: what was flagged and where moderators decide */
  flag?: {
    object_type: 'question' | 'answer' | 'comment';
    /** absolute URL of the flagged post */
    url: string;
    /** absolute URL of the review queue */
    review_url: string;
  };
}

/** What `send` receives beside the notice. */
export interface NotificationContext {
  config: PluginConfig;
  /** the fetch for every outbound request (plugin-api PluginFetch: the server's address guard applies) */
  fetch: PluginFetch;
}

/** Hooks of a `notification` plugin. */
export interface NotificationHooks {
  /** The events and tags a configuration asks for. */
  subscription(config: PluginConfig): NoticeSubscription;
  /**
   * The addresses a configuration sends to, each with the field it comes from: the server refuses to save a
   * configuration whose address is, or resolves to, a private or reserved one (a field error on that field).
   */
  targets(config: PluginConfig): { field: string; url: string }[];
  /** Delivers one notice. Throwing (an HTTP error, no answer) retries it later. */
  send(nc: NotificationContext, notice: ChatNotice): Promise<void>;
}
