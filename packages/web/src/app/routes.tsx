import { Suspense, type ComponentType, type ReactElement } from 'react';
import { PageSpinner } from '../components/PageSpinner';
import { createRoutesFromChildren, matchRoutes, Route, Routes, useLocation, useRoutes, type RouteObject } from 'react-router';
import ForbiddenPage from '../features/errors/ForbiddenPage';
import MaintenancePage from '../features/errors/MaintenancePage';
import NotFoundPage from '../features/errors/NotFoundPage';
import ServerErrorPage from '../features/errors/ServerErrorPage';
import { withAccountStrings } from '../features/account/strings';
import { withAdminStrings } from '../features/admin/strings';
import { Guard } from './guards';
import type { GuardNeed } from '../lib/guardRules';
import { BareLayout, Layout } from './Layout';
import { clientPage, pagesIn, serverPage } from './pages';

type Page = ComponentType;
// Client-only pages (editor, forms): code-split and never rendered on the server. Each waits for every string,
// except the public pages, which name the string files they render with (i18n/en_US/<name>.yaml beside the core):
// the first load of a list page does not fetch the installer's, the review queue's or the server's messages.
const InstallPage: Page = clientPage('src/features/install/InstallPage.tsx', () => import('../features/install/InstallPage'));
const AskPage: Page = clientPage('src/features/ask/AskPage.tsx', () => import('../features/ask/AskPage'));
const EditQuestionPage: Page = clientPage('src/features/edit/EditQuestionPage.tsx', () => import('../features/edit/EditQuestionPage'));
const EditAnswerPage: Page = clientPage('src/features/edit/EditAnswerPage.tsx', () => import('../features/edit/EditAnswerPage'));
const TagInfoPage: Page = clientPage('src/features/tags/TagInfoPage.tsx', () => import('../features/tags/TagInfoPage'));
const TagCreatePage: Page = clientPage('src/features/tags/TagCreatePage.tsx', () => import('../features/tags/TagCreatePage'));
const TagEditPage: Page = clientPage('src/features/tags/TagEditPage.tsx', () => import('../features/tags/TagEditPage'));
const SearchPage: Page = clientPage('src/features/search/SearchPage.tsx', () => import('../features/search/SearchPage'), ['ui-tags', 'ui-bounty']);
// Server-rendered yet code-split pages: loaded up front on the server (top-level await, SSR build only) so the
// first HTML has their content; lazy in the browser, where the entry loads the rendered page's chunk before
// hydrating (app/pages.tsx; the HTML preloads it). The question page needs only the built-in core strings.
const QuestionPage: Page = serverPage('src/features/questions/QuestionPage.tsx', import.meta.env.SSR ? (await import('../features/questions/QuestionPage')).default : null, () => import('../features/questions/QuestionPage'), ['ui-wiki']);
const QuestionListPage: Page = serverPage('src/features/questions/QuestionListPage.tsx', import.meta.env.SSR ? (await import('../features/questions/QuestionListPage')).default : null, () => import('../features/questions/QuestionListPage'), ['ui-people', 'ui-tags', 'ui-bounty', 'ui-wiki']);
const TagsPage: Page = serverPage('src/features/tags/TagsPage.tsx', import.meta.env.SSR ? (await import('../features/tags/TagsPage')).default : null, () => import('../features/tags/TagsPage'), ['ui-tags']);
const TagPage: Page = serverPage('src/features/tags/TagPage.tsx', import.meta.env.SSR ? (await import('../features/tags/TagPage')).default : null, () => import('../features/tags/TagPage'), ['ui-tags', 'ui-bounty', 'ui-wiki']);
const UserListPage: Page = serverPage('src/features/users/UserListPage.tsx', import.meta.env.SSR ? (await import('../features/users/UserListPage')).default : null, () => import('../features/users/UserListPage'), ['ui-members']);
const TimelinePage: Page = clientPage('src/features/timeline/TimelinePage.tsx', () => import('../features/timeline/TimelinePage'));
const ProfilePage: Page = clientPage('src/features/users/ProfilePage.tsx', () => import('../features/users/ProfilePage'), ['ui-people', 'ui-badges', 'ui-review']);
const BadgesPage: Page = clientPage('src/features/badges/BadgesPage.tsx', () => import('../features/badges/BadgesPage'));
const BadgePage: Page = clientPage('src/features/badges/BadgePage.tsx', () => import('../features/badges/BadgePage'));
const GroupsPage: Page = clientPage('src/features/groups/GroupsPage.tsx', () => import('../features/groups/GroupsPage'), ['ui-groups']);
const GroupPage: Page = clientPage('src/features/groups/GroupPage.tsx', () => import('../features/groups/GroupPage'), ['ui-groups']);
const NotificationsPage: Page = clientPage('src/features/notifications/NotificationsPage.tsx', () => import('../features/notifications/NotificationsPage'));
// Accounts and settings (client-only).
// Their strings load with them (features/account/strings.ts).
const account = <K extends string>(chunk: string, load: () => Promise<Record<K, Page>>, name: K, files?: readonly string[]): Page =>
  clientPage(chunk, () => withAccountStrings(load)().then((m): { default: Page } => ({ default: m[name] })), files);
const LoginPage = account('src/features/auth/LoginPage.tsx', () => import('../features/auth/LoginPage'), 'default', ['ui-auth', 'ui-plugins', 'server']);
const RegisterPage = account('src/features/auth/RegisterPage.tsx', () => import('../features/auth/RegisterPage'), 'default');
const ActivationPage = account('src/features/account/ActivationPage.tsx', () => import('../features/account/ActivationPage'), 'default');
const ActivationSuccessPage = account('src/features/account/ActivationResultPages.tsx', () => import('../features/account/ActivationResultPages'), 'ActivationSuccessPage');
const ActivationFailedPage = account('src/features/account/ActivationResultPages.tsx', () => import('../features/account/ActivationResultPages'), 'ActivationFailedPage');
const AccountRecoveryPage = account('src/features/account/AccountRecoveryPage.tsx', () => import('../features/account/AccountRecoveryPage'), 'default');
const PasswordResetPage = account('src/features/account/PasswordResetPage.tsx', () => import('../features/account/PasswordResetPage'), 'default');
const ChangeEmailPage = account('src/features/account/ChangeEmailPage.tsx', () => import('../features/account/ChangeEmailPage'), 'default');
const ConfirmNewEmailPage = account('src/features/account/CodeLinkPages.tsx', () => import('../features/account/CodeLinkPages'), 'ConfirmNewEmailPage');
const UnsubscribePage = account('src/features/account/CodeLinkPages.tsx', () => import('../features/account/CodeLinkPages'), 'UnsubscribePage');
const SuspendedPage = account('src/features/account/SuspendedPage.tsx', () => import('../features/account/SuspendedPage'), 'default');
const LogoutPage = account('src/features/account/LogoutPage.tsx', () => import('../features/account/LogoutPage'), 'default');
const SettingsPage = account('src/features/settings/SettingsPage.tsx', () => import('../features/settings/SettingsPage'), 'default');
// The admin console: one client-only chunk with its own strings (features/admin/strings.ts); the dashboard's
// chart library is a further chunk inside it.
const AdminPage: Page = clientPage('src/features/admin/AdminPage.tsx', withAdminStrings(() => import('../features/admin/AdminPage')));
// The review queue (features/review): client-only; who may see it is decided by GET /reviewing/type.
const ReviewPage: Page = clientPage('src/features/review/ReviewPage.tsx', () => import('../features/review/ReviewPage'));
// A question in the staging ground (features/staging): client-only; who may see it is decided by GET /staging/question.
const StagingPage: Page = clientPage('src/features/staging/StagingPage.tsx', () => import('../features/staging/StagingPage'));
// Third-party login landings (features/connector): client-only.
const AuthLandingPage: Page = clientPage('src/features/connector/AuthLandingPage.tsx', () => import('../features/connector/AuthLandingPage'));
const ConfirmEmailPage: Page = clientPage('src/features/connector/ConfirmEmailPage.tsx', () => import('../features/connector/ConfirmEmailPage'));
// External user center pages (features/user-center): client-only.
const UserCenterAuthPage: Page = clientPage('src/features/user-center/UserCenterAuthPage.tsx', () => import('../features/user-center/UserCenterAuthPage'));
const UserCenterAuthFailedPage: Page = clientPage('src/features/user-center/AuthFailedPage.tsx', () => import('../features/user-center/AuthFailedPage'));
const legal = (name: 'TermsPage' | 'PrivacyPage'): Page =>
  clientPage('src/features/legal/LegalPage.tsx', () => import('../features/legal/LegalPage').then((m): { default: Page } => ({ default: m[name] })));
const TermsPage = legal('TermsPage');
const PrivacyPage = legal('PrivacyPage');

/**
 * Suspense boundary of one page. A server-rendered page still hydrates in one pass (a language switch right after
 * hydration cannot race a pending boundary): the entry loads its chunk before hydrating (app/pages.tsx).
 */
function LazyPage({ page: Page }: { page: Page }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

/** The route table (spec §2). Pages not built yet fall through to the not-found page. */
function routeTable(): ReactElement<{ children: ReactElement[] }> {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route path="install" element={<LazyPage page={InstallPage} />} />
      </Route>
      <Route element={<Layout />}>
        <Route index element={<LazyPage page={QuestionListPage} />} />
        <Route path="questions" element={<LazyPage page={QuestionListPage} />} />
        <Route path="questions/ask" element={<Guard need="activated"><LazyPage page={AskPage} /></Guard>} />
        <Route path="badges" element={<LazyPage page={BadgesPage} />} />
        <Route path="badges/:id" element={<LazyPage page={BadgePage} />} />
        <Route path="groups" element={<LazyPage page={GroupsPage} />} />
        <Route path="groups/:slug" element={<LazyPage page={GroupPage} />} />
        <Route path="questions/:qid" element={<LazyPage page={QuestionPage} />} />
        <Route path="questions/:qid/:slug" element={<LazyPage page={QuestionPage} />} />
        <Route path="questions/:qid/:slug/:aid" element={<LazyPage page={QuestionPage} />} />
        <Route path="posts/:qid/edit" element={<Guard need="activated"><LazyPage page={EditQuestionPage} /></Guard>} />
        <Route path="posts/:qid/:aid/edit" element={<Guard need="activated"><LazyPage page={EditAnswerPage} /></Guard>} />
        <Route path="users/login" element={<Guard need="loginPage"><LazyPage page={LoginPage} /></Guard>} />
        <Route path="users/register" element={<Guard need="registration"><LazyPage page={RegisterPage} /></Guard>} />
        <Route path="users/logout" element={<Guard need="logout"><LazyPage page={LogoutPage} /></Guard>} />
        <Route path="users/account-recovery" element={<Guard need="notLoggedIn"><LazyPage page={AccountRecoveryPage} /></Guard>} />
        <Route path="users/password-reset" element={<LazyPage page={PasswordResetPage} />} />
        <Route path="users/account-activation" element={<LazyPage page={ActivationPage} />} />
        <Route path="users/account-activation/success" element={<Guard need="activatedOnly"><LazyPage page={ActivationSuccessPage} /></Guard>} />
        <Route path="users/account-activation/failed" element={<Guard need="notActivated"><LazyPage page={ActivationFailedPage} /></Guard>} />
        <Route path="users/change-email" element={<Guard need="loggedIn"><LazyPage page={ChangeEmailPage} /></Guard>} />
        <Route path="users/confirm-new-email" element={<LazyPage page={ConfirmNewEmailPage} />} />
        <Route path="users/account-suspended" element={<Guard need="suspended"><LazyPage page={SuspendedPage} /></Guard>} />
        <Route path="users/unsubscribe" element={<LazyPage page={UnsubscribePage} />} />
        <Route path="users/auth-landing" element={<LazyPage page={AuthLandingPage} />} />
        <Route path="users/confirm-email" element={<LazyPage page={ConfirmEmailPage} />} />
        <Route path="user-center/auth" element={<Guard need="notLoggedIn"><LazyPage page={UserCenterAuthPage} /></Guard>} />
        <Route path="user-center/auth-failed" element={<LazyPage page={UserCenterAuthFailedPage} />} />
        <Route path="users/settings/*" element={<Guard need="loggedIn"><LazyPage page={SettingsPage} /></Guard>} />
        <Route path="search" element={<LazyPage page={SearchPage} />} />
        <Route path="tags" element={<LazyPage page={TagsPage} />} />
        <Route path="tags/create" element={<Guard need="staff"><LazyPage page={TagCreatePage} /></Guard>} />
        <Route path="tags/:tagName" element={<LazyPage page={TagPage} />} />
        <Route path="tags/:tagName/info" element={<LazyPage page={TagInfoPage} />} />
        <Route path="tags/:tagId/edit" element={<Guard need="activated"><LazyPage page={TagEditPage} /></Guard>} />
        <Route path="posts/:qid/timeline" element={<Guard need="loggedIn"><LazyPage page={TimelinePage} /></Guard>} />
        <Route path="posts/:qid/:aid/timeline" element={<Guard need="loggedIn"><LazyPage page={TimelinePage} /></Guard>} />
        <Route path="tags/:tid/timeline" element={<Guard need="loggedIn"><LazyPage page={TimelinePage} /></Guard>} />
        <Route path="users" element={<LazyPage page={UserListPage} />} />
        <Route path="users/notifications" element={<Guard need="loggedIn"><LazyPage page={NotificationsPage} /></Guard>} />
        <Route path="users/notifications/:type" element={<Guard need="loggedIn"><LazyPage page={NotificationsPage} /></Guard>} />
        <Route path="users/notifications/:type/:subType" element={<Guard need="loggedIn"><LazyPage page={NotificationsPage} /></Guard>} />
        <Route path="users/:username" element={<LazyPage page={ProfilePage} />} />
        <Route path="users/:username/:tabName" element={<LazyPage page={ProfilePage} />} />
        <Route path="review" element={<Guard need="activated"><LazyPage page={ReviewPage} /></Guard>} />
        <Route path="staging/:qid" element={<Guard need="activated"><LazyPage page={StagingPage} /></Guard>} />
        <Route path="admin/*" element={<Guard need="admin"><LazyPage page={AdminPage} /></Guard>} />
        <Route path="tos" element={<LazyPage page={TermsPage} />} />
        <Route path="privacy" element={<LazyPage page={PrivacyPage} />} />
        <Route path="403" element={<ForbiddenPage />} />
        <Route path="50x" element={<ServerErrorPage />} />
        <Route path="maintenance" element={<MaintenancePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * The table's route objects, made once: `<Routes>` would rebuild them on every render, and the server-side
 * renderer ranks a table once per array (build/routerCache.ts), which was a third of a page's render time.
 */
const ROUTES = createRoutesFromChildren(routeTable().props.children);

/**
 * Server-side rendering only: the table cut by the first segment of the address, each part made once (unknown
 * segments share one part). A layout route keeps the routes whose first segment is that one, plus those that
 * match anything (a parameter, `*`). React-router tries the ranked routes of the table one by one on every render
 * (~3% of a server-rendered question page, most of it for routes of other sections); a part holds every route
 * that can match, ranked alike, so the markup is the same. The browser, which renders once per navigation, keeps
 * the whole table (and its bundle stays smaller).
 */
function partsOfTable(routes: RouteObject[]): (segment: string) => RouteObject[] {
  const firstSegment = (route: RouteObject): string => (route.index ? '' : (route.path ?? '').split('/')[0]!);
  const segments = new Set(routes.flatMap((layout) => layout.children ?? []).map(firstSegment));
  const parts = new Map<string, RouteObject[]>();
  return (segment) => {
    const key = segments.has(segment) ? segment : '*';
    let part = parts.get(key);
    if (!part) {
      part = routes.map((layout) => (layout.index ? layout : { ...layout, children: layout.children?.filter((r) => /^[:*]/.test(firstSegment(r)) || firstSegment(r) === key) })).filter((layout) => layout.children?.length);
      parts.set(key, part);
    }
    return part;
  };
}

const routesFor = import.meta.env.SSR ? partsOfTable(ROUTES) : () => ROUTES;

/** The app's routes (what `<Routes>` with the table above renders). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(routesFor(pathname.split('/')[1] ?? ''));
}

/** Guards an anonymous visitor does not pass: their pages are not preloaded (the guard redirects before they show). */
const MEMBER_ONLY: ReadonlySet<unknown> = new Set<GuardNeed>(['loggedIn', 'activated', 'activatedOnly', 'notActivated', 'suspended', 'logout', 'staff', 'admin']);

/**
 * Server: the pages the route table gives `pathname` (module paths and strings files, as app/pages.tsx
 * `renderedPages`), found without rendering: for the shell of a client-only page. Pages behind a member-only guard
 * are left out: the shell is the anonymous view, and the admin console's chunk would delay an anonymous visitor's
 * redirect to the login page.
 */
export function routePages(pathname: string): { pages: string[]; strings: string[] } {
  const matches = matchRoutes(ROUTES, pathname) ?? [];
  return pagesIn(
    matches.map((m) => m.route.element),
    (props) => MEMBER_ONLY.has(props.need),
  );
}
