/**
 * Directory (LDAP) login in the browser, against a real OpenLDAP server (packages/server/test/slapd.ts: Debian's
 * slapd on free local ports, seeded with alice and bob). The admin fills /admin/ldap (search-then-bind over
 * StartTLS with the test CA), tests the connection and saves; on the login page a member logs in with "Log in with
 * Example Corp directory" at 1280 px (after a wrong password shows the directory's refusal) and another at 375 px;
 * with the directory stopped the form says it cannot be reached, and the administrator still logs in with the
 * e-mail form on the same page. Directory login is switched off again at the end, so later specs see the usual
 * login page. The login page with the form and its alert, and the settings page, pass axe's WCAG 2 A/AA rules.
 * Without slapd (and CI unset) the test is skipped with one line saying so.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { BASE_DN, READER, slapdMissing, SLAPD, startDirectory, type TestDirectory } from '../../packages/server/test/slapd';
import { API_ADMIN, adminToken, apiCall, ensureInstalled } from '../fixtures/api';
import { expect, formStatus, test } from '../fixtures/test';

const DIRECTORY = 'Example Corp directory';
const MISSING = `${SLAPD} is not installed (apt-get install slapd ldap-utils)`;
if (slapdMissing() && process.env.CI !== 'true') console.warn(`skipping the LDAP browser test: ${MISSING}`);

/** The axe rule tags of WCAG 2.x A and AA (as 90-a11y.spec.ts). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(email);
  await page.locator('input[name="pass"]').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await expect(page).not.toHaveURL(/\/users\/login/);
}

/** A fresh visitor's login page at `width` px, and the directory form on it. */
async function loginPage(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/users/login');
  const form = page.getByRole('region', { name: `Log in with ${DIRECTORY}` });
  await expect(form).toBeVisible();
  return { context, page, form };
}

test('members log in with the company directory; a directory that is down leaves the admin a way in', async ({ browser, request, baseURL, shot }) => {
  test.skip(slapdMissing() && process.env.CI !== 'true', MISSING);
  test.setTimeout(150_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  let dir: TestDirectory | undefined;
  try {
    dir = await startDirectory();
    const d = dir;

    await test.step('the admin fills the directory settings, tests the connection and saves', async () => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await logIn(page, API_ADMIN.email, API_ADMIN.password);
      await page.goto('/admin/ldap');
      await expect(page.getByRole('heading', { name: 'Directory (LDAP)' })).toBeVisible();
      await page.getByLabel('Directory login').check();
      await page.getByLabel('Name on the login page').fill(DIRECTORY);
      await page.getByLabel('Address').fill(d.url);
      await page.getByLabel('StartTLS').check();
      await page.getByLabel('CA certificate (PEM)').fill(d.caPem);
      await expect(page.getByLabel('How members are found')).toHaveValue('search');
      await page.getByLabel('Bind DN').fill(READER.dn);
      await page.getByLabel('Bind password').fill(READER.password);
      await page.getByLabel('Search base').fill(`ou=people,${BASE_DN}`);
      await page.getByLabel('Display name attribute').fill('displayName');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByText('Connected: the directory accepted the bind')).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(formStatus(page, 'Saved')).toBeVisible();
      await shot('admin directory settings', page);
      await expectAccessible(page);
      // The stored bind password comes back masked.
      await page.reload();
      await expect(page.getByLabel('Bind password')).toHaveValue('********');
      await context.close();
    });

    await test.step('at 1280 px a wrong password is refused, then alice logs in with the directory', async () => {
      const { context, page, form } = await loginPage(browser, baseURL!, 1280);
      await shot('login page with the directory form', page);
      await form.getByLabel('Username').fill('alice');
      await form.getByLabel('Password').fill('not-alices-password');
      await form.getByRole('button', { name: 'Log in' }).click();
      await expect(form.getByRole('alert')).toHaveText('The directory did not accept this username and password.');
      await shot('wrong directory password', page);
      await expectAccessible(page);
      await form.getByLabel('Password').fill('alice-pw');
      await form.getByRole('button', { name: 'Log in' }).click();
      await expect(page).not.toHaveURL(/\/users\/login/);
      const me = await (await page.request.get('/answer/api/v1/user/info')).json();
      expect(me.data).toMatchObject({ username: 'alice', display_name: 'Alice Liddell', e_mail: 'alice@example.org' });
      await shot('alice logged in', page);
      await context.close();
    });

    await test.step('at 375 px bob logs in with the directory', async () => {
      const { context, page, form } = await loginPage(browser, baseURL!, 375);
      await form.getByLabel('Username').fill('bob');
      await form.getByLabel('Password').fill('bob-pw');
      await shot('directory form on a phone', page);
      await form.getByRole('button', { name: 'Log in' }).click();
      await expect(page).not.toHaveURL(/\/users\/login/);
      const me = await (await page.request.get('/answer/api/v1/user/info')).json();
      expect(me.data).toMatchObject({ display_name: 'Bob Builder', e_mail: 'bob@example.org' });
      await shot('bob logged in on a phone', page);
      await context.close();
    });

    await test.step('with the directory down the form says so, and the admin logs in with the e-mail form', async () => {
      await d.stop();
      for (const width of [1280, 375]) {
        const { context, page, form } = await loginPage(browser, baseURL!, width);
        await form.getByLabel('Username').fill('alice');
        await form.getByLabel('Password').fill('alice-pw');
        await form.getByRole('button', { name: 'Log in' }).click();
        await expect(form.getByRole('alert')).toContainText('The directory cannot be reached right now.');
        await shot(`directory down at ${width} px`, page);
        await page.getByLabel('E-mail').fill(API_ADMIN.email);
        await page.locator('input[name="pass"]').fill(API_ADMIN.password);
        await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
        await expect(page).not.toHaveURL(/\/users\/login/);
        const me = await (await page.request.get('/answer/api/v1/user/info')).json();
        expect(me.data).toMatchObject({ e_mail: API_ADMIN.email, role_id: 2 });
        await context.close();
      }
    });
  } finally {
    const current = await apiCall<Record<string, unknown>>(request, 'GET', '/answer/admin/api/ldap/settings', undefined, admin);
    await apiCall(request, 'PUT', '/answer/admin/api/ldap/settings', { ...current, enabled: false }, admin);
    await dir?.close();
  }
});
