/**
 * Hooks of a `reviewer` plugin: scores a member's text before it is published. The server calls every enabled
 * reviewer (and its built-in one, modules/reviewer) on each new or edited question, answer and comment and on each
 * profile change (display name, bio, website), and applies the strictest verdict: reject > queue > pass.
 *
 * A hook that throws or takes longer than the site's reviewer timeout (spam setting `reviewer_timeout_seconds`,
 * default 3) counts as "queue": the post waits for a moderator rather than being lost or published unreviewed,
 * and the error is kept as the plugin's last error on the admin plugins page.
 *
 * The idea follows Answer's reviewer plugins (a review call returning approve, review or reject); the shapes are
 * Quorum's.
 */
import type { PluginConfig, PluginFetch } from './index.js';

/** What is reviewed. */
export interface ReviewSubject {
  object_type: 'question' | 'answer' | 'comment' | 'profile';
  action: 'create' | 'edit';
  /** the post's id once it exists (edits, and the moderator's feedback); '' for a new post being checked */
  object_id: string;
  /** a question's title, a profile's display name, else '' */
  title: string;
  /** markdown source of the post; for a profile its bio */
  content: string;
  /** a profile's website, else '' */
  website: string;
  /** the author */
  author: {
    id: string;
    username: string;
    display_name: string;
    email: string;
    reputation: number;
    /** sign-up time, unix seconds */
    created_at: number;
  };
  /** the author's request: address, user agent and referrer ('' when unknown) */
  user_ip: string;
  user_agent: string;
  referrer: string;
  /** the site's address of the post (or profile), '' when not known yet */
  permalink: string;
  /** the member's interface language, e.g. `en_US` */
  language: string;
}

/**
 * A reviewer's verdict. `reason` is a short text for moderators (shown as why the post waits) and the logs;
 * the member is told in their own language by the server.
 */
export type ReviewVerdict = { decision: 'pass' } | { decision: 'queue'; reason: string } | { decision: 'reject'; reason: string };

/** What every reviewer hook receives beside the subject. */
export interface ReviewerContext {
  config: PluginConfig;
  /** the fetch for every outbound request (plugin-api PluginFetch); it is aborted when the review times out */
  fetch: PluginFetch;
  /** the site's public base URL without a trailing slash */
  site_url: string;
}

/** Hooks of a `reviewer` plugin. */
export interface ReviewerHooks {
  /** Scores one text. Throwing (or answering something unusable) queues the post. */
  review(rc: ReviewerContext, subject: ReviewSubject): Promise<ReviewVerdict>;
  /** Told when a moderator rejects a queued post as spam (Akismet's submit-spam); optional. */
  reportSpam?(rc: ReviewerContext, subject: ReviewSubject): Promise<void>;
  /** Told when a moderator approves a queued post (Akismet's submit-ham); optional. */
  reportHam?(rc: ReviewerContext, subject: ReviewSubject): Promise<void>;
}
