/**
 * The question page in full: an asker, an answerer and a moderator go through ask, answer, comment, vote (and a
 * refused vote on one's own post), accept, an edit by a low-reputation user that waits for review,
 * close / reopen, delete / undelete, pin, bookmark and follow. Users are set up through the API (activated by
 * the admin; the moderator gets role 3) and switch in the browser by their stored token.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, ensureInstalled, SEEDED_TAG, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Low thresholds for voting and suggesting edits, but edits still go through review (custom level 99). */
const PRIVILEGES = [
  { key: 'question.vote_up', value: 1 },
  { key: 'answer.vote_up', value: 1 },
  { key: 'question.edit', value: 1 },
  { key: 'answer.edit', value: 1 },
  { key: 'question.edit_without_review', value: 5000 },
  { key: 'answer.edit_without_review', value: 5000 },
];

/** Opens `path` logged in as `user` (token in localStorage, as the login page leaves it). */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('quorum.token', token), user.token);
  await page.goto(path);
}

test('two users and a moderator use every action of the question page', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(180_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 99, custom_privileges: PRIVILEGES }, admin);
  const asker = await activeUser(request, admin, 'asker');
  const answerer = await activeUser(request, admin, 'answerer');
  const mod = await activeUser(request, admin, 'mod', 3);
  const id = unique();
  const title = `Why does the nightly export skip archived projects ${id}?`;
  const body = 'The nightly export job leaves out every archived project. Is there a switch for that?';
  const answer = 'Archived projects are excluded on purpose; pass include_archived to the export job.';
  let questionPath = '';
  const toast = () => page.locator('.toast').last();
  const menu = () => page.locator('.dropdown-menu.show');

  try {
    await test.step('the asker asks a question', async () => {
      await openAs(page, asker, '/questions/ask');
      await page.getByLabel('Title', { exact: true }).fill(title);
      const editor = page.getByRole('textbox', { name: 'Body', exact: true });
      await expect(editor).toHaveClass(/cm-content/);
      await editor.click();
      await page.keyboard.type(body);
      const tags = page.getByRole('combobox', { name: 'Tags' });
      await tags.pressSequentially(SEEDED_TAG);
      await page.getByRole('option', { name: SEEDED_TAG }).click();
      await page.getByRole('button', { name: 'Post your question' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      questionPath = new URL(page.url()).pathname;
      await shot('question asked');
    });

    await test.step('the answerer answers and comments', async () => {
      await openAs(page, answerer, questionPath);
      const editor = page.getByRole('textbox', { name: 'Answer text (Markdown)' });
      await expect(editor).toHaveClass(/cm-content/);
      await editor.click();
      await page.keyboard.type(answer);
      await page.getByRole('button', { name: 'Post your answer' }).click();
      await expect(page.getByRole('article', { name: 'Answer', exact: true })).toContainText(answer);
      await shot('answer posted');

      const question = page.getByRole('article', { name: title });
      await question.getByRole('button', { name: 'Add a comment' }).click();
      await question.getByRole('textbox', { name: 'Comment' }).fill(`Which version are you on, @${asker.username}?`);
      await question.getByRole('button', { name: 'Add comment' }).click();
      await expect(question.locator('.q-comment')).toContainText('Which version are you on');
      await expect(question.locator('.q-comment').getByRole('link', { name: `@${asker.username}` })).toBeVisible();
      await shot('comment added');
    });

    await test.step('the answerer votes the question up', async () => {
      const question = page.getByRole('article', { name: title });
      const up = question.getByRole('button', { name: 'Vote up' }).first();
      await up.click();
      await expect(up).toHaveAttribute('aria-pressed', 'true');
      await expect(question.getByLabel('1 vote', { exact: true }).first()).toBeVisible();
      await shot('question voted up');
    });

    await test.step('the asker cannot vote for the own question, and accepts the answer', async () => {
      await openAs(page, asker, questionPath);
      const question = page.getByRole('article', { name: title });
      await question.getByRole('button', { name: 'Vote up' }).first().click();
      await expect(toast()).toContainText("You can't vote for your own post.");
      await shot('own vote refused');

      const answerArticle = page.getByRole('article', { name: 'Answer', exact: true });
      await answerArticle.getByRole('button', { name: 'Accept' }).click();
      const accepted = page.getByRole('article', { name: 'Accepted answer' });
      await expect(accepted).toContainText(answer);
      await expect(accepted.getByRole('button', { name: 'Accepted' })).toHaveAttribute('aria-pressed', 'true');
      await shot('answer accepted');
    });

    await test.step('an edit by the low-reputation answerer waits for review', async () => {
      await openAs(page, answerer, questionPath);
      const question = page.getByRole('article', { name: title });
      await question.getByRole('button', { name: 'More actions' }).click();
      await menu().getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { name: 'Edit question' })).toBeVisible();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
      await page.getByLabel('Edit summary').fill('clearer wording');
      const editor = page.getByRole('textbox', { name: 'Body', exact: true });
      await expect(editor).toHaveClass(/cm-content/);
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' We run version 2.3.');
      await shot('edit filled');
      await page.getByRole('button', { name: 'Save edits' }).click();
      await expect(toast()).toContainText('Your revision will show after review.');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('article', { name: title })).not.toContainText('We run version 2.3.');
      await shot('edit waits for review');
    });

    await test.step('the moderator closes and reopens the question', async () => {
      await openAs(page, mod, questionPath);
      const question = page.getByRole('article', { name: title });
      await question.getByRole('button', { name: 'More actions' }).click();
      await menu().getByRole('button', { name: 'Close', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Close this question' });
      await dialog.getByRole('button', { name: 'Close question' }).click();
      await expect(dialog.getByText('Please select a reason.')).toBeVisible();
      await dialog.getByRole('radio', { name: /off-topic/ }).check();
      await shot('close dialog');
      await dialog.getByRole('button', { name: 'Close question' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 }).getByText('Closed')).toBeVisible();
      await shot('question closed');

      await question.getByRole('button', { name: 'More actions' }).click();
      await menu().getByRole('button', { name: 'Reopen' }).click();
      await page.getByRole('dialog', { name: 'Reopen this question?' }).getByRole('button', { name: 'Reopen' }).click();
      await expect(page.getByRole('heading', { level: 1 }).getByText('Closed')).toHaveCount(0);
      await shot('question reopened');
    });

    await test.step('the moderator deletes and undeletes the answer', async () => {
      const answerId = await page.getByRole('article', { name: 'Accepted answer' }).getAttribute('id');
      const answerArticle = page.locator(`#${answerId}`);
      await answerArticle.getByRole('button', { name: 'More actions' }).click();
      await menu().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this answer?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(answerArticle.getByText('Deleted', { exact: true })).toBeVisible();
      await shot('answer deleted');

      await answerArticle.getByRole('button', { name: 'More actions' }).click();
      await menu().getByRole('button', { name: 'Undelete' }).click();
      await page.getByRole('dialog', { name: 'Undelete this answer?' }).getByRole('button', { name: 'Undelete' }).click();
      await expect(answerArticle.getByText('Deleted', { exact: true })).toHaveCount(0);
      await shot('answer undeleted');
    });

    await test.step('the moderator pins the question', async () => {
      const question = page.getByRole('article', { name: title });
      await question.getByRole('button', { name: 'More actions' }).click();
      await menu().getByRole('button', { name: 'Pin', exact: true }).click();
      await page.getByRole('dialog', { name: 'Pin this question?' }).getByRole('button', { name: 'Pin' }).click();
      await expect(page.getByRole('heading', { level: 1 }).getByText('Pinned')).toBeVisible();
      await shot('question pinned');
    });

    await test.step('the answerer bookmarks and follows the question', async () => {
      await openAs(page, answerer, questionPath);
      const question = page.getByRole('article', { name: title });
      await question.getByRole('button', { name: /^Bookmark/ }).click();
      await expect(question.getByRole('button', { name: /^Bookmarked/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(question.getByLabel('1 bookmark', { exact: true })).toBeVisible();
      await question.getByRole('button', { name: /^Follow/ }).click();
      await expect(question.getByRole('button', { name: /^Following/ })).toHaveAttribute('aria-pressed', 'true');
      await shot('bookmarked and followed');
    });
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 2 }, admin);
  }
});
