/**
 * What a newcomer meets: the ask page keeps working while typing after similar questions appear (no React
 * error, no lost keystroke); a member below a reputation threshold sees the action disabled with the threshold
 * and how to earn it, and the tag edit form says so before anything is typed.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, SEEDED_TAG, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Opens `path` logged in as `user` (token in localStorage, as the login page leaves it). */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('quorum.token', token), user.token);
  await page.goto(path);
}

/** Collects uncaught page errors and console errors of `page`. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

test('typing in the ask page after similar questions appear loses nothing and raises no error', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const asker = await activeUser(request, admin, 'similar');
  const id = unique();
  // Bodies of their own: the same body posted again would wait for review (the reviewer's repeated-text rule).
  const bodies = ['The water flow got slow after a year of daily use.', 'The pump got loud and the shots run thin since the spring.', 'White crust builds up around the group head every week.'];
  for (const n of [1, 2, 3]) await askQuestion(request, asker, `How do I descale an espresso machine ${id} part ${n}?`, bodies[n - 1]!);
  const errors = collectErrors(page);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, asker, '/questions/ask');
    await page.evaluate(() => localStorage.removeItem('quorum.draft.question'));
    await page.reload();
    await page.getByLabel('Title', { exact: true }).fill(`How do I descale an espresso machine ${id}`);
    const editor = page.getByRole('textbox', { name: 'Body', exact: true });
    await expect(editor).toHaveClass(/cm-content/);
    await editor.click();
    // Typing while the similar questions arrive (they come 0.5 s after the title stops changing) and after.
    const first = 'Mine is a single boiler machine; the pump sounds fine. ';
    await page.keyboard.type(first);
    await expect(page.getByRole('region', { name: 'Similar questions' })).toBeVisible();
    const second = 'Which descaler is safe for brass parts, and how often should I run it?';
    await page.keyboard.type(second);
    await page.getByLabel('Title', { exact: true }).press('End');
    await page.keyboard.type('?');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Thanks!');
    await expect(editor).toHaveText(`${first}${second} Thanks!`);
    await shot(`ask page with similar questions at ${width}`);
  }
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a newcomer sees what each action needs: disabled votes and tag edit with the threshold, not a refusal after typing', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, admin);
  const asker = await activeUser(request, admin, 'asker');
  const newcomer = await activeUser(request, admin, 'newbie');
  const q = await askQuestion(request, asker, `Why does my bread collapse in the oven ${unique()}?`, 'It rises well and then falls flat after ten minutes of baking.');
  const tag = await apiCall<{ tag_id: string }>(request, 'GET', `/answer/api/v1/tag?tag_name=${SEEDED_TAG}`);
  const { rank } = await apiCall<{ rank: number }>(request, 'GET', '/answer/api/v1/user/info', undefined, newcomer.token);
  expect(rank).toBeLessThan(8);
  const needs = (n: number) => `This needs ${n} reputation; you have ${rank}. You earn reputation when others upvote your questions and answers or accept your answer.`;
  const errors = collectErrors(page);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await test.step(`votes and invitations at ${width} px: shown, disabled, with the reputation they need`, async () => {
      await openAs(page, newcomer, `/questions/${q.id}`);
      const up = page.locator('.q-votebox').first().getByRole('button', { name: 'Vote up' });
      await expect(up).toHaveAttribute('aria-disabled', 'true');
      await expect(up).toHaveAttribute('title', needs(8));
      await expect(up).toHaveAccessibleDescription(needs(8));
      const down = page.locator('.q-votebox').first().getByRole('button', { name: 'Vote down' });
      await expect(down).toHaveAttribute('title', needs(125));
      await up.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
      await expect(page.locator('.toast').last()).toContainText(needs(8));
      const invite = page.getByRole('button', { name: 'Invite to answer' });
      await expect(invite).toHaveAttribute('aria-disabled', 'true');
      await expect(invite).toHaveAccessibleDescription(needs(500));
      await shot(`question page for a newcomer at ${width}`);
    });

    await test.step(`tag edit at ${width} px: the reason before any typing`, async () => {
      await openAs(page, newcomer, `/tags/${SEEDED_TAG}`);
      const edit = page.getByRole('button', { name: 'Edit tag' });
      await expect(edit).toHaveAttribute('aria-disabled', 'true');
      await expect(edit).toHaveAccessibleDescription(needs(50));
      await page.goto(`/tags/${tag.tag_id}/edit`);
      await expect(page.getByRole('status').filter({ hasText: needs(50) })).toBeVisible();
      await expect(page.getByLabel('Display name')).toHaveCount(0);
      await shot(`tag edit for a newcomer at ${width}`);
    });
  }
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a question closed as a duplicate links the original by its title, on the page and in the review queue', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const asker = await activeUser(request, admin, 'dupe');
  const mod = await activeUser(request, admin, 'dupemod', 3);
  const id = unique();
  const original = await askQuestion(request, asker, `How warm should water be for yeast ${id}?`, 'Some say lukewarm, some say hot from the tap.');
  const copy = await askQuestion(request, asker, `Water temperature for activating yeast ${id}`, 'What temperature should the water have?');
  const flagged = await askQuestion(request, mod, `Best water temperature for dry yeast ${id}`, 'Is tap water warm enough?');
  const address = `${baseURL}/questions/${original.id}/${'how-warm-should-water-be-for-yeast'}-${id}`;
  await apiCall(request, 'PUT', '/answer/api/v1/question/status', { id: copy.id, close_type: 1, close_msg: address }, mod.token);
  // The queue shows the oldest waiting flag first: earlier flags are settled so this one is shown.
  const waiting = await apiCall<{ list: { flag_id: string }[] }>(request, 'GET', '/answer/api/v1/report/unreviewed/post?page=1&page_size=100', undefined, admin);
  for (const f of waiting.list) await apiCall(request, 'PUT', '/answer/api/v1/report/review', { flag_id: f.flag_id, operation_type: 'ignore_report' }, admin);
  await apiCall(request, 'POST', '/answer/api/v1/report', { object_id: flagged.id, report_type: 60, content: `${baseURL}/questions/${original.id}` }, asker.token);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, asker, `/questions/${copy.id}`);
    const alert = page.getByRole('alert').or(page.locator('.alert-warning')).first();
    await expect(alert.getByRole('link', { name: original.title })).toBeVisible();
    await expect(alert).not.toContainText(address);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(`duplicate question at ${width}`);

    await openAs(page, mod, '/review?type=flagged_post');
    await expect(page.getByRole('link', { name: original.title }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(`review queue duplicate flag at ${width}`);
  }
});

test('an expired or unknown activation link opened while logged out says so, with the way to a new one', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  for (const [width, link] of [[1280, '/users/account-activation?code=not-a-real-code'], [375, `/users/account-activation?code=${'0'.repeat(32)}`]] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Activation link expired' })).toBeVisible();
    await expect(page.getByText('This activation link has expired or was already used.')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/account-activation\?code=/);
    await shot(`expired activation link at ${width}`);
    await page.getByRole('link', { name: 'Log in to get a new activation e-mail' }).click();
    await expect(page).toHaveURL(/\/users\/login/);
  }
});
