/**
 * The web session lives in an HttpOnly cookie (DESIGN.md "web session"): after logging in through the login page
 * no script of the page can read the session token (not in document.cookie, not in localStorage), comments and
 * image uploads still work (they carry the CSRF token), and a reload keeps the login. A browser that kept its
 * token in localStorage before the cookie existed is moved onto the cookie without logging in again.
 */
import type { Page } from '@playwright/test';
import { askQuestion, ensureInstalled, login, registerUser, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Everything a script of the page can read: its cookies and every localStorage entry. */
function scriptView(page: Page): Promise<{ cookie: string; storage: Record<string, string> }> {
  return page.evaluate(() => ({ cookie: document.cookie, storage: Object.fromEntries(Object.entries(localStorage)) }));
}

/** The session cookie the browser holds (HttpOnly, so only the browser context can see it). */
async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'quorum_session');
}

test('a login through the login page keeps the token out of scripts, and comments, uploads and reloads work', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const asker = await registerUser(request, 'ckasker');
  const member: TestUser = await registerUser(request, 'ckmember');
  const question = await askQuestion(request, asker, `Where does the session token live now ${unique()}?`, 'Asking to see a comment posted through the session cookie.');

  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  const session = await sessionCookie(page);
  expect(session, 'the login set the session cookie').toBeTruthy();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Lax');
  const seen = await scriptView(page);
  expect(seen.cookie).not.toContain(session!.value);
  expect(seen.cookie).toContain('quorum_csrf=');
  expect(Object.keys(seen.storage)).not.toContain('quorum.token');
  for (const value of Object.values(seen.storage)) expect(value).not.toContain(session!.value);
  await shot('logged in');

  await page.goto(`/questions/${question.id}`);
  const article = page.getByRole('article', { name: question.title });
  await article.getByRole('button', { name: 'Add a comment' }).click();
  await article.getByRole('textbox', { name: 'Comment' }).fill('Posted with the session cookie and its CSRF token.');
  await article.getByRole('button', { name: 'Add comment' }).click();
  await expect(article.locator('.q-comment')).toContainText('Posted with the session cookie');

  // A multipart upload from the answer editor carries the CSRF token as well.
  const editor = page.getByRole('textbox', { name: 'Answer text (Markdown)' });
  await expect(editor).toHaveClass(/cm-content/);
  await page.locator('input[type=file]').first().setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(editor).toContainText(/!\[pixel\]\(\/uploads\//);
  await shot('comment posted and image uploaded');

  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page.getByRole('article', { name: question.title }).locator('.q-comment')).toContainText('Posted with the session cookie');
  expect(Object.keys((await scriptView(page)).storage)).not.toContain('quorum.token');
});

test('a browser that kept its token in localStorage is moved onto the cookie without logging in again', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const member = await registerUser(request, 'ckold');
  // A fresh login of its own, as an older version of the web client would have stored it.
  const token = await login(request, member.email, member.password);

  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect.poll(async () => (await scriptView(page)).storage['quorum.token'] ?? null).toBeNull();
  const session = await sessionCookie(page);
  expect(session?.value, 'the same session moved into the cookie').toBe(token);
  expect(session!.httpOnly).toBe(true);
  expect((await scriptView(page)).cookie).not.toContain(token);
  await shot('moved onto the cookie');

  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // Logging out ends that session and clears the cookies.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.locator('.dropdown-menu.show').getByText('Log out', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();
  const info = await request.get('/answer/api/v1/user/info', { headers: { Authorization: token } });
  expect(((await info.json()) as { data: unknown }).data).toBeNull();
});
