/**
 * /users: the member directory (spec §2 "user list"; GET /user/directory). Every listed member as a card in a grid
 * that reflows from one column on a phone to four, sorted by reputation, newest, votes cast, edits made or the staff
 * alone, filtered by the start of a name as the visitor types (debounced), paged with real links. The state lives in
 * the address (`/users?sort=voters&q=ann&page=2`, defaults left out), so it survives reloads and is shared as a link.
 * (Answer's weekly lists, GET /user/ranking, are left to Answer's client: they did not fit the page's JavaScript
 * budget beside the directory, whose orders cover reputation, votes and the staff.) Server-rendered (modules/ssr) with the page's
 * data embedded, so hydration neither fetches nor moves anything; avatars have their size before they load.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DirectorySort } from '@quorum/contract';
import { Link } from '../../components/Link';
import { usePageTitle } from '../../lib/usePageTitle';
import { DIRECTORY_MAX_PAGE, DIRECTORY_QUERY_MAX, DIRECTORY_SORTS } from './directory';
import { MemberGrid } from './MemberGrid';

const FILTER_DEBOUNCE_MS = 300;

/**
 * The page's state from its address: unknown sorts become reputation, pages 1 to 10,000, the name trimmed to 30
 * (as the server reads it: modules/ssr/ssr.users.ts).
 */
export function usersState(params: URLSearchParams): { sort: DirectorySort; q: string; page: number } {
  const raw = params.get('sort') ?? '';
  const sort = (DIRECTORY_SORTS as readonly string[]).includes(raw) ? (raw as DirectorySort) : 'reputation';
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n >= 1 ? Math.min(n, DIRECTORY_MAX_PAGE) : 1;
  return { sort, q: (params.get('q') ?? '').trim().slice(0, DIRECTORY_QUERY_MAX).trim(), page };
}

/** A directory address; defaults are left out. */
export function usersHref(sort: DirectorySort, page: number, q: string): string {
  const p = new URLSearchParams();
  if (sort !== 'reputation') p.set('sort', sort);
  if (q) p.set('q', q);
  if (page > 1) p.set('page', String(page));
  const qs = p.toString();
  return qs ? `/users?${qs}` : '/users';
}

/** The member directory page. */
export default function UserListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { sort, q, page } = usersState(params);
  const [typed, setTyped] = useState(q);
  usePageTitle(t('member_directory.title'));

  // The box follows the address (back / forward); the address follows the box, debounced and without new history
  // entries.
  useEffect(() => setTyped(q), [q]);
  const apply = (text: string) => {
    const next = text.trim();
    if (next === q) return;
    const href = usersHref(sort, 1, next);
    setParams(new URLSearchParams(href.split('?')[1] ?? ''), { replace: true });
  };
  useEffect(() => {
    const timer = setTimeout(() => apply(typed), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <div className="container">
      <h1 className="h3 mb-1">{t('member_directory.title')}</h1>
      <p className="text-body-secondary small mb-3">{t('member_directory.intro')}</p>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <form
          role="search"
          style={{ flex: '1 1 16rem', maxWidth: '24rem' }}
          onSubmit={(e) => {
            e.preventDefault();
            apply(typed);
          }}
        >
          <label htmlFor="q-member-filter" className="visually-hidden">
            {t('member_directory.search_label')}
          </label>
          <input id="q-member-filter" className="form-control" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('member_directory.search_placeholder')} maxLength={DIRECTORY_QUERY_MAX} autoComplete="off" />
        </form>
        <nav aria-label={t('member_directory.sort_label')}>
          <ul className="nav nav-underline flex-wrap column-gap-3 row-gap-1">
            {DIRECTORY_SORTS.map((s) => (
              <li key={s} className="nav-item">
                <Link to={usersHref(s, 1, q)} className={`nav-link py-1${s === sort ? ' active' : ''}`} aria-current={s === sort ? 'page' : undefined}>
                  {t(`member_directory.sort.${s}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <MemberGrid sort={sort} q={q} page={page} hrefFor={(p) => usersHref(sort, p, q)} clearHref={usersHref(sort, 1, '')} />
    </div>
  );
}
