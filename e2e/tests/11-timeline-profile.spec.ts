/**
 * History, profiles and notifications: a question's life (ask, answer, vote, accept, edit, close, reopen,
 * bookmark) is set up through the API, then the timeline, the revision diff, the profile tabs and the
 * notification badge are checked in the browser.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** A page logged in as `token` (the token is put where the app keeps it before any script runs). */
async function pageAs(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), token);
  return context.newPage();
}

test('timeline, revision diff, profile tabs and notifications', async ({ page, browser, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const alice = await activeUser(request, admin, 'alice');
  const bob = await activeUser(request, admin, 'bob');

  const oldTitle = `Which hops give beer a citrus aroma ${alice.username}?`;
  const newTitle = `Which hop varieties give pale ale a citrus aroma ${alice.username}?`;
  const q = await askQuestion(request, alice, oldTitle, 'I brew pale ales at home.\nThe citrus aroma is too weak after two weeks.');
  const a = await postAnswer(request, bob, q.id, 'Use Citra and Amarillo as late additions, then dry hop for three days.');
  await apiCall(request, 'POST', '/answer/api/v1/vote/up', { object_id: q.id }, admin);
  await apiCall(request, 'POST', '/answer/api/v1/answer/acceptance', { question_id: q.id, answer_id: a.id }, alice.token);
  const question = await apiCall<{ tags: { slug_name: string }[] }>(request, 'GET', `/answer/api/v1/question/info?id=${q.id}`, undefined, alice.token);
  await apiCall(request, 'PUT', '/answer/api/v1/question', { id: q.id, title: newTitle, content: 'I brew pale ales at home.\nThe citrus aroma fades after two weeks in the bottle.', tags: question.tags.map((t) => ({ slug_name: t.slug_name })), edit_summary: 'Clearer title and details' }, alice.token);
  await apiCall(request, 'PUT', '/answer/api/v1/question/status', { id: q.id, close_type: 5, close_msg: 'Needs the recipe' }, admin);
  await apiCall(request, 'PUT', '/answer/api/v1/question/reopen', { question_id: q.id }, admin);
  await apiCall(request, 'POST', '/answer/api/v1/collection/switch', { object_id: q.id, group_id: '0', bookmark: true }, alice.token);

  await test.step('an anonymous visitor is sent to log in', async () => {
    await page.goto(`/posts/${q.id}/timeline`);
    await expect(page).toHaveURL(/\/users\/login$/);
  });

  const alicePage = await pageAs(browser, baseURL!, alice.token);

  await test.step('the question timeline lists each step with its label', async () => {
    await alicePage.goto(`/posts/${q.id}/timeline`);
    await expect(alicePage.getByRole('heading', { name: 'Timeline' })).toBeVisible();
    await expect(alicePage.getByRole('link', { name: newTitle }).first()).toBeVisible();
    for (const [type, label] of [['asked', 'asked'], ['edited', 'edited'], ['closed', 'closed'], ['reopened', 'reopened']] as const) {
      const row = alicePage.locator(`li[data-activity="${type}"]`);
      await expect(row).toHaveCount(1);
      await expect(row.locator('.q-timeline-type')).toHaveText(label);
    }
    await expect(alicePage.locator('li[data-activity="edited"]')).toContainText('Clearer title and details');
    await expect(alicePage.locator('li[data-activity="edited"]')).toContainText(alice.username);
    await expect(alicePage.locator('li[data-activity="upvote"]')).toHaveCount(0); // votes are for moderators
    await shot('question timeline', alicePage);
  });

  await test.step('opening the edit shows the diff against the revision before', async () => {
    const row = alicePage.locator('li[data-activity="edited"]');
    await row.getByRole('button', { name: 'View' }).click();
    const panel = row.getByRole('region');
    await expect(panel.locator('del').filter({ hasText: 'hops' }).first()).toBeVisible();
    await expect(panel.locator('ins').filter({ hasText: 'hop varieties' }).first()).toBeVisible();
    await expect(panel.locator('del').filter({ hasText: 'is too weak' }).first()).toBeVisible();
    await expect(panel.locator('ins').filter({ hasText: 'fades' }).first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await shot('revision diff', alicePage);
  });

  await test.step('the answer timeline shows the answer and its acceptance', async () => {
    await alicePage.goto(`/posts/${q.id}/${a.id}/timeline`);
    await expect(alicePage.locator('li[data-activity="answered"] .q-timeline-type')).toHaveText('answered');
    await expect(alicePage.locator('li[data-activity="accept"] .q-timeline-type')).toHaveText('accept');
    await shot('answer timeline', alicePage);
  });

  await test.step('a moderator may show the votes', async () => {
    const adminPage = await pageAs(browser, baseURL!, admin);
    await adminPage.goto(`/posts/${q.id}/timeline`);
    await expect(adminPage.locator('li[data-activity="asked"]')).toBeVisible();
    await expect(adminPage.locator('li[data-activity="upvote"]')).toHaveCount(0);
    await adminPage.getByLabel('Show votes').check();
    await expect(adminPage.locator('li[data-activity="upvote"] .q-timeline-type')).toHaveText('upvote');
    await shot('timeline with votes', adminPage);
    await adminPage.context().close();
  });

  await test.step('the profile shows questions, reputation and the owner-only bookmarks', async () => {
    await alicePage.goto(`/users/${alice.username}`);
    await expect(alicePage.getByRole('heading', { level: 1, name: alice.username })).toBeVisible();
    await expect(alicePage.getByRole('region', { name: 'Top questions' }).getByRole('link', { name: newTitle })).toBeVisible();
    await shot('profile overview', alicePage);

    const tabs = alicePage.getByRole('navigation', { name: 'Profile sections' });
    await tabs.getByRole('link', { name: 'Questions' }).click();
    await expect(alicePage).toHaveURL(new RegExp(`/users/${alice.username}/questions$`));
    await expect(alicePage.getByRole('link', { name: newTitle })).toBeVisible();

    await tabs.getByRole('link', { name: 'Reputation' }).click();
    const upvoted = alicePage.locator('li').filter({ hasText: 'Upvoted' });
    await expect(upvoted).toContainText('+10');
    await expect(upvoted.getByRole('link', { name: newTitle })).toBeVisible();
    await shot('profile reputation', alicePage);

    await tabs.getByRole('link', { name: 'Bookmarks' }).click();
    await expect(alicePage.getByRole('link', { name: newTitle })).toBeVisible();
    await shot('profile bookmarks (owner)', alicePage);
  });

  const bobPage = await pageAs(browser, baseURL!, bob.token);

  await test.step("bob's answers and +15 for the accepted answer; alice's bookmarks stay hidden from him", async () => {
    await bobPage.goto(`/users/${bob.username}/answers`);
    await expect(bobPage.getByRole('link', { name: newTitle })).toBeVisible();
    await expect(bobPage.getByText('Accepted', { exact: false }).first()).toBeVisible();
    await bobPage.goto(`/users/${bob.username}/reputation`);
    await expect(bobPage.locator('li').filter({ hasText: 'Accepted answer' })).toContainText('+15');
    await shot('answerer reputation', bobPage);

    await bobPage.goto(`/users/${alice.username}`);
    const tabs = bobPage.getByRole('navigation', { name: 'Profile sections' });
    await expect(tabs.getByRole('link', { name: 'Questions' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Bookmarks' })).toHaveCount(0);
    await expect(tabs.getByRole('link', { name: 'Votes' })).toHaveCount(0);
    await bobPage.goto(`/users/${alice.username}/bookmarks`);
    await expect(bobPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await shot('bookmarks of someone else', bobPage);
  });

  await test.step('a comment from bob shows up in the badge and on the notifications page', async () => {
    await apiCall(request, 'PUT', '/answer/api/v1/notification/read/state/all', { type: 'inbox' }, alice.token);
    await alicePage.goto(`/users/${alice.username}`);
    // The header has a badge for wide and one for narrow screens; only one of them is visible.
    const badge = alicePage.getByTestId('notify-count-inbox').filter({ visible: true });
    await expect(badge).toHaveCount(0);
    await apiCall(request, 'POST', '/answer/api/v1/comment', { object_id: q.id, original_text: 'Do you dry hop already, and for how long?' }, bob.token);
    await expect(badge).toHaveText('1', { timeout: 10_000 }); // the status poll runs every 3 s
    await shot('unread badge', alicePage);
    await alicePage.setViewportSize({ width: 375, height: 800 });
    await expect(badge).toHaveText('1'); // outside the collapsed menu on narrow screens
    await shot('unread badge on a narrow screen', alicePage);
    await alicePage.setViewportSize({ width: 1280, height: 800 });

    await alicePage.getByRole('link', { name: /Inbox: 1 unread notification/ }).click();
    await expect(alicePage).toHaveURL(/\/users\/notifications\/inbox$/);
    const item = alicePage.locator('li[data-read="false"]').filter({ hasText: 'commented on your question' });
    await expect(item).toContainText(bob.username);
    await expect(item.getByRole('link', { name: newTitle })).toBeVisible();
    await shot('notifications page', alicePage);

    await alicePage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(alicePage.locator('li[data-read="false"]')).toHaveCount(0);
    await expect(badge).toHaveCount(0);
    await shot('notifications read', alicePage);
  });

  await alicePage.context().close();
  await bobPage.context().close();
});
