/**
 * The admin console (issue "Admin console"): the administrator logs in, opens the console from the user menu,
 * visits every sidebar page without a console error (screenshots in light and dark, and at 375 px), changes a
 * setting on each settings page and sees it on the public site, suspends a member who then sees the suspended
 * page, adds three users in bulk and reads the dashboard charts. A moderator gets the 403 page.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, unique, type TestUser } from '../fixtures/api';
import { loginNeedsCaptcha, loginSolvingCaptcha } from '../fixtures/sqlite';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.40.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
/** Sidebar pages in order: link text and path under /admin. */
const PAGES: [string, string][] = [
  ['Dashboard', ''],
  ['Questions', 'questions'],
  ['Answers', 'answers'],
  ['Users', 'users'],
  ['Themes', 'themes'],
  ['CSS/HTML', 'css-html'],
  ['General', 'general'],
  ['Interface', 'interface'],
  ['Branding', 'branding'],
  ['SMTP', 'smtp'],
  ['Legal', 'legal'],
  ['Write', 'write'],
  ['SEO', 'seo'],
  ['Login', 'login'],
  ['Users', 'settings-users'],
  ['Privileges', 'privileges'],
  ['Installed plugins', 'installed-plugins'],
];

let token = '';
let member: TestUser;
/** Settings as they were before this spec, put back afterwards (later specs expect the defaults). */
const SECTIONS = ['siteinfo/general', 'siteinfo/interface', 'siteinfo/branding', 'siteinfo/write', 'siteinfo/seo', 'siteinfo/theme', 'siteinfo/custom-css-html', 'siteinfo/login', 'siteinfo/users', 'setting/smtp'];
const before = new Map<string, Record<string, unknown>>();
let privilegeLevel = 2;

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  token = await loginSolvingCaptcha(request, ADMIN.email, ADMIN.password);
  for (const section of SECTIONS) before.set(section, await apiCall<Record<string, unknown>>(request, 'GET', `/answer/admin/api/${section}`, undefined, token));
  privilegeLevel = (await apiCall<{ selected_level: number }>(request, 'GET', '/answer/admin/api/setting/privileges', undefined, token)).selected_level;
  member = await activeUser(request, token, 'adm');
  await askQuestion(request, member, `Admin console question ${unique()}`, 'A question for the admin lists, long enough to be valid.');
});

test.afterAll(async ({ request }) => {
  const t = await adminToken(request);
  for (const [section, value] of before) {
    // A never-configured SMTP section cannot be saved back (its required fields are empty).
    if (section === 'setting/smtp' && !value.smtp_host) continue;
    await apiCall(request, 'PUT', `/answer/admin/api/${section}`, value, t);
  }
  await apiCall(request, 'PUT', '/answer/admin/api/setting/privileges', { level: privilegeLevel, custom_privileges: [] }, t);
});

/** Logs in through the login page. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  expect(await loginNeedsCaptcha(page.request), 'no captcha expected for a fresh address').toBe(false);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/users\/login/);
}

/** A second browser context logged in as `user`. */
async function asUser(browser: Browser, baseURL: string, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.41.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });
  const page = await context.newPage();
  await logIn(page, user.email, user.password);
  return page;
}

/** Collects console errors and uncaught exceptions of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** Saves the settings form and waits for 'Saved'. */
async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('form').getByRole('status').first()).toHaveText('Saved');
}

test('the admin opens the console from the user menu and every sidebar page renders without errors, light and dark', async ({ page, shot }) => {
  const errors = watchErrors(page);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).or(page.getByRole('link', { name: 'Admin', exact: true })).first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, path] of PAGES) {
      const links = sidebar(page).getByRole('link', { name: label, exact: true });
      await (path === 'settings-users' ? links.last() : links.first()).click();
      await expect(page).toHaveURL(new RegExp(`/admin${path ? `/${path}` : ''}$`));
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.locator('.spinner-border')).toHaveCount(0);
      await shot(`${scheme} ${path || 'dashboard'}`);
    }
  }
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['', 'users', 'general']) {
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.locator('.spinner-border')).toHaveCount(0);
    await shot(`narrow dark ${path || 'dashboard'}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375);
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Privileges' })).toBeVisible();
  await shot('narrow dark menu open');
  expect(errors).toEqual([]);
});

test('settings: the site name shows in the header, closed registration refuses sign-up, /tos shows the terms', async ({ page, browser, baseURL, shot }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const name = `Renamed ${unique()}`.slice(0, 30);
  await page.goto('/admin/general');
  await page.getByLabel('Site name').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Site name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Site URL')).not.toHaveValue('');
  await page.getByLabel('Site name').fill(name);
  await save(page);
  await shot('general saved');
  await page.goto('/');
  await expect(page.getByRole('banner').getByText(name)).toBeVisible();

  await page.goto('/admin/login');
  await page.getByLabel('Allow new registrations').uncheck();
  await save(page);
  const anon = await (await browser.newContext({ baseURL })).newPage();
  await anon.goto('/users/register');
  await expect(anon).toHaveURL(/\/$/);
  const refused = await anon.request.post('/answer/api/v1/user/register/email', { data: { name: `x${unique()}`, e_mail: `x${unique()}@example.com`, pass: 'secret-pass-123' } });
  expect(refused.status()).not.toBe(200);
  await page.getByLabel('Allow new registrations').check();
  await save(page);

  const terms = `Be kind to each other ${unique()}.`;
  await page.goto('/admin/legal');
  await page.getByLabel('Terms of service').fill(`# Terms\n\n${terms}`);
  await save(page);
  await anon.goto('/tos');
  await expect(anon.getByText(terms)).toBeVisible();
  await expect(anon.getByRole('heading', { name: 'Terms', exact: true })).toBeVisible();
  await shot('tos page', anon);
});

test('settings: a member edits their bio once the users settings allow it', async ({ page, browser, baseURL }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/settings-users');
  await page.getByLabel('Allow members to change their bio').uncheck();
  await save(page);
  const memberPage = await asUser(browser, baseURL!, member);
  await memberPage.goto('/users/settings/profile');
  await expect(memberPage.getByLabel('About me')).toBeDisabled();

  await page.getByLabel('Allow members to change their bio').check();
  await save(page);
  await memberPage.reload();
  const bio = `Bio written after the policy change ${unique()}`;
  await memberPage.getByLabel('About me').fill(bio);
  await memberPage.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await apiCall<{ bio: string }>(memberPage.request, 'GET', '/answer/api/v1/user/info', undefined, member.token)).bio).toBe(bio);
});

test('settings: every other settings page saves a change and reads it back after a reload', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const cases: [string, (p: Page) => Promise<void>, (p: Page) => Promise<void>][] = [
    ['interface', (p) => p.getByLabel('Time zone').selectOption('Asia/Shanghai').then(() => undefined), (p) => expect(p.getByLabel('Time zone')).toHaveValue('Asia/Shanghai')],
    ['branding', (p) => p.getByLabel('Logo', { exact: true }).fill('/uploads/logo.png'), (p) => expect(p.getByLabel('Logo', { exact: true })).toHaveValue('/uploads/logo.png')],
    ['write', (p) => p.getByLabel('Recommended tags').fill('support'), (p) => expect(p.getByLabel('Recommended tags')).toHaveValue('support')],
    ['seo', (p) => p.getByLabel('Permalink').selectOption('2').then(() => undefined), (p) => expect(p.getByLabel('Permalink')).toHaveValue('2')],
    ['themes', (p) => p.getByLabel('Primary colour', { exact: true }).fill('#116644'), (p) => expect(p.getByLabel('Primary colour', { exact: true })).toHaveValue('#116644')],
    ['css-html', (p) => p.getByLabel('Custom CSS').fill('.q-e2e { color: red; }'), (p) => expect(p.getByLabel('Custom CSS')).toHaveValue('.q-e2e { color: red; }')],
    ['smtp', async (p) => {
      await p.getByLabel('Sender e-mail').fill('site@example.com');
      await p.getByLabel('Sender name').fill('E2E Site');
      await p.getByLabel('SMTP host').fill('127.0.0.1');
      await p.getByLabel('SMTP port').fill('2525');
    }, (p) => expect(p.getByLabel('SMTP host')).toHaveValue('127.0.0.1')],
    ['privileges', (p) => p.getByLabel('Custom').check(), (p) => expect(p.getByLabel('Custom')).toBeChecked()],
  ];
  for (const [path, change, check] of cases) {
    await page.goto(`/admin/${path}`);
    await expect(page.locator('.spinner-border')).toHaveCount(0);
    await change(page);
    await save(page);
    await page.reload();
    await check(page);
  }
  await page.goto('/admin/seo');
  await page.getByLabel('Permalink').selectOption('1');
  await save(page);
});

test('the admin suspends a member, who then sees the suspended page', async ({ page, browser, baseURL, shot }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  const memberPage = await asUser(browser, baseURL!, member);
  await page.goto(`/admin/users?query=${member.username}`);
  const row = page.getByRole('row').filter({ hasText: member.username });
  await row.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '1 week' }).check();
  await dialog.getByLabel('Reason').fill('Repeated off-topic answers.');
  await shot('suspend dialog');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByText('Suspended')).toBeVisible();
  await expect(row.getByText(/until/)).toBeVisible();
  await memberPage.goto('/questions/ask');
  await expect(memberPage).toHaveURL(/\/users\/account-suspended/);
  await expect(memberPage.getByRole('heading', { name: 'Account Suspended' })).toBeVisible();
  await shot('member suspended', memberPage);
});

test('bulk add: per-line errors, then three users added', async ({ page, shot }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add users' });
  const id = unique();
  await dialog.getByLabel('Users, one per line').fill(`Bulk One ${id}, bulk1-${id}@example.com, bulk-pass-1\nxy, not-an-email, short\nBulk Three ${id}, bulk3-${id}@example.com, bulk-pass-3`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.locator('#q-bulk-errors li')).not.toHaveCount(0);
  await shot('bulk add errors');
  await dialog.getByLabel('Users, one per line').fill(`Bulk One ${id}, bulk1-${id}@example.com, bulk-pass-1\nBulk Two ${id}, bulk2-${id}@example.com, bulk-pass-2\nBulk Three ${id}, bulk3-${id}@example.com, bulk-pass-3`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/admin/users?query=${id}`);
  await expect(page.getByRole('row').filter({ hasText: `@example.com` })).toHaveCount(3);
});

test('the dashboard charts the last 30 days, with a table for screen readers', async ({ page, shot }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  for (const name of ['New questions per day (30 days)', 'New answers per day (30 days)', 'New users per day (30 days)']) {
    const figure = page.getByRole('figure', { name });
    await expect(figure.locator('canvas')).toBeVisible();
    const table = page.getByRole('table', { name });
    await expect(table.getByRole('row')).toHaveCount(31);
  }
  const today = page.getByRole('table', { name: 'New questions per day (30 days)' }).getByRole('row').last();
  expect(Number(await today.getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByText('Recent admin actions')).toBeVisible();
  await shot('dashboard');
});

test('a moderator gets the 403 page on /admin', async ({ browser, baseURL, request }) => {
  const moderator = await activeUser(request, token, 'mod', 3);
  const modPage = await asUser(browser, baseURL!, { email: moderator.email, password: moderator.password });
  await modPage.goto('/admin');
  await expect(modPage.getByRole('heading', { name: /403|permission|forbidden/i }).first()).toBeVisible();
  await expect(modPage.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
});
