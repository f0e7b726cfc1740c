import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { getSettings, saveSection } from '../siteinfo/index.js';
import { escapeHtml, hasWebBuild } from './ssr.renderer.js';

/** String.replace patterns and a title that once turned into an attribute-breaking payload (security issue item 1). */
const PATTERNS = ["$'", '$`', '$&', '$1', '$$', '$<x>'];

/** The document must appear once: one doctype, one root, one data script, one closing html tag. */
function expectOneDocument(html: string): void {
  expect(html.match(/<!doctype html>/gi)?.length).toBe(1);
  expect(html.match(/<div id="root">/g)?.length).toBe(1);
  expect(html.match(/window\.__QUORUM_DATA__=/g)?.length).toBe(1);
  expect(html.match(/<\/html>/g)?.length).toBe(1);
}

/** The nonce of the CSP header, checked against every script tag of the page. */
function expectNonceOnEveryScript(res: { headers: Record<string, unknown>; body: string }): string {
  const csp = String(res.headers['content-security-policy']);
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) {
    if (tag.includes('application/ld+json')) continue;
    expect(tag).toContain(`nonce="${nonce}"`);
  }
  return nonce!;
}

describe('server-rendered pages and hostile user text', () => {
  let site: TestSite;
  let token = '';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    token = await adminToken(site.app);
  });
  afterAll(async () => site?.close());

  it('keeps replacement patterns in titles and bodies as plain text (one document, no copied markup)', async () => {
    for (const p of PATTERNS) {
      const title = `x onerror=window.__xss=1;alert(document.domain) y ${p} costs 5${p} per month`;
      const q = await call(site.app, 'POST', '/answer/api/v1/question', {
        token,
        body: { title, content: `![${p}](http://127.0.0.1:1/none.png) and ${p} in text`, tags: [{ slug_name: 'support' }] },
      });
      expect(q.status).toBe(200);
      // The bare address answers 301 to the question's permalink (style 1 carries the slug).
      const bare = await site.app.inject({ method: 'GET', url: `/questions/${q.body.data.id}` });
      expect(bare.statusCode).toBe(301);
      const res = await site.app.inject({ method: 'GET', url: String(bare.headers.location) });
      expect(res.statusCode).toBe(200);
      expectOneDocument(res.body);
      expect(res.body).toContain(`<title>${escapeHtml(title)} - Test Site</title>`);
      expect(res.body).not.toContain('<img src="x onerror');
    }
  });

  it('renders /tags?q= with a pattern as one document', async () => {
    for (const p of PATTERNS) {
      const res = await site.app.inject({ method: 'GET', url: `/tags?q=${encodeURIComponent(p)}` });
      expect(res.statusCode).toBe(200);
      expectOneDocument(res.body);
      expect(res.body.length).toBeLessThan(40_000);
    }
  });

  it('sends a strict Content-Security-Policy with a fresh nonce on every page, cached or not', async () => {
    const first = await site.app.inject({ method: 'GET', url: '/questions' });
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('report-uri /answer/api/v1/csp-report');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const n1 = expectNonceOnEveryScript(first);
    // The second request is served from the micro-cache: same page, new nonce.
    const second = await site.app.inject({ method: 'GET', url: '/questions' });
    const n2 = expectNonceOnEveryScript(second);
    expect(n2).not.toBe(n1);
    expect(second.body.replaceAll(n2, '')).toBe(first.body.replaceAll(n1, ''));
    // Client-rendered pages and the 404 shell carry the policy too.
    for (const url of ['/users/login', '/no/such/page']) expectNonceOnEveryScript(await site.app.inject({ method: 'GET', url }));
  });

  it("gives the administrator's head and footer HTML the nonce", async () => {
    const ctx = site.app.quorum;
    await saveSection(ctx, 'custom_css_html', {
      ...(await getSettings(ctx)).custom_css_html,
      custom_head: '<script>window.analytics = 1;</script><meta name="x-admin" content="1">',
      custom_footer: '<script src="/assets/none.js" async></script>',
    });
    const res = await site.app.inject({ method: 'GET', url: '/questions' });
    const nonce = expectNonceOnEveryScript(res);
    expect(res.body).toContain(`<script nonce="${nonce}">window.analytics = 1;</script><meta name="x-admin" content="1">`);
    expect(res.body).toContain(`<script nonce="${nonce}" src="/assets/none.js" async></script>`);
  });

  it('logs CSP violation reports and answers 204 to both report formats', async () => {
    const legacy = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/q', 'violated-directive': 'script-src', 'blocked-uri': 'inline' } }),
    });
    expect(legacy.statusCode).toBe(204);
    const modern = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([{ type: 'csp-violation', body: { documentURL: 'http://localhost/q', effectiveDirective: 'script-src-elem' } }]),
    });
    expect(modern.statusCode).toBe(204);
    const tooBig = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(20_000) } }),
    });
    expect(tooBig.statusCode).toBe(413);
  });
});

describe('CSP violation reports are rate-limited per address', () => {
  it('answers 429 after 20 reports a minute from one address', async () => {
    const site = await installedSite('sqlite3', { rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const r = await site.app.inject({ method: 'POST', url: '/answer/api/v1/csp-report', headers: { 'content-type': 'application/csp-report' }, payload: '{}' });
        statuses.push(r.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await site.close();
    }
  });
});
