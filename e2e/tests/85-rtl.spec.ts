/**
 * Right-to-left readiness (issue 13, languages): the ar-XB pseudo-locale (en_US strings mirrored, generated,
 * never listed) renders the home and question pages with `<html dir="rtl">` from the server, keeps it through
 * hydration, lays the header out from the right, and nothing overflows sideways at desktop or phone width.
 * Screenshots land in e2e/artifacts/screens/ for a look.
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

/** Widest horizontal overflow on the page in CSS pixels (0 when nothing sticks out sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
}

async function checkRtl(page: Page, shot: Shot, name: string): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar-XB');
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  // Strings come from the pseudo-locale (mirrored en_US), not from English.
  await expect(page.getByRole('navigation').first()).toContainText(RLO);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(name, page);
}

test('a page in the right-to-left pseudo-locale is laid out right to left and never overflows sideways', async ({ browser, baseURL, request, shot }) => {
  // The server marks the document before any script runs.
  const raw = await request.get('/questions', { headers: { 'Accept-Language': 'ar-XB' } });
  expect(await raw.text()).toMatch(/<html lang="ar-XB" dir="rtl"/);

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
  await expect(german.getByText('Die aktivsten Leute der Community in dieser Woche.')).toBeVisible();
  await context.close();

  // A right-to-left language's name without the pseudo-locale's exact tag gets no mirrored strings.
  const arabic = await open(browser, baseURL!, '/questions', 'ar', 1280);
  await expect(arabic.getByRole('navigation').first()).not.toContainText(RLO);
  await arabic.context().close();
});
