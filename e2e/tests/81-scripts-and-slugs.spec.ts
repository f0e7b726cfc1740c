/**
 * Look and reach (issue 13), continued: the administrator's custom head and header HTML may carry scripts, and they run
 * on a server-rendered page (with the page's nonce, so no Content-Security-Policy violation) and, for a page
 * first loaded on the admin console, once after client navigation to a public page; and links to a question
 * with a Chinese title, from a profile and from a timeline, use the server's pinyin slug, so they land
 * without a redirect.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

const SECTION = '/answer/admin/api/siteinfo/custom-css-html';
let token = '';
let before: Record<string, unknown> = {};
let member: TestUser;

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  token = await adminToken(request);
  before = await apiCall<Record<string, unknown>>(request, 'GET', SECTION, undefined, token);
  member = await activeUser(request, token, 'slug');
});

test.afterAll(async ({ request }) => {
  await apiCall(request, 'PUT', SECTION, before, await adminToken(request));
});

/** A page whose CSP violations are collected in `window.__cspViolations`; logged in with `as` when given. */
async function watchedPage(browser: Browser, baseURL: string, as?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  if (as) await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), as);
  return context.newPage();
}

const runs = (page: Page) => page.evaluate(() => (window as unknown as { __look81?: number }).__look81 ?? 0);
const headRuns = (page: Page) => page.evaluate(() => (window as unknown as { __look81head?: number }).__look81head ?? 0);
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** Client-side navigation (no page load), as a link inside the app would do. */
async function spaNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/]/g, '\\/')}$`));
}

test('scripts in the custom head and header HTML run on a server-rendered page and after client navigation from the console, once, with no CSP violation', async ({ request, browser, baseURL, shot }) => {
  await apiCall(request, 'PUT', SECTION, {
    custom_css: '',
    custom_head: '<meta name="look81-head" content="yes"><script>window.__look81head = (window.__look81head || 0) + 1;</script>',
    custom_header: '<div id="look81-header">Look 81 header</div><script>window.__look81 = (window.__look81 || 0) + 1; document.getElementById("look81-header")?.setAttribute("data-ran", "yes");</script>',
    custom_footer: '',
    custom_sidebar: '',
  }, token);

  // A visitor's server-rendered page: the script ran (with the nonce), once, and nothing was blocked.
  const visitor = await watchedPage(browser, baseURL!);
  await visitor.goto('/questions');
  await visitor.waitForLoadState('networkidle');
  await expect(visitor.locator('#look81-header')).toHaveText('Look 81 header');
  expect(await runs(visitor)).toBe(1);
  expect(await headRuns(visitor)).toBe(1);
  // Client navigation keeps the header and never runs the script again.
  await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await expect(visitor).toHaveURL(/\/tags$/);
  await expect(visitor.locator('#look81-header')).toBeVisible();
  expect(await runs(visitor)).toBe(1);
  expect(await violations(visitor)).toEqual([]);
  await shot('custom header with a script', visitor);
  await visitor.context().close();

  // The administrator starts on the console, which never gets the custom HTML nor its scripts ...
  const admin = await watchedPage(browser, baseURL!, token);
  await admin.goto('/admin');
  await admin.waitForLoadState('networkidle');
  await expect(admin.locator('#look81-header')).toHaveCount(0);
  expect(await runs(admin)).toBe(0);
  // ... and reaching a public page by client navigation runs it once, with the page's nonce.
  await expect(admin.locator('meta[name="look81-head"]')).toHaveCount(0);
  await spaNavigate(admin, '/questions');
  await expect(admin.locator('#look81-header')).toBeVisible();
  await expect.poll(() => runs(admin)).toBe(1);
  // ... and the custom head too: its elements in <head>, its script run once.
  await expect(admin.locator('head meta[name="look81-head"]')).toHaveCount(1);
  await expect.poll(() => headRuns(admin)).toBe(1);
  await spaNavigate(admin, '/admin');
  await expect(admin.locator('#look81-header')).toHaveCount(0);
  await spaNavigate(admin, '/tags');
  await expect(admin.locator('#look81-header')).toBeVisible();
  expect(await runs(admin)).toBe(1);
  expect(await headRuns(admin)).toBe(1);
  await expect(admin.locator('head meta[name="look81-head"]')).toHaveCount(1);
  expect(await violations(admin)).toEqual([]);
  await admin.context().close();
});

test("links to a Chinese-titled question from a profile and a timeline use the server's slug and land without a redirect", async ({ request, browser, baseURL }) => {
  const title = `如何在家酿造啤酒 ${unique()}`;
  const q = await askQuestion(request, member, title, '需要哪些设备和原料呢？麦芽、啤酒花和酵母。');
  const info = await apiCall<{ url_title: string }>(request, 'GET', `/answer/api/v1/question/info?id=${q.id}`);
  expect(info.url_title).toMatch(/^ru-he-zai-jia-niang-zao-pi-jiu-[a-z0-9-]+$/);
  const canonical = `/questions/${q.id}/${info.url_title}`;
  // A slug made from the title in its own script is not the canonical one: it costs a 301.
  const ownScript = await request.get(`/questions/${q.id}/${encodeURIComponent(title.toLowerCase().replace(/\s+/g, '-'))}`, { maxRedirects: 0 });
  expect(ownScript.status()).toBe(301);

  const page = await watchedPage(browser, baseURL!, member.token);
  /** Follows `link` in the app, then loads its address afresh: the server answers 200 with no redirect. */
  const landsDirectly = async (link: ReturnType<Page['getByRole']>) => {
    await expect(link).toHaveAttribute('href', canonical);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${canonical.replace(/[/]/g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const response = await page.goto(canonical);
    expect(response!.status()).toBe(200);
    expect(response!.request().redirectedFrom()).toBeNull();
  };

  await page.goto(`/users/${member.username}/questions`);
  await landsDirectly(page.getByRole('main').getByRole('link', { name: title }));

  await page.goto(`/posts/${q.id}/timeline`);
  await landsDirectly(page.getByRole('main').getByRole('link', { name: title }).first());
  expect(await violations(page)).toEqual([]);
  await page.context().close();
});

test('the theme page says where a primary colour fails contrast: on white, on the coloured navbar or on the dark page', async ({ browser, baseURL, shot }) => {
  const page = await watchedPage(browser, baseURL!, token);
  await page.goto('/admin/themes');
  const colour = page.locator('#q-primary-color');
  const note = page.locator('#q-primary-color-contrast');
  const places = () => note.getByRole('listitem').allInnerTexts();
  await colour.fill('#FFCC00');
  await expect(note).toContainText('at least 4.5:1');
  expect(await places()).toEqual(['White text on primary buttons: contrast of only 1.51:1', expect.stringMatching(/^Navigation text on the coloured navbar: contrast of only 1(\.\d+)?:1$/), 'Links on the light page: contrast of only 1.51:1']);
  await shot('contrast warning for yellow', page);
  // The navbar's text is not drawn on the colour with the light navbar style.
  await page.getByLabel('Navigation bar', { exact: true }).selectOption('light');
  await expect(note.getByRole('listitem')).toHaveCount(2);
  // A dark navy reads well on white but its dark-mode links are too dim.
  await colour.fill('#000066');
  expect(await places()).toEqual([expect.stringMatching(/^Links on the dark page: contrast of only [0-4](\.\d+)?:1$/)]);
  await colour.fill('#0033FF');
  await expect(note).toHaveText('');
  expect(await violations(page)).toEqual([]);
  await page.context().close();
});
