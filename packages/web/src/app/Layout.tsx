import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import ForbiddenPage from '../features/errors/ForbiddenPage';
import NotFoundPage from '../features/errors/NotFoundPage';
import ServerErrorPage from '../features/errors/ServerErrorPage';
import MaintenancePage from '../features/errors/MaintenancePage';
import { Role } from '@quorum/contract';
import { useCurrentUser } from '../lib/auth';
import { useErrorCode } from '../lib/errorCode';
import { primaryColor, useSiteInfo } from '../lib/site';
import { Toasts } from '../lib/toast';
import { ApiDialogs } from './ApiDialogs';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { usePrivateSiteGuard } from './guards';
import { Header } from './Header';
import { CustomHtml, useCustomCss, useCustomHead, useCustomScripts, useServerFooter } from './LookParts';
import { withStrings } from '../lib/i18n';

// Only administrators ever see the maintenance banner: its code and strings load when it shows.
const MaintenanceBanner = lazy(withStrings(() => import('./MaintenanceBanner')));
import { themeCss } from './themeStyle';
import { useBrokenImageGuard, useColorScheme, useEffectiveLanguage, useRouterGlue } from './useAppSync';

/**
 * The shared layout of public and member pages (spec §2): header, main landmark, footer, toasts, theme and
 * language sync, and the error page when an error code is set. While maintenance mode is on, everyone but
 * administrators gets the maintenance page (the login page stays open) and administrators see a banner. The
 * administrator's custom CSS, header and sidebar HTML are shown on every page except the admin console's.
 */
export function Layout() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { user, isLoading } = useCurrentUser();
  const errorCode = useErrorCode();
  const location = useLocation();
  useRouterGlue();
  useColorScheme(site.theme?.color_scheme, user?.color_scheme);
  useEffectiveLanguage(user, site, isLoading);
  useBrokenImageGuard();
  const leavingPrivate = usePrivateSiteGuard();
  const inConsole = location.pathname.startsWith('/admin');
  const custom = inConsole ? undefined : site.custom_css_html;
  useCustomCss(site.custom_css_html?.custom_css ?? '', !inConsole);
  const serverFooter = useServerFooter(inConsole);
  useCustomScripts([custom?.custom_header, custom?.custom_sidebar, custom?.custom_footer], !inConsole);
  useCustomHead(custom?.custom_head, !inConsole);
  const maintenance = !!(site.general as { maintenance?: boolean } | undefined)?.maintenance;
  const isAdmin = user?.role_id === Role.admin;
  const held = maintenance && !isAdmin && !location.pathname.startsWith('/users/login');

  let content = leavingPrivate ? null : <Outlet />;
  if (errorCode === 404) content = <NotFoundPage />;
  else if (errorCode === 403) content = <ForbiddenPage />;
  else if (errorCode === 500) content = <ServerErrorPage />;
  if (held) content = <MaintenancePage />;

  return (
    <div className="d-flex flex-column min-vh-100">
      <style>{themeCss(primaryColor(site))}</style>
      <a href="#q-main" className="visually-hidden-focusable q-skip-link">
        {t('common.skip_to_content')}
      </a>
      {maintenance && isAdmin ? (
        <Suspense fallback={null}>
          <MaintenanceBanner />
        </Suspense>
      ) : null}
      <CustomHtml html={custom?.custom_header} className="q-custom-header" />
      <Header site={site} user={user} />
      <main id="q-main" className="flex-grow-1 py-4" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          {content}
        </ErrorBoundary>
        {held ? null : <CustomHtml html={custom?.custom_sidebar} className="container q-custom-sidebar mt-4" />}
      </main>
      <Footer site={site} />
      {serverFooter ? null : <CustomHtml html={custom?.custom_footer} className="q-custom-footer" />}
      <Toasts />
      <ApiDialogs />
    </div>
  );
}

/** Minimal frame for the installer: no site header (there is no site yet), toasts kept. */
export function BareLayout() {
  useRouterGlue();
  useBrokenImageGuard();
  const site = useSiteInfo();
  useColorScheme(site.theme?.color_scheme, undefined);
  return (
    <main id="q-main" className="min-vh-100 py-4">
      <Outlet />
      <Toasts />
    </main>
  );
}
