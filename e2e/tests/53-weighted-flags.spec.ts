/**
 * Weighted flags in the browser: three new members flag an answer and a comment, whose flag score reaches the
 * hide threshold (3.0 by default); an anonymous reader's question page no longer shows them, their author sees
 * them marked pending review, a moderator's flag tab shows each post's flag score and that it is hidden; the
 * moderator ignores the flags and the reader sees the answer again. Screenshots at 1280 px and 375 px.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer, unique, type TestUser } from '../fixtures/api';
import { expect, formStatus, test } from '../fixtures/test';

/** A browser page logged in as `user`, or anonymous without one. */
async function pageAs(browser: Browser, baseURL: string, user?: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  if (user) await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), user.token);
  return context.newPage();
}

test('flags hide an answer and a comment pending review; the flag tab shows their score; ignoring restores them', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(180_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const author = await activeUser(request, admin, 'wfauthor');
  const mod = await activeUser(request, admin, 'wfmod', 3);
  const flaggers = [await activeUser(request, admin, 'wfone'), await activeUser(request, admin, 'wftwo'), await activeUser(request, admin, 'wfthree')];
  const id = unique();
  const q = await askQuestion(request, author, `Which yeast ferments a clean lager at ale temperatures ${id}?`, 'My cellar stays at 18 °C all year.\nWhich yeast keeps a lager clean there?');
  const answerText = `Try a kveik strain such as Lutra, it stays clean up to 30 °C ${id}.`;
  const a = await postAnswer(request, author, q.id, answerText);
  const comment = await apiCall<{ comment_id: string }>(request, 'POST', '/answer/api/v1/comment', { object_id: q.id, original_text: `Visit my shop for cheap yeast today ${id}` }, author.token);
  for (const f of flaggers) {
    await apiCall(request, 'POST', '/answer/api/v1/report', { object_id: a.id, report_type: 57 }, f.token);
    await apiCall(request, 'POST', '/answer/api/v1/report', { object_id: comment.comment_id, report_type: 57 }, f.token);
  }

  const reader = await pageAs(browser, baseURL!);
  const owner = await pageAs(browser, baseURL!, author);
  const moderator = await pageAs(browser, baseURL!, mod);
  try {
    await test.step('an anonymous reader no longer sees the answer and the comment', async () => {
      await reader.goto(`/questions/${q.id}`);
      await expect(reader.getByRole('heading', { level: 1 })).toContainText('Which yeast ferments a clean lager');
      await expect(reader.getByText(answerText)).toHaveCount(0);
      await expect(reader.getByText(`Visit my shop for cheap yeast today ${id}`)).toHaveCount(0);
    });

    await test.step('their author sees both, marked pending review', async () => {
      await owner.goto(`/questions/${q.id}`);
      const answer = owner.locator(`#answer-${a.id}`);
      await expect(answer).toContainText(answerText);
      await expect(answer).toContainText('Your post is pending review.');
      const hidden = owner.locator(`#comment-${comment.comment_id}`);
      await expect(hidden).toContainText(`Visit my shop for cheap yeast today ${id}`);
      await expect(hidden.getByText('Pending', { exact: true })).toBeVisible();
      await shot('the author sees the hidden answer and comment', owner);
    });

    await test.step('the moderator sees the flag score and that the post is hidden', async () => {
      await moderator.goto('/review?type=flagged_post');
      const task = moderator.locator('.q-review-task').first();
      await expect(task).toBeVisible();
      // Members of reputation 2: each flag 2 × 0.5 × (1 + log10(2) / 4) = 1.08, three of them 3.23.
      await expect(task).toContainText(/Flag score:\s*3.23/);
      await expect(task).toContainText('(this flag: 1.08)');
      await expect(task.getByText('Hidden from readers pending review')).toBeVisible();
      await shot('the flag tab shows the score', moderator);
      await moderator.setViewportSize({ width: 375, height: 800 });
      await shot('the flag tab at 375 px', moderator);
      await moderator.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('ignoring the flags brings the answer back for the reader', async () => {
      const list = await apiCall<{ list: { flag_id: string; object_id: string }[] }>(request, 'GET', '/answer/api/v1/report/unreviewed/post?page=1&page_size=50', undefined, mod.token);
      for (const objectId of [a.id, comment.comment_id]) {
        const item = list.list.find((i) => i.object_id === objectId)!;
        await apiCall(request, 'PUT', '/answer/api/v1/report/review', { flag_id: item.flag_id, operation_type: 'ignore_report' }, mod.token);
      }
      await reader.goto(`/questions/${q.id}`);
      await expect(reader.getByText(answerText)).toBeVisible();
      await expect(reader.getByText(`Visit my shop for cheap yeast today ${id}`)).toBeVisible();
    });
  } finally {
    for (const p of [reader, owner, moderator]) await p.context().close();
  }
});

test('the spam settings set the flag score that hides a post, decimals allowed, a bad value refused on its field', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const before = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/siteinfo/spam', undefined, admin);
  try {
    await page.goto('/robots.txt');
    await page.evaluate((t) => localStorage.setItem('quorum.token', t), admin);
    await page.goto('/admin/spam');
    const field = page.getByLabel('Flag score that hides a post');
    await expect(field).toHaveValue('3');
    await field.fill('a lot');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('a lot');
    await field.fill('2.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(formStatus(page, 'Saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Flag score that hides a post')).toHaveValue('2.5');
    expect((await apiCall<{ flag_hide_weight: number }>(request, 'GET', '/answer/admin/api/siteinfo/spam', undefined, admin)).flag_hide_weight).toBe(2.5);
    await page.getByLabel('Flag score that hides a post').scrollIntoViewIfNeeded();
    await shot('the flag hide threshold in the spam settings');
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/spam', before, admin);
  }
});
