/**
 * SSR entry (built with `vite build --ssr`): renders the anonymous view of a URL to HTML, with the query
 * cache pre-seeded from what the server prefetched (keys from `apiKey()`), so the markup carries the content
 * and the browser hydrates without refetching.
 */
import { StrictMode, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { setLanguage } from './lib/i18n';
import { createQueryClient } from './lib/queryClient';
import { renderedPages, startRender } from './app/pages';
import { routePages } from './app/routes';
import { DEFAULT_LANGUAGE, PSEUDO_RTL_LANGUAGE } from '@quorum/contract';

/** Input of one render: the request URL (path + query), the UI language and the prefetched payloads. */
export interface RenderInput {
  url: string;
  lang: string;
  data: Record<string, unknown>;
}

/** What one render gives the server-side renderer (packages/server/src/modules/ssr/ssr.renderer.ts). */
export interface RenderOutput {
  /** The markup for `<div id="root">`. */
  html: string;
  /** Module paths of the route pages it reached (`src/features/...tsx`): the browser loads them before hydrating. */
  pages: string[];
  /**
   * Keys of the client build's manifest whose chunks the document preloads: the pages, and the strings files they
   * render with when those come from the build (en_US and its right-to-left pseudo-locale; another language is
   * fetched whole from the server).
   */
  preload: string[];
}

/** `pages` plus the manifest keys to preload for them (see RenderOutput). */
function withPreload({ pages, strings }: { pages: string[]; strings: string[] }, lang: string): Omit<RenderOutput, 'html'> {
  const builtStrings = lang === DEFAULT_LANGUAGE || lang === PSEUDO_RTL_LANGUAGE;
  return { pages, preload: [...pages, ...(builtStrings ? strings.map((name) => `../../i18n/${DEFAULT_LANGUAGE}/${name}.yaml`) : [])] };
}

/**
 * The pages of `url` and what to preload for them, without rendering (a document sent as the bare shell: the
 * client renders the page, and its chunk should come with the entry).
 */
export function pagesFor(input: { url: string; lang: string }): Omit<RenderOutput, 'html'> {
  return withPreload(routePages(new URL(input.url, 'http://localhost').pathname), input.lang);
}

/** The part of a vnode the suspense handler reads (preact's vnode: its component type and props). */
interface SuspendedAt {
  type: unknown;
  props: { fallback?: ReactNode };
}

/**
 * The third argument of preact-render-to-string's `renderToString` (react-dom/server resolves to it, vite.config.ts):
 * called with an error thrown below each component on its way up. A component that suspends (throws a promise: a
 * lazy part, or `clientPage` on the server, app/pages.tsx) is answered at its nearest `<Suspense>` with that
 * boundary's fallback, as React's renderToString does; anything else goes on up (the render fails, as before).
 * React ignores the argument.
 */
const suspenseAsFallback = {
  onError(error: unknown, vnode: SuspendedAt, renderChild: (child: ReactNode, parent: SuspendedAt) => string): string {
    const suspended = typeof (error as { then?: unknown } | null)?.then === 'function';
    if (suspended && vnode.type === Suspense) return renderChild(vnode.props.fallback ?? null, vnode);
    throw error;
  },
};
type RenderToString = (node: ReactNode, context: object, renderer: typeof suspenseAsFallback) => string;

/** Renders the app for `input.url` synchronously (app/pages.tsx notes the route pages it reaches). */
export function render(input: RenderInput): RenderOutput {
  setLanguage(input.lang);
  startRender();
  const queryClient = createQueryClient(input.data);
  try {
    const html = (renderToString as unknown as RenderToString)(
      <StrictMode>
        <StaticRouter location={input.url}>
          <App queryClient={queryClient} />
        </StaticRouter>
      </StrictMode>,
      {},
      suspenseAsFallback,
    );
    return { html, ...withPreload(renderedPages(), input.lang) };
  } finally {
    queryClient.clear();
  }
}
