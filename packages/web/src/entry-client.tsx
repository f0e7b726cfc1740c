/**
 * Browser entry: seeds the query cache with the server's prefetched data (window.__QUORUM_DATA__), sets the
 * language the server rendered with (window.__QUORUM_LANG__), then hydrates the server HTML (or renders from
 * scratch when there is none, as in `vite dev`). Bootstrap's stylesheet is not imported here: index.html links it, in
 * the page's writing direction (build/bootstrapCss.ts).
 */
import './app/app.css';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { loadLanguage, setLanguage } from './lib/i18n';
import { createQueryClient, setActiveQueryClient } from './lib/queryClient';
import { readStored, STORAGE_KEYS } from './lib/session';
import { hydrateApp } from './lib/store';
import { preloadPages } from './app/pages';

declare global {
  interface Window {
    __QUORUM_DATA__?: Record<string, unknown>;
    __QUORUM_LANG__?: string;
    /** The route pages the server rendered (module paths, app/pages.tsx); their chunks are preloaded in the HTML. */
    __QUORUM_PAGES__?: string[];
    /** zod's global configuration object, read by zod when it loads (zod/v4/core `globalConfig`). */
    __zod_globalConfig?: Record<string, unknown>;
  }
}

// The page's Content-Security-Policy forbids eval: zod must not probe `Function('')` for its compiled parsers
// (the probe is caught, but the browser still reports a violation). Set on the global object zod adopts as its
// configuration when it loads, or already holds (what `z.config({ jitless: true })` sets), so zod itself stays in
// the chunks of the forms that validate with it instead of the first load.
Object.assign((window.__zod_globalConfig ??= {}), { jitless: true });
// Tab stays inside open dialogs (lib/focusTrap.ts); loaded apart, as no dialog opens before the page is used.
void import('./lib/focusTrap').then((m) => m.installDialogFocusTrap());

const initialLanguage = window.__QUORUM_LANG__ ?? readStored(STORAGE_KEYS.lang) ?? 'en_US';
// Hydration must see the strings the server rendered with: fetch that language first when it is not built in.
await loadLanguage(initialLanguage).catch(() => undefined);
setLanguage(initialLanguage);
// The rendered page's chunk (already fetching: the HTML preloads it), so hydration renders it in one pass.
await preloadPages(window.__QUORUM_PAGES__ ?? []);
const queryClient = createQueryClient(window.__QUORUM_DATA__ ?? {});
setActiveQueryClient(queryClient);

const container = document.getElementById('root')!;

/**
 * Marks the root `data-hydrated` once the first render has committed (its effects run): the page's handlers are
 * attached from then on. Browser tests and scripts wait for `#root[data-hydrated]` whatever the runtime
 * (vite.config.ts); it renders no element, so the server's markup and the hydrated tree stay the same.
 */
function HydratedMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    container.dataset.hydrated = '';
  }, []);
  return children;
}

const tree = (
  <StrictMode>
    <HydratedMark>
      <BrowserRouter>
        <App queryClient={queryClient} />
      </BrowserRouter>
    </HydratedMark>
  </StrictMode>
);
// hydrateApp: what renders within the call gets the server's values from useStore/useHydrated (lib/store.ts).
if (container.firstElementChild) hydrateApp(() => hydrateRoot(container, tree));
else createRoot(container).render(tree);
