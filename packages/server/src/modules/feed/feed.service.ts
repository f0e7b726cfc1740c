/**
 * The site's feeds (RSS 2.0 and Atom 1.0, written by the `feed` library): newest, active and unanswered
 * questions, a tag's questions, a question with its answers, a member's posts, and search results.
 *
 * Every entry comes from the site's own public HTTP API, called in process (`app.inject`) with no credential, from
 * the reader's address: a feed holds exactly what an anonymous reader of the site is shown — no deleted, pending,
 * hidden or private post, nothing of a private site (the API answers 401 there, and the feed 404) — and the same
 * rate limits count its calls.
 */
import type { FastifyInstance } from 'fastify';
import { Feed, type Item } from 'feed';
import { FEED_SIZE, questionPath, type FeedFormat, type FeedOrder } from '@quorum/contract';
import { translate } from '../../core/i18n.js';
import type { SiteSettings } from '../siteinfo/index.js';

/** What a feed is of. */
export type FeedSubject =
  | { kind: 'questions'; order: FeedOrder }
  | { kind: 'tag'; tag: string; order: FeedOrder }
  | { kind: 'question'; id: string }
  | { kind: 'user'; username: string }
  | { kind: 'search'; q: string };

/** A feed ready to send: its XML, the newest entry's time (Last-Modified) and its content type. */
export interface FeedDocument {
  xml: string;
  updated: Date;
  type: string;
}

/** An API call answered with anything but 2xx: the status (a 404 for a subject that does not exist, 401 on a private site). */
export class FeedSourceError extends Error {
  constructor(readonly status: number) {
    super(`feed source answered ${status}`);
  }
}

interface UserBrief {
  username?: string;
  display_name?: string;
}
interface TagBrief {
  slug_name?: string;
  display_name?: string;
}
interface ListQuestion {
  id: string;
  title: string;
  url_title?: string;
  description?: string;
  created_at: number;
  operated_at?: number;
  operator?: UserBrief;
  tags?: TagBrief[];
}
interface QuestionInfo {
  id: string;
  title: string;
  url_title?: string;
  html: string;
  description?: string;
  created_at: number;
  update_time?: number;
  user_info?: UserBrief;
  tags?: TagBrief[];
}
interface AnswerItem {
  id: string;
  html: string;
  create_time: number;
  update_time?: number;
  user_info?: UserBrief;
}
interface PersonalQuestion {
  id: string;
  title: string;
  url_title?: string;
  description?: string;
  created_at: number;
  update_time?: number;
  tags?: TagBrief[];
}
interface PersonalAnswer {
  answer_id: string;
  question_id: string;
  description?: string;
  create_time: number;
  update_time?: number;
  question_info: { id: string; title: string; url_title?: string; tags?: TagBrief[] };
}
interface SearchHit {
  object_type: 'question' | 'answer';
  object: { id: string; question_id: string; title: string; url_title?: string; excerpt?: string; created_at: number; user_info?: UserBrief; tags?: TagBrief[] };
}

/** How the feed reads the API: anonymous, from `ip`, in `lang`. */
interface Source {
  app: FastifyInstance;
  ip: string;
  lang: string;
}

async function call<T>(src: Source, url: string): Promise<T> {
  const res = await src.app.inject({ method: 'GET', url, remoteAddress: src.ip, headers: { 'accept-language': src.lang } });
  if (res.statusCode < 200 || res.statusCode >= 300) throw new FeedSourceError(res.statusCode);
  return (res.json() as { data: T }).data;
}

const seconds = (t: number | undefined) => new Date((t ?? 0) * 1000);
const author = (u: UserBrief | undefined, site: string) =>
  u?.username ? [{ name: u.display_name || u.username, link: `${site}/users/${encodeURIComponent(u.username)}` }] : undefined;
const categories = (tags: TagBrief[] | undefined, site: string) =>
  (tags ?? []).map((t) => ({ name: t.display_name || t.slug_name, term: t.slug_name, domain: `${site}/tags/${encodeURIComponent(t.slug_name ?? '')}` }));

/**
 * Makes root-relative links and images of a post's sanitized HTML absolute (`/uploads/…` → `<site>/uploads/…`), as
 * a feed reader shows the HTML away from the site.
 */
export function absoluteLinks(html: string, site: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, (_m, attr: string) => `${attr}${site}/`);
}

/** The feed's entries and title for `subject`. @throws FeedSourceError when the API refuses (unknown subject, private site) */
async function entries(src: Source, s: SiteSettings, subject: FeedSubject): Promise<{ title: string; link: string; items: Item[] }> {
  const site = s.general.site_url;
  const style = s.site_seo.permalink;
  const lang = src.lang;
  const path = (id: string, title: string, slug?: string, answerId?: string) => `${site}${questionPath(id, title, style, answerId, slug || undefined)}`;
  const questionItem = (q: ListQuestion | PersonalQuestion, who?: UserBrief, updated?: number): Item => ({
    title: q.title,
    id: path(q.id, q.title, q.url_title),
    link: path(q.id, q.title, q.url_title),
    description: q.description ?? '',
    date: seconds(updated ?? q.created_at),
    published: seconds(q.created_at),
    author: author(who, site),
    category: categories(q.tags, site),
  });
  switch (subject.kind) {
    case 'questions':
    case 'tag': {
      const tag = subject.kind === 'tag' ? subject.tag : '';
      const qs = new URLSearchParams({ order: subject.order, page: '1', page_size: String(FEED_SIZE), ...(tag ? { tag } : {}) });
      // A tag that does not exist is a 404, not an empty feed.
      if (tag) await call(src, `/answer/api/v1/tag?name=${encodeURIComponent(tag)}`);
      const data = await call<{ list: ListQuestion[] }>(src, `/answer/api/v1/question/page?${qs}`);
      const order = translate(`feed.order_${subject.order}`, lang);
      return {
        title: tag ? translate('feed.tag_title', lang, { tag, order, site: s.general.name }) : translate('feed.questions_title', lang, { order, site: s.general.name }),
        link: tag ? `${site}/tags/${encodeURIComponent(tag)}` : `${site}/questions${subject.order === 'newest' ? '' : `?order=${subject.order}`}`,
        items: data.list.map((q) => questionItem(q, q.operator, subject.order === 'active' ? q.operated_at : undefined)),
      };
    }
    case 'question': {
      const q = await call<QuestionInfo>(src, `/answer/api/v1/question/info?id=${encodeURIComponent(subject.id)}`);
      const answers = await call<{ list: AnswerItem[] }>(src, `/answer/api/v1/answer/page?question_id=${encodeURIComponent(q.id)}&order=created&page=1&page_size=${FEED_SIZE}`);
      const link = path(q.id, q.title, q.url_title);
      const items: Item[] = [
        { title: q.title, id: link, link, content: absoluteLinks(q.html, site), description: q.description ?? '', date: seconds(q.update_time || q.created_at), published: seconds(q.created_at), author: author(q.user_info, site), category: categories(q.tags, site) },
        ...answers.list.map((a) => {
          const at = path(q.id, q.title, q.url_title, a.id);
          const by = a.user_info?.display_name || a.user_info?.username || '';
          return { title: translate('feed.answer_title', lang, { user: by, title: q.title }), id: at, link: at, content: absoluteLinks(a.html, site), date: seconds(a.update_time || a.create_time), published: seconds(a.create_time), author: author(a.user_info, site) };
        }),
      ];
      return { title: q.title, link, items };
    }
    case 'user': {
      const name = encodeURIComponent(subject.username);
      const profile = await call<UserBrief>(src, `/answer/api/v1/personal/user/info?username=${name}`);
      const page = `username=${name}&order=newest&page=1&page_size=${FEED_SIZE}`;
      const [questions, answers] = await Promise.all([
        call<{ list: PersonalQuestion[] }>(src, `/answer/api/v1/personal/question/page?${page}`),
        call<{ list: PersonalAnswer[] }>(src, `/answer/api/v1/personal/answer/page?${page}`),
      ]);
      const display = profile.display_name || subject.username;
      const items = [
        ...questions.list.map((q) => questionItem(q, profile)),
        ...answers.list.map((a): Item => {
          const at = path(a.question_info.id, a.question_info.title, a.question_info.url_title, a.answer_id);
          return { title: translate('feed.answer_title', lang, { user: display, title: a.question_info.title }), id: at, link: at, description: a.description ?? '', date: seconds(a.create_time), published: seconds(a.create_time), author: author(profile, site), category: categories(a.question_info.tags, site) };
        }),
      ]
        .sort((x, y) => y.date.getTime() - x.date.getTime())
        .slice(0, FEED_SIZE);
      return { title: translate('feed.user_title', lang, { user: display, site: s.general.name }), link: `${site}/users/${name}`, items };
    }
    case 'search': {
      const data = subject.q ? await call<{ list: SearchHit[] }>(src, `/answer/api/v1/search?${new URLSearchParams({ q: subject.q, order: 'newest', page: '1', size: String(FEED_SIZE) })}`) : { list: [] };
      return {
        title: translate('feed.search_title', lang, { q: subject.q, site: s.general.name }),
        link: `${site}/search?q=${encodeURIComponent(subject.q)}`,
        items: data.list.map(({ object_type, object: o }): Item => {
          const at = path(o.question_id, o.title, o.url_title, object_type === 'answer' ? o.id : undefined);
          const title = object_type === 'answer' ? translate('feed.answer_title', lang, { user: o.user_info?.display_name || o.user_info?.username || '', title: o.title }) : o.title;
          return { title, id: at, link: at, description: o.excerpt ?? '', date: seconds(o.created_at), published: seconds(o.created_at), author: author(o.user_info, site), category: categories(o.tags, site) };
        }),
      };
    }
  }
}

/**
 * Builds the feed of `subject` in `format`.
 * @param self the feed's own address (absolute), written as its `self` link
 * @throws FeedSourceError when the subject does not exist or the site is private
 */
export async function buildFeed(app: FastifyInstance, s: SiteSettings, subject: FeedSubject, format: FeedFormat, self: string, ip: string): Promise<FeedDocument> {
  const lang = s.interface.language || 'en_US';
  const { title, link, items } = await entries({ app, ip, lang }, s, subject);
  const updated = items.reduce((max, i) => (i.date > max ? i.date : max), new Date(0));
  const feed = new Feed({
    title,
    id: link,
    link,
    description: s.general.short_description || s.general.description || s.general.name,
    language: lang.replace('_', '-'),
    updated,
    generator: 'Quorum',
    feedLinks: { [format]: self },
    ...(s.branding?.favicon ? { favicon: s.branding.favicon.startsWith('/') ? `${s.general.site_url}${s.branding.favicon}` : s.branding.favicon } : {}),
  });
  for (const item of items) feed.addItem(item);
  return format === 'rss'
    ? { xml: feed.rss2(), updated, type: 'application/rss+xml; charset=utf-8' }
    : { xml: feed.atom1(), updated, type: 'application/atom+xml; charset=utf-8' };
}
