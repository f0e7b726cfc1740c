import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { rememberReturnTarget, type CurrentUser } from '../lib/auth';
import { siteName } from '../lib/site';
import type { SiteInfo } from '../lib/types';

// The user menu (dropdown + popper) is only needed once a user is logged in: keep it out of the first load.
const UserMenu = lazy(() => import('./UserMenu'));
// Search suggestions load on the search box's first focus or keystroke.
const SearchSuggest = lazy(() => import('../features/search/SearchSuggest'));
const SUGGEST_LIST_ID = 'q-search-suggest';
const NotificationBadge = lazy(() => import('../features/notifications/NotificationBadge'));

/** Site header (spec §2): brand, main navigation, search, ask button, login / sign-up or the user menu. */
export function Header({ site, user }: { site: SiteInfo; user: CurrentUser | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [q, setQ] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const [suggestOn, setSuggestOn] = useState(false);
  const [combo, setCombo] = useState<{ open: boolean; activeId?: string }>({ open: false });
  const name = siteName(site);
  const logo = site.branding?.logo;
  const colored = (site.theme?.theme_config?.[site.theme?.theme ?? 'default']?.navbar_style ?? 'colored') === 'colored';
  const here = location.pathname + location.search;
  // Account pages live under /users but are not the user list.
  const onAccountPage = /^\/users\/(login|register|logout|settings|account-|password-|change-email|confirm-|auth-|notifications|unsubscribe)/.test(location.pathname);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <header>
      <Navbar as="nav" aria-label={t('header.main_nav')} expand="lg" className={`q-navbar ${colored ? 'q-navbar-colored' : 'border-bottom bg-body'}`} data-bs-theme={colored ? 'dark' : undefined}>
        <Container>
          <Navbar.Brand as={Link} to="/" className="fw-bold d-flex align-items-center">
            {logo ? <img src={logo} alt={name} height={32} className="q-logo" /> : name}
          </Navbar.Brand>
          {user ? (
            <Suspense fallback={null}>
              <NotificationBadge user={user} light={colored} className="d-inline-flex d-lg-none ms-auto me-3" />
            </Suspense>
          ) : null}
          <Navbar.Toggle aria-controls="q-main-nav" aria-label={t('header.toggle_nav')} />
          <Navbar.Collapse id="q-main-nav">
            <Nav className="me-lg-3">
              <Nav.Link as={NavLink} to="/questions">
                {t('header.nav.questions')}
              </Nav.Link>
              <Nav.Link as={NavLink} to="/tags">
                {t('header.nav.tags')}
              </Nav.Link>
              <Nav.Link as={Link} to="/users" active={location.pathname.startsWith('/users') && !onAccountPage} aria-current={location.pathname.startsWith('/users') && !onAccountPage ? 'page' : undefined}>
                {t('header.nav.users')}
              </Nav.Link>
            </Nav>
            <Form role="search" className="flex-grow-1 my-2 my-lg-0 me-lg-3 q-search position-relative" onSubmit={onSearch}>
              <Form.Control
                ref={searchInput}
                type="search"
                name="q"
                size="sm"
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
            </Form>
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
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
