/**
 * Right-to-left readiness (issue 13, languages): the ar-XB pseudo-locale (en_US strings mirrored, generated,
 * never listed) renders the home and question pages with `<html dir="rtl">` from the server, keeps it through
 * hydration, lays the header out from the right, and nothing overflows sideways at desktop or phone width.
 * Bootstrap's own right-to-left stylesheet is loaded (margin-start utilities flip to the right), from the server
 * and after a language switch in the browser. Screenshots land in e2e/artifacts/screens/ for a look.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled } from '../fixtures/api';
import { expect, test, type Shot } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

const RLO = '\u202e';
let questionPath = '';

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  const member = await activeUser(request, await adminToken(request), 'rtl');
  const q = await askQuestion(request, member, 'Right to left layout of a question page', 'The body of a question, long enough to wrap: '.repeat(8));
  questionPath = `/questions/${q.id}`;
});

/** Opens `path` in a fresh context whose browser asks for `locale` first; returns the page once hydrated. */
async function open(browser: Browser, baseURL: string, path: string, locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

/**
 * Which Bootstrap stylesheet the page uses and where Bootstrap's margin-start utility (`ms-3`, 1rem) puts a
 * probe's margin: on the left in the left-to-right sheet, on the right in the right-to-left one.
 */
async function bootstrapSide(page: Page): Promise<{ href: string; sheets: number; left: string; right: string; direction: string }> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.className = 'ms-3 d-inline-block';
    document.body.appendChild(probe);
    const style = getComputedStyle(probe);
    const out = {
      href: document.getElementById('q-bootstrap')?.getAttribute('href') ?? '',
      sheets: document.querySelectorAll('link[rel="stylesheet"][data-rtl]').length,
      left: style.marginLeft,
      right: style.marginRight,
      direction: style.direction,
    };
    probe.remove();
    return out;
  });
}

/** Widest horizontal overflow on the page in CSS pixels (0 when nothing sticks out sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
}

async function checkRtl(page: Page, shot: Shot, name: string): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar-XB');
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  // Bootstrap's right-to-left build, not the left-to-right one: margin-start is on the right.
  expect(await bootstrapSide(page)).toEqual({ href: expect.stringMatching(/^\/assets\/bootstrap\.rtl-[0-9a-f]+\.css$/), sheets: 1, left: '0px', right: '16px', direction: 'rtl' });
  // Strings come from the pseudo-locale (mirrored en_US), not from English.
  await expect(page.getByRole('navigation').first()).toContainText(RLO);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(name, page);
}

test('a page in the right-to-left pseudo-locale is laid out right to left and never overflows sideways', async ({ browser, baseURL, request, shot }) => {
  // The server marks the document before any script runs.
  const raw = await request.get('/questions', { headers: { 'Accept-Language': 'ar-XB' } });
  const rawHtml = await raw.text();
  expect(rawHtml).toMatch(/<html lang="ar-XB" dir="rtl"/);
  // ... and links Bootstrap's right-to-left stylesheet, served by us.
  const sheet = /<link rel="stylesheet" id="q-bootstrap" href="(\/assets\/bootstrap\.rtl-[0-9a-f]+\.css)"/.exec(rawHtml)?.[1];
  expect(sheet).toBeTruthy();
  const css = await request.get(sheet!);
  expect(css.status()).toBe(200);
  expect(await css.text()).toContain('.ms-3{margin-right:1rem!important}');

  const home = await open(browser, baseURL!, '/questions', 'ar-XB', 1280);
  await checkRtl(home, shot, 'home desktop');
  // The header starts from the right: the site name sits right of the search box.
  const brand = await home.locator('.navbar-brand').first().boundingBox();
  const search = await home.getByRole('search').first().boundingBox();
  expect(brand && search && brand.x > search.x).toBe(true);
  await home.context().close();

  const question = await open(browser, baseURL!, questionPath, 'ar-XB', 1280);
  await checkRtl(question, shot, 'question desktop');
  await question.context().close();

  const phone = await open(browser, baseURL!, questionPath, 'ar-XB', 375);
  await checkRtl(phone, shot, 'question phone');
  await phone.context().close();
});

test('the pseudo-locale is never offered; other visitors keep left to right, in their own language', async ({ browser, baseURL, request }) => {
  const options = await apiCall<{ value: string }[]>(request, 'GET', '/answer/api/v1/language/options');
  expect(options.map((o) => o.value)).not.toContain('ar_XB');
  expect(options.map((o) => o.value)).toEqual(expect.arrayContaining(['en_US', 'es_ES', 'fr_FR', 'de_DE']));

  const page = await open(browser, baseURL!, '/questions', 'en-US', 1280);
  expect(await page.evaluate(() => document.documentElement.dir || 'ltr')).toBe('ltr');
  expect(await bootstrapSide(page)).toEqual({ href: expect.stringMatching(/^\/assets\/bootstrap-[0-9a-f]+\.css$/), sheets: 1, left: '16px', right: '0px', direction: 'ltr' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.context().close();

  // Another language hydrates in the language the server rendered, its strings fetched whole from the server.
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const german = await context.newPage();
  const fetched = german.waitForResponse((r) => r.url().includes('/answer/api/v1/language/config?lang=de_DE'));
  await german.goto('/questions');
  await fetched;
  await expect(german.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(german.getByRole('navigation').first()).toContainText('Fragen');
  await german.getByRole('link', { name: 'Benutzer', exact: true }).first().click();
  await expect(german.getByText('Alle, die in dieser Community mitmachen. Finde ein Mitglied über den Namen oder sortiere danach, was es tut.')).toBeVisible();
  await context.close();

  // A right-to-left language's name without the pseudo-locale's exact tag gets no mirrored strings.
  const arabic = await open(browser, baseURL!, '/questions', 'ar', 1280);
  await expect(arabic.getByRole('navigation').first()).not.toContainText(RLO);
  await arabic.context().close();
});

test("a language switch in the browser swaps Bootstrap's stylesheet to the new direction", async ({ browser, baseURL, request, shot }) => {
  // The server renders the anonymous view in the browser's pseudo-locale (right to left); once the member is
  // known, the page switches to the member's language, the site's en_US (left to right).
  const member = await activeUser(request, await adminToken(request), 'rtlswitch');
  const context = await browser.newContext({ baseURL, locale: 'ar-XB' });
  await context.addInitScript((token) => window.localStorage.setItem('quorum.token', token), member.token);
  const page = await context.newPage();
  const response = await page.goto('/questions');
  expect(await response!.text()).toMatch(/<html lang="ar-XB" dir="rtl"[\s\S]*id="q-bootstrap" href="\/assets\/bootstrap\.rtl-/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // The left-to-right sheet replaces the other once loaded: one sheet, margin-start on the left again.
  await expect.poll(() => bootstrapSide(page)).toEqual({ href: expect.stringMatching(/^\/assets\/bootstrap-[0-9a-f]+\.css$/), sheets: 1, left: '16px', right: '0px', direction: 'ltr' });
  await expect(page.getByRole('navigation').first()).not.toContainText(RLO);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot('switched to left to right', page);
  await context.close();
});
