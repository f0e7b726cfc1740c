/**
 * No script of the page can read the session token at any step of an account's life (docs/SECURITY.md "session
 * theft"): our web client sends `X-Quorum-Client: web`, so sign-up, activation and login answer it
 * `access_token: ""` and the session is only the HttpOnly cookie. Every JSON (and HTML) response the page received
 * is checked for every session token the browser held, and so is `document.cookie`; the cookie session still
 * reads, writes with its CSRF token and logs out. API clients (this spec's own `request`) still get the token.
 */
import type { BrowserContext, Page, Response } from '@playwright/test';
import { adminToken, askQuestion, ensureInstalled, registerUser, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });
// A client address of its own (the server trusts X-Forwarded-For from loopback): the per-address sign-up limit and
// the login captcha are not shared with the other specs.
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });

/** What the page received: the text of each JSON or HTML response, with its URL. */
interface Received {
  url: string;
  body: string;
}

/** Starts keeping the body of every JSON and HTML response the page receives. */
function watchResponses(page: Page): { bodies: () => Promise<Received[]>; jsonCalls: (path: string) => Promise<Received[]> } {
  const pending: Promise<Received | null>[] = [];
  page.on('response', (res: Response) => {
    const type = res.headers()['content-type'] ?? '';
    if (!/json|html/.test(type)) return;
    pending.push(res.text().then((body) => ({ url: res.url(), body }), () => null));
  });
  const bodies = async () => (await Promise.all(pending)).filter((r): r is Received => r !== null);
  return { bodies, jsonCalls: async (path) => (await bodies()).filter((r) => new URL(r.url).pathname === path) };
}

/** The session cookie's value (HttpOnly: only the browser context sees it), or undefined. */
async function sessionToken(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'quorum_session')?.value;
}

/** Fails when any response the page received, or document.cookie, holds one of the tokens. */
async function expectNoTokenInPage(page: Page, received: Received[], tokens: Set<string>): Promise<void> {
  expect(tokens.size, 'the browser held a session').toBeGreaterThan(0);
  const cookie = await page.evaluate(() => document.cookie);
  expect(cookie).toContain('quorum_csrf=');
  expect(received.length).toBeGreaterThan(0);
  for (const token of tokens) {
    expect(cookie, 'document.cookie').not.toContain(token);
    for (const r of received) expect(r.body, `response of ${r.url}`).not.toContain(token);
  }
}

test('sign-up, activation and login through the pages never hand the session token to the page', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const seen = watchResponses(page);
  const tokens = new Set<string>();
  const keep = async () => {
    const t = await sessionToken(page.context());
    if (t) tokens.add(t);
    return t;
  };

  const name = `notok${unique()}`.slice(0, 30);
  const email = `${name}@example.com`;
  const password = 'member-pass-123';
  await page.goto('/users/register');
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/users\/login\?status=inactive$/);
  expect(await keep(), 'the sign-up set the session cookie').toBeTruthy();
  const [signUp] = await seen.jsonCalls('/answer/api/v1/user/register/email');
  const created = JSON.parse(signUp!.body).data as { id: string };
  expect(created).toMatchObject({ username: name, access_token: '' });
  await shot('signed up, asked to activate');

  // The activation link, as the e-mail carries it (the administrator's copy of it, which does not use it up).
  const admin = await adminToken(request);
  const activation = (await (await request.get(`/answer/admin/api/user/activation?user_id=${created.id}`, { headers: { Authorization: admin } })).json()) as { data: { activation_url: string } };
  const link = new URL(activation.data.activation_url);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/users\/account-activation\/success$/);
  await keep();
  const [activated] = await seen.jsonCalls('/answer/api/v1/user/email/verification');
  expect(JSON.parse(activated!.body).data).toMatchObject({ username: name, mail_status: 1, access_token: '' });
  await shot('activated');

  // Log out through the menu, then in again through the login page.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.locator('.dropdown-menu.show').getByText('Log out', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await sessionToken(page.context())).toBeUndefined();

  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  // The login ends by going home (its return target): leaving before then races that navigation.
  await expect(page).toHaveURL(/\/$/);
  const loginToken = await keep();
  expect(loginToken).toBeTruthy();
  const [loggedIn] = await seen.jsonCalls('/answer/api/v1/user/login/email');
  expect(JSON.parse(loggedIn!.body).data).toMatchObject({ username: name, access_token: '' });
  const infos = await seen.jsonCalls('/answer/api/v1/user/info');
  expect(infos.some((r) => JSON.parse(r.body).data?.username === name), 'the page read the user').toBe(true);
  await shot('logged in');

  // The cookie session writes with its CSRF token (a comment) and survives a reload.
  const asker = await registerUser(request, 'notokask');
  const question = await askQuestion(request, asker, `Can a page script read my session ${unique()}?`, 'Asking so that a comment is written through the cookie session.');
  await page.goto(`/questions/${question.id}`);
  const article = page.getByRole('article', { name: question.title });
  await article.getByRole('button', { name: 'Add a comment' }).click();
  await article.getByRole('textbox', { name: 'Comment' }).fill('Written with the cookie and its CSRF token only.');
  await article.getByRole('button', { name: 'Add comment' }).click();
  await expect(article.locator('.q-comment')).toContainText('Written with the cookie');
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await keep();
  await shot('comment written');

  await expectNoTokenInPage(page, await seen.bodies(), tokens);

  // An API client (no X-Quorum-Client header) still gets its token in the body, and it is a working session.
  const api = (await (await request.post('/answer/api/v1/user/login/email', { data: { e_mail: email, pass: password } })).json()) as { data: { access_token: string } };
  expect(api.data.access_token).toMatch(/^[\w-]{40,}$/);
  const info = (await (await request.get('/answer/api/v1/user/info', { headers: { Authorization: api.data.access_token } })).json()) as { data: { username: string; access_token: string } };
  expect(info.data).toMatchObject({ username: name, access_token: api.data.access_token });

  // Logging out ends the page's session.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.locator('.dropdown-menu.show').getByText('Log out', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await sessionToken(page.context())).toBeUndefined();
  const ended = (await (await request.get('/answer/api/v1/user/info', { headers: { Authorization: loginToken! } })).json()) as { data: unknown };
  expect(ended.data).toBeNull();
});
