/**
 * Third-party login in the browser, against a real OpenID Connect provider started here on a free local port
 * (oauth2-mock-server: discovery, JWKS, PKCE, signed ID tokens with the nonce; it signs the configured account in
 * without a form). The admin configures the OpenID Connect connector in the console and switches it on; a visitor
 * on a tag page clicks 'Log in', then 'Log in with Company SSO', passes the provider, sees 'Processing' and lands
 * logged in on the tag page they started from. With password login off the login page offers only the connector;
 * a provider that gives no e-mail leads to /users/confirm-email with the spec §8 hint, and the member's only login
 * cannot be unlinked. A member's plugin settings page (/users/settings/{slug_name}) is drawn from the form the
 * server sends; no plugin shipped with Quorum has member settings, so that test answers the two plugin calls in the
 * browser (page.route) with the shapes plugin.member.test.ts checks on the server. The chat notices plugin's form
 * (a select, switches, a masked Matrix token, a field error) is drawn from its declaration too, and a homeserver
 * that answers 500 shows as the plugin's last error on the Plugins page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { API_ADMIN, adminToken, apiCall, ensureInstalled, registerUser, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** The axe rule tags of WCAG 2.x A and AA (as 90-a11y.spec.ts). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A local OpenID Connect provider that signs `account` in at once. */
async function startProvider(account: Record<string, unknown>): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, account));
  provider.service.on('beforeUserinfo', (res) => {
    res.body = { ...account };
  });
  return provider;
}

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
    await test.step('the admin configures the connector and switches it on', async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await logIn(page, API_ADMIN.email, API_ADMIN.password);
      await page.goto('/admin/installed-plugins');
      const row = page.locator('tr[data-plugin="connector_oidc"]');
      await expect(row).toContainText('OpenID Connect');
      await row.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/admin\/connector_oidc$/);
      await page.getByLabel('Button name').fill('Company SSO');
      await page.getByLabel('Issuer URL').fill(provider.issuer.url!);
      await page.getByLabel('Client ID').fill('quorum-e2e');
      await page.getByLabel('Client secret').fill('e2e-secret');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      // A login plugin is switched on once its required settings are saved; the switch follows the server.
      await page.goto('/admin/installed-plugins');
      await row.getByLabel('Enabled').click();
      await expect(row.getByLabel('Enabled')).toBeChecked();
      await expect(row).toContainText('Active');
      await row.getByRole('link', { name: 'Settings' }).click();
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
      // The provider's icon is drawn in the button's own text colour (an SVG mask over currentColor).
      const colours = await button.getByTestId('provider-icon').evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el.parentElement!).color]);
      expect(colours[0]).toBe(colours[1]);
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

test('with password login off only the connector remains; a provider without an e-mail asks for one, with the hint', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const who = unique();
  const provider = await startProvider({ sub: `noemail-${who}`, name: 'No Mail', preferred_username: `nomail${who}` });
  const admin = await adminToken(request);
  const login = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/siteinfo/login', undefined, admin);
  try {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/config', { plugin_slug_name: 'connector_oidc', config_fields: { display_name: 'Company SSO', issuer: provider.issuer.url!, client_id: 'quorum-e2e', client_secret: 'e2e-secret' } }, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'connector_oidc', enabled: true }, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/login', { ...login, allow_password_login: false }, admin);

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await test.step('the login page hides the password form and the server refuses a password', async () => {
      await page.goto('/users/login');
      const button = page.getByRole('link', { name: 'Log in with Company SSO' });
      await expect(button).toBeVisible();
      await expect(page.getByLabel('E-mail')).toHaveCount(0);
      await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
      await expectAccessible(page);
      await shot('login page with password login off', page);
      const refused = (await (await page.request.post('/answer/api/v1/user/login/email', { data: { e_mail: API_ADMIN.email, pass: API_ADMIN.password } })).json()) as { code: number; reason: string };
      expect(refused).toMatchObject({ code: 400, reason: 'error.user.password_login_disabled' });
    });

    await test.step('the provider gives no e-mail: the member names one, with the hint', async () => {
      await page.getByRole('link', { name: 'Log in with Company SSO' }).click();
      await expect(page).toHaveURL(/\/users\/confirm-email\?binding_key=[\w-]+&no_email=1$/);
      await expect(page.getByText('Login failed, please allow this app to access your email information before try again.')).toBeVisible();
      await expectAccessible(page);
      await shot('confirm e-mail with the hint', page);
      await page.getByLabel('E-mail').fill(`nomail-${who}@example.com`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).not.toHaveURL(/confirm-email/);
      const me = (await (await page.request.get('/answer/api/v1/user/info')).json()) as { data: { e_mail: string } | null };
      expect(me.data).toMatchObject({ e_mail: `nomail-${who}@example.com` });
    });

    await test.step('the only way to log in cannot be unlinked', async () => {
      await page.goto('/users/settings/account');
      const item = page.locator('.list-group-item', { hasText: 'Company SSO' });
      page.once('dialog', (d) => void d.accept());
      await item.getByRole('button', { name: 'Unlink' }).click();
      await expect(page.getByText('This is your last way to log in to this site. Link another login before you remove this one.')).toBeVisible();
      await expect(item.getByRole('button', { name: 'Unlink' })).toBeVisible();
      await shot('unlink refused', page);
    });
    await context.close();
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/siteinfo/login', login, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'connector_oidc', enabled: false }, admin);
    await provider.stop();
  }
});

test("a member's plugin settings page: listed in the settings navigation, drawn from the declared form, secrets masked, field errors", async ({ browser, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const member = await registerUser(request, 'plugset');
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), member.token);
  const page = await context.newPage();
  const ok = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data }) });
  type Field = { name: string; secret: boolean; value: string | boolean } & Record<string, unknown>;
  const field = (f: { name: string } & Record<string, unknown>): Field => ({ description: '', required: false, value: '', options: [], ui_options: {}, secret: false, is_set: false, ...f });
  const form = {
    name: 'Test notifications',
    slug_name: 'test_member_settings',
    description: 'Sends your notifications elsewhere.',
    version: '0.0.1',
    config_fields: [
      field({ name: 'webhook', type: 'input', title: 'Webhook URL', required: true, value: 'https://hooks.example.com/old', ui_options: { input_type: 'url' }, description: 'Where to send them.' }),
      field({ name: 'token', type: 'input', title: 'Token', secret: true, is_set: true, ui_options: { input_type: 'password' } }),
      field({ name: 'frequency', type: 'select', title: 'How often', value: 'now', options: [{ label: 'At once', value: 'now' }, { label: 'Daily', value: 'daily' }] }),
      field({ name: 'mentions_only', type: 'switch', title: 'Only mentions', value: false }),
    ],
  };
  const saved: unknown[] = [];
  await page.route('**/answer/api/v1/user/plugin/configs', (route) => route.fulfill(ok([{ name: form.name, slug_name: form.slug_name }])));
  await page.route('**/answer/api/v1/user/plugin/config?*', (route) => route.fulfill(ok(form)));
  await page.route('**/answer/api/v1/user/plugin/config', async (route) => {
    const body = route.request().postDataJSON() as { config_fields: Record<string, unknown> };
    saved.push(body);
    if (saved.length === 1) {
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, reason: 'error.form.is_invalid', msg: 'Invalid.', data: [{ error_field: 'webhook', error_msg: 'The format is not valid.' }] }) });
    }
    // Stored as the server stores them: the next read has the new values, the secret still only 'set'.
    for (const f of form.config_fields) if (!f.secret && f.name in body.config_fields) f.value = body.config_fields[f.name] as string | boolean;
    return route.fulfill(ok(null));
  });

  await page.goto('/users/settings/profile');
  await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Test notifications' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/test_member_settings$/);
  await expect(page.getByRole('heading', { name: 'Test notifications' })).toBeVisible();
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://hooks.example.com/old');
  await expect(page.getByLabel('Token')).toHaveValue('');
  await expect(page.getByLabel('Token')).toHaveAttribute('type', 'password');
  await expect(page.getByText('A value is set. Leave the field empty to keep it.')).toBeVisible();
  await expectAccessible(page);
  await shot('member plugin settings', page);

  await page.getByLabel('Webhook URL').fill('not a url');
  await page.getByLabel('How often').selectOption('daily');
  await page.getByLabel('Only mentions').check();
  // Unsaved changes ask before leaving, like the other settings pages.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to leave the page? Your changes may not be saved.');
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/settings\/test_member_settings$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The format is not valid.')).toBeVisible();
  await expect(page.getByLabel('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shot('member plugin settings with a field error', page);

  await page.getByLabel('Webhook URL').fill('https://hooks.example.com/new');
  await expect(page.getByText('The format is not valid.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  expect(saved[1]).toEqual({ plugin_slug_name: 'test_member_settings', config_fields: { webhook: 'https://hooks.example.com/new', token: '', frequency: 'daily', mentions_only: true } });
  await expect(page.getByLabel('Only mentions')).toBeChecked();
  // Saved: nothing left to ask about.
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/settings\/profile$/);

  // A slug the server does not know shows the not-found page.
  await page.unroute('**/answer/api/v1/user/plugin/config?*');
  await page.goto('/users/settings/no_such_plugin');
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await context.close();
});

test('a connector that fails says so to the visitor, and the admin list shows its last error', async ({ browser, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  try {
    // Nothing listens on port 9 of the loopback interface: the discovery document cannot be read.
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/config', { plugin_slug_name: 'connector_oidc', config_fields: { display_name: 'Broken SSO', issuer: 'http://127.0.0.1:9/', client_id: 'quorum-e2e', client_secret: 'e2e-secret' } }, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'connector_oidc', enabled: true }, admin);

    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto('/users/login');
    await page.getByRole('link', { name: 'Log in with Broken SSO' }).click();
    await expect(page).toHaveURL(/\/users\/auth-landing\?error=plugin_error$/);
    await expect(page.getByRole('alert')).toHaveText('This login method is not working right now. Please try again later.');
    await expect(page.getByText('Login failed, please allow this app to access your email information before try again.')).toHaveCount(0);
    await expectAccessible(page);
    await shot('failing connector', page);
    // The site keeps serving.
    await page.goto('/tags');
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    await visitor.close();

    const context = await browser.newContext({ baseURL });
    await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), admin);
    const adminPage = await context.newPage();
    await adminPage.goto('/admin/installed-plugins');
    const row = adminPage.locator('tr[data-plugin="connector_oidc"]');
    await expect(row).toContainText('Last error:');
    await expectAccessible(adminPage);
    await shot('admin list with the last error', adminPage);
    await context.close();
  } finally {
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'connector_oidc', enabled: false }, admin);
  }
});

test('the chat notices plugin: its declared form with a select, switches and a masked token; a failing room shows its error on the Plugins page', async ({ browser, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  // A Matrix homeserver that is down: every send is answered 500.
  const calls: string[] = [];
  const homeserver = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(500, { 'content-type': 'application/json' }).end('{"errcode":"M_UNKNOWN","error":"homeserver is down"}'));
  });
  await new Promise<void>((resolve) => homeserver.listen(0, '127.0.0.1', () => resolve()));
  const hsUrl = `http://127.0.0.1:${(homeserver.address() as AddressInfo).port}`;
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await logIn(page, API_ADMIN.email, API_ADMIN.password);
    await page.goto('/admin/installed-plugins');
    const row = page.locator('tr[data-plugin="notify_chat"]');
    await expect(row).toContainText('Chat notices');
    await row.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/notify_chat$/);
    await page.getByLabel('Service').selectOption('matrix');
    await page.getByLabel('Matrix homeserver URL').fill(hsUrl);
    await page.getByLabel('Matrix room id').fill('#ops:example.org');
    await page.getByLabel('Matrix access token').fill('syt_e2e_token');
    await page.getByRole('button', { name: 'Save' }).click();
    // Refused on its field; what was typed stays.
    await expect(page.getByText("Enter the room's id, e.g. !abcdef:example.org (not its #alias).")).toBeVisible();
    await expect(page.getByLabel('Matrix access token')).toHaveValue('syt_e2e_token');
    await page.getByLabel('Matrix room id').fill('!ops:example.org');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Matrix access token')).toHaveValue('');
    await expect(page.getByText('A value is set. Leave the field empty to keep it.')).toBeVisible();
    await expect(page.getByLabel('New questions')).toBeChecked();
    await page.goto('/admin/installed-plugins');
    await row.getByLabel('Enabled').click();
    await expect(row.getByLabel('Enabled')).toBeChecked();
    await apiCall(request, 'POST', '/answer/api/v1/question', { title: `A question for the chat room ${unique()}`, content: 'The body of a question the room hears about.', tags: [{ slug_name: 'chat-notices', display_name: 'chat-notices' }] }, admin);
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(calls[0]).toMatch(/^PUT \/_matrix\/client\/v3\/rooms\/!ops%3Aexample\.org\/send\/m\.room\.message\/question_created_\d+$/);
    await expect.poll(async () => {
      await page.reload();
      return row.textContent();
    }).toContain('Matrix answered HTTP 500');
    await expect(row).not.toContainText('syt_e2e_token');
    await shot('chat notices plugin with its last error', page);
  } finally {
    await context.close();
    await apiCall(request, 'PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'notify_chat', enabled: false }, admin);
    await new Promise<void>((resolve) => homeserver.close(() => resolve()));
  }
});
