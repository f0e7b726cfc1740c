/**
 * WeCom QR-code login in the browser, against a local WeCom server started here on a free port
 * (plugins/user-center-wecom/testkit: gettoken, auth/getuserinfo, auth/getuserdetail, user/get as WeCom documents
 * them). The admin configures the WeCom user center in the console, pointing its API base URL
 * at the local server; a visitor opens the login page, follows 'Log in with WeCom' to /user-center/auth and sees
 * the QR code; the local server plays the member's phone (scans the code, allows the application, opens the
 * callback), and the waiting page logs the visitor in. With WeCom as the only way in, the login page has no
 * password form and sign-up hands over to WeCom. A refused login lands on /user-center/auth-failed. The plugin is
 * switched off again (and password login back on) at the end.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeWeCom } from '../../plugins/user-center-wecom/testkit/fake-wecom';
import { API_ADMIN, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** The axe rule tags of WCAG 2.x A and AA (as 90-a11y.spec.ts). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const SLUG = 'user_center_wecom';

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

test('a visitor logs in by scanning the WeCom QR code the admin set up', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(150_000);
  await ensureInstalled(request, baseURL!);
  const wecom = await startFakeWeCom();
  const who = unique();
  const userid = `wc${who}`;
  wecom.members.set(userid, { userid, name: 'Wei Chen', biz_mail: `${userid}@corp.example` });
  const admin = await adminToken(request);
  try {
    await test.step('the admin configures WeCom and switches it on', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await logIn(page, API_ADMIN.email, API_ADMIN.password);
      await page.goto('/admin/installed-plugins');
      const row = page.locator(`tr[data-plugin="${SLUG}"]`);
      await expect(row).toContainText('WeCom');
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${SLUG}$`));
      await page.getByLabel('Corp ID').fill(wecom.corpId);
      await page.getByLabel('Agent ID').fill(wecom.agentId);
      await page.getByLabel('Secret').fill(wecom.secret);
      await page.getByLabel('API base URL').fill(wecom.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      // A login plugin is switched on once its required settings are saved; the switch follows the server.
      await page.goto('/admin/installed-plugins');
      await row.getByLabel('Enabled').click();
      await expect(row.getByLabel('Enabled')).toBeChecked();
      await row.getByRole('link', { name: 'Settings' }).click();
      await shot('wecom configuration', page);
      await context.close();
    });

    await test.step('a visitor sees the QR code; the phone confirms the scan; the page logs in', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto('/users/login');
      const button = page.getByRole('link', { name: 'Log in with WeCom' });
      await expect(button).toBeVisible();
      // WeCom keeps password login on by default: the form stays.
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      await shot('login page with WeCom', page);
      await button.click();
      await expect(page).toHaveURL(/\/user-center\/auth$/);
      const qr = page.getByRole('img', { name: 'QR code to log in with WeCom' });
      await expect(qr).toBeVisible();
      await expect(page.getByText('Scan the QR code with the WeCom app to log in.')).toBeVisible();
      await expect(page.getByText('Waiting for the scan…')).toBeVisible();
      await expectAccessible(page);
      await shot('QR code waiting for the scan', page);

      const qrUrl = (await qr.getAttribute('data-qr-url'))!;
      const phone = await wecom.scan(qrUrl, userid, true);
      // The phone is another browser: it signs no one in (the state cookie is the desktop's) and lands on the home page.
      expect(phone).toMatchObject({ status: 302, location: '/' });

      await expect(page).not.toHaveURL(/\/user-center\/auth/, { timeout: 15_000 });
      await expect(page).not.toHaveURL(/auth-landing/);
      const me = (await (await page.request.get('/answer/api/v1/user/info')).json()) as { data: { username: string; e_mail: string; display_name: string } | null };
      expect(me.data).toMatchObject({ username: userid, e_mail: `${userid}@corp.example`, display_name: 'Wei Chen' });
      await shot('logged in after the scan', page);
      await context.close();
    });

    await test.step('with WeCom as the only way in, the login page drops the password form and sign-up hands over', async () => {
      const config = { corp_id: wecom.corpId, agent_id: wecom.agentId, api_base_url: wecom.url };
      await apiCall(request, 'PUT', '/answer/admin/api/plugin/config', { plugin_slug_name: SLUG, config_fields: { ...config, password_login: false } }, admin);
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      try {
        await page.goto('/users/login');
        await expect(page.getByRole('link', { name: 'Log in with WeCom' })).toBeVisible();
        await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
        await expectAccessible(page);
        await shot('login page with WeCom only', page);
        await page.goto('/users/register');
        await expect(page).toHaveURL(/\/user-center\/auth$/);
        await expect(page.getByRole('img', { name: 'QR code to log in with WeCom' })).toBeVisible();
      } finally {
        await apiCall(request, 'PUT', '/answer/admin/api/plugin/config', { plugin_slug_name: SLUG, config_fields: { ...config, password_login: true } }, admin);
        await context.close();
      }
    });

    await test.step('a refused login lands on the failure page', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto('/user-center/auth');
      const qrUrl = (await page.getByRole('img', { name: 'QR code to log in with WeCom' }).getAttribute('data-qr-url'))!;
      const { callback } = await wecom.scan(qrUrl, 'someone-outside');
      await page.goto(callback);
      await expect(page).toHaveURL(/\/user-center\/auth-failed\?error=not_member$/);
      await expect(page.getByRole('alert')).toHaveText('Your account is not a member of this organization.');
      await expectAccessible(page);
      await shot('login refused', page);
      await context.close();
    });
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: SLUG, enabled: false }, admin);
    await wecom.stop();
  }
});
