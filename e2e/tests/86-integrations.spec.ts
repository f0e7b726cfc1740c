/**
 * Integrations in the browser: /api-docs shows the OpenAPI document in Swagger UI under the site's
 * Content-Security-Policy with no violation; an administrator creates a write-scoped API key in the console,
 * sees it once, the key works as a Bearer token, the list shows its last use, and revoking it stops it at once.
 */
import { apiCall, ensureInstalled } from '../fixtures/api';
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
