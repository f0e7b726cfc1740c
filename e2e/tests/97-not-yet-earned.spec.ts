/**
 * Actions a member has not earned yet are there, disabled, with the reason: editing someone else's question or
 * answer from the post's menu, and editing a tag's synonyms, say the reputation they need, the member's own and
 * how to earn it (before, the entries were simply missing); a tag edit refused on save (the privilege was raised
 * while the member typed) says why above the form and keeps every typed character.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer, SEEDED_TAG, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Opens `path` logged in as `user` (token in localStorage, as the login page leaves it). */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('quorum.token', token), user.token);
  await page.goto(path);
}

test('editing others\' posts and a tag\'s synonyms is shown disabled, with the reputation it needs', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, admin);
  const asker = await activeUser(request, admin, 'poster');
  const newcomer = await activeUser(request, admin, 'fresh');
  const q = await askQuestion(request, asker, `How long should sourdough starter rest ${unique()}?`, 'Mine doubles in four hours but smells sour.');
  await postAnswer(request, asker, q.id, 'Feed it and let it rest until it peaks, then use it.');
  const { rank } = await apiCall<{ rank: number }>(request, 'GET', '/answer/api/v1/user/info', undefined, newcomer.token);
  const needs = (n: number) => `This needs ${n} reputation; you have ${rank}. You earn reputation when others upvote your questions and answers or accept your answer.`;
  const menu = page.locator('.dropdown-menu.show');

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, newcomer, `/questions/${q.id}`);
    for (const post of [page.locator('article').first(), page.locator('article').nth(1)]) {
      await post.getByRole('button', { name: 'More actions' }).click();
      const edit = menu.getByRole('button', { name: 'Edit', exact: true });
      await expect(edit).toHaveAttribute('aria-disabled', 'true');
      await expect(edit).toHaveAccessibleDescription(needs(100));
      await expect(menu.getByText(needs(100))).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Edit' })).toHaveCount(0);
      // The menu stays on the screen with its reason.
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await shot(`post menu for a newcomer at ${width}`);
      await edit.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
      await expect(page.locator('.toast').last()).toContainText(needs(100));
      await expect(page).toHaveURL(new RegExp(`/questions/${q.id}`));
    }
  }

  // Tag synonyms (tag.synonym, 10,000 at level 2): the action is there, disabled, with its threshold.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, newcomer, `/tags/${SEEDED_TAG}/info`);
    const synonyms = page.getByRole('button', { name: 'Edit synonyms' });
    await expect(synonyms).toHaveAttribute('aria-disabled', 'true');
    await expect(synonyms).toHaveAccessibleDescription(needs(10000));
    await synonyms.click({ force: true });
    await expect(page.locator('.toast').last()).toContainText(needs(10000));
    await expect(page.getByRole('textbox', { name: 'Synonyms of this tag' })).toHaveCount(0);
    await shot(`tag synonyms for a newcomer at ${width}`);
  }

  // The author still edits their own post from the same menu.
  await openAs(page, asker, `/questions/${q.id}`);
  await page.locator('article').first().getByRole('button', { name: 'More actions' }).click();
  await expect(menu.getByRole('link', { name: 'Edit' })).toBeVisible();
});

test('a tag edit refused on save says why and keeps what was typed', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const tag = await apiCall<{ tag_id: string }>(request, 'GET', `/answer/api/v1/tag?tag_name=${SEEDED_TAG}`);
  try {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      // Level 1: editing a tag needs 1 reputation, so the form opens.
      await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 1 }, admin);
      const member = await activeUser(request, admin, 'tagger');
      const { rank } = await apiCall<{ rank: number }>(request, 'GET', '/answer/api/v1/user/info', undefined, member.token);
      expect(rank).toBeLessThan(50);
      const needs = `This needs 50 reputation; you have ${rank}. You earn reputation when others upvote your questions and answers or accept your answer.`;
      await openAs(page, member, `/tags/${tag.tag_id}/edit`);
      const name = page.getByLabel('Display name');
      await name.fill('Support and help');
      const description = page.getByRole('textbox', { name: /^Description/ });
      await description.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Questions about using this site.');
      await page.getByLabel('Edit summary').fill('Clearer name and a longer description');
      // Meanwhile the administrator raises the bar to level 2 (tag edit 50).
      await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, admin);
      await page.getByRole('button', { name: 'Save edits' }).click();
      // Above the form itself, not only in the toast that fades.
      await expect(page.locator('#q-main form').getByRole('alert').filter({ hasText: needs })).toBeVisible();
      await expect(name).toHaveValue('Support and help');
      await expect(description).toContainText('Questions about using this site.');
      await expect(page.getByLabel('Edit summary')).toHaveValue('Clearer name and a longer description');
      await expect(page).toHaveURL(new RegExp(`/tags/${tag.tag_id}/edit$`));
      await shot(`tag edit refused on save at ${width}`);
    }
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, admin);
  }
});

test('typing a tag name no tag has says, before posting, that creating tags needs more reputation', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, admin);
  const newcomer = await activeUser(request, admin, 'tagless');
  const { rank } = await apiCall<{ rank: number }>(request, 'GET', '/answer/api/v1/user/info', undefined, newcomer.token);
  const needs = `This needs 750 reputation; you have ${rank}. You earn reputation when others upvote your questions and answers or accept your answer.`;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, newcomer, '/questions/ask');
    const tags = page.locator('#q-main form input[role="combobox"]');
    await tags.fill(`sourdough-${unique()}`.slice(0, 30));
    const hint = page.getByText(/would be a new tag\. This needs 750 reputation/);
    await expect(hint).toHaveText(new RegExp(`^“sourdough-\\w+” would be a new tag\\. ${needs.replace(/[.;]/g, (c) => `\\${c}`)}$`));
    await expect(tags).toHaveAccessibleDescription(/would be a new tag/);
    await shot(`new tag hint for a newcomer at ${width}`);
    // A tag the site has: no hint.
    await tags.fill(SEEDED_TAG);
    await expect(page.getByRole('option', { name: SEEDED_TAG })).toBeVisible();
    await expect(hint).toHaveCount(0);
  }
});
