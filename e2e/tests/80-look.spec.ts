/**
 * Look and reach (issue 13): custom CSS/HTML on every public page (server-rendered and after client
 * navigation, never in the admin console; preview and one-click reset), the theme applied before first paint
 * and live after a save, branding icons in the head and header, permalink styles with redirects, sitemap and
 * robots, and maintenance mode for visitors, members and administrators.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, unique, type TestUser } from '../fixtures/api';
import { loginSolvingCaptcha } from '../fixtures/sqlite';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.80.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
const SECTIONS = ['general', 'branding', 'seo', 'theme', 'custom-css-html'];
const before = new Map<string, Record<string, unknown>>();
let token = '';
let member: TestUser;

/** A 16x16 green PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWNQWhVKEmIY1bBqNJSUhmvSAABx9iEQ/L2zIwAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  token = await loginSolvingCaptcha(request, ADMIN.email, ADMIN.password);
  for (const s of SECTIONS) before.set(s, await apiCall<Record<string, unknown>>(request, 'GET', `/answer/admin/api/siteinfo/${s}`, undefined, token));
  member = await activeUser(request, token, 'look');
});

test.afterAll(async ({ request }) => {
  const t = await adminToken(request);
  for (const [s, value] of before) await apiCall(request, 'PUT', `/answer/admin/api/siteinfo/${s}`, s === 'general' ? { ...value, maintenance: false } : value, t);
});

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/users\/login/);
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.81.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });
  return context.newPage();
}

/** Client-side navigation (no page load), as a link inside the app would do. */
async function spaNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/]/g, '\\/')}$`));
}

const put = (request: Parameters<typeof apiCall>[0], section: string, body: unknown) => apiCall(request, 'PUT', `/answer/admin/api/siteinfo/${section}`, body, token);

test('custom CSS and HTML show on public pages, after client navigation too, never in the console; preview and reset', async ({ page, request, shot }) => {
  await put(request, 'custom-css-html', {
    custom_css: '.q-custom-header { border-top: 7px solid rgb(255, 0, 0); }',
    custom_head: '<meta name="look-test" content="yes">',
    custom_header: '<div id="look-header">Look header banner</div>',
    custom_footer: '<div id="look-footer">Look footer</div>',
    custom_sidebar: '<div id="look-sidebar">Look sidebar</div>',
  });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/questions');
  await expect(page.locator('#look-header')).toHaveText('Look header banner');
  await expect(page.locator('#look-sidebar')).toBeVisible();
  await expect(page.locator('#look-footer')).toBeVisible();
  await expect(page.locator('meta[name="look-test"]')).toHaveCount(1);
  await expect(page.locator('.q-custom-header')).toHaveCSS('border-top-width', '7px');
  await shot('custom header and sidebar');
  // Client navigation keeps them.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.locator('#look-header')).toBeVisible();
  // The admin console shows none of it, reached by client navigation or loaded directly.
  await spaNavigate(page, '/admin/css-html');
  await expect(page.getByRole('heading', { name: 'CSS/HTML', level: 2 })).toBeVisible();
  await expect(page.locator('#look-header')).toHaveCount(0);
  await expect(page.locator('#look-footer')).toBeHidden();
  await expect(page.locator('#look-sidebar')).toHaveCount(0);
  await page.goto('/admin/css-html');
  await expect(page.getByRole('heading', { name: 'CSS/HTML', level: 2 })).toBeVisible();
  await expect(page.locator('#look-header')).toHaveCount(0);
  await expect(page.locator('#look-footer')).toHaveCount(0);
  await expect(page.locator('#look-sidebar')).toHaveCount(0);
  expect(await page.evaluate(() => [...document.styleSheets].some((s) => !s.disabled && (s.href ?? '').includes('/custom.css')))).toBe(false);
  // From the console back to the site without a page load: header, sidebar and footer come back.
  await spaNavigate(page, '/tags');
  await expect(page.locator('#look-header')).toBeVisible();
  await expect(page.locator('#look-footer')).toBeVisible();
  await expect(page.locator('.q-custom-header')).toHaveCSS('border-top-width', '7px');
  await spaNavigate(page, '/admin/css-html');
  // Preview: the unsaved CSS and HTML in a sandboxed frame.
  await page.getByRole('button', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe.q-css-preview');
  await expect(frame.locator('#look-header')).toHaveText('Look header banner');
  await shot('css-html preview');
  // One-click reset empties and saves every field.
  await page.getByRole('button', { name: 'Reset to empty' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset to empty' }).click();
  await expect(page.locator('form').getByRole('status').first()).toHaveText('Saved');
  const saved = await apiCall<Record<string, string>>(request, 'GET', '/answer/admin/api/siteinfo/custom-css-html', undefined, token);
  expect(Object.values(saved).every((v) => v === '')).toBe(true);
  await page.goto('/questions');
  await expect(page.locator('#look-header')).toHaveCount(0);
});

test('the theme applies before first paint and live after a save', async ({ page, request, browser, baseURL, shot }) => {
  await put(request, 'theme', { theme: 'default', color_scheme: 'dark', theme_config: { default: { navbar_style: 'dark', primary_color: '#AA3300' } } });
  const anon = await newPage(browser, baseURL!);
  // Scripts of the page itself are off: only the head's theme script can set the scheme before first paint.
  await anon.route('**/assets/**', (route) => route.abort());
  await anon.goto('/questions');
  expect(await anon.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');
  await expect(anon.locator('nav.navbar')).toHaveClass(/bg-dark/);
  await expect(anon.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#AA3300');
  await anon.context().close();

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/themes');
  await page.getByLabel('Colour scheme').selectOption('light');
  await page.getByLabel('Navigation bar').selectOption('colored');
  await page.locator('#q-primary-color').fill('#117733');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('form').getByRole('status').first()).toHaveText('Saved');
  // Live: no reload, the public page reached by client navigation has the new colour and scheme.
  await spaNavigate(page, '/questions');
  await expect(page.getByRole('heading', { name: 'CSS/HTML', level: 2 }).or(page.getByRole('heading', { name: 'Themes', level: 2 }))).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bs-primary').trim().toLowerCase())).toBe('#117733');
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('light');
  await expect(page.locator('nav.navbar')).toHaveClass(/q-navbar-colored/);
  await shot('theme saved');
});

test('branding images uploaded on the branding page are resized and used in the head, the header and the manifest', async ({ page, request, shot }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/branding');
  for (const field of ['Logo', 'Square icon', 'Favicon']) {
    await page.getByLabel(`Upload ${field}`).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByLabel(field, { exact: true })).toHaveValue(/^\/uploads\/.+\.png$/);
  }
  // Content decides: a text file named .png is refused.
  await page.getByLabel('Upload Mobile logo').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByRole('alert').filter({ hasText: /PNG, JPEG, GIF and WebP/ })).toBeVisible();
  await expect(page.getByLabel('Mobile logo', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('form').getByRole('status').first()).toHaveText('Saved');
  await shot('branding uploaded');
  const url = await page.getByLabel('Square icon', { exact: true }).inputValue();
  const base = url.slice(0, -4);
  await page.goto('/questions');
  await expect(page.locator('link[rel="icon"][sizes="32x32"]')).toHaveAttribute('href', /^\/uploads\/.+-32\.png$/);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', `${base}-180.png`);
  await expect(page.getByRole('banner').locator('img.q-logo')).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  const icon = await request.get(`${base}-192.png`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['cache-control']).toContain('immutable');
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { icons: { src: string; sizes: string }[] };
  expect(manifest.icons).toEqual([{ src: `${base}-192.png`, sizes: '192x192', type: 'image/png' }, { src: `${base}-512.png`, sizes: '512x512', type: 'image/png' }]);
});

test('permalink styles: links follow the setting and old links redirect to the canonical address', async ({ page, request }) => {
  const title = `Permalink look ${unique()}`;
  const q = await askQuestion(request, member, title, 'A question whose address changes with the permalink setting.');
  const seo = before.get('seo')!;
  await put(request, 'seo', { ...seo, permalink: 4 });
  await page.goto(`/questions/${q.id}/permalink-look`);
  await expect(page).toHaveURL(/\/questions\/[0-9a-zA-Z]{4,12}$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const shortUrl = new URL(page.url()).pathname;
  await put(request, 'seo', { ...seo, permalink: 1 });
  await page.goto(shortUrl);
  await expect(page).toHaveURL(new RegExp(`/questions/${q.id}/permalink-look-`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // Links in lists use the server's slug: a Chinese title is spelled in pinyin.
  const zh = await askQuestion(request, member, `如何酿造啤酒 ${unique()}`, 'A question with a Chinese title, for the slug in the list.');
  await page.goto('/questions?order=newest');
  await expect(page.getByRole('link', { name: zh.title }).first()).toHaveAttribute('href', new RegExp(`^/questions/${zh.id}/ru-he-niang-zao-pi-jiu-`));
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('/sitemap/questions-1.xml');
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: .+\/sitemap\.xml/);
});

test('maintenance mode: visitors and members get the maintenance page, administrators work on and see a banner', async ({ page, browser, baseURL, shot }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/general');
  await page.getByLabel('Maintenance mode').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('form').getByRole('status').first()).toHaveText('Saved');

  const visitor = await newPage(browser, baseURL!);
  const first = await visitor.goto('/questions');
  expect(first!.status()).toBe(503);
  expect(first!.headers()['retry-after']).toBe('300');
  await expect(visitor.getByRole('heading', { name: 'Website Maintenance' })).toBeVisible();
  await shot('maintenance visitor', visitor);
  // The login page stays open, for administrators.
  await visitor.goto('/users/login');
  await expect(visitor.getByLabel('E-mail')).toBeVisible();

  const memberPage = await newPage(browser, baseURL!);
  await logIn(memberPage, member.email, member.password);
  await memberPage.goto('/tags');
  await expect(memberPage.getByRole('heading', { name: 'Website Maintenance' })).toBeVisible();
  expect((await memberPage.request.get('/answer/api/v1/question/page?page=1&page_size=5')).status()).toBe(503);

  await page.goto('/questions');
  await expect(page.getByRole('status').filter({ hasText: 'Maintenance mode is on' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Website Maintenance' })).toHaveCount(0);
  await shot('maintenance admin banner');
  await page.getByRole('link', { name: 'Turn it off' }).click();
  await expect(page).toHaveURL(/\/admin\/general$/);
  await page.getByLabel('Maintenance mode').uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('form').getByRole('status').first()).toHaveText('Saved');
  const back = await visitor.goto('/questions');
  expect(back!.status()).toBe(200);
  await visitor.context().close();
  await memberPage.context().close();
});
