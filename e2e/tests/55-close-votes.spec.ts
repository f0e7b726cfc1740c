/**
 * Close and reopen by votes in the browser (issue #35 item 2): three members with the close privilege (3,000
 * reputation, set in the test server's database) vote to close a question; the first sees their own vote, the
 * third closes it; the closed notice lists the three voters, linked to their profiles, in the server-rendered page;
 * a fourth member votes to reopen and retracts the vote once (after a confirmation). The dialog's button says
 * "Vote to close" to members and "Close question" to a moderator, whose vote is binding. At 1280 and 375 px.
 */
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, unique } from '../fixtures/api';
import { setReputation } from '../fixtures/sqlite';
import { expect, openWith, test } from '../fixtures/test';

for (const width of [1280, 375]) {
  test(`three close votes close a question, the notice lists the voters, a reopen vote is retracted, at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const asker = await activeUser(request, admin, 'cvask');
    const [a, b, c, d] = [await activeUser(request, admin, 'cva'), await activeUser(request, admin, 'cvb'), await activeUser(request, admin, 'cvc'), await activeUser(request, admin, 'cvd')];
    await setReputation([a.id, b.id, c.id, d.id], 3000);
    const q = await askQuestion(request, asker, `Which brand of kettle is the best one to buy ${unique()}?`, `Looking for opinions on kettles, asked at ${width} px on ${unique()}.`);
    const url = `/questions/${q.id}`;

    await test.step('the first voter votes to close as off-topic and sees their vote', async () => {
      await openWith(page, a.token, url);
      await page.getByRole('button', { name: 'Vote to close (0/3)' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Vote to close' })).toBeVisible();
      await dialog.getByRole('radio', { name: /off-topic/ }).check();
      // Their vote is one of three: the dialog's button says so.
      await expect(dialog.getByRole('button', { name: 'Close question' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Vote to close', exact: true }).click();
      await expect(page.getByTestId('close-vote-mine')).toHaveText('You voted to close: off-topic');
      await expect(page.getByText('Close votes: 1 of 3')).toBeVisible();
      await shot(`own close vote at ${width}`);
    });

    await test.step('the second votes through the API, the third closes it from the page', async () => {
      await apiCall(request, 'POST', '/answer/api/v1/question/close-vote', { question_id: q.id, close_type: 4 }, b.token);
      await openWith(page, c.token, url);
      await page.getByRole('button', { name: 'Vote to close (2/3)' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: /off-topic/ }).check();
      await dialog.getByRole('button', { name: 'Vote to close', exact: true }).click();
      await expect(page.getByText('The question is now closed.')).toBeVisible();
      const notice = page.getByTestId('closed-by');
      await expect(notice).toBeVisible();
      for (const m of [a, b, c]) await expect(notice.getByRole('link', { name: m.username })).toHaveAttribute('href', `/users/${m.username}`);
      await expect(page.getByText('This question is closed and no longer accepts answers.')).toBeVisible();
      // No answer form to type into: the server refuses answers to a closed question.
      await expect(page.getByRole('heading', { name: 'Your answer' })).toHaveCount(0);
    });

    await test.step('the notice is in the server-rendered page', async () => {
      const html = await (await request.get(url)).text();
      expect(html).toContain('Closed by');
      for (const m of [a, b, c]) expect(html).toContain(`href="/users/${m.username}"`);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(url);
      await expect(page.getByTestId('closed-by')).toContainText(a.username);
      await shot(`closed notice at ${width}`);
    });

    await test.step('a reopen vote, retracted once after a confirmation', async () => {
      await openWith(page, d.token, url);
      await page.getByRole('button', { name: 'Vote to reopen (0/3)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Vote to reopen (0/3)' }).click();
      await expect(page.getByTestId('close-vote-mine')).toHaveText('You voted to reopen');
      await page.getByTestId('close-votes').getByRole('button', { name: 'Retract vote' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm.getByText('you cannot vote on this question again', { exact: false })).toBeVisible();
      await confirm.getByRole('button', { name: 'Retract vote' }).click();
      await expect(page.getByTestId('close-vote-mine')).toHaveText('You retracted your vote');
      await expect(page.getByRole('button', { name: /Vote to reopen/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retract vote' })).toHaveCount(0);
      await shot(`retracted reopen vote at ${width}`);
    });

    await test.step("a moderator's binding vote closes: their dialog says Close question", async () => {
      const other = await askQuestion(request, asker, `Which kettle descaler works best on hard water ${unique()}?`, `Looking for descaler opinions, asked at ${width} px on ${unique()}.`);
      await openWith(page, admin, `/questions/${other.id}`);
      await page.getByRole('button', { name: 'Close (your vote is binding)' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'Close question' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Vote to close', exact: true })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
