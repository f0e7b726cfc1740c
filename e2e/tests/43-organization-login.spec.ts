/**
 * Password login for administrators only (issue #38 item 6): the admin turns it on in Settings > Login (refused
 * under its field while no organization login is on; saved once directory login is on); the login page then offers
 * the directory form first and the e-mail form behind "Administrator? ...", a member's password is refused with
 * the message that sends them to the organization's sign-in, and the admin still logs in with the password.
 * The site's settings are put back at the end (the browser specs share one site).
 */
import { activeUser, adminToken, apiCall, API_ADMIN, ensureInstalled } from '../fixtures/api';
import { expect, openWith, test } from '../fixtures/test';

const LOGIN = '/answer/admin/api/siteinfo/login';
const LDAP = '/answer/admin/api/ldap/settings';

test('password login for admins only, with directory login on', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(180_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const member = await activeUser(request, admin, 'org');
  const ldapBefore = await apiCall<Record<string, unknown>>(request, 'GET', LDAP, undefined, admin);
  const loginBefore = await apiCall<Record<string, unknown>>(request, 'GET', LOGIN, undefined, admin);
  try {
    await test.step('refused under its field while no organization login is on, saved once directory login is on', async () => {
      await apiCall(request, 'PUT', LDAP, { ...ldapBefore, enabled: false }, admin);
      await openWith(page, admin, '/admin/login');
      const option = page.getByRole('checkbox', { name: 'Password login for administrators only' });
      await expect(option).toBeVisible({ timeout: 30_000 });
      await option.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Turn on directory (LDAP) or SAML login first')).toBeVisible();
      await apiCall(request, 'PUT', LDAP, { ...ldapBefore, enabled: true, name: 'Example Corp directory', url: 'ldap://127.0.0.1:1', search_base: 'dc=example,dc=org', user_filter: '(uid={username})', bind_password: '' }, admin);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Turn on directory (LDAP) or SAML login first')).toHaveCount(0);
      expect((await apiCall<Record<string, unknown>>(request, 'GET', LOGIN, undefined, admin)).password_login_admins_only).toBe(true);
    });

    await test.step('the login page puts the directory first; members are sent to it, the admin logs in by password', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.context().clearCookies();
      await page.goto('/robots.txt');
      await page.evaluate(() => localStorage.clear());
      await page.goto('/users/login');
      const toggle = page.getByRole('button', { name: 'Administrator? Log in with e-mail and password' });
      await expect(toggle).toBeVisible();
      await expect(page.getByTestId('password-login')).toHaveCount(0);
      await shot('login page, organization first, phone');
      await toggle.click();
      const form = page.getByTestId('password-login');
      await form.getByLabel('E-mail').fill(member.email);
      await form.getByLabel('Password', { exact: true }).fill(member.password);
      await form.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByText("This site uses your organization's sign-in")).toBeVisible();
      await shot('member refused, phone');
      await form.getByLabel('E-mail').fill(API_ADMIN.email);
      await form.getByLabel('Password', { exact: true }).fill(API_ADMIN.password);
      await form.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page).not.toHaveURL(/\/users\/login/);
    });
  } finally {
    await apiCall(request, 'PUT', LOGIN, { ...loginBefore, password_login_admins_only: false }, admin);
    await apiCall(request, 'PUT', LDAP, { ...ldapBefore, enabled: false }, admin);
  }
});
