/**
 * Mailing-list mode and the inbound-mail admin page in the browser, at 1280 and 375 px: a member turns on
 * "Mailing-list mode" in Settings > Notifications, saves, and finds it on after a reload (the server's config has
 * `mailing_list` on and Answer's options unchanged); the administrator opens Settings > Inbound mail from the
 * sidebar, sees that neither the SMTP server nor the webhook is configured (the test server sets neither), is
 * refused on the domain field when turning it on without a domain and with a malformed one, saves a good domain
 * and finds it after a reload. Neither page scrolls sideways. The settings are put back afterwards.
 */
import { activeUser, adminToken, apiCall, ensureInstalled } from '../fixtures/api';
import { expect, formStatus, openWith, test } from '../fixtures/test';

const CONFIG = '/answer/api/v1/user/notification/config';
const SECTION = '/answer/admin/api/siteinfo/inbound-mail';

for (const width of [1280, 375]) {
  test(`mailing-list mode is turned on and the inbound-mail settings are edited, at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const before = await apiCall<Record<string, unknown>>(request, 'GET', SECTION, undefined, admin);
    const member = await activeUser(request, admin, 'mlist');
    try {
      await test.step('the member turns mailing-list mode on', async () => {
        await openWith(page, member.token, '/users/settings/notify');
        const option = page.getByRole('switch', { name: /Mailing-list mode/ });
        await expect(option).not.toBeChecked();
        await expect(page.getByText('Every new question, answer and comment in tags you follow, at once, by e-mail.', { exact: false })).toBeVisible();
        await option.check();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Your changes have been saved.')).toBeVisible();
        await page.reload();
        await expect(page.getByRole('switch', { name: /Mailing-list mode/ })).toBeChecked();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(`notification settings with mailing-list mode at ${width}`);
        const config = await apiCall<Record<string, { enable: boolean }>>(request, 'GET', CONFIG, undefined, member.token);
        expect(config.mailing_list!.enable).toBe(true);
        expect(config.inbox!.enable).toBe(true);
        expect(config.all_new_question_for_following_tags!.enable).toBe(false);
      });

      await test.step('the administrator opens Settings > Inbound mail from the sidebar and sees the status', async () => {
        await openWith(page, admin, '/admin');
        if (width < 992) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Inbound mail' }).click();
        await expect(page).toHaveURL(/\/admin\/inbound-mail$/);
        await expect(page.getByRole('heading', { name: 'Inbound mail', level: 2 })).toBeVisible();
        const status = page.getByTestId('inbound-status');
        await expect(status.getByRole('heading', { name: 'How mail reaches the site' })).toBeVisible();
        await expect(status.getByText('Not configured')).toHaveCount(2);
        await expect(status.getByText('Set QUORUM_INBOUND_SMTP_PORT to start it.')).toBeVisible();
        await expect(status.getByText('Neither is configured: replies cannot reach the site yet.')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(`inbound mail settings at ${width}`);
      });

      await test.step('a missing and a malformed domain are refused on their field; a good one is saved', async () => {
        const domain = page.getByLabel('Reply domain');
        await domain.fill('');
        await page.getByLabel('Take replies by e-mail').check();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(domain).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText('Enter the reply domain before turning reply by e-mail on.')).toBeVisible();
        await domain.fill('not a domain');
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Enter a domain name such as reply.example.com.')).toBeVisible();
        await expect(domain).toHaveValue('not a domain');
        await shot(`inbound mail refused at ${width}`);
        await domain.fill('Reply.Example.com');
        await page.getByLabel('New questions by e-mail').check();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(formStatus(page, 'Saved')).toBeVisible();
        await page.reload();
        await expect(page.getByLabel('Reply domain')).toHaveValue('reply.example.com');
        await expect(page.getByLabel('Take replies by e-mail')).toBeChecked();
        await expect(page.getByLabel('New questions by e-mail')).toBeChecked();
        await shot(`inbound mail saved at ${width}`);
      });
    } finally {
      await apiCall(request, 'PUT', SECTION, before, admin);
    }
  });
}
