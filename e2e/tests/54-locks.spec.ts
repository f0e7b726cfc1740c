/**
 * Locks in the browser (issue #35 item 4): a moderator locks an answer from its menu (the lazily loaded dialog:
 * kind, length, reason); readers see the notice with the end date, anonymous ones in the server-rendered page
 * too; a member's vote and comment on the locked answer are refused with the lock's end and the up-vote of its
 * comment is disabled; the moderator unlocks and the member's votes count. At 1280 and 375 px. The site's privilege level is set to 1 for the duration
 * (voting needs no reputation) and put back afterwards.
 */
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer, unique } from '../fixtures/api';
import { expect, openWith, test } from '../fixtures/test';

for (const width of [1280, 375]) {
  test(`a moderator locks an answer, a member's vote and comment are refused, the moderator unlocks at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const level = (await apiCall<{ selected_level: number }>(request, 'GET', '/answer/admin/api/setting/privileges', undefined, admin)).selected_level;
    await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: 1 }, admin);
    try {
      const asker = await activeUser(request, admin, 'lockasker');
      const answerer = await activeUser(request, admin, 'lockanswerer');
      const reader = await activeUser(request, admin, 'lockreader');
      const mod = await activeUser(request, admin, 'lockmod', 3);
      const id = unique();
      const q = await askQuestion(request, asker, `Which primer keeps a steel gate from rusting ${id}?`, `The paint on my garden gate flakes every spring (${id}); the steel underneath is orange again.`);
      const a = await postAnswer(request, answerer, q.id, `Wire-brush it to bare metal, then a zinc phosphate primer and two coats of alkyd enamel (${id}).`);
      const c = await apiCall<{ comment_id: string }>(request, 'POST', '/answer/api/v1/comment', { object_id: a.id, original_text: `Does the primer need a dry day to cure (${id})?` }, asker.token);
      const path = `/questions/${q.id}`;
      const answer = () => page.locator(`#answer-${a.id}`);
      const commentVote = () => page.locator(`#comment-${c.comment_id}`).locator('button[aria-pressed]');
      const toast = () => page.locator('.toast').last();

      await test.step('the moderator locks the answer from its menu', async () => {
        await openWith(page, mod.token, path);
        await answer().getByRole('button', { name: 'More actions' }).click();
        await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Lock…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Lock this answer' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('radio', { name: /Content dispute/ }).check();
        await dialog.getByLabel('Length').selectOption('1d');
        await dialog.getByLabel('Reason (optional)').fill('Two members keep rewriting the primer advice.');
        await shot(`lock dialog at ${width}`);
        await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(toast()).toContainText('The post is locked.');
        await expect(answer().getByTestId('lock-notice')).toContainText('This post is locked while a dispute about its content is resolved, until');
      });

      await test.step('readers see the notice, anonymous ones in the server-rendered page', async () => {
        const html = await (await request.get(path)).text();
        expect(html).toContain('data-testid="lock-notice"');
        expect(html).toContain('Reason: Two members keep rewriting the primer advice.');
        await openWith(page, reader.token, path);
        const notice = answer().getByTestId('lock-notice');
        await expect(notice).toContainText(/until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
        await expect(notice).toContainText('Reason: Two members keep rewriting the primer advice.');
        // The question itself is not locked.
        await expect(page.getByRole('article', { name: q.title }).getByTestId('lock-notice')).toHaveCount(0);
        await shot(`locked answer seen by a member at ${width}`);
      });

      await test.step("the member's vote and comment on the locked answer are refused", async () => {
        await answer().getByRole('button', { name: 'Vote up' }).click();
        await expect(toast()).toContainText('This post is locked until');
        await expect(answer().getByRole('button', { name: 'Vote up' })).toHaveAttribute('aria-pressed', 'false');
        await answer().getByRole('button', { name: 'Add a comment' }).click();
        await answer().getByRole('textbox', { name: 'Comment' }).fill(`Zinc primer is overkill on a garden gate (${id}).`);
        await answer().getByRole('button', { name: 'Add comment' }).click();
        await expect(toast()).toContainText('This post is locked until');
        await expect(answer().locator('.q-comment')).toHaveCount(1);
        // The comment already there cannot be voted on while the answer is locked.
        await expect(commentVote()).toBeDisabled();
        await expect(commentVote()).toHaveAttribute('title', 'This post is locked: its comments cannot be voted on.');
        await shot(`refused vote and comment at ${width}`);
      });

      await test.step('the moderator unlocks; the vote then counts', async () => {
        await openWith(page, mod.token, path);
        await answer().getByRole('button', { name: 'More actions' }).click();
        await page.locator('.dropdown-menu.show').getByRole('button', { name: 'Unlock' }).click();
        await expect(toast()).toContainText('The post is unlocked.');
        await expect(answer().getByTestId('lock-notice')).toHaveCount(0);
        await openWith(page, reader.token, path);
        const up = answer().getByRole('button', { name: 'Vote up' });
        await up.click();
        await expect(up).toHaveAttribute('aria-pressed', 'true');
        await expect(commentVote()).toBeEnabled();
        await commentVote().click();
        await expect(commentVote()).toHaveAttribute('aria-pressed', 'true');
      });

      await test.step('the timeline shows the lock and the unlock', async () => {
        await openWith(page, mod.token, `/posts/${q.id}/${a.id}/timeline`);
        await expect(page.locator('[data-activity="locked"]')).toContainText('Content dispute, 1 day: Two members keep rewriting the primer advice.');
        await expect(page.locator('[data-activity="unlocked"]')).toBeVisible();
        await shot(`answer timeline at ${width}`);
      });
    } finally {
      await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level }, admin);
    }
  });
}
