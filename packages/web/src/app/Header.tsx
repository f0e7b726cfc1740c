import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Link } from '../components/Link';
import { rememberReturnTarget, type CurrentUser } from '../lib/auth';
import { siteName } from '../lib/site';
import type { SiteInfo } from '../lib/types';
import { withStrings } from '../lib/i18n';

// The user menu (dropdown + popper) is only needed once a user is logged in: keep it out of the first load.
const UserMenu = lazy(withStrings(() => import('./UserMenu')));
// Search suggestions load on the search box's first focus or keystroke.
const SearchSuggest = lazy(withStrings(() => import('../features/search/SearchSuggest')));
const SUGGEST_LIST_ID = 'q-search-suggest';
const NotificationBadge = lazy(withStrings(() => import('../features/notifications/NotificationBadge')));
const ReviewBadge = lazy(withStrings(() => import('../features/review/ReviewBadge')));

/**
 * Site header (spec §2): brand, main navigation, search, ask button, login / sign-up or the user menu.
 * Plain Bootstrap navbar markup with a small collapse toggle (react-bootstrap's Navbar would bring its
 * off-canvas and modal machinery into the first load).
 */
export function Header({ site, user }: { site: SiteInfo; user: CurrentUser | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [q, setQ] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const [suggestOn, setSuggestOn] = useState(false);
  const [combo, setCombo] = useState<{ open: boolean; activeId?: string }>({ open: false });
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const name = siteName(site);
  const logo = site.branding?.logo;
  const mobileLogo = site.branding?.mobile_logo;
  const navbarStyle = site.theme?.theme_config?.[site.theme?.theme ?? 'default']?.navbar_style ?? 'colored';
  // `colored` means light text on a dark bar: the primary-coloured and the dark navbar styles.
  const colored = navbarStyle !== 'light';
  const here = location.pathname + location.search;
  // Account pages live under /users but are not the user list.
  const onAccountPage = /^\/users\/(login|register|logout|settings|account-|password-|change-email|confirm-|auth-|notifications|unsubscribe)/.test(location.pathname);
  const usersActive = location.pathname.startsWith('/users') && !onAccountPage;

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <header>
      <nav aria-label={t('header.main_nav')} className={`navbar navbar-expand-lg q-navbar ${navbarStyle === 'dark' ? 'bg-dark' : colored ? 'q-navbar-colored' : 'border-bottom bg-body'}`} data-bs-theme={colored ? 'dark' : undefined}>
        <div className="container">
          <Link to="/" className="navbar-brand fw-bold d-flex align-items-center">
            {logo && mobileLogo ? <img src={mobileLogo} alt={name} height={32} className="q-logo d-lg-none" /> : null}
            {logo ? <img src={logo} alt={name} height={32} className={`q-logo${mobileLogo ? ' d-none d-lg-inline' : ''}`} /> : name}
          </Link>
          {user ? (
            <Suspense fallback={null}>
              <NotificationBadge user={user} light={colored} className="d-inline-flex d-lg-none ms-auto me-3" />
              <ReviewBadge user={user} light={colored} className="d-inline-flex d-lg-none me-3" />
            </Suspense>
          ) : null}
          <button
            type="button"
            className={`navbar-toggler${menuOpen ? '' : ' collapsed'}`}
            aria-controls="q-main-nav"
            aria-expanded={menuOpen}
            aria-label={t('header.toggle_nav')}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="q-main-nav" className={`collapse navbar-collapse${menuOpen ? ' show' : ''}`}>
            <div className="navbar-nav me-lg-3">
              <NavLink to="/questions" className="nav-link">
                {t('header.nav.questions')}
              </NavLink>
              <NavLink to="/tags" className="nav-link">
                {t('header.nav.tags')}
              </NavLink>
              <Link
                to="/users"
                className={`nav-link${usersActive ? ' active' : ''}`}
                aria-current={usersActive ? 'page' : undefined}
              >
                {t('header.nav.users')}
              </Link>
            </div>
            <form role="search" className="flex-grow-1 my-2 my-lg-0 me-lg-3 q-search position-relative" onSubmit={onSearch}>
              <input
                ref={searchInput}
                className="form-control form-control-sm"
                type="search"
                name="q"
                value={q}
                onChange={(e) => {
                  setQ(e.target.value);
                  setSuggestOn(true);
                }}
                onFocus={() => setSuggestOn(true)}
                placeholder={t('header.search.placeholder')}
                aria-label={t('header.search.label')}
                role="combobox"
                autoComplete="off"
                aria-autocomplete="list"
                aria-expanded={combo.open}
                aria-controls={combo.open ? SUGGEST_LIST_ID : undefined}
                aria-activedescendant={combo.activeId}
              />
              {suggestOn ? (
                <Suspense fallback={null}>
                  <SearchSuggest input={searchInput} q={q} listId={SUGGEST_LIST_ID} onState={setCombo} />
                </Suspense>
              ) : null}
            </form>
            <div className="d-flex align-items-center gap-2">
              <Link
                to={user ? '/questions/ask' : '/users/login'}
                onClick={() => !user && rememberReturnTarget('/questions/ask')}
                className={`btn btn-sm text-nowrap ${colored ? 'btn-light' : 'btn-primary'}`}
              >
                {t('header.ask')}
              </Link>
              {user ? (
                <Suspense fallback={null}>
                  <NotificationBadge user={user} light={colored} className="d-none d-lg-inline-flex" />
                  <ReviewBadge user={user} light={colored} className="d-none d-lg-inline-flex" />
                </Suspense>
              ) : null}
              {user ? (
                <Suspense fallback={<span className="d-inline-block rounded bg-body-secondary" style={{ width: 28, height: 28 }} />}>
                  <UserMenu user={user} />
                </Suspense>
              ) : (
                <>
                  <Link to="/users/login" className={`btn btn-sm text-nowrap ${colored ? 'btn-outline-light' : 'btn-outline-primary'}`} onClick={() => rememberReturnTarget(here)}>
                    {t('header.login')}
                  </Link>
                  {site.login?.allow_new_registrations !== false ? (
                    <Link to="/users/register" className={`btn btn-sm text-nowrap ${colored ? 'btn-light' : 'btn-primary'}`} onClick={() => rememberReturnTarget(here)}>
                      {t('header.signup')}
                    </Link>
                  ) : null}
                </>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
