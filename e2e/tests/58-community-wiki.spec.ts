/**
 * Community wiki in the browser (issue #35 item 5): the author posts an answer as community wiki from the answer
 * form; its signature says "community wiki" with the number of editors (also in the page the server sends an
 * anonymous reader); another member with 100 reputation edits it directly (no review), and the signature then
 * counts two editors; the asker makes the question wiki from its menu, and the confirmation says they cannot undo
 * it; the question list and the tag page then mark it "community wiki" (also in the server-rendered list). At
 * 1280 and 375 px.
 */
import { SEEDED_TAG, activeUser, adminToken, askQuestion, ensureInstalled, unique } from '../fixtures/api';
import { setReputation } from '../fixtures/sqlite';
import { expect, openWith, test } from '../fixtures/test';

for (const width of [1280, 375]) {
  test(`at ${width} px: an answer posted as community wiki is edited directly by a 100-reputation member`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const asker = await activeUser(request, admin, 'wikiasker');
    const author = await activeUser(request, admin, 'wikiauthor');
    const editor = await activeUser(request, admin, 'wikieditor');
    await setReputation(editor.id, 100);
    const id = unique();
    const q = await askQuestion(request, asker, `Which grind size suits a moka pot (${id})?`, `Espresso grind clogs mine and filter grind tastes thin, batch ${id}.`);
    const answerText = `Use a grind a little coarser than espresso and do not tamp it (${id}).`;
    const answer = () => page.getByRole('article', { name: 'Answer', exact: true });
    const toast = () => page.locator('.toast').last();

    await test.step('the author posts the answer as community wiki', async () => {
      await openWith(page, author.token, `/questions/${q.id}`);
      const text = page.getByRole('textbox', { name: 'Answer text (Markdown)' });
      await expect(text).toHaveClass(/cm-content/);
      await text.click();
      await page.keyboard.type(answerText);
      const box = page.getByRole('checkbox', { name: 'Community wiki' });
      await box.check();
      await expect(page.getByText('Only a moderator can undo this.', { exact: false })).toBeVisible();
      await shot(`answer form with community wiki at ${width}`);
      await page.getByRole('button', { name: 'Post your answer' }).click();
      await expect(answer()).toContainText(answerText);
      const card = answer().locator('.q-wiki-card');
      await expect(card).toContainText('community wiki');
      await expect(card.getByRole('link', { name: '1 editor' })).toHaveAttribute('href', /\/posts\/\d+\/\d+\/timeline$/);
    });

    await test.step('anonymous readers get the signature in the server-rendered page', async () => {
      const html = await (await request.get(`/questions/${q.id}`)).text();
      expect(html).toContain('q-wiki-card');
      expect(html).toContain('community wiki');
    });

    await test.step('a member with 100 reputation edits it directly', async () => {
      await openWith(page, editor.token, `/questions/${q.id}`);
      await answer().getByRole('button', { name: 'More actions' }).click();
      await page.locator('.dropdown-menu.show').getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { name: 'Edit answer' })).toBeVisible();
      const text = page.locator('#edit-answer');
      await expect(text).toHaveClass(/cm-content/);
      await text.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Fill the basket level and brew on low heat.');
      await page.getByRole('button', { name: 'Save edits' }).click();
      await expect(toast()).toContainText('Your edits have been saved.');
      await expect(answer()).toContainText('Fill the basket level and brew on low heat.');
      const card = answer().locator('.q-wiki-card');
      await expect(card.getByRole('link', { name: '2 editors' })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot(`wiki answer after the member's edit at ${width}`);
    });

    await test.step('the asker makes the question wiki; the confirmation says it cannot be undone by them', async () => {
      await openWith(page, asker.token, `/questions/${q.id}`);
      const question = page.getByRole('article', { name: q.title });
      await question.getByRole('button', { name: 'More actions' }).click();
      await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Make community wiki' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make this post community wiki?' });
      await expect(dialog).toContainText('You cannot undo this yourself. Only a moderator can make it an ordinary post again.');
      await shot(`make question wiki confirmation at ${width}`);
      await dialog.getByRole('button', { name: 'Make community wiki' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast()).toContainText('The post is now community wiki.');
      await expect(question.locator('.q-wiki-card')).toContainText('community wiki');
      // The author cannot make it ordinary again: the menu no longer offers it.
      await question.getByRole('button', { name: 'More actions' }).click();
      await expect(page.locator('.dropdown-menu.show').getByRole('button', { name: 'Make ordinary post' })).toHaveCount(0);
      await expect(page.locator('.dropdown-menu.show').getByRole('button', { name: 'Make community wiki' })).toHaveCount(0);
    });

    await test.step("the question's timeline names the change", async () => {
      await page.keyboard.press('Escape');
      await page.goto(`/posts/${q.id}/timeline`);
      await expect(page.locator('[data-activity="wiki"]')).toContainText('made community wiki');
    });

    await test.step('the question lists mark the wiki question', async () => {
      await page.goto('/questions');
      const row = page.getByRole('article').filter({ hasText: q.title });
      await expect(row.getByTestId('wiki-badge')).toHaveText('community wiki');
      await row.scrollIntoViewIfNeeded();
      await shot(`wiki mark in the question list at ${width}`);
      // Ordinary questions carry no mark.
      const other = await askQuestion(request, asker, `Does a moka pot need a paper filter (${id})?`, `Some brewers add one under the basket, batch ${id}.`);
      await page.goto(`/tags/${SEEDED_TAG}`);
      await expect(page.getByRole('article').filter({ hasText: q.title }).getByTestId('wiki-badge')).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: other.title }).getByTestId('wiki-badge')).toHaveCount(0);
      const html = await (await request.get('/questions')).text();
      expect(html).toContain('data-testid="wiki-badge"');
    });
  });
}
