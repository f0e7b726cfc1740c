/**
 * WeChat user center in the browser, against the local WeChat started here on a free port
 * (plugins/user-center-testkit: the website application's QR page, the official account's authorization page,
 * sns/oauth2/access_token and sns/userinfo). The provider's page signs the member in at once, as if they had
 * scanned the QR code or consented on the phone.
 * - The admin configures both applications in the console, then switches WeChat on.
 * - On a computer: 'Log in with WeChat' → /user-center/auth → WeChat's QR page → the site's callback; WeChat gives
 *   no e-mail address, so the first login asks for one; once it is activated, the second login lands logged in.
 * - Inside WeChat's browser (User-Agent with `MicroMessenger`) the official account's web authorization is used,
 *   and the same WeChat member (same unionid) is the same site member.
 * The plugin is switched off again at the end.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeWeChat } from '../../plugins/user-center-testkit/src/index';
import { API_ADMIN, activateUser, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** WeChat's in-app browser on Android, as WeChat sends it. */
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F37) NetType/WIFI Language/en';

async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function whoAmI(page: Page): Promise<{ id: string; e_mail: string; display_name: string } | null> {
  return ((await (await page.request.get('/answer/api/v1/user/info')).json()) as { data: { id: string; e_mail: string; display_name: string } | null }).data;
}

test('a visitor logs in with WeChat on a computer and inside WeChat, set up by the admin', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(150_000);
  await ensureInstalled(request, baseURL!);
  const wechat = await startFakeWeChat();
  const who = unique();
  wechat.account = { unionid: `union-${who}`, nickname: `Wei ${who}` };
  const admin = await adminToken(request);
  const slug = 'user_center_wechat';
  const email = `wx-${who}@example.com`;
  try {
    await test.step('the admin configures WeChat and switches it on', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto('/users/login');
      await page.getByLabel('E-mail').fill(API_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(API_ADMIN.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page).not.toHaveURL(/\/users\/login/);
      await page.goto('/admin/installed-plugins');
      const row = page.locator(`tr[data-plugin="${slug}"]`);
      await expect(row).toContainText('WeChat');
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${slug}$`));
      await page.getByLabel('Website application AppID').fill(wechat.website.app_id);
      await page.getByLabel('Website application AppSecret').fill(wechat.website.app_secret);
      await page.getByLabel('Official account AppID').fill(wechat.official_account.app_id);
      await page.getByLabel('Official account AppSecret').fill(wechat.official_account.app_secret);
      await page.getByLabel('WeChat authorization URL').fill(wechat.url);
      await page.getByLabel('WeChat API URL').fill(wechat.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      // A login plugin is switched on once its required settings are saved; the switch follows the server.
      await page.goto('/admin/installed-plugins');
      await row.getByLabel('Enabled').click();
      await expect(row.getByLabel('Enabled')).toBeChecked();
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByLabel('Website application AppSecret')).toHaveValue('');
      await expectAccessible(page);
      await shot('wechat configuration', page);
      await context.close();
    });

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    let memberId = '';
    await test.step('the first login on a computer goes through the QR page and asks for the e-mail address', async () => {
      await page.goto('/users/login');
      const button = page.getByRole('link', { name: 'Log in with WeChat' });
      await expect(button).toBeVisible();
      await expectAccessible(page);
      await button.click();
      // WeChat gives no address (no_email=1); the browser keeps the #wechat_redirect fragment across the redirects.
      await expect(page).toHaveURL(/\/users\/confirm-email\?binding_key=[\w-]+&no_email=1(#wechat_redirect)?$/);
      expect(wechat.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /connect/qrconnect', 'GET /sns/oauth2/access_token', 'GET /sns/userinfo']);
      expect(wechat.requests[0]!.query.get('scope')).toBe('snsapi_login');
      await expectAccessible(page);
      await shot('wechat confirm the e-mail address', page);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/users\/login\?status=inactive(#wechat_redirect)?$/);
      const member = await whoAmI(page);
      expect(member).toMatchObject({ e_mail: email, display_name: `Wei ${who}` });
      memberId = member!.id;
      await activateUser(request, admin, memberId);
    });

    await test.step('the second login on a computer lands logged in', async () => {
      await context.clearCookies();
      wechat.requests.length = 0;
      await page.goto('/users/login');
      await page.getByRole('link', { name: 'Log in with WeChat' }).click();
      await expect(page).not.toHaveURL(/\/users\/(login|auth-landing|confirm-email)|\/user-center\//);
      expect(await whoAmI(page)).toMatchObject({ id: memberId, e_mail: email });
      expect(wechat.requests[0]!.path).toBe('/connect/qrconnect');
      await shot('logged in with WeChat', page);
    });
    await context.close();

    await test.step("inside WeChat's browser the official account's authorization is used", async () => {
      const inApp = await browser.newContext({ baseURL, userAgent: WECHAT_UA, viewport: { width: 390, height: 844 } });
      const phone = await inApp.newPage();
      wechat.requests.length = 0;
      await phone.goto('/users/login');
      await phone.getByRole('link', { name: 'Log in with WeChat' }).click();
      await expect(phone).not.toHaveURL(/\/users\/(login|auth-landing|confirm-email)|\/user-center\//);
      expect(wechat.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /connect/oauth2/authorize', 'GET /sns/oauth2/access_token', 'GET /sns/userinfo']);
      expect(wechat.requests[0]!.query.get('appid')).toBe(wechat.official_account.app_id);
      expect(wechat.requests[0]!.query.get('scope')).toBe('snsapi_userinfo');
      expect(await whoAmI(phone)).toMatchObject({ id: memberId, e_mail: email });
      await expectAccessible(phone);
      await shot('logged in inside WeChat', phone);
      await inApp.close();
    });
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: slug, enabled: false }, admin);
    await wechat.stop();
  }
});
