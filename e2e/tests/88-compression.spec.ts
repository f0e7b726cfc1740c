/**
 * "Fast on a phone": the HTML of the home page, a question page and the search page, their entry script and their
 * stylesheet come to the browser compressed (brotli, or gzip where the browser offers only gzip, as Chromium does
 * over plain HTTP), and varying on Accept-Encoding so a cache in between keeps the versions apart. And the search
 * page does not jump while its results come in: the cumulative layout shift (the CLS definition: the worst session
 * window of shifts without recent input, read with PerformanceObserver('layout-shift', buffered) once the results
 * show and the network is quiet) stays below 0.05, on a phone and on a desktop viewport.
 */
import type { Browser, Page, Response } from '@playwright/test';
import { activeUser, adminToken, askQuestion, ensureInstalled, unique, type CreatedQuestion } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Goal of the issue for the search page's CLS. */
const MAX_CLS = 0.05;

/** Opens `path` and checks the document, the entry script and the stylesheet arrive compressed and varying. */
async function expectCompressed(page: Page, path: string): Promise<void> {
  const responses: Response[] = [];
  const listen = (r: Response) => responses.push(r);
  page.on('response', listen);
  const doc = await page.goto(path);
  expect(doc?.status(), path).toBe(200);
  await page.waitForLoadState('load');
  page.off('response', listen);

  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  const stylesheet = await page.locator('link[rel="stylesheet"][href^="/assets/"]').first().getAttribute('href');
  expect(script, `${path}: entry script`).toMatch(/\.js$/);
  expect(stylesheet, `${path}: stylesheet`).toMatch(/\.css$/);

  const byPath = (p: string) => responses.find((r) => new URL(r.url()).pathname === p);
  const checks: Array<[string, Response | undefined]> = [[`${path} (HTML)`, doc ?? undefined], [script!, byPath(script!)], [stylesheet!, byPath(stylesheet!)]];
  for (const [what, res] of checks) {
    expect(res, `${what} was loaded`).toBeDefined();
    const headers = await res!.allHeaders();
    const offered = (await res!.request().allHeaders())['accept-encoding'] ?? '';
    expect(offered, `${what}: the browser offered compression`).toMatch(/gzip/);
    expect(headers['content-encoding'], what).toMatch(offered.includes('br') ? /^br$/ : /^(br|gzip)$/);
    expect(headers.vary ?? '', what).toMatch(/accept-encoding/i);
  }
  // The page works on compressed assets: the client took over.
  await expect(page.locator('#root')).not.toBeEmpty();
}

/** The CLS of the page so far and the shifts of its worst session window ("value element, element"). */
async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ cls: number; shifts: string[] }>((resolve) => {
        type Shift = { value: number; startTime: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
        const entries: Shift[] = [];
        new PerformanceObserver((list) => entries.push(...(list.getEntries() as unknown as Shift[]))).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          const sum = (w: Shift[]) => w.reduce((t, e) => t + e.value, 0);
          let worst: Shift[] = [];
          let current: Shift[] = [];
          for (const e of entries.filter((x) => !x.hadRecentInput)) {
            const first = current[0];
            const last = current[current.length - 1];
            if (first && last && (e.startTime - last.startTime > 1000 || e.startTime - first.startTime > 5000)) current = [];
            current.push(e);
            if (sum(current) > sum(worst)) worst = [...current];
          }
          const name = (n?: Node | null) => (n instanceof Element ? `${n.tagName.toLowerCase()}${n.className ? `.${String(n.className).trim().split(/\s+/).join('.')}` : ''}` : (n?.nodeName ?? '(removed)'));
          resolve({ cls: sum(worst), shifts: worst.map((e) => `${e.value.toFixed(3)} ${e.sources.map((s) => name(s.node)).join(', ')}`) });
        }, 300);
      }),
  );
}

test.describe('compression and a steady search page', () => {
  let question: CreatedQuestion;
  let word = '';

  test.beforeAll(async ({ request, baseURL }) => {
    await ensureInstalled(request, baseURL!);
    const member = await activeUser(request, await adminToken(request), 'steady');
    word = `steadyword${unique()}`;
    // A full first page of results, as a real search has: a few rows would hide a shift of the list below them.
    for (let i = 10; i >= 1; i--) {
      question = await askQuestion(request, member, `Which glass keeps a lager cold the longest, try ${i} ${word}`, `Looking for a glass that keeps the beer cold on a warm day (${i}); ${word}.`);
    }
  });

  test('the home, question and search pages, their entry script and their stylesheet arrive compressed', async ({ browser, baseURL }) => {
    for (const path of ['/', `/questions/${question.id}`, `/search?q=${word}`]) {
      // A fresh context each time: nothing comes from the browser's cache, every response is the server's.
      const context = await browser.newContext({ baseURL });
      try {
        await expectCompressed(await context.newPage(), path);
      } finally {
        await context.close();
      }
    }
  });

  /** Opens the search page for the question's word in `browser` with `viewport` and returns its layout shift. */
  async function searchPageShift(browser: Browser, baseURL: string, phone: boolean): Promise<{ cls: number; shifts: string[] }> {
    const context = await browser.newContext(phone ? { baseURL, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } : { baseURL });
    try {
      const page = await context.newPage();
      await page.goto(`/search?q=${word}`);
      await page.waitForLoadState('load');
      await expect(page.getByRole('link', { name: question.title })).toBeVisible();
      await page.waitForLoadState('networkidle');
      return await layoutShift(page);
    } finally {
      await context.close();
    }
  }

  for (const phone of [true, false]) {
    test(`the search page does not shift while its results come in (${phone ? 'phone' : 'desktop'})`, async ({ browser, baseURL }) => {
      const { cls, shifts } = await searchPageShift(browser, baseURL!, phone);
      test.info().annotations.push({ type: 'CLS', description: `${cls.toFixed(3)}${shifts.length ? `: ${shifts.join('; ')}` : ''}` });
      expect(cls, `CLS ${cls.toFixed(3)}; shifts: ${shifts.join('; ') || 'none'}`).toBeLessThan(MAX_CLS);
    });
  }
});
