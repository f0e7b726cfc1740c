/**
 * Settings > Spam and limits at 1280 and 375 px: the page shows the new-member limits with their defaults and the
 * screening lists, never scrolls sideways; a blank limit and a malformed domain are refused on their fields with
 * nothing typed lost; a saved limit and blocked domain are there after a reload. Registration with a blocked or a
 * disposable address shows the refusal under the e-mail field and keeps what was typed.
 */
import type { Page } from '@playwright/test';
import { adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, formStatus, test } from '../fixtures/test';

/** Opens `path` with the administrator's token in localStorage (as the login page leaves it). */
async function openAsAdmin(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
  await page.goto(path);
}

test('spam settings: limits and screening lists, checked, saved, at 1280 and 375 px', async ({ page, browser, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const before = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/siteinfo/spam', undefined, admin);
  try {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openAsAdmin(page, admin, '/admin/spam');
      await expect(page.getByRole('heading', { name: 'Spam and limits' })).toBeVisible();
      await expect(page.getByLabel('New member reputation threshold')).toHaveValue('100');
      await expect(page.getByRole('group', { name: 'Comments' }).getByLabel('Per minute')).toHaveValue('5');
      await expect(page.getByLabel('Disposable e-mail domains')).toHaveValue(/(^|\n)mailinator\.com(\n|$)/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`spam settings at ${width}`);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    const perMinute = page.getByRole('group', { name: 'Comments' }).getByLabel('Per minute');
    await perMinute.fill('');
    await page.getByLabel('Blocked e-mail domains').fill('spam-farm.example\nnot a domain');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(perMinute).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter one e-mail domain per line, such as example.com.')).toBeVisible();
    await expect(page.getByLabel('Blocked e-mail domains')).toHaveValue('spam-farm.example\nnot a domain');
    await shot('spam settings refused');

    await perMinute.fill('2');
    await page.getByLabel('Blocked e-mail domains').fill('spam-farm.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(formStatus(page, 'Saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('group', { name: 'Comments' }).getByLabel('Per minute')).toHaveValue('2');
    await expect(page.getByLabel('Blocked e-mail domains')).toHaveValue('spam-farm.example');

    // Registration, by a visitor: the refusal sits under the e-mail field, the typed values stay.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    for (const width of [1280, 375]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto('/users/register');
      const name = `screened${unique()}`.slice(0, 30);
      await visitor.getByLabel('User name').fill(name);
      await visitor.getByLabel('E-mail').fill(`${name}@mailinator.com`);
      await visitor.getByLabel('Password').fill('password-123');
      await visitor.getByRole('button', { name: 'Sign up' }).click();
      const email = visitor.getByLabel('E-mail');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(visitor.getByText('Disposable e-mail addresses are not accepted. Please use an address you keep.')).toBeVisible();
      await expect(email).toHaveValue(`${name}@mailinator.com`);
      await shot(`registration refused at ${width}`, visitor);
      await email.fill(`${name}@spam-farm.example`);
      await visitor.getByRole('button', { name: 'Sign up' }).click();
      await expect(visitor.getByText('Sign-ups with this e-mail domain are not accepted. Please use another address.')).toBeVisible();
    }
    await context.close();
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/spam', before, admin);
  }
});
