import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../components/PageSpinner';
import { Route, Routes } from 'react-router';
import ForbiddenPage from '../features/errors/ForbiddenPage';
import MaintenancePage from '../features/errors/MaintenancePage';
import NotFoundPage from '../features/errors/NotFoundPage';
import ServerErrorPage from '../features/errors/ServerErrorPage';
import QuestionListPage from '../features/questions/QuestionListPage';
import QuestionPage from '../features/questions/QuestionPage';
import { BareLayout, Layout } from './Layout';

/** Never settles: on the server a lazy page suspends, so its Suspense fallback is rendered instead. */
const pending = new Promise<never>(() => {});
/** Server stand-in for client-only pages: suspends forever (renderToString then emits the fallback). */
function ClientOnly(): never {
  throw pending;
}

type Page = ComponentType;
// Client-only pages (editor, forms): code-split and never rendered on the server.
const InstallPage: Page = import.meta.env.SSR ? ClientOnly : lazy(() => import('../features/install/InstallPage'));
const LoginPage: Page = import.meta.env.SSR ? ClientOnly : lazy(() => import('../features/auth/LoginPage'));
const RegisterPage: Page = import.meta.env.SSR ? ClientOnly : lazy(() => import('../features/auth/RegisterPage'));
const AskPage: Page = import.meta.env.SSR ? ClientOnly : lazy(() => import('../features/ask/AskPage'));

/**
 * Suspense boundary of one lazy page. Kept around lazy pages only: server-rendered pages have no boundary,
 * so they hydrate in one pass (a language switch right after hydration cannot race a pending boundary).
 */
function LazyPage({ page: Page }: { page: Page }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

/** The route table (spec §2). Pages not built yet fall through to the not-found page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route path="install" element={<LazyPage page={InstallPage} />} />
      </Route>
      <Route element={<Layout />}>
        <Route index element={<QuestionListPage />} />
        <Route path="questions" element={<QuestionListPage />} />
        <Route path="questions/ask" element={<LazyPage page={AskPage} />} />
        <Route path="questions/:qid" element={<QuestionPage />} />
        <Route path="questions/:qid/:slug" element={<QuestionPage />} />
        <Route path="questions/:qid/:slug/:aid" element={<QuestionPage />} />
        <Route path="users/login" element={<LazyPage page={LoginPage} />} />
        <Route path="users/register" element={<LazyPage page={RegisterPage} />} />
        <Route path="403" element={<ForbiddenPage />} />
        <Route path="50x" element={<ServerErrorPage />} />
        <Route path="maintenance" element={<MaintenancePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
