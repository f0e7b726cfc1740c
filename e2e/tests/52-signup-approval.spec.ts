/**
 * Sign-ups needing approval and timeline reasons in the browser: with the login setting on, a new member who
 * activates their e-mail is told that a moderator reviews the account, and trying to ask is refused with the
 * waiting message; a question closed by a moderator shows its close reason in the timeline.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, registerUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** A page logged in as `token` (the token is put where the app keeps it before any script runs). */
async function pageAs(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), token);
  return context.newPage();
}

test('a waiting sign-up is told so; a close reason shows in the timeline', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const asker = await activeUser(request, admin, 'closeasker');
  const login = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/siteinfo/login', undefined, admin);
  await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/login', { ...login, require_user_approval: true }, admin);
  try {
    const waiting = await registerUser(request, 'waiting', admin);
    const page = await pageAs(browser, baseURL!, waiting.token);

    await test.step('the activation page says a moderator reviews the account', async () => {
      await page.goto('/users/account-activation/success');
      await expect(page.getByTestId('pending-approval')).toHaveText(/A moderator reviews new accounts on this site/);
      await expect(page.getByRole('link', { name: 'Ask a question' })).toHaveCount(0);
      await shot('waiting for approval', page);
    });

    await test.step('asking is refused with the waiting message', async () => {
      const res = await request.fetch('/answer/api/v1/question', { method: 'POST', headers: { Authorization: waiting.token }, data: { title: 'A question while waiting for approval', content: 'Body text.', tags: [{ slug_name: 'support' }] } });
      const env = (await res.json()) as { code: number; reason: string; msg: string };
      expect(env).toMatchObject({ code: 403, reason: 'error.user.pending_approval' });
    });
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/login', { ...login, require_user_approval: false }, admin);
  }

  await test.step('the timeline shows why a question was closed', async () => {
    const q = await askQuestion(request, asker, `Which yeast ferments a clean lager ${asker.username}?`, 'I ferment at 12 degrees.');
    await apiCall(request, 'PUT', '/answer/api/v1/question/status', { id: q.id, close_type: 5, close_msg: 'Needs the recipe' }, admin);
    const page = await pageAs(browser, baseURL!, asker.token);
    await page.goto(`/posts/${q.id}/timeline`);
    await expect(page.locator('li[data-activity="closed"] .q-timeline-reason')).toHaveText('Reason: something else: Needs the recipe');
    await shot('timeline close reason', page);
  });
});
