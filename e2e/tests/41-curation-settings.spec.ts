/**
 * Settings > Locks and protection and Settings > Bounties at 1280 and 375 px: each page shows its thresholds with
 * their defaults and never scrolls sideways; a blank value is refused on its field with the other values kept; a
 * saved value is there after a reload. The sections are put back as they were.
 */
import { adminToken, apiCall, ensureInstalled } from '../fixtures/api';
import { expect, formStatus, openWith, test } from '../fixtures/test';

const PAGES = [
  { path: '/admin/locks', section: 'locks', heading: 'Locks and protection', first: 'Reputation to protect questions', firstValue: '15000', edit: 'Within this many hours', key: 'auto_protect_window_hours', editDefault: '24', editValue: '48' },
  { path: '/admin/bounty', section: 'bounty', heading: 'Bounties', first: 'Reputation needed to offer a bounty', firstValue: '75', edit: 'Days a bounty runs', key: 'duration_days', editDefault: '7', editValue: '5' },
];

for (const p of PAGES) {
  test(`${p.heading} settings: defaults, a refused blank, a saved value, at 1280 and 375 px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(120_000);
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const before = await apiCall<Record<string, unknown>>(request, 'GET', `/answer/admin/api/siteinfo/${p.section}`, undefined, admin);
    try {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await openWith(page, admin, p.path);
        await expect(page.getByRole('heading', { name: p.heading })).toBeVisible();
        await expect(page.getByLabel(p.first)).toHaveValue(p.firstValue);
        await expect(page.getByLabel(p.edit)).toHaveValue(p.editDefault);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(`${p.section} settings at ${width}`);
      }

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByLabel(p.edit).fill('');
      await page.getByLabel(p.first).fill('200');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel(p.edit)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(p.first)).toHaveValue('200');

      await page.getByLabel(p.edit).fill(p.editValue);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(formStatus(page, 'Saved')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(p.edit)).toHaveValue(p.editValue);
      await expect(page.getByLabel(p.first)).toHaveValue('200');
      const saved = await apiCall<Record<string, unknown>>(request, 'GET', `/answer/admin/api/siteinfo/${p.section}`, undefined, admin);
      expect(saved[p.key]).toBe(Number(p.editValue));
    } finally {
      await apiCall(request, 'PUT', `/answer/admin/api/siteinfo/${p.section}`, before, admin);
    }
  });
}
