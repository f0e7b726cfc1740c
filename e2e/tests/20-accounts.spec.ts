/**
 * Accounts, sessions and access control: activation, resend with captcha, password reset and e-mail change by
 * real e-mail (an SMTP receiver started here), suspension, closed registration, private site and the return
 * target after login.
 */
import type { Page } from '@playwright/test';
import { API_ADMIN, ensureInstalled, registerUser, unique } from '../fixtures/api';
import { linkFromMail, startMailbox, useMailbox, type Mailbox } from '../fixtures/mailbox';
import { CAPTCHA_ANSWER, loginNeedsCaptcha, loginSolvingCaptcha, setSiteSettings, solveCaptchas } from '../fixtures/sqlite';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });
// The test server trusts X-Forwarded-For from loopback (QUORUM_TRUSTED_PROXIES in global-setup): this spec acts as its own client address, so the per-address limits on
// sign-ups and the login captcha after failed logins are not shared with the other specs.
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });

let box: Mailbox;
let admin = '';

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  admin = await loginSolvingCaptcha(request, API_ADMIN.email, API_ADMIN.password);
  box = await startMailbox();
  await useMailbox(request, admin, box);
});

test.afterAll(async ({ request }) => {
  await setSiteSettings(request, 'login', { allow_new_registrations: true, login_required: false });
  await box?.close();
});

/** Logs in through the login page, answering the captcha when failed logins switched it on. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const captcha = await loginNeedsCaptcha(page.request);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  if (captcha) await answerCaptcha(page);
}

/** Opens the site with a session token already stored (as after a login). */
async function withToken(page: Page, token: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
}

/** Answers the open captcha dialog with the known answer. */
async function answerCaptcha(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Verify you are human' });
  await expect(dialog.getByRole('img', { name: 'Captcha image' })).toBeVisible();
  solveCaptchas();
  await dialog.getByLabel('Characters in the image').fill(CAPTCHA_ANSWER);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}

test('sign-up, activation e-mail, activation link, then asking is allowed', async ({ page, shot }) => {
  const name = `act${unique()}`.slice(0, 30);
  const email = `${name}@example.com`;
  await page.goto('/users/register');
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('member-pass-123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/users\/login\?status=inactive$/);
  await expect(page.getByRole('heading', { name: 'Please activate your account' })).toBeVisible();
  await shot('asked to activate');

  const mail = await box.waitFor(email, { subject: /Activate your account/ });
  const link = linkFromMail(mail);
  expect(link).toMatch(/^\/users\/account-activation\?code=/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/users\/account-activation\/success$/);
  await expect(page.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
  await shot('activation success');

  await page.getByRole('link', { name: 'Ask a question' }).click();
  await expect(page).toHaveURL(/\/questions\/ask$/);
  await expect(page.getByRole('heading', { name: 'Ask a question' })).toBeVisible();
  await shot('ask page allowed');

  // The link works once: a second visit is an expired link (activated users are sent home from the failed page).
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
});

test('activation goes to the success page even when the user fetched as the page loads answers after it, as not activated', async ({ page, request }) => {
  const name = `late${unique()}`.slice(0, 30);
  const email = `${name}@example.com`;
  const res = await request.post('/answer/api/v1/user/register/email', { data: { name, e_mail: email, pass: 'member-pass-123' } });
  const { access_token } = ((await res.json()) as { data: { access_token: string } }).data;
  const link = linkFromMail(await box.waitFor(email, { subject: /Activate your account/ }));
  await withToken(page, access_token);

  // The page's first GET /user/info is answered by the server at once (not activated yet) but reaches the page
  // only after the activation call did: on a slow connection, it was on its way while the link was confirmed.
  let activated!: () => void;
  const activation = new Promise<void>((resolve) => (activated = resolve));
  let refetched!: () => void;
  const refetch = new Promise<void>((resolve) => (refetched = resolve));
  let calls = 0;
  await page.route('**/answer/api/v1/user/info', async (route) => {
    calls += 1;
    if (calls > 1) {
      refetched();
      return route.continue();
    }
    const early = await route.fetch();
    await activation;
    // Delivered once the page asked again (as it must), or at the latest 2 s after the activation answered.
    await Promise.race([refetch, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await route.fulfill({ response: early });
  });
  page.on('response', (r) => {
    if (r.url().includes('/answer/api/v1/user/email/verification')) activated();
  });
  await page.goto(link);
  await expect(page).toHaveURL(/\/users\/account-activation\/success$/);
  await expect(page.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
  expect(calls, 'the user was fetched again after the activation').toBeGreaterThan(1);
});

test('a not-activated user is sent to the inactive page and can resend the e-mail with a captcha', async ({ page, request, shot }) => {
  const name = `inact${unique()}`.slice(0, 30);
  const email = `${name}@example.com`;
  const res = await request.post('/answer/api/v1/user/register/email', { data: { name, e_mail: email, pass: 'member-pass-123' } });
  const { access_token } = ((await res.json()) as { data: { access_token: string } }).data;
  await box.waitFor(email, { subject: /Activate/ });
  const before = box.messages.length;

  await withToken(page, access_token);
  await page.goto('/questions/ask');
  await expect(page).toHaveURL(/\/users\/login\?status=inactive$/);
  await expect(page.getByRole('heading', { name: 'Please activate your account' })).toBeVisible();
  await expect(page.getByText(`We have sent an activation e-mail to ${email}`)).toBeVisible();
  await shot('inactive page from ask');

  await page.getByRole('button', { name: 'Resend the activation e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify you are human' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Captcha cannot be empty.')).toBeVisible();
  await dialog.getByLabel('Characters in the image').fill('wrong');
  const firstImage = await dialog.getByRole('img', { name: 'Captcha image' }).getAttribute('src');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByLabel('Characters in the image')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/captcha is not correct/i)).toBeVisible();
  await expect.poll(() => dialog.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).not.toBe(firstImage);
  await shot('captcha error');

  await answerCaptcha(page);
  await expect(page.getByText('Sent successfully')).toBeVisible();
  await box.waitFor(email, { subject: /Activate/, after: before });
  await shot('activation e-mail sent again');
});

test('a suspended user sees when the suspension ends', async ({ page, request, shot }) => {
  const user = await registerUser(request, 'susp', admin);
  const res = await request.put('/answer/admin/api/user/status', { headers: { Authorization: admin }, data: { user_id: user.id, status: 'suspended', suspend_duration: '7d' } });
  expect(res.status()).toBe(200);

  await page.goto('/users/login');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/users\/account-suspended$/);
  await expect(page.getByRole('heading', { name: 'Account Suspended' })).toBeVisible();
  const year = new Date(Date.now() + 7 * 86400_000).getFullYear();
  await expect(page.getByText(/Your account has been suspended until .+/)).toContainText(String(year));
  await shot('suspended page');

  // Without a session, member pages still ask for a login.
  await page.goto('/users/settings');
  await expect(page).toHaveURL(/\/users\/login$/);
});

test('password reset by e-mail', async ({ page, request, shot }) => {
  const user = await registerUser(request, 'reset', admin);
  await page.goto('/users/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await shot('recovery form');
  const before = box.messages.length;
  await page.getByRole('button', { name: 'Send recovery e-mail' }).click();
  await answerCaptcha(page);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await shot('recovery sent');

  const mail = await box.waitFor(user.email, { subject: /Reset your password/, after: before });
  await page.goto(linkFromMail(mail));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at 8-32 characters in length.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-9');
  await page.getByLabel('Confirm new password').fill('brand-new-pass-8');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('brand-new-pass-9');
  await shot('new password form');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await shot('password changed');

  await page.getByRole('link', { name: 'Log in' }).last().click();
  await logIn(page, user.email, 'brand-new-pass-9');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('change e-mail by e-mail link', async ({ page, request, shot }) => {
  const user = await registerUser(request, 'chmail', admin);
  const newEmail = `new-${user.username}@example.com`;
  await withToken(page, user.token);
  await page.goto('/users/settings/account');
  await expect(page.getByText(user.email)).toBeVisible();
  await shot('account settings');
  await page.getByRole('link', { name: 'Change e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'Change e-mail' })).toBeVisible();
  await page.getByLabel('New e-mail').fill(newEmail);
  await page.getByLabel('Current password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Send confirmation e-mail' }).click();
  await answerCaptcha(page);
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await expect(page.getByLabel('New e-mail')).toHaveValue(newEmail); // nothing typed is lost
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Send confirmation e-mail' }).click();
  await answerCaptcha(page);
  await expect(page.getByRole('heading', { name: 'Confirm your new address' })).toBeVisible();
  await shot('confirmation sent');

  const mail = await box.waitFor(newEmail, { subject: /Confirm your new e-mail/ });
  await page.goto(linkFromMail(mail));
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  await shot('e-mail changed');
  await page.getByRole('link', { name: 'Go to account settings' }).click();
  await expect(page.getByText(newEmail)).toBeVisible();
});

test('settings: interface applies the colour scheme, unsaved changes ask before leaving', async ({ page, request, shot }) => {
  const user = await registerUser(request, 'ui', admin);
  await withToken(page, user.token);
  await page.goto('/users/settings/interface');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await shot('interface dark');

  await page.getByRole('link', { name: 'Notifications' }).first().click();
  const all = page.getByRole('switch', { name: /All new questions/ });
  await all.check();
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to leave the page? Your changes may not be saved.');
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/settings\/notify$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // saved: nothing left to save
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/settings\/account$/);
  await expect(page.getByText('No third-party logins are linked to your account.')).toBeVisible();
});

test('registration closed sends the sign-up page home', async ({ page, request, shot }) => {
  await setSiteSettings(request, 'login', { allow_new_registrations: false });
  await page.goto('/users/register');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await shot('home without sign-up');
  await setSiteSettings(request, 'login', { allow_new_registrations: true });
});

test('a private site sends visitors to login and back to where they were', async ({ page, request, shot }) => {
  const user = await registerUser(request, 'priv', admin);
  await setSiteSettings(request, 'login', { login_required: true });
  await page.goto('/tags');
  await expect(page).toHaveURL(/\/users\/login$/);
  await shot('private site login');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/tags$/);
  await shot('back on the page after login');
  await setSiteSettings(request, 'login', { login_required: false });
});

test('a member page remembers the return target for after login', async ({ page, request }) => {
  const user = await registerUser(request, 'ret', admin);
  await page.goto('/users/settings/notify');
  await expect(page).toHaveURL(/\/users\/login$/);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/users\/settings\/notify$/);
  await expect(page.getByRole('switch', { name: /Inbox notifications/ })).toBeVisible();
});
