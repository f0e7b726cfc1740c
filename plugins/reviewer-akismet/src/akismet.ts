/**
 * Akismet's REST API (https://akismet.com/developers/), the three calls a reviewer needs, each a form POST:
 * - `POST {api}/1.1/comment-check`: body `true` (spam) or `false` (not spam); with `true`, the header
 *   `X-akismet-pro-tip: discard` marks blatant spam that need not be kept; any other body (Akismet answers
 *   `invalid` to a bad key, with an `X-akismet-debug-help` header saying why) is an error.
 * - `POST {api}/1.1/submit-spam` and `submit-ham`: the same fields, for a post Akismet let through that was spam
 *   and one it flagged that was not; both answer `Thanks for making the web a better place.`, anything else is
 *   an error.
 * Fields: `api_key`, `blog` (the site's front page), `user_ip`, `user_agent`, `referrer`, `permalink`,
 * `comment_type`, `comment_author`, `comment_author_email`, `comment_author_url`, `comment_content`, `blog_lang`,
 * `blog_charset`, `user_role`, and `is_test` when testing.
 */
import type { PluginFetch, ReviewSubject } from '@quorum/plugin-api';

/** Akismet's default address. */
export const AKISMET_API_URL = 'https://rest.akismet.com';
const THANKS = 'Thanks for making the web a better place.';

/** What the calls need from the plugin's configuration. */
export interface AkismetSettings {
  api_url: string;
  api_key: string;
  blog: string;
  is_test: boolean;
  fetch: PluginFetch;
}

/** comment-check's answer. */
export type AkismetCheck = 'ham' | 'spam' | 'discard';

/** Akismet's comment types for each kind of text (its documented `forum-post`, `reply`, `comment`, `signup`). */
const COMMENT_TYPE: Record<ReviewSubject['object_type'], string> = { question: 'forum-post', answer: 'reply', comment: 'comment', profile: 'signup' };

/** Quorum's language code as Akismet's `blog_lang` (`en_US` → `en`). */
function blogLang(language: string): string {
  return language.split(/[_-]/)[0]!.toLowerCase() || 'en';
}

/** The form of one subject (see the file header). */
export function akismetForm(s: AkismetSettings, subject: ReviewSubject): URLSearchParams {
  const form = new URLSearchParams({
    api_key: s.api_key,
    blog: s.blog,
    user_ip: subject.user_ip,
    user_agent: subject.user_agent,
    referrer: subject.referrer,
    permalink: subject.permalink,
    comment_type: COMMENT_TYPE[subject.object_type],
    comment_author: subject.author.display_name || subject.author.username,
    comment_author_email: subject.author.email,
    comment_author_url: subject.website,
    comment_content: [subject.title, subject.content].filter(Boolean).join('\n\n'),
    blog_lang: blogLang(subject.language),
    blog_charset: 'UTF-8',
  });
  if (s.is_test) form.set('is_test', 'true');
  return form;
}

async function post(s: AkismetSettings, call: string, form: URLSearchParams): Promise<{ body: string; headers: Headers }> {
  const url = `${s.api_url.replace(/\/+$/, '')}/1.1/${call}`;
  const res = await s.fetch(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } });
  const body = (await res.text()).trim();
  if (!res.ok) throw new Error(`Akismet ${call} answered HTTP ${res.status}: ${body.slice(0, 200)}`);
  return { body, headers: res.headers };
}

/** Why Akismet refused a call, from its debug header, for the error message. */
function debugHelp(headers: Headers, body: string): string {
  const help = headers.get('x-akismet-debug-help');
  return help ? `${body.slice(0, 100)} (${help.slice(0, 200)})` : JSON.stringify(body.slice(0, 100));
}

/**
 * comment-check.
 * @throws Error when Akismet answers anything but `true` or `false` (naming its debug help), or HTTP errors
 */
export async function commentCheck(s: AkismetSettings, subject: ReviewSubject): Promise<AkismetCheck> {
  const { body, headers } = await post(s, 'comment-check', akismetForm(s, subject));
  if (body === 'false') return 'ham';
  if (body === 'true') return headers.get('x-akismet-pro-tip')?.toLowerCase() === 'discard' ? 'discard' : 'spam';
  throw new Error(`Akismet comment-check gave no verdict: ${debugHelp(headers, body)}`);
}

/**
 * submit-spam or submit-ham.
 * @throws Error when Akismet does not thank
 */
export async function submit(s: AkismetSettings, kind: 'spam' | 'ham', subject: ReviewSubject): Promise<void> {
  const { body, headers } = await post(s, `submit-${kind}`, akismetForm(s, subject));
  if (body !== THANKS) throw new Error(`Akismet submit-${kind} failed: ${debugHelp(headers, body)}`);
}
