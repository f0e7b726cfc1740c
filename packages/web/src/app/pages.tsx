/**
 * The route pages' chunks, named by their module path in the client build's manifest (`src/features/...tsx`).
 *
 * - On the server, every page the render reaches is noted (`renderedPages`): the server-side renderer
 *   (packages/server/src/modules/ssr/ssr.renderer.ts) turns those names into `<link rel="modulepreload">` tags and
 *   `window.__QUORUM_PAGES__`, so the browser fetches the page's chunk in parallel with the entry instead of after it.
 * - In the browser, a page is `React.lazy` until its chunk is in; `preloadPages` loads the named chunks before
 *   hydration, so a server-rendered page hydrates in one pass (no Suspense boundary left pending, no fallback shown)
 *   and a client-only page renders at hydration instead of after a further round trip.
 *
 * The module paths are checked against the build by scripts/bundle-size.mjs (a renamed page fails `npm run size`
 * there) and by the server's preload test.
 */
import { lazy, useState, type ComponentType } from 'react';
import { withStrings } from '../lib/i18n';

type Page = ComponentType;
type Loader = () => Promise<{ default: Page }>;

/** Never settles: on the server a client-only page suspends, so its Suspense fallback is rendered instead. */
const pending = new Promise<never>(() => {});
/** Pages the current server render reached (renderToString is synchronous: one render at a time). */
const rendered = new Set<string>();
/** The strings files (names, e.g. `ui-tags`) those pages render with. */
const renderedStrings = new Set<string>();
/** Browser: the loaders of the pages of each module path (one module may hold several pages). */
const loaders = new Map<string, Loader[]>();

/** Server: forgets the pages of the previous render (call before each render). */
export function startRender(): void {
  rendered.clear();
  renderedStrings.clear();
}

/**
 * Server: what the render since `startRender` reached: the pages' module paths and the names of the lazily loaded
 * strings files they render with (i18n/en_US/<name>.yaml; none for a page that waits for every string).
 */
export function renderedPages(): { pages: string[]; strings: string[] } {
  return { pages: [...rendered], strings: [...renderedStrings] };
}

/** What a page component built here knows of itself (read by `pagesIn`). */
interface PageInfo {
  chunk: string;
  strings?: readonly string[];
}
const infos = new WeakMap<object, PageInfo>();

/** `page` with its info attached. */
function described(page: Page, info: PageInfo): Page {
  infos.set(page, info);
  return page;
}

/**
 * Server: the pages named anywhere in a route's element (`<LazyPage page={X} />`, inside guards), as `renderedPages`
 * reports them — for a document sent without rendering the app (a client-only page's shell), whose page chunk the
 * browser should still fetch beside the entry. Elements for which `skip(props)` holds are left out with what they hold.
 */
export function pagesIn(element: unknown, skip: (props: Record<string, unknown>) => boolean = () => false): { pages: string[]; strings: string[] } {
  const pages = new Set<string>();
  const strings = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (depth > 8 || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1));
    const props = (node as { props?: Record<string, unknown> }).props;
    if (!props || skip(props)) return;
    for (const value of Object.values(props)) {
      const info = typeof value === 'function' ? infos.get(value) : undefined;
      if (info) {
        pages.add(info.chunk);
        for (const name of info.strings ?? []) strings.add(name);
      } else visit(value, depth + 1);
    }
  };
  visit(element, 0);
  return { pages: [...pages], strings: [...strings] };
}

/** Server: notes a page (and its strings files) as rendered. */
function note(chunk: string, strings: readonly string[] | undefined): void {
  rendered.add(chunk);
  for (const name of strings ?? []) renderedStrings.add(name);
}

/**
 * A page rendered on the server from `Component` (already imported there) and code-split in the browser.
 * @param chunk the page's module path in the manifest, e.g. `src/features/tags/TagsPage.tsx`
 * @param load the browser's `import()` of the page
 * @param strings the lazily loaded strings files the page renders with beside the core (`withStrings`, lib/i18n.ts);
 *   omitted: every string
 */
export function serverPage(chunk: string, Component: Page | null, load: Loader, strings?: readonly string[]): Page {
  if (import.meta.env.SSR) {
    const Rendered = Component!;
    return described(
      function ServerPage() {
        note(chunk, strings);
        return <Rendered />;
      },
      { chunk, strings },
    );
  }
  return browserPage(chunk, withStrings(load, strings));
}

/**
 * A page that only renders in the browser; on the server it suspends (its fallback is sent) and is noted.
 * Parameters as for `serverPage`.
 */
export function clientPage(chunk: string, load: Loader, strings?: readonly string[]): Page {
  if (import.meta.env.SSR) {
    return described(
      function ClientOnly(): never {
        note(chunk, strings);
        throw pending;
      },
      { chunk, strings },
    );
  }
  return browserPage(chunk, withStrings(load, strings));
}

/** Lazy until loaded; once `preloadPages` (or a first render) has loaded it, rendered directly. */
function browserPage(chunk: string, load: Loader): Page {
  let loaded: Page | null = null;
  const run = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(run);
  loaders.set(chunk, [...(loaders.get(chunk) ?? []), run]);
  return function RoutePage() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page later would remount the page.
    const [Shown] = useState<Page>(() => loaded ?? Lazy);
    return <Shown />;
  };
}

/**
 * Browser: loads the named pages (module paths from the server, `window.__QUORUM_PAGES__`); names it does not
 * know are ignored, and a failed load is left to the page's own lazy loading (its Suspense fallback, then the
 * error boundary).
 */
export function preloadPages(chunks: readonly string[]): Promise<void> {
  return Promise.all(chunks.flatMap((c) => loaders.get(c) ?? []).map((run) => run().catch(() => undefined))).then(() => undefined);
}
