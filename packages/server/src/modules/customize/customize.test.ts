import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, installedSite, type TestSite } from '../../../test/dialects.js';
import { multipart } from '../comment/social.testkit.js';
import { hasWebBuild } from '../ssr/ssr.renderer.js';

const ADM = '/answer/admin/api/siteinfo';

// What the customize, theme and branding settings do on the public site (issue 13).
describe('custom CSS/HTML, theme and branding on pages', () => {
  let site: TestSite;
  let admin = '';
  let qid = '';
  beforeAll(async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    site = await installedSite('sqlite3');
    admin = await adminToken(site.app);
    qid = (await call(site.app, 'POST', '/answer/api/v1/question', { token: admin, body: { title: 'Which hops for a pale ale?', content: 'Looking for citrus notes in the aroma.', tags: [{ slug_name: 'support' }] } })).body.data.id;
  });
  afterAll(async () => site?.close());
  const page = async (url: string) => (await site.app.inject({ method: 'GET', url })).body;
  const put = async (section: string, body: unknown) => expect((await call(site.app, 'PUT', `${ADM}/${section}`, { token: admin, body })).status).toBe(200);

  it('serves /custom.css with an ETag, answers 304 to it, and pages link a versioned address', async () => {
    expect(await page('/questions')).not.toContain('/custom.css');
    await put('custom-css-html', { custom_css: 'body { --x: "a"; }', custom_head: '<meta name="q-custom" content="head"><script>window.qHead=1</script>', custom_header: '', custom_footer: '<div id="q-test-footer">footer</div>', custom_sidebar: '' });
    const css = await site.app.inject({ method: 'GET', url: '/custom.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe('body { --x: "a"; }');
    expect(css.headers['cache-control']).toBe('no-cache');
    const etag = String(css.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect((await site.app.inject({ method: 'GET', url: '/custom.css', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const versioned = await site.app.inject({ method: 'GET', url: `/custom.css?v=${etag.slice(1, -1)}` });
    expect(versioned.headers['cache-control']).toContain('immutable');
    const html = await page('/questions');
    expect(html).toContain(`<link rel="stylesheet" href="/custom.css?v=${etag.slice(1, -1)}">`);
    // The custom head and footer are administrator-trusted: kept as written, scripts given the page's nonce.
    const res = await site.app.inject({ method: 'GET', url: '/tags' });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(res.body).toContain(`<meta name="q-custom" content="head"><script nonce="${nonce}">window.qHead=1</script>`);
    expect(res.body).toContain('<div id="q-custom-footer"><div id="q-test-footer">footer</div></div>');
    // Never on the admin console's own pages: a broken snippet cannot lock the administrator out.
    const console = await page('/admin/css-html');
    expect(console).not.toContain('/custom.css');
    expect(console).not.toContain('<meta name="q-custom"');
    expect(console).not.toContain('q-test-footer">footer');
    // A new save changes the version, so browsers fetch the new file at once.
    await put('custom-css-html', { custom_css: 'body { color: red; }', custom_head: '', custom_header: '', custom_footer: '', custom_sidebar: '' });
    const after = await site.app.inject({ method: 'GET', url: '/custom.css', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('runs the scripts of the custom header and sidebar with the page nonce, after the app, never inside it', async () => {
    await put('custom-css-html', {
      custom_css: '',
      custom_head: '',
      custom_header: '<div id="q-test-header">top</div><script>window.qHeader=1</script>',
      custom_footer: '<script>window.qFooter=1</script>',
      custom_sidebar: '<SCRIPT async src="/uploads/side.js"></SCRIPT><p>side</p>',
    });
    try {
      const res = await site.app.inject({ method: 'GET', url: '/questions' });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
      const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf('window.__QUORUM_DATA__'));
      // The app shows the markup; a script left there would run without the nonce (blocked) or not at all.
      expect(root).toContain('<div id="q-test-header">top</div>');
      expect(root).toContain('<p>side</p>');
      expect(root).not.toMatch(/<script(?! nonce)/i);
      expect(res.body).toContain(
        `<div id="q-custom-footer"><script nonce="${nonce}">window.qHeader=1</script><SCRIPT nonce="${nonce}" async src="/uploads/side.js"></SCRIPT><script nonce="${nonce}">window.qFooter=1</script></div>`,
      );
      // Every script of the page carries the nonce.
      expect(res.body.match(/<script\b(?![^>]*\bnonce=")(?![^>]*type="application\/ld\+json")[^>]*>/gi)).toBeNull();
      expect(await page('/admin/css-html')).not.toContain('window.qHeader=1</script>');
    } finally {
      await put('custom-css-html', { custom_css: '', custom_head: '', custom_header: '', custom_footer: '', custom_sidebar: '' });
    }
  });

  it("links Bootstrap's right-to-left stylesheet on right-to-left pages and the left-to-right one elsewhere", async () => {
    const before = process.env.QUORUM_PSEUDO_LOCALE;
    process.env.QUORUM_PSEUDO_LOCALE = 'on';
    try {
      const link = (html: string) => /<link rel="stylesheet" id="q-bootstrap" href="([^"]+)" data-ltr="([^"]+)" data-rtl="([^"]+)"/.exec(html);
      const ltr = link((await site.app.inject({ method: 'GET', url: '/questions', headers: { 'accept-language': 'en-US' } })).body)!;
      expect(ltr[1]).toBe(ltr[2]);
      expect(ltr[1]).toMatch(/^\/assets\/bootstrap-[0-9a-f]{10}\.css$/);
      const rtl = await site.app.inject({ method: 'GET', url: '/questions', headers: { 'accept-language': 'ar-XB' } });
      expect(rtl.body).toMatch(/<html lang="ar-XB" dir="rtl"/);
      const r = link(rtl.body)!;
      expect(r[1]).toBe(r[3]);
      expect(r[1]).toMatch(/^\/assets\/bootstrap\.rtl-[0-9a-f]{10}\.css$/);
      // Both files are served from the build, cached for good (their names change with their content).
      for (const href of [r[2]!, r[3]!]) {
        const css = await site.app.inject({ method: 'GET', url: href });
        expect(css.statusCode).toBe(200);
        expect(css.headers['cache-control']).toContain('immutable');
        expect(css.body).toContain('Bootstrap');
      }
      expect((await site.app.inject({ method: 'GET', url: r[3]! })).body).toMatch(/\.ms-1\{margin-right:\.25rem!important\}/);
    } finally {
      if (before === undefined) delete process.env.QUORUM_PSEUDO_LOCALE;
      else process.env.QUORUM_PSEUDO_LOCALE = before;
    }
  });

  it('fixes a set colour scheme before first paint and names the theme colour', async () => {
    await put('theme', { theme: 'default', color_scheme: 'dark', theme_config: { default: { navbar_style: 'light', primary_color: '#AA3300' } } });
    const res = await site.app.inject({ method: 'GET', url: '/questions' });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(res.body).toContain(`<script nonce="${nonce}">document.documentElement.setAttribute('data-bs-theme','dark')</script>`);
    expect(res.body).toContain('<meta name="theme-color" content="#AA3300">');
    await put('theme', { theme: 'default', color_scheme: 'system', theme_config: { default: { navbar_style: 'colored', primary_color: '#0033FF' } } });
    expect(await page('/questions')).not.toContain("setAttribute('data-bs-theme','dark')");
  });

  it('makes branding icons at 32, 180, 192 and 512 pixels and uses them for the favicon, touch icon, manifest and Open Graph image', async () => {
    const image = await sharp({ create: { width: 640, height: 400, channels: 4, background: '#22aa55' } }).png().toBuffer();
    const { payload, headers } = multipart({ source: 'branding' }, { name: 'icon.png', type: 'image/png', data: image });
    const up = await site.app.inject({ method: 'POST', url: '/answer/api/v1/file', payload, headers: { ...headers, authorization: admin } });
    expect(up.statusCode).toBe(200);
    const url = String(up.json().data);
    const base = url.slice(0, -'.png'.length);
    for (const size of [32, 180, 192, 512]) {
      const icon = await site.app.inject({ method: 'GET', url: `${base}-${size}.png` });
      expect(icon.statusCode, `${size}`).toBe(200);
      expect(icon.headers['cache-control']).toContain('max-age=31536000');
      const meta = await sharp(icon.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([size, size, 'png']);
    }
    await put('branding', { logo: url, mobile_logo: '', square_icon: url, favicon: url });
    const html = await page(`/questions/${qid}/which-hops-for-a-pale-ale`);
    expect(html).toContain(`<link rel="icon" sizes="32x32" href="${base}-32.png">`);
    expect(html).toContain(`<link rel="icon" sizes="192x192" href="${base}-192.png">`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="${base}-180.png">`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain(`<meta property="og:image" content="http://localhost:9080${base}-512.png">`);
    const fav = await site.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(fav.statusCode).toBe(302);
    expect(fav.headers.location).toBe(`${base}-32.png`);
    const manifest = JSON.parse((await site.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).body);
    expect(manifest).toMatchObject({ name: 'Test Site', start_url: '/', icons: [{ src: `${base}-192.png`, sizes: '192x192' }, { src: `${base}-512.png`, sizes: '512x512' }] });
  });

  it('puts Open Graph and Twitter card tags on question, tag and profile pages, and <html lang> matches the page language', async () => {
    const html = await page(`/questions/${qid}/which-hops-for-a-pale-ale`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:title" content="Which hops for a pale ale?">');
    expect(html).toContain('<meta property="og:description" content="Looking for citrus notes in the aroma.">');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:9080/questions/${qid}/which-hops-for-a-pale-ale">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<meta name="twitter:title" content="Which hops for a pale ale?">');
    expect(html).toMatch(/<html[^>]* lang="en-US"/);
    const profile = await site.app.inject({ method: 'GET', url: '/users/admin' });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<meta property="og:type" content="profile">');
    expect(profile.body).toContain('<meta property="og:url" content="http://localhost:9080/users/admin">');
    expect(profile.body).toMatch(/<meta name="twitter:title" content="[^"]+">/);
    // Account pages under /users/ stay plain shells.
    const login = await page('/users/login');
    expect(login).not.toContain('og:type');
    expect((await site.app.inject({ method: 'GET', url: '/users/nobody-by-this-name' })).statusCode).toBe(200);
    const tag = await page('/tags/support');
    expect(tag).toContain('<meta property="og:url" content="http://localhost:9080/tags/support">');
    const zh = (await site.app.inject({ method: 'GET', url: '/tags/support', headers: { 'accept-language': 'zh-CN' } })).body;
    expect(zh).toMatch(/<html[^>]* lang="zh-CN"/);
  });
});
