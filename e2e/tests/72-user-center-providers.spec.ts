/**
 * DingTalk and SegmentFault user centers in the browser, each against a local provider started here on a free port
 * (plugins/user-center-testkit: DingTalk's sign-in page, userAccessToken and contact/users/me; an OAuth 2.0 server
 * with PKCE for SegmentFault). The provider's page signs the member in at once, as if they had scanned its QR code.
 * - DingTalk, set up in the admin console: 'Log in with DingTalk' → /user-center/auth → DingTalk → the site's
 *   callback; DingTalk does not vouch for the address, so the first login asks for it, then the member is logged
 *   in and asked to activate it; once it is activated, the second login lands logged in at once; a declined
 *   sign-in lands on /user-center/auth-failed.
 * - SegmentFault, set up through the API: a provider-verified address logs the new member in directly.
 * Each plugin is switched off again at the end.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeDingTalk, startFakeSegmentFault } from '../../plugins/user-center-testkit/src/index';
import { API_ADMIN, activateUser, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/users\/login/);
}

async function whoAmI(page: Page): Promise<{ id: string; username: string; e_mail: string; display_name: string } | null> {
  return ((await (await page.request.get('/answer/api/v1/user/info')).json()) as { data: { id: string; username: string; e_mail: string; display_name: string } | null }).data;
}

test('a visitor logs in with DingTalk, set up by the admin', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(150_000);
  await ensureInstalled(request, baseURL!);
  const dingtalk = await startFakeDingTalk();
  const who = unique();
  dingtalk.account = { unionId: `union-${who}`, openId: `open-${who}`, nick: `Ding ${who}`, email: `ding-${who}@corp.example` };
  const admin = await adminToken(request);
  const slug = 'user_center_dingtalk';
  try {
    await test.step('the admin configures DingTalk and switches it on', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await logIn(page, API_ADMIN.email, API_ADMIN.password);
      await page.goto('/admin/installed-plugins');
      const row = page.locator(`tr[data-plugin="${slug}"]`);
      await expect(row).toContainText('DingTalk');
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}$`));
      await page.getByLabel('Client ID (AppKey)').fill(dingtalk.client_id);
      await page.getByLabel('Client secret (AppSecret)').fill(dingtalk.client_secret);
      await page.getByLabel('DingTalk sign-in URL').fill(dingtalk.url);
      await page.getByLabel('DingTalk API URL').fill(dingtalk.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      // A login plugin is switched on once its required settings are saved; the switch follows the server.
      await page.goto('/admin/installed-plugins');
      await row.getByLabel('Enabled').click();
      await expect(row.getByLabel('Enabled')).toBeChecked();
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByLabel('Client secret (AppSecret)')).toHaveValue('');
      await shot('dingtalk configuration', page);
      await context.close();
    });

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await test.step('the first login goes through DingTalk and asks for the e-mail address', async () => {
      await page.goto('/users/login');
      const button = page.getByRole('link', { name: 'Log in with DingTalk' });
      await expect(button).toBeVisible();
      await shot('login page with DingTalk', page);
      await button.click();
      await expect(page).toHaveURL(/\/users\/confirm-email\?binding_key=[\w-]+$/);
      expect(dingtalk.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /oauth2/auth', 'POST /v1.0/oauth2/userAccessToken', 'GET /v1.0/contact/users/me']);
      await expectAccessible(page);
      await shot('confirm the e-mail address', page);
      await page.getByLabel('E-mail').fill(`ding-${who}@corp.example`);
      await page.getByRole('button', { name: 'Continue' }).click();
      // Logged in; the address the member typed still waits for its activation e-mail.
      await expect(page).toHaveURL(/\/users\/login\?status=inactive$/);
      const member = await whoAmI(page);
      expect(member).toMatchObject({ e_mail: `ding-${who}@corp.example`, display_name: `Ding ${who}` });
      await activateUser(request, admin, member!.id);
    });

    await test.step('the second login lands logged in', async () => {
      await context.clearCookies();
      await page.goto('/users/login');
      await page.getByRole('link', { name: 'Log in with DingTalk' }).click();
      await expect(page).not.toHaveURL(/\/users\/(login|auth-landing)|\/user-center\//);
      expect(await whoAmI(page)).toMatchObject({ e_mail: `ding-${who}@corp.example` });
      await shot('logged in with DingTalk', page);
    });

    await test.step('a declined sign-in lands on the failure page', async () => {
      await context.clearCookies();
      dingtalk.declineNext = true;
      await page.goto('/user-center/auth');
      await expect(page).toHaveURL(/\/user-center\/auth-failed\?error=provider_error$/);
      await expect(page.getByRole('alert')).toHaveText('The login was not allowed.');
      await expectAccessible(page);
      await shot('sign-in declined', page);
    });
    await context.close();
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: slug, enabled: false }, admin);
    await dingtalk.stop();
  }
});

test('a SegmentFault member with a verified address is logged in on the first visit', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(90_000);
  await ensureInstalled(request, baseURL!);
  const sf = await startFakeSegmentFault();
  const who = unique();
  sf.account = { id: `sf-${who}`, slug: `sf-${who}`, name: `SF ${who}`, email: `sf-${who}@example.com`, email_verified: true };
  const admin = await adminToken(request);
  const slug = 'user_center_segmentfault';
  try {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/config', { plugin_slug_name: slug, config_fields: { client_id: sf.client_id, client_secret: sf.client_secret, ...sf.endpoints } }, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: slug, enabled: true }, admin);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/users/login');
    await page.getByRole('link', { name: 'Log in with SegmentFault' }).click();
    await expect(page).not.toHaveURL(/\/users\/(login|auth-landing|confirm-email)|\/user-center\//);
    expect(await whoAmI(page)).toMatchObject({ username: `sf-${who}`, e_mail: `sf-${who}@example.com`, display_name: `SF ${who}` });
    await shot('logged in with SegmentFault', page);
    await context.close();
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: slug, enabled: false }, admin);
    await sf.stop();
  }
});
