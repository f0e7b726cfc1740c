/**
 * A server-rendered page names its own route chunk (and the chunks and CSS it imports) in `<link>` tags beside the
 * entry's, so the browser fetches them in parallel with the entry, and tells the client which pages to load before
 * hydrating (`window.__QUORUM_PAGES__`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { CLIENT_DIR, hasWebBuild, PageAssets } from './ssr.renderer.js';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

describe('PageAssets', () => {
  const manifest: Record<string, Chunk> = {
    'src/entry-client.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/features/tags/TagsPage.tsx': { file: 'assets/TagsPage-1.js', imports: ['_shared-1.js', '_Card-1.js'], css: ['assets/tags-1.css'] },
    '_Card-1.js': { file: 'assets/Card-1.js', imports: ['_shared-1.js'] },
    '../../i18n/en_US/ui-tags.yaml': { file: 'assets/ui-tags-1.js', imports: ['_ui-tags-2.js'] },
    '_ui-tags-2.js': { file: 'assets/ui-tags-2.js' },
  };
  const template = '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-1.js">';
  const assets = new PageAssets(manifest, template);

  it('preloads a page chunk and its static imports once each, leaving out what the template already links', () => {
    const tags = assets.linksFor(['src/features/tags/TagsPage.tsx', '../../i18n/en_US/ui-tags.yaml']).split('\n').map((t) => t.trim());
    expect(tags).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/TagsPage-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Card-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/ui-tags-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/ui-tags-2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/tags-1.css">',
    ]);
  });

  it('names nothing for no keys or keys the build does not have', () => {
    expect(assets.linksFor([])).toBe('');
    expect(assets.linksFor(['src/features/gone/GonePage.tsx'])).toBe('');
  });
});

// Rendered pages need the web build (`npm run build`), which `npm test` runs before these tests.
describe('preloads of rendered pages', () => {
  let site: TestSite;
  let qid = '';
  let manifest: Record<string, Chunk> = {};
  const fileOf = (key: string) => manifest[key]!.file;
  const pagesOf = (html: string) => JSON.parse(/window\.__QUORUM_PAGES__=(\[.*?\]);/.exec(html)?.[1] ?? 'null') as unknown;
  /** The document's head (where the preloads go) and its root (the rendered app). */
  const parts = (html: string) => ({ head: html.slice(0, html.indexOf('</head>')), root: html.slice(html.indexOf('<div id="root">')) });

  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
    site = await installedSite('sqlite3');
    const token = await adminToken(site.app);
    const q = await call(site.app, 'POST', '/answer/api/v1/question', { token, body: { title: 'How cold should a lager ferment?', content: 'Lagers need cold temperatures.', tags: [{ slug_name: 'lager' }] } });
    qid = q.body.data.id;
  });
  afterAll(async () => site?.close());

  it('preloads the question page chunk and has the client load it before hydrating', async () => {
    const res = await site.app.inject({ method: 'GET', url: `/questions/${qid}/how-cold-should-a-lager-ferment` });
    expect(res.statusCode).toBe(200);
    const { head, root } = parts(res.body);
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${fileOf('src/features/questions/QuestionPage.tsx')}">`);
    expect(pagesOf(res.body)).toEqual(['src/features/questions/QuestionPage.tsx']);
    expect(root).toContain('How cold should a lager ferment?');
    // Each file once: nothing the template already links is named again.
    const hrefs = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('preloads the tags page, its CSS and the strings file it renders with', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/tags' });
    const { head } = parts(res.body);
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${fileOf('src/features/tags/TagsPage.tsx')}">`);
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${fileOf('../../i18n/en_US/ui-tags.yaml')}">`);
    for (const css of manifest['src/features/tags/TagsPage.tsx']!.css ?? []) expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`);
    expect(pagesOf(res.body)).toEqual(['src/features/tags/TagsPage.tsx']);
  });

  it('preloads the member directory (server-rendered) and the strings file it renders with', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/users' });
    const { head } = parts(res.body);
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${fileOf('src/features/users/UserListPage.tsx')}">`);
    expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${fileOf('../../i18n/en_US/ui-members.yaml')}">`);
    expect(pagesOf(res.body)).toEqual(['src/features/users/UserListPage.tsx']);
  });

  it('does not preload pages behind a member-only guard (the admin console, settings) in the anonymous shell', async () => {
    for (const [url, key] of [['/admin', 'src/features/admin/AdminPage.tsx'], ['/users/settings/profile', 'src/features/settings/SettingsPage.tsx']] as const) {
      const res = await site.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<div id="root">');
      expect(parts(res.body).head).not.toContain(`href="/${fileOf(key)}"`);
      expect(pagesOf(res.body)).toBeNull();
    }
  });

  it('does not preload en_US strings for a page in another language (that language is fetched whole)', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/tags', headers: { 'accept-language': 'zh-CN' } });
    expect(res.body).toContain('<html lang="zh-CN"');
    const { head } = parts(res.body);
    expect(head).toContain(`href="/${fileOf('src/features/tags/TagsPage.tsx')}"`);
    expect(head).not.toContain(`href="/${fileOf('../../i18n/en_US/ui-tags.yaml')}"`);
  });
});
