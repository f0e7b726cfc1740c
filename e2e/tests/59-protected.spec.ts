/**
 * Protected questions in the browser (issue #35 item 3): a moderator protects a question from its menu; readers
 * see the notice (anonymous ones in the server-rendered page too); a new member's answer is refused with the
 * reason (10 reputation earned on this site); the moderator unprotects and the notice goes. A member with the
 * protect privilege (15,000 reputation, set in the test server's database) who is not a moderator protects and
 * unprotects from the same menu, which offers them no lock; a member without it sees no Protect. At 1280 and
 * 375 px.
 */
import { activeUser, adminToken, askQuestion, ensureInstalled, unique } from '../fixtures/api';
import { setReputation } from '../fixtures/sqlite';
import { expect, openWith, test } from '../fixtures/test';

for (const width of [1280, 375]) {
  test(`a moderator protects a question, a new member's answer is refused with the reason at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const asker = await activeUser(request, admin, 'protasker');
    const newcomer = await activeUser(request, admin, 'protnew');
    const mod = await activeUser(request, admin, 'protmod', 3);
    const id = unique();
    const q = await askQuestion(request, asker, `How do I keep basil alive on a north window ${id}?`, `It wilts within two weeks every time (${id}), even with daily watering.`);
    const path = `/questions/${q.id}`;
    const toast = () => page.locator('.toast').last();
    const text = 'This question is protected: answering needs 10 reputation earned on this site.';

    await test.step('the moderator protects the question from its menu', async () => {
      await openWith(page, mod.token, path);
      await page.getByRole('article', { name: q.title }).getByRole('button', { name: 'More actions' }).click();
      await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Protect', exact: true }).click();
      await expect(toast()).toContainText('The question is protected.');
      await expect(page.getByTestId('protected-notice')).toHaveText(text);
    });

    await test.step("the notice is in the server-rendered page; a new member's answer is refused with the reason", async () => {
      expect(await (await request.get(path)).text()).toContain(text);
      await openWith(page, newcomer.token, path);
      await expect(page.getByTestId('protected-notice')).toHaveText(text);
      const editor = page.getByRole('textbox', { name: 'Answer text (Markdown)' });
      await expect(editor).toHaveClass(/cm-content/);
      await editor.click();
      await page.keyboard.type(`Move it to a south window and water only when the soil is dry (${id}).`);
      await page.getByRole('button', { name: 'Post your answer' }).click();
      await expect(toast()).toContainText(text);
      await expect(page.locator('.q-answer')).toHaveCount(0);
      await shot(`refused answer on a protected question at ${width}`);
    });

    await test.step('the moderator unprotects; the notice goes', async () => {
      await openWith(page, mod.token, path);
      await page.getByRole('article', { name: q.title }).getByRole('button', { name: 'More actions' }).click();
      await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Unprotect' }).click();
      await expect(toast()).toContainText('The question is no longer protected.');
      await expect(page.getByTestId('protected-notice')).toHaveCount(0);
    });

    await test.step('a member with the protect privilege protects and unprotects; one without it is not offered it', async () => {
      const menu = page.locator('.dropdown-menu.show');
      const openMenu = () => page.getByRole('article', { name: q.title }).getByRole('button', { name: 'More actions' }).click();
      await openWith(page, newcomer.token, path);
      await openMenu();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Protect', exact: true })).toHaveCount(0);
      const veteran = await activeUser(request, admin, 'protvet');
      await setReputation(veteran.id, 15_000);
      await openWith(page, veteran.token, path);
      await openMenu();
      await expect(menu.getByRole('button', { name: 'Lock…' })).toHaveCount(0);
      await menu.getByRole('button', { name: 'Protect', exact: true }).click();
      await expect(toast()).toContainText('The question is protected.');
      await expect(page.getByTestId('protected-notice')).toHaveText(text);
      await shot(`protected by a member with the privilege at ${width}`);
      await openMenu();
      await menu.getByRole('button', { name: 'Unprotect' }).click();
      await expect(toast()).toContainText('The question is no longer protected.');
      await expect(page.getByTestId('protected-notice')).toHaveCount(0);
    });
  });
}
