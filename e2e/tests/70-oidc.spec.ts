/**
 * Third-party login in the browser, against a real OpenID Connect provider started here on a free local port
 * (oauth2-mock-server: discovery, JWKS, PKCE, signed ID tokens with the nonce; it signs the configured account in
 * without a form). The admin switches the OpenID Connect connector on and configures it in the console; a visitor
 * on a tag page clicks 'Log in', then 'Log in with Company SSO', passes the provider, sees 'Processing' and lands
 * logged in on the tag page they started from.
 */
import type { Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { API_ADMIN, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/users\/login/);
}

test('a visitor logs in with the OpenID Connect provider the admin configured', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const who = unique();
  const account = { sub: `sso-${who}`, email: `sso-${who}@idp.example`, email_verified: true, name: 'Sso Member', preferred_username: `sso${who}` };
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, account));
  provider.service.on('beforeUserinfo', (res) => {
    res.body = { ...account };
  });
  const admin = await adminToken(request);
  try {
    await test.step('the admin switches the connector on and configures it', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await logIn(page, API_ADMIN.email, API_ADMIN.password);
      await page.goto('/admin/installed-plugins');
      const row = page.locator('tr[data-plugin="connector_oidc"]');
      await expect(row).toContainText('OpenID Connect');
      // The switch follows the server: it turns on once the list is read back.
      await row.getByLabel('Enabled').click();
      await expect(row.getByLabel('Enabled')).toBeChecked();
      await expect(row).toContainText('Active');
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/admin\/connector_oidc$/);
      await page.getByLabel('Button name').fill('Company SSO');
      await page.getByLabel('Issuer URL').fill(provider.issuer.url!);
      await page.getByLabel('Client ID').fill('quorum-e2e');
      await page.getByLabel('Client secret').fill('e2e-secret');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Client secret')).toHaveValue('');
      await expect(page.getByText('A value is set. Leave the field empty to keep it.')).toBeVisible();
      await shot('connector configuration', page);
      await context.close();
    });

    await test.step('a visitor logs in with it and lands where they started', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto('/tags');
      await page.getByRole('link', { name: 'Log in', exact: true }).first().click();
      await expect(page).toHaveURL(/\/users\/login/);
      const button = page.getByRole('link', { name: 'Log in with Company SSO' });
      await expect(button).toBeVisible();
      await shot('login page with the connector', page);
      await button.click();
      await expect(page).toHaveURL(/\/tags$/);
      const me = (await (await page.request.get('/answer/api/v1/user/info')).json()) as { data: { username: string; e_mail: string } | null };
      expect(me.data).toMatchObject({ username: account.preferred_username, e_mail: account.email });
      await shot('landed logged in', page);
      await context.close();
    });
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'connector_oidc', enabled: false }, admin);
    await provider.stop();
  }
});
