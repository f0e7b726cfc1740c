/**
 * "Fast on a phone": the home page's HTML, its entry script and its stylesheet come to the browser compressed
 * (brotli, or gzip where the browser offers only gzip, as Chromium does over plain HTTP), and varying on
 * Accept-Encoding so a cache in between keeps the versions apart.
 */
import type { Response } from '@playwright/test';
import { ensureInstalled } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('the home page, its entry script and its stylesheet arrive compressed', async ({ page, request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  const doc = await page.goto('/');
  expect(doc?.status()).toBe(200);
  await page.waitForLoadState('load');

  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  const stylesheet = await page.locator('link[rel="stylesheet"][href^="/assets/"]').first().getAttribute('href');
  expect(script).toMatch(/\.js$/);
  expect(stylesheet).toMatch(/\.css$/);

  const byPath = (p: string) => responses.find((r) => new URL(r.url()).pathname === p);
  const checks: Array<[string, Response | undefined]> = [['/', doc ?? undefined], [script!, byPath(script!)], [stylesheet!, byPath(stylesheet!)]];
  for (const [what, res] of checks) {
    expect(res, `${what} was loaded`).toBeDefined();
    const headers = await res!.allHeaders();
    const offered = (await res!.request().allHeaders())['accept-encoding'] ?? '';
    expect(offered, `${what}: the browser offered compression`).toMatch(/gzip/);
    expect(headers['content-encoding'], what).toMatch(offered.includes('br') ? /^br$/ : /^(br|gzip)$/);
    expect(headers.vary ?? '', what).toMatch(/accept-encoding/i);
  }
  // The page works on compressed assets: the client took over (the question list or the empty state shows).
  await expect(page.locator('#root')).not.toBeEmpty();
});
