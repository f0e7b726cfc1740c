/**
 * The write settings' question minimums in the browser: Settings > Write shows "Minimum tags" and "Minimum body
 * length" at 1280 and 375 px (no sideways scroll) and refuses 6 tags on its field with the typed value kept;
 * with 0 tags and a 30-character body as the minimums, the ask page marks the tags optional, refuses a short
 * body with the configured minimum under the body (nothing typed lost) and posts a question without tags.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, formStatus, test } from '../fixtures/test';

/** Opens `path` with a token in localStorage (as the login page leaves it). */
async function openAs(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
  await page.goto(path);
}

test('question minimums: set on the write page, honoured by the ask page', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const before = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/siteinfo/write', undefined, admin);
  try {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, admin, '/admin/write');
      await expect(page.getByLabel('Minimum tags')).toHaveValue('1');
      await expect(page.getByLabel('Minimum body length')).toHaveValue('1');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByLabel('Minimum body length').scrollIntoViewIfNeeded();
      await shot(`write settings at ${width}`);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Minimum tags').fill('6');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Minimum tags')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Minimum tags must be a whole number from 0 to 5.')).toBeVisible();
    await expect(page.getByLabel('Minimum tags')).toHaveValue('6');
    await shot('write settings refused');
    await page.getByLabel('Minimum tags').fill('0');
    await page.getByLabel('Minimum body length').fill('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(formStatus(page, 'Saved')).toBeVisible();

    const asker = await activeUser(request, admin, 'minimums');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, asker.token, '/questions/ask');
      await expect(page.locator('#ask-tags-label')).toContainText('(optional)');
      await expect(page.locator('#ask-body-label')).not.toContainText('(optional)');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    const title = `Can a question stand on its title alone ${unique()}?`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    const body = page.getByRole('textbox', { name: 'Body', exact: true });
    await expect(body).toHaveClass(/cm-content/);
    await body.click();
    await page.keyboard.type('Too short to be asked.');
    await page.getByRole('button', { name: 'Post your question' }).click();
    await expect(page.locator('#ask-body-error')).toHaveText('The body needs at least 30 characters.');
    await expect(page.locator('#ask-tags-error')).toHaveCount(0);
    await expect(body).toContainText('Too short to be asked.');
    await shot('ask page refused at 375');
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Now it is long enough to pass.');
    await page.getByRole('button', { name: 'Post your question' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await shot('question without tags at 375');
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/write', before, admin);
  }
});
