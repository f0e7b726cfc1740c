/**
 * The staging ground in the browser (issue #35 item 6), at 1280 and 375 px. The staging ground is turned on
 * through the admin settings API for the test (and turned off again). A new member's first question waits there:
 * its page shows them the notice with a link to the staging ground, where there is no feedback yet; another member
 * gets the not-found page. A reviewer (reputation 600, set in the test server's database) finds it in the review
 * page's Staging Ground tab, opens it, is refused a request for changes without a text (the box says why and keeps
 * the rest), asks for changes; the asker reads the request, edits the question with the ordinary edit page and it
 * waits for review again with an "Edited" entry; the reviewer approves it and it is published, in the question
 * list. Then the admin settings page (defaults, a refused blank, a saved value) and the dashboard's figures.
 */
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, unique } from '../fixtures/api';
import { setReputation } from '../fixtures/sqlite';
import { expect, formStatus, openWith, test } from '../fixtures/test';

const SETTINGS = '/answer/admin/api/siteinfo/staging';

for (const width of [1280, 375]) {
  test(`a new asker's question staged, reviewed, edited and published at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    await apiCall(request, 'PUT', SETTINGS, { enabled: true }, admin);
    try {
      const asker = await activeUser(request, admin, 'sgasker');
      const reviewer = await activeUser(request, admin, 'sgreviewer');
      const other = await activeUser(request, admin, 'sgother');
      await setReputation(reviewer.id, 600);
      await setReputation(other.id, 1);
      const tag = unique();
      const title = `Why does my sourdough starter smell of acetone ${tag}?`;
      const q = await askQuestion(request, asker, title, `I feed it rye flour twice a day and after four days it smells sharp, question ${tag}.`);

      await test.step('the asker sees the notice and the staging ground page; another member gets not found', async () => {
        await openWith(page, asker.token, `/questions/${q.id}`);
        const notice = page.getByTestId('staging-notice');
        await expect(notice).toContainText('In the Staging Ground');
        await expect(notice.getByTestId('staging-state')).toHaveText('Waiting for review');
        await notice.getByRole('link', { name: /See the feedback/ }).click();
        await expect(page).toHaveURL(new RegExp(`/staging/${q.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('staging-no-feedback')).toHaveText('No feedback yet. Reviewers will comment here.');
        await expect(page.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(`asker waiting at ${width}`);
        await openWith(page, other.token, `/staging/${q.id}`);
        await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
        await expect(page.getByText(title)).toHaveCount(0);
      });

      await test.step('the reviewer finds it in the review queue and asks for changes', async () => {
        await openWith(page, reviewer.token, '/review?type=staging');
        const tab = page.getByRole('link', { name: /^Staging Ground \d+ tasks?$/ });
        await expect(tab).toHaveAttribute('aria-current', 'page');
        // The oldest waiting question comes first: skip to ours.
        const task = page.getByRole('article', { name: 'Staging Ground' });
        // The queue has loaded once a task shows; then skip (each skip shows another task) until ours comes.
        await expect(task).toBeVisible();
        for (let i = 0; i < 20; i++) {
          const shown = await task.innerText();
          if (shown.includes(title)) break;
          await page.getByRole('button', { name: 'Skip' }).click();
          await expect(task).not.toHaveText(shown, { useInnerText: true });
        }
        await expect(task).toContainText(title);
        await shot(`review tab at ${width}`);
        await task.getByRole('link', { name: 'Open in the Staging Ground' }).click();
        await expect(page).toHaveURL(new RegExp(`/staging/${q.id}$`));
        const box = page.getByLabel('Comment, or what should change');
        await page.getByRole('button', { name: 'Request changes' }).click();
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText('Write your comment first.')).toBeVisible();
        await box.fill('Please say what temperature your kitchen is and how much water you add.');
        await page.getByRole('button', { name: 'Request changes' }).click();
        await expect(page.getByText('Changes requested: the asker has been told.')).toBeVisible();
        await expect(page.getByTestId('staging-state')).toHaveText('Changes requested');
        await expect(box).toHaveValue('');
        await shot(`changes requested at ${width}`);
      });

      await test.step('the asker reads the request and edits the question: it waits for review again', async () => {
        await openWith(page, asker.token, `/staging/${q.id}`);
        await expect(page.getByTestId('staging-state')).toHaveText('Changes requested');
        await expect(page.locator('[data-kind="changes"]')).toContainText('what temperature your kitchen is');
        await page.getByRole('link', { name: 'Edit your question' }).click();
        await expect(page.getByRole('heading', { name: 'Edit question' })).toBeVisible();
        const editor = page.getByRole('textbox', { name: 'Body', exact: true });
        await expect(editor).toHaveClass(/cm-content/);
        await editor.click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type(' The kitchen is at 24 degrees and I add 50 g of water per feed.');
        await page.getByLabel('Edit summary').fill('temperature and water');
        await page.getByRole('button', { name: 'Save edits' }).click();
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await page.goto(`/staging/${q.id}`);
        await expect(page.getByTestId('staging-state')).toHaveText('Waiting for review');
        await expect(page.locator('[data-kind="edited"]')).toContainText('Edited');
        await expect(page.locator('.q-post')).toContainText('24 degrees');
        await shot(`asker edited at ${width}`);
      });

      await test.step('the reviewer approves it: published, in the question list', async () => {
        await openWith(page, reviewer.token, `/staging/${q.id}`);
        await page.getByLabel('Comment, or what should change').fill('Thanks, this is clear now.');
        await page.getByRole('button', { name: 'Approve and publish' }).click();
        await expect(page.getByText('Approved: the question is published.')).toBeVisible();
        await expect(page.getByTestId('staging-state')).toHaveText('Published');
        await expect(page.getByTestId('staging-published')).toContainText('Published');
        await expect(page.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);
        await shot(`published at ${width}`);
        await page.getByRole('link', { name: 'View the published question' }).click();
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('staging-notice')).toHaveCount(0);
        await page.goto('/questions?order=newest');
        await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(1);
      });
    } finally {
      await apiCall(request, 'PUT', SETTINGS, { enabled: false }, admin);
    }
  });
}

test('Staging Ground settings and dashboard figures at 1280 and 375 px', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const before = await apiCall<Record<string, unknown>>(request, 'GET', SETTINGS, undefined, admin);
  try {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openWith(page, admin, '/admin/staging');
      await expect(page.getByRole('heading', { name: 'Staging Ground' })).toBeVisible();
      await expect(page.getByLabel("Send new askers' questions to the Staging Ground")).not.toBeChecked();
      await expect(page.getByLabel('Reputation needed to review')).toHaveValue('500');
      await expect(page.getByLabel('Askers below this reputation are staged')).toHaveValue('15');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`staging settings at ${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel("Send new askers' questions to the Staging Ground").check();
    await page.getByLabel('Reputation needed to review').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Reputation needed to review')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel("Send new askers' questions to the Staging Ground")).toBeChecked();
    await page.getByLabel('Reputation needed to review').fill('800');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(formStatus(page, 'Saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Reputation needed to review')).toHaveValue('800');
    await expect(page.getByLabel("Send new askers' questions to the Staging Ground")).toBeChecked();
    const saved = await apiCall<Record<string, unknown>>(request, 'GET', SETTINGS, undefined, admin);
    expect(saved).toMatchObject({ enabled: true, reviewer_reputation: 800 });

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin');
      const card = page.getByTestId('staging-stats');
      await expect(card).toContainText('Share published');
      await expect(card).toContainText('Median time to publish');
      await expect(card.locator('[data-figure="published"]')).not.toHaveText('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`dashboard figures at ${width}`);
    }
  } finally {
    await apiCall(request, 'PUT', SETTINGS, { ...before, enabled: false }, admin);
  }
});
