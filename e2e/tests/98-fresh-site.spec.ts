/**
 * A fresh site looks finished: the ask page's examples fit any community (no programming examples) in every
 * language, and the legal pages show starter texts marked as templates, which the admin's legal settings open
 * pre-filled.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, ensureInstalled, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const LANGS = ['en_US', 'de_DE', 'es_ES', 'fr_FR', 'ja_JP', 'pt_BR', 'ru_RU', 'zh_CN'];
/** What the old examples were about: a programming language and a code snippet. */
const PROGRAMMING = /node\.js|javascript|\bcode\b|código|code de|codeblock|Codeblock|код|コード|代码/i;

/** Opens `path` with `token` in localStorage (as the login page leaves it). */
async function openWith(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
  await page.goto(path);
}

test('the ask page\'s placeholders and tips fit any community, in every language', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const member: TestUser = await activeUser(request, admin, 'asker');
  try {
    for (const lang of LANGS) {
      await test.step(lang, async () => {
        await apiCall(request, 'PUT', '/answer/api/v1/user/interface', { language: lang, color_scheme: 'default' }, member.token);
        await openWith(page, member.token, '/questions/ask');
        await page.evaluate(() => localStorage.removeItem('quorum.draft.question'));
        await page.reload();
        const title = page.locator('input[name="title"]');
        await expect(title).toHaveAttribute('placeholder', /.{5}/);
        const placeholders = [await title.getAttribute('placeholder'), await page.locator('#q-main form input[role="combobox"]').getAttribute('placeholder')];
        const tips = page.locator('aside[aria-labelledby="ask-tips-title"] li');
        await expect(tips).toHaveCount(4);
        for (const text of [...placeholders, ...(await tips.allTextContents())]) expect(text, `${lang}: "${text}"`).not.toMatch(PROGRAMMING);
        if (lang === 'en_US') {
          expect(placeholders).toEqual(['Your question, in one sentence', "Add a tag: type to find this site's tags"]);
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            await shot(`ask page at ${width}`);
          }
          await page.setViewportSize({ width: 1280, height: 800 });
        }
      });
    }
  } finally {
    await apiCall(request, 'PUT', '/answer/api/v1/user/interface', { language: 'Default', color_scheme: 'default' }, member.token);
  }
});

test('the privacy policy of a fresh site is a starter text marked as a template, pre-filled in the admin legal settings', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy policy', exact: true })).toHaveCount(1);
    await expect(page.getByText('Template to adapt.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(`privacy page at ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWith(page, admin, '/admin/legal');
  await expect(page.getByLabel('Privacy policy')).toHaveValue(/^> \*\*Template to adapt\.\*\*/);
  await shot('admin legal settings');
});
