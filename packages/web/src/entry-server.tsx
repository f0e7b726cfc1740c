/**
 * SSR entry (built with `vite build --ssr`): renders the anonymous view of a URL to HTML, with the query
 * cache pre-seeded from what the server prefetched (keys from `apiKey()`), so the markup carries the content
 * and the browser hydrates without refetching.
 */
import { StrictMode } from 'react';
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

/** Renders the app for `input.url` synchronously (app/pages.tsx notes the route pages it reaches). */
export function render(input: RenderInput): RenderOutput {
  setLanguage(input.lang);
  startRender();
  const queryClient = createQueryClient(input.data);
  try {
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={input.url}>
          <App queryClient={queryClient} />
        </StaticRouter>
      </StrictMode>,
    );
    return { html, ...withPreload(renderedPages(), input.lang) };
  } finally {
    queryClient.clear();
  }
}
