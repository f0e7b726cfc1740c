/**
 * Integrations in the browser: /api-docs shows the OpenAPI document in Swagger UI under the site's
 * Content-Security-Policy with no violation; an administrator creates a write-scoped API key in the console,
 * sees it once, the key works as a Bearer token, the list shows its last use, and revoking it stops it at once.
 * An administrator registers a webhook for the member and flag events against a receiver on 127.0.0.1 (the e2e
 * server allows private targets), a sign-up and a flag arrive signed with the secret shown once, the delivery
 * log shows them delivered, and the hook is removed again.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall, askQuestion, ensureInstalled, login, registerUser } from '../fixtures/api';
import { loginNeedsCaptcha } from '../fixtures/sqlite';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.86.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
});

test('the API reference renders the OpenAPI document without a CSP violation', async ({ page, shot }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: /Quorum API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/answer/api/v1/question/page' }).first()).toBeVisible();
  await shot('api-docs');
  expect(problems).toEqual([]);
});

test('an administrator creates an API key, uses it, and revokes it', async ({ page, request, shot }) => {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  expect(await loginNeedsCaptcha(page.request), 'no captcha expected for a fresh address').toBe(false);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/users\/login/);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/admin\/api-keys$/);
  const name = `Chat bot ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Scope').selectOption('write');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^qk_/);
  // Columns: name, scope, acts as, last used, expires, action.
  const lastUsed = () => page.locator('tr', { hasText: name }).locator('td').nth(3);
  await expect(lastUsed()).toHaveText('Never');
  await shot('api-key-created');

  const me = await apiCall<{ username: string }>(request, 'GET', '/answer/api/v1/user/info', undefined, `Bearer ${key}`);
  expect(me.username).toBe('admin');
  await page.reload();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  await expect(lastUsed()).not.toHaveText('Never');
  await expect(lastUsed()).toContainText(/\d/);

  await page.locator('tr', { hasText: name }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator('tr', { hasText: name })).toContainText('Revoked');
  const after = await request.get('/answer/admin/api/dashboard', { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
});

/** The events the webhook form offers (packages/contract WEBHOOK_EVENTS). */
const WEBHOOK_EVENTS = ['question.created', 'answer.created', 'answer.accepted', 'comment.created', 'user.created', 'flag.created'];

test('an administrator registers a webhook for sign-ups and flags, and the deliveries arrive signed', async ({ page, request, shot }) => {
  const got: { headers: IncomingHttpHeaders; body: string; json: { event: string; data: Record<string, string> } }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.goto('/users/login');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/users\/login/);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);

    await page.getByLabel('URL').fill(hookUrl);
    const events = page.getByRole('group', { name: 'Events' });
    for (const ev of WEBHOOK_EVENTS) {
      const box = events.getByLabel(ev, { exact: true });
      await expect(box).toBeChecked();
      if (ev !== 'user.created' && ev !== 'flag.created') await box.uncheck();
    }
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const row = page.locator('li', { hasText: hookUrl });
    await expect(row).toContainText('user.created, flag.created');

    const member = await registerUser(request, 'hooked');
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]!.json).toMatchObject({ event: 'user.created', data: { user_id: member.id } });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got[0]!.headers['x-quorum-signature']))!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${got[0]!.body}`).digest('hex'));

    // The administrator flags the member's question, then dismisses the flag (specs share one server).
    const admin = await login(request, ADMIN.email, ADMIN.password);
    const q = await askQuestion(request, member, `A question flagged in the webhook test ${Date.now()}`, 'Its body, long enough to be a question body.');
    await apiCall(request, 'POST', '/answer/api/v1/report', { object_id: q.id, report_type: 57 }, admin);
    await expect.poll(() => got.length).toBe(2);
    const flag = got[1]!.json;
    expect(flag).toMatchObject({ event: 'flag.created', data: { object_id: q.id, object_type: 'question', reported_user_id: member.id } });
    await apiCall(request, 'PUT', '/answer/api/v1/report/review', { flag_id: flag.data.flag_id, operation_type: 'ignore_report' }, admin);

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = row.locator('tbody tr');
    await expect(log).toHaveCount(2);
    await expect(log.nth(0)).toContainText('flag.created');
    await expect(log.nth(1)).toContainText('user.created');
    for (const i of [0, 1]) await expect(log.nth(i)).toContainText(/Delivered\s*200/);
    await shot('webhook-deliveries');

    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(page.locator('li', { hasText: hookUrl })).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
