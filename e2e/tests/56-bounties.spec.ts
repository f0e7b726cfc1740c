/**
 * Bounties in the browser (issue #35 item 1): a member with reputation starts a bounty on a question from the
 * question page (the dialog's amount and reason, and its explanation of the site's own bounty settings), the
 * bounty shows there with its end, the Featured tabs of the question list and of the tag page and the search
 * results list the question with its "+100" badge, the offerer awards it to an answer after a confirmation, and
 * the answerer's reputation rises by the amount. The question's minimum age, the duration and the automatic award's score are settings, set
 * through the admin settings API for the test (and put back); the offerer's reputation is set in the test server's
 * database (earning it through votes would take a dozen voters). At 1280 and 375 px.
 */
import { SEEDED_TAG, activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer, unique } from '../fixtures/api';
import { setReputation } from '../fixtures/sqlite';
import { expect, openWith, test } from '../fixtures/test';

for (const width of [1280, 375]) {
  test(`a bounty started, featured and awarded at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/bounty', { min_question_age_days: 0, duration_days: 5, auto_award_min_score: 3 }, admin);
    try {
      const asker = await activeUser(request, admin, 'bountyasker');
      const answerer = await activeUser(request, admin, 'bountyhelper');
      const tag = unique();
      const q = await askQuestion(request, asker, `How do I keep a levain active while travelling ${tag}?`, `I leave for two weeks and want the culture to survive, question ${tag}.`);
      const a = await postAnswer(request, answerer, q.id, `Dry a thin layer of it on baking paper and rehydrate it later; this worked for me, answer ${tag}.`);
      await setReputation(asker.id, 300);
      const rankOf = async (username: string) => (await apiCall<{ rank: number }>(request, 'GET', `/answer/api/v1/personal/user/info?username=${username}`)).rank;
      const before = await rankOf(answerer.username);

      await test.step('the asker starts a bounty of 100 from the question page', async () => {
        await openWith(page, asker.token, `/questions/${q.id}`);
        await page.getByRole('button', { name: 'Start a bounty' }).click();
        const dialog = page.getByRole('dialog');
        // The explanation follows the site's settings (5 days, score 3, the default 24 hours of grace).
        await expect(dialog.getByTestId('bounty-explain')).toContainText('The bounty runs for 5 days');
        await expect(dialog.getByTestId('bounty-explain')).toContainText('with a score of 3 or more');
        await expect(dialog.getByTestId('bounty-explain')).toContainText('After it ends you have 24 more hours to award it.');
        await dialog.getByLabel('Amount').selectOption('100');
        await dialog.getByLabel('Why (optional)').fill('Looking for a method that needs no fridge.');
        await shot(`start dialog at ${width}`);
        await dialog.getByRole('button', { name: 'Offer 100' }).click();
        await expect(dialog).toBeHidden();
        const bar = page.getByTestId('bounty-bar');
        await expect(bar).toContainText('+100 bounty');
        await expect(bar).toContainText('ends in 5 days');
        await expect(bar).toContainText('Looking for a method that needs no fridge.');
        expect(await rankOf(asker.username)).toBe(200);
      });

      await test.step('the Featured tab lists the question with its badge', async () => {
        await page.goto('/questions?order=featured');
        const tab = page.getByRole('link', { name: 'Featured' });
        await expect(tab).toHaveAttribute('aria-current', 'page');
        const row = page.getByRole('article').filter({ hasText: q.title });
        await expect(row.getByTestId('bounty-badge')).toHaveText('+100');
        await shot(`featured tab at ${width}`);
        // The tag page has the same tab, keeping the tag.
        await page.goto(`/tags/${SEEDED_TAG}`);
        await page.getByRole('link', { name: 'Featured' }).click();
        await expect(page).toHaveURL(new RegExp(`/tags/${SEEDED_TAG}\\?order=featured$`));
        await expect(page.getByRole('link', { name: 'Featured' })).toHaveAttribute('aria-current', 'page');
        const tagged = page.getByRole('article').filter({ hasText: q.title });
        await expect(tagged.getByTestId('bounty-badge')).toHaveText('+100');
        // Only questions with an open bounty are listed there.
        const rows = page.getByRole('article');
        await expect(rows.getByTestId('bounty-badge')).toHaveCount(await rows.count());
      });

      await test.step('search results show the bounty too', async () => {
        await page.goto(`/search?q=${encodeURIComponent(tag)}`);
        const hit = page.getByRole('article').filter({ hasText: q.title });
        await expect(hit.getByTestId('bounty-badge')).toHaveText('+100');
      });

      await test.step('the asker awards it to the answer; the answerer gains 100', async () => {
        await page.goto(`/questions/${q.id}`);
        const answer = page.locator(`#answer-${a.id}`);
        await answer.getByRole('button', { name: 'Award bounty +100' }).click();
        const confirm = page.getByRole('dialog');
        await expect(confirm).toContainText('receives the bounty');
        await confirm.getByRole('button', { name: 'Award bounty +100' }).click();
        await expect(page.getByText('Bounty of 100 awarded.')).toBeVisible();
        await expect(answer.getByRole('button', { name: 'Award bounty +100' })).toHaveCount(0);
        await expect(page.getByText('+100 bounty')).toHaveCount(0);
        expect(await rankOf(answerer.username)).toBe(before + 100);
        await shot(`awarded at ${width}`);
      });
    } finally {
      await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/bounty', { min_question_age_days: 2, duration_days: 7, auto_award_min_score: 2 }, admin);
    }
  });
}
