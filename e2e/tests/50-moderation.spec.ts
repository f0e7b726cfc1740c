/**
 * Moderation in the browser: a member flags an answer as spam and a moderator, led by the header's review badge,
 * deletes it from the post-flags queue; a new account's question waits in the queue (first-posts rule on), its
 * author sees the pending notice, the moderator approves it and it shows on the home page; a suggested edit is
 * approved from the queue and the question's timeline shows it. Screenshots light, dark and at 375 px.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer, SEEDED_TAG, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Suggested edits: anyone may propose, only 5000+ edits without review. */
const PRIVILEGES = [
  { key: 'question.edit', value: 1 },
  { key: 'answer.edit', value: 1 },
  { key: 'question.edit_without_review', value: 5000 },
  { key: 'answer.edit_without_review', value: 5000 },
];

/** A browser page logged in as `user` (the token is put where the app picks it up before any script runs). */
async function pageAs(browser: Browser, baseURL: string, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), user.token);
  return context.newPage();
}

/** Collects console errors and uncaught exceptions of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Opens a queue tab of /review and waits for its task or empty state. */
async function openQueue(page: Page, tab: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Review queues' }).getByRole('link', { name: new RegExp(`^${tab}`) }).click();
  await expect(page.locator('.q-review-task, [data-testid="review-empty"]').first()).toBeVisible();
}

test('members flag, a moderator works the review queue to empty', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(240_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const privileges = await apiCall<{ selected_level: number }>(request, 'GET', '/answer/admin/api/setting/privileges', undefined, admin);
  const write = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/siteinfo/write', undefined, admin);
  await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 99, custom_privileges: PRIVILEGES }, admin);

  const asker = await activeUser(request, admin, 'asker');
  const spammer = await activeUser(request, admin, 'spammer');
  const flagger = await activeUser(request, admin, 'flagger');
  const editor = await activeUser(request, admin, 'editor');
  const mod = await activeUser(request, admin, 'mod', 3);
  const id = unique();
  const q = await askQuestion(request, asker, `How do I rotate the signing keys of the build server ${id}?`, 'The build server signs every artifact.\nHow do I rotate its keys without breaking old releases?');
  const spam = await postAnswer(request, spammer, q.id, `Discounted watches at the best prices today, visit our shop ${id}!`);
  const question = await apiCall<{ tags: { slug_name: string }[]; content: string }>(request, 'GET', `/answer/api/v1/question/info?id=${q.id}`, undefined, asker.token);

  const member = await pageAs(browser, baseURL!, flagger);
  const moderator = await pageAs(browser, baseURL!, mod);
  const memberErrors = watchErrors(member);
  const modErrors = watchErrors(moderator);
  try {
    await test.step('a member flags the answer as spam', async () => {
      await member.goto(`/questions/${q.id}`);
      const answer = member.locator(`#answer-${spam.id}`);
      await answer.getByRole('button', { name: 'More actions' }).click();
      await member.locator('.dropdown-menu.show').getByRole('button', { name: 'Flag' }).click();
      const dialog = member.getByRole('dialog', { name: 'Flag this answer' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
      await expect(dialog.getByText('Please select a reason.')).toBeVisible();
      await shot('flag dialog asks for a reason', member);
      await dialog.getByRole('radio', { name: /spam/i }).check();
      await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
      await expect(member.locator('.toast').last()).toContainText('Thanks for flagging.');
      await expect(dialog).toBeHidden();
      // Focus returns to the menu that opened the dialog.
      await expect(answer.getByRole('button', { name: 'More actions' })).toBeFocused();
      await expect(answer.getByTestId('flagged-by-you')).toBeVisible();
      await shot('answer flagged', member);
    });

    await test.step('a second flag of the same answer is refused clearly', async () => {
      const res = await request.post('/answer/api/v1/report', { data: { source: 'answer', object_id: spam.id, report_type: 57 }, headers: { Authorization: flagger.token } });
      expect(res.status()).toBe(400);
    });

    await test.step('the moderator follows the badge and deletes the answer from the post-flags queue', async () => {
      await moderator.goto('/');
      const badge = moderator.getByTestId('review-badge').locator('visible=true');
      await expect(badge.getByTestId('review-count')).toBeVisible();
      await shot('moderator sees the review badge', moderator);
      await badge.click();
      await expect(moderator).toHaveURL(/\/review/);
      await openQueue(moderator, 'Post flags');
      const task = moderator.locator('.q-review-task');
      await expect(task).toContainText('Discounted watches');
      await expect(task).toContainText(flagger.username);
      for (const scheme of ['light', 'dark'] as const) {
        await moderator.emulateMedia({ colorScheme: scheme });
        await shot(`post flag task ${scheme}`, moderator);
      }
      await moderator.emulateMedia({ colorScheme: 'light' });
      await task.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = moderator.getByRole('dialog', { name: 'Delete this post?' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(moderator.getByTestId('review-empty')).toBeVisible();
      await shot('post flags queue empty', moderator);
      const answers = await apiCall<{ list: { id: string }[] }>(request, 'GET', `/answer/api/v1/answer/page?question_id=${q.id}&page=1&page_size=20`, undefined, asker.token);
      expect(answers.list.map((a) => a.id)).not.toContain(spam.id);
    });

    await test.step('a flag handled meanwhile by someone else says so and moves on', async () => {
      await apiCall(request, 'POST', '/answer/api/v1/report', { source: 'question', object_id: q.id, report_type: 58 }, flagger.token);
      await moderator.goto('/review?type=flagged_post');
      const task = moderator.locator('.q-review-task');
      await expect(task).toContainText('rotate the signing keys');
      const waiting = await apiCall<{ list: { flag_id: string }[] }>(request, 'GET', '/answer/api/v1/report/unreviewed/post?page=1', undefined, admin);
      await apiCall(request, 'PUT', '/answer/api/v1/report/review', { flag_id: waiting.list[0]!.flag_id, operation_type: 'ignore_report' }, admin);
      await task.getByRole('button', { name: 'Ignore' }).click();
      await expect(moderator.getByTestId('review-already-handled')).toHaveText('Someone else already handled this task, so nothing was done twice.');
      await expect(moderator.getByTestId('review-empty')).toBeVisible();
      await shot('already handled by someone else', moderator);
    });

    await test.step("a new account's question waits for review; the moderator approves it", async () => {
      await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/write', { ...write, review_first_posts: 1 }, admin);
      const newcomer = await activeUser(request, admin, 'newbie');
      const title = `Is there a way to pin a dependency to a commit ${id}?`;
      const author = await pageAs(browser, baseURL!, newcomer);
      await author.goto('/questions/ask');
      await author.getByLabel('Title', { exact: true }).fill(title);
      const body = author.getByRole('textbox', { name: 'Body', exact: true });
      await expect(body).toHaveClass(/cm-content/);
      await body.click();
      await author.keyboard.type('Our package manager only takes versions. Can a dependency point at one commit instead?');
      await author.getByRole('combobox', { name: 'Tags' }).pressSequentially(SEEDED_TAG);
      await author.getByRole('option', { name: SEEDED_TAG }).click();
      await author.getByRole('button', { name: 'Post your question' }).click();
      await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(author.getByText('Your post is pending review. It will be visible after it has been approved.')).toBeVisible();
      await shot('author sees the pending notice', author);
      const anonymous = await request.get('/answer/api/v1/question/page?page=1&page_size=50&order=newest');
      expect(JSON.stringify(await anonymous.json())).not.toContain(title);
      await author.context().close();

      await moderator.goto('/review');
      await openQueue(moderator, 'Queued posts');
      const task = moderator.locator('.q-review-task');
      await expect(task).toContainText(title);
      await shot('queued post task', moderator);
      await task.getByRole('button', { name: 'Approve' }).click();
      await expect(moderator.getByTestId('review-empty')).toBeVisible();
      await moderator.goto('/');
      await expect(moderator.getByRole('link', { name: title }).first()).toBeVisible();
    });

    await test.step('a suggested edit is approved from the queue and shows in the timeline', async () => {
      // Earlier specs may leave suggested edits waiting: decline them so this one is the queue's task.
      for (let left = 20; left > 0; left--) {
        const waiting = await apiCall<{ list: { unreviewed_info: { id: string } }[] }>(request, 'GET', '/answer/api/v1/revisions/unreviewed?page=1', undefined, admin);
        if (!waiting.list.length) break;
        await apiCall(request, 'PUT', '/answer/api/v1/revisions/audit', { id: waiting.list[0]!.unreviewed_info.id, operation: 'reject' }, admin);
      }
      const newTitle = `How do I rotate the signing keys of our build server safely ${id}?`;
      await apiCall(request, 'PUT', '/answer/api/v1/question', { id: q.id, title: newTitle, content: `${question.content}\nWe use GPG keys.`, tags: question.tags.map((x) => ({ slug_name: x.slug_name })), edit_summary: 'Clearer title and the key type' }, editor.token);
      await moderator.goto('/review?type=suggested_post_edit');
      const task = moderator.locator('.q-review-task', { hasText: editor.username });
      await expect(task).toBeVisible();
      await expect(task.locator('ins').first()).toBeVisible();
      await shot('suggested edit with its diff', moderator);
      await moderator.setViewportSize({ width: 375, height: 800 });
      await moderator.emulateMedia({ colorScheme: 'dark' });
      await shot('suggested edit at 375 px dark', moderator);
      expect(await moderator.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375);
      await moderator.setViewportSize({ width: 1280, height: 800 });
      await moderator.emulateMedia({ colorScheme: 'light' });
      await task.getByRole('button', { name: 'Approve' }).click();
      await expect(task).toBeHidden();
      await moderator.goto(`/posts/${q.id}/timeline`);
      await expect(moderator.getByText('Clearer title and the key type')).toBeVisible();
      await shot('timeline shows the approved edit', moderator);
    });

    await test.step('a member without a queue gets the 403 page at /review', async () => {
      await member.goto('/review');
      await expect(member.getByText('403')).toBeVisible();
    });
    expect(memberErrors).toEqual([]);
    expect(modErrors).toEqual([]);
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/write', write, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: privileges.selected_level ?? 1, custom_privileges: [] }, admin);
    await member.context().close();
    await moderator.context().close();
  }
});
