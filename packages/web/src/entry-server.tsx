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

/** Input of one render: the request URL (path + query), the UI language and the prefetched payloads. */
export interface RenderInput {
  url: string;
  lang: 'en_US' | 'zh_CN';
  data: Record<string, unknown>;
}

/** Renders the app for `input.url` synchronously; returns the markup for `<div id="root">`. */
export function render(input: RenderInput): { html: string } {
  setLanguage(input.lang);
  const queryClient = createQueryClient(input.data);
  try {
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={input.url}>
          <App queryClient={queryClient} />
        </StaticRouter>
      </StrictMode>,
    );
    return { html };
  } finally {
    queryClient.clear();
  }
}
