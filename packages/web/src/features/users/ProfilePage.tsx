/**
 * /users/:username and /users/:username/:tabName (spec §2): the profile header and its tabs: overview,
 * answers, questions, bookmarks, comments, reputation, votes. Bookmarks and votes only for the owner.
 */
import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { Avatar } from '../../components/Avatar';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../lib/auth';
import { formatCount, formatDate } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../errors/NotFoundPage';
import { useFlag } from '../flag/useFlag';
import { UserBadges } from '../badges/UserBadges';
import { ProfileGroups } from '../groups/ProfileGroups';
import { useMemberGroups } from '../groups/api';
import { useUserBadges } from '../badges/api';
import { useProfile, useTopPosts, type Profile } from './api';
import { ListTab, OverviewTab, OWNER_TABS, PROFILE_TABS, type ProfileTab } from './ProfileTabs';

/** Only http(s) links are shown as links. */
function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : null;
}

function ProfileHeader({ p, own }: { p: Profile; own: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const flag = useFlag();
  const name = p.display_name || p.username;
  const website = safeUrl(p.website);
  return (
    <header className="d-flex flex-column flex-sm-row gap-3 mb-4">
      <Avatar src={p.avatar} name={name} size={112} className="flex-shrink-0 shadow-sm" />
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h3 mb-0 text-break">{name}</h1>
          {p.status === 'suspended' ? <span className="badge text-bg-danger">{t('user_profile.suspended')}</span> : null}
          {own ? (
            <Link to="/users/settings/profile" className="btn btn-sm btn-outline-secondary ms-sm-auto">
              {t('user_profile.edit')}
            </Link>
          ) : null}
          {user && !own ? (
            <button type="button" className="btn btn-sm btn-link text-body-secondary text-decoration-none ms-sm-auto" onClick={() => flag.open('user', p.id)}>
              {t('flag.action')}
            </button>
          ) : null}
          {flag.dialog}
        </div>
        <p className="text-body-secondary mb-2">@{p.username}</p>
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-2">
          <li>
            <strong className="fs-5">{formatCount(p.rank)}</strong> <span className="text-body-secondary small">{t('user_profile.reputation')}</span>
          </li>
          <li>
            <strong className="fs-5">{formatCount(p.answer_count)}</strong> <span className="text-body-secondary small">{t('user_profile.answers_label', { count: p.answer_count })}</span>
          </li>
          <li>
            <strong className="fs-5">{formatCount(p.question_count)}</strong> <span className="text-body-secondary small">{t('user_profile.questions_label', { count: p.question_count })}</span>
          </li>
        </ul>
        <ul className="list-unstyled d-flex flex-wrap gap-3 small text-body-secondary mb-2">
          {p.location ? (
            <li>
              <span className="visually-hidden">{t('user_profile.location')}: </span>
              <span aria-hidden="true">⌖ </span>
              {p.location}
            </li>
          ) : null}
          {website ? (
            <li className="text-truncate" style={{ maxWidth: '20rem' }}>
              <span className="visually-hidden">{t('user_profile.website')}: </span>
              <a href={website} rel="nofollow ugc noopener" target="_blank">
                {website.replace(/^https?:\/\//i, '')}
              </a>
            </li>
          ) : null}
          {p.created_at ? <li>{t('user_profile.member_since', { date: formatDate(p.created_at, i18n.language) })}</li> : null}
        </ul>
        {p.bio_html ? <div className="q-profile-bio text-break" dangerouslySetInnerHTML={{ __html: p.bio_html }} /> : null}
        <UserBadges username={p.username} />
        <ProfileGroups username={p.username} />
      </div>
    </header>
  );
}

function HeaderSkeleton() {
  return (
    <div className="d-flex gap-3 mb-4" aria-hidden="true">
      <div className="q-skeleton rounded" style={{ width: 112, height: 112 }} />
      <div className="flex-grow-1">
        <div className="q-skeleton mb-2" style={{ height: 24, width: '40%' }} />
        <div className="q-skeleton mb-2" style={{ height: 14, width: '20%' }} />
        <div className="q-skeleton" style={{ height: 14, width: '50%' }} />
      </div>
    </div>
  );
}

/** The profile page. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { username = '', tabName = 'overview' } = useParams();
  const [params] = useSearchParams();
  const { user, isLoading: userLoading } = useCurrentUser();
  const permalink = permalinkStyle(useSiteInfo());
  const { data: profile, isPending, isError } = useProfile(username);
  const tab = (PROFILE_TABS as readonly string[]).includes(tabName) ? (tabName as ProfileTab) : null;
  // The header's badges and groups and the overview's top posts are asked for with the profile, not once it is in (the same
  // queries as UserBadges' and OverviewTab's), and the page shows when they are all in: on a phone the sections
  // came in one after another after the first paint, each moving what was below it (a CLS of 0.34,
  // docs/BENCHMARKS.md "Phone speed (Lighthouse)"). Until then the page holds the viewport's height, so the
  // footer is below the fold before and after.
  const badges = useUserBadges(username);
  const top = useTopPosts(username, tab === 'overview');
  const groups = useMemberGroups(username);
  const waiting = isPending || badges.isPending || groups.isPending || (tab === 'overview' && top.isPending);
  const slow = useDelayedFlag(waiting);
  const own = !!user && !!profile && user.username.toLowerCase() === profile.username.toLowerCase();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const order = params.get('order') === 'score' ? 'score' : 'newest';
  const name = profile ? profile.display_name || profile.username : username;
  usePageTitle(tab && tab !== 'overview' ? `${name} - ${t(`user_profile.tab.${tab}`)}` : name);

  if (!tab) return <NotFoundPage />;
  if (isError && !profile) return null; // 404 page (allow404) or a toast already shown
  if (profile && OWNER_TABS.includes(tab) && !own) return userLoading ? <PageSpinner /> : <NotFoundPage />;

  const base = `/users/${encodeURIComponent(profile?.username ?? username)}`;
  const tabHref = (name: ProfileTab) => (name === 'overview' ? base : `${base}/${name}`);
  const hrefFor = (p: number, o: 'newest' | 'score') => {
    const q = new URLSearchParams();
    if (o !== 'newest') q.set('order', o);
    if (p > 1) q.set('page', String(p));
    const qs = q.toString();
    return `${tabHref(tab)}${qs ? `?${qs}` : ''}`;
  };
  const visibleTabs = PROFILE_TABS.filter((x) => own || !OWNER_TABS.includes(x));
  if (!profile || waiting) {
    return (
      <div className="container" style={{ minHeight: '100vh' }}>
        {slow ? <HeaderSkeleton /> : null}
      </div>
    );
  }
  return (
    <div className="container">
      <ProfileHeader p={profile} own={own} />
      <Nav as="nav" variant="underline" className="mb-3 flex-nowrap overflow-auto" aria-label={t('user_profile.tabs_label')}>
        {visibleTabs.map((x) => (
          <Nav.Item key={x}>
            <Nav.Link as={Link} to={tabHref(x)} active={x === tab} aria-current={x === tab ? 'page' : undefined} className="text-nowrap">
              {t(`user_profile.tab.${x}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {tab === 'overview' ? (
        <OverviewTab username={profile.username} permalink={permalink} />
      ) : (
        <ListTab key={tab} tab={tab} username={profile.username} permalink={permalink} page={page} order={order} hrefFor={hrefFor} />
      )}
    </div>
  );
}
