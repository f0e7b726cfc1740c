/**
 * Addresses of the feeds (feed.routes.ts) and the auto-discovery links server-rendered pages put in their head
 * (`<link rel="alternate" type="application/atom+xml" …>`, RSS beside it), so a browser or a feed reader given a
 * page's address finds its feed.
 */
import type { FeedFormat } from '@quorum/contract';
import { translate } from '../../core/i18n.js';
import type { FeedSubject } from './feed.service.js';

/** A feed a page offers: its MIME type, a title readers show, its absolute address. */
export interface FeedLink {
  type: 'application/atom+xml' | 'application/rss+xml';
  title: string;
  href: string;
}

/** Path and query of the feed of `subject` in `format` (Atom when left out), e.g. `/feeds/tags/ipa?format=rss`. */
export function feedPath(subject: FeedSubject, format: FeedFormat = 'atom'): string {
  const q = new URLSearchParams();
  if ((subject.kind === 'questions' || subject.kind === 'tag') && subject.order !== 'newest') q.set('order', subject.order);
  if (subject.kind === 'search') q.set('q', subject.q);
  if (format !== 'atom') q.set('format', format);
  const path =
    subject.kind === 'questions'
      ? '/feeds'
      : subject.kind === 'tag'
        ? `/feeds/tags/${encodeURIComponent(subject.tag)}`
        : subject.kind === 'question'
          ? `/feeds/questions/${encodeURIComponent(subject.id)}`
          : subject.kind === 'user'
            ? `/feeds/users/${encodeURIComponent(subject.username)}`
            : '/feeds/search';
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The Atom and RSS links of `subject` for a page's head, titled in `lang` ("Newest questions (Atom)").
 * @param site the site's address (general.site_url), without a trailing slash
 */
export function feedLinks(site: string, subject: FeedSubject, lang: string): FeedLink[] {
  const what =
    subject.kind === 'questions' || subject.kind === 'tag'
      ? translate(`feed.order_${subject.order}`, lang)
      : subject.kind === 'question'
        ? translate('feed.link_question', lang)
        : subject.kind === 'user'
          ? translate('feed.link_user', lang)
          : translate('feed.link_search', lang);
  return [
    { type: 'application/atom+xml', title: `${what} (Atom)`, href: `${site}${feedPath(subject)}` },
    { type: 'application/rss+xml', title: `${what} (RSS)`, href: `${site}${feedPath(subject, 'rss')}` },
  ];
}
