/**
 * SAML 2.0 single sign-on in the browser, against the test identity provider of packages/server/test/saml-idp.ts
 * (built with xml-crypto, its key pair and certificate made here, its pages on a free local port of `localhost`,
 * another site than the server's 127.0.0.1, as a real IdP is). The admin fills
 * /admin/saml with the IdP's entity ID, addresses and certificate, tests and saves; then:
 * - SP-initiated: "Log in with Example Corp SSO" on the login page goes to the IdP's login page, alice signs in
 *   there and comes back logged in (at 1280 px); the IdP's single logout ends her session here;
 * - IdP-initiated: the IdP posts bob's assertion unasked, and he lands on the page it named (at 375 px); our logout
 *   call sends the browser to the IdP with a LogoutRequest and back;
 * - a forged, an expired and a replayed assertion each come back to the login page with their own message;
 * - with the IdP stopped, the admin's Test says it does not answer, and the admin logs in with the e-mail form on
 *   the same login page.
 * SAML login is switched off again at the end, so later specs see the usual login page. The login page with the
 * button and a refusal, and the settings page, pass axe's WCAG 2 A/AA rules.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { makeKeyPair, testIdp, type IdpUser, type TestIdp } from '../../packages/server/test/saml-idp';
import { API_ADMIN, adminToken, apiCall, ensureInstalled } from '../fixtures/api';
import { expect, formStatus, test } from '../fixtures/test';

const SSO = 'Example Corp SSO';
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const ALICE: IdpUser = { nameId: 'alice.saml@example.org', password: 'alice-pw', attributes: { uid: 'alicesaml', displayName: 'Alice Liddell', email: 'alice.saml@example.org', groups: ['engineering'] } };
const BOB: IdpUser = { nameId: 'bob.saml@example.org', password: 'bob-pw', attributes: { uid: 'bobsaml', displayName: 'Bob Builder', email: 'bob.saml@example.org' } };

async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function me(page: Page): Promise<Record<string, unknown> | null> {
  return ((await (await page.request.get('/answer/api/v1/user/info')).json()) as { data: Record<string, unknown> | null }).data;
}

async function fresh(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test('members log in with the organization identity provider; forged, expired and replayed assertions are refused', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(150_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const idp: TestIdp = await testIdp(baseURL!);
  idp.users.set('alice', ALICE);
  idp.users.set('bob', BOB);
  // On `localhost` while the site is on 127.0.0.1: another site, so the IdP's post to the ACS is cross-site.
  await idp.start('localhost');
  const options = (o: Record<string, unknown> = {}) => ({ user: BOB, acsUrl: `${baseURL}/answer/api/v1/saml/acs`, audience: `${baseURL}/answer/api/v1/saml/metadata`, ...o });
  try {
    await test.step('the admin fills the SAML settings, tests them and saves', async () => {
      const { context, page } = await fresh(browser, baseURL!, 1280);
      await page.goto('/users/login');
      await page.getByLabel('E-mail').fill(API_ADMIN.email);
      await page.locator('input[name="pass"]').fill(API_ADMIN.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
      await expect(page).not.toHaveURL(/\/users\/login/);
      await page.goto('/admin/saml');
      await expect(page.getByRole('heading', { name: 'Single sign-on (SAML)' })).toBeVisible();
      await expect(page.getByText(`${baseURL}/answer/api/v1/saml/acs`)).toBeVisible();
      await page.getByLabel('SAML login').check();
      await page.getByLabel('Name on the login page').fill(SSO);
      await page.getByLabel('Identity provider entity ID').fill(idp.entityId);
      await page.getByLabel('Single sign-on URL').fill(idp.settings.idp_sso_url);
      await page.getByLabel('Single logout URL').fill(idp.settings.idp_slo_url);
      await page.getByLabel('Signing certificate (PEM)').fill(idp.key.cert);
      await page.getByRole('button', { name: 'Test', exact: true }).click();
      await expect(page.getByText("The certificate is readable and the identity provider's sign-on address answers.")).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(formStatus(page, 'Saved')).toBeVisible();
      await shot('admin SAML settings', page);
      await expectAccessible(page);
      await context.close();
    });

    await test.step('at 1280 px alice logs in at the IdP from the login page, and the IdP logs her out', async () => {
      const { context, page } = await fresh(browser, baseURL!, 1280);
      await page.goto('/users/login');
      const button = page.getByRole('link', { name: `Log in with ${SSO}` });
      await expect(button).toBeVisible();
      await shot('login page with the SSO button', page);
      await expectAccessible(page);
      await button.click();
      await expect(page.getByRole('heading', { name: 'Test IdP login' })).toBeVisible();
      await page.getByLabel('Username').fill('alice');
      await page.getByLabel('Password').fill('alice-pw');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.origin === baseURL && !u.pathname.startsWith('/users/'));
      expect(await me(page)).toMatchObject({ username: 'alicesaml', display_name: 'Alice Liddell', e_mail: 'alice.saml@example.org' });
      await shot('alice logged in with SSO', page);
      // Single logout started at the IdP: its signed LogoutRequest ends her session here.
      await page.goto(`${idp.baseUrl}/logout?user=alice`);
      await expect(page.getByRole('heading', { name: 'Logged out' })).toBeVisible();
      expect(await me(page)).toBeNull();
      await context.close();
    });

    await test.step('at 375 px the IdP logs bob in unasked; our logout ends the IdP session too', async () => {
      const { context, page } = await fresh(browser, baseURL!, 375);
      await page.goto(`${idp.baseUrl}/initiate?user=bob&relay=/tags`);
      await page.waitForURL(`${baseURL}/tags`);
      expect(await me(page)).toMatchObject({ username: 'bobsaml', e_mail: 'bob.saml@example.org' });
      await shot('bob logged in by the IdP on a phone', page);
      // The site's own logout (/users/logout, as the header's "Log out"): our session ends, the browser goes on to
      // the IdP's single logout with a LogoutRequest and comes back.
      const toIdp: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(idp.settings.idp_slo_url)) toIdp.push(r.url());
      });
      await page.goto('/users/logout');
      await expect.poll(() => toIdp.length).toBeGreaterThan(0);
      expect(toIdp[0]).toContain('SAMLRequest=');
      await page.waitForURL(`${baseURL}/`);
      expect(idp.loggedOut).toContain(BOB.nameId);
      expect(await me(page)).toBeNull();
      await context.close();
    });

    await test.step('a forged, an expired and a replayed assertion come back to the login page, each with its reason', async () => {
      const cases: [string, string, string][] = [
        ['forged', idp.response(options({ tamper: true })), "its signature does not match the certificate this site trusts"],
        ['signed with another key', idp.response(options({ key: await makeKeyPair('Mallory') })), 'its signature does not match'],
        ['expired', idp.response(options({ validFor: -3600 })), "The identity provider's answer has expired"],
      ];
      for (const [name, saml, message] of cases) {
        const { context, page } = await fresh(browser, baseURL!, 1280);
        await page.goto(idp.prepare(saml));
        await page.waitForURL(/\/users\/login\?saml_error=/);
        await expect(page.getByRole('alert')).toContainText(message);
        await expect(page.getByLabel('E-mail')).toBeVisible();
        expect(await me(page)).toBeNull();
        await shot(`${name} assertion refused`, page);
        if (name === 'forged') await expectAccessible(page);
        await context.close();
      }
      const once = idp.prepare(idp.response(options()));
      const first = await fresh(browser, baseURL!, 1280);
      await first.page.goto(once);
      await first.page.waitForURL(`${baseURL}/`);
      expect(await me(first.page)).toMatchObject({ username: 'bobsaml' });
      await first.context.close();
      const replay = await fresh(browser, baseURL!, 1280);
      await replay.page.goto(once);
      await replay.page.waitForURL(/\/users\/login\?saml_error=replayed/);
      await expect(replay.page.getByRole('alert')).toContainText('already used once');
      expect(await me(replay.page)).toBeNull();
      await shot('replayed assertion refused', replay.page);
      await replay.context.close();
    });

    await test.step('with the IdP down the admin test says so, and the admin logs in with the e-mail form', async () => {
      await idp.stop();
      const body = await apiCall<{ ok: boolean; message: string }>(request, 'POST', '/answer/admin/api/saml/test', { ...(await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/saml/settings', undefined, admin)) }, admin);
      expect(body).toMatchObject({ ok: false, message: "The identity provider's sign-on address did not answer (address, firewall or timeout)." });
      const { context, page } = await fresh(browser, baseURL!, 375);
      await page.goto('/users/login');
      await expect(page.getByRole('link', { name: `Log in with ${SSO}` })).toBeVisible();
      await page.getByLabel('E-mail').fill(API_ADMIN.email);
      await page.locator('input[name="pass"]').fill(API_ADMIN.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
      await expect(page).not.toHaveURL(/\/users\/login/);
      expect(await me(page)).toMatchObject({ e_mail: API_ADMIN.email, role_id: 2 });
      await context.close();
    });
  } finally {
    const current = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/saml/settings', undefined, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/saml/settings', { ...current, enabled: false }, admin);
    await idp.stop();
  }
});
