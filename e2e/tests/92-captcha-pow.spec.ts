/**
 * The proof-of-work captcha in the browser: the admin picks it on /admin/captcha and asks for a captcha at sign-up;
 * a visitor fills the sign-up form with the keyboard only while the page proves it is no robot with Web Crypto, the
 * status line (a live region) saying "Checking you are not a robot… done", with no image and nothing to type; Enter
 * signs up. A login after failed attempts sends a proof too, with no dialog. The question captcha
 * asks in words in the dialog and takes its answer from the keyboard. Screenshots at 1280 and 375 px.
 */
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, formStatus, test } from '../fixtures/test';

/** A page logged in as `token` (the token is put where the app keeps it before any script runs). */
async function pageAs(browser: Browser, baseURL: string, token: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), token);
  return context.newPage();
}

const CAPTCHA = '/answer/admin/api/captcha';

test('signs up with the proof-of-work captcha, keyboard only, told what is going on', async ({ browser, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  // Made before sign-up asks for a captcha (the fixture signs up through the API).
  const member = await activeUser(request, admin, 'powlogin');
  const before = await apiCall<Record<string, unknown>>(request, 'GET', CAPTCHA, undefined, admin);
  const restore = { provider: before.provider, pow_difficulty: before.pow_difficulty, image_fallback: before.image_fallback, on_sign_up: before.on_sign_up, questions: before.questions };
  try {
    await test.step('the admin picks proof of work and a captcha at sign-up', async () => {
      for (const width of [1280, 375]) {
        const page = await pageAs(browser, baseURL!, admin, width);
        await page.goto('/admin/captcha');
        const provider = page.getByLabel('Captcha provider');
        await expect(provider).toBeVisible();
        if (width === 1280) {
          await provider.selectOption('pow_captcha');
          await expect(page.getByLabel('Proof-of-work difficulty (bits)')).toHaveValue('14');
          await page.getByLabel('Ask for a captcha on sign-up').check();
          await page.getByRole('button', { name: 'Save' }).click();
          await expect(formStatus(page, 'Saved')).toBeVisible();
        }
        await shot(`captcha settings ${width}`, page);
        await page.context().close();
      }
      expect(await apiCall<Record<string, unknown>>(request, 'GET', CAPTCHA, undefined, admin)).toMatchObject({ provider: 'pow_captcha', on_sign_up: true, pow_difficulty: 14 });
    });

    for (const width of [1280, 375]) {
      await test.step(`a visitor signs up at ${width} px with the keyboard`, async () => {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        const page = await context.newPage();
        const name = `pow${width}${unique()}`.slice(0, 30);
        const started = Date.now();
        await page.goto('/users/register');
        const status = page.locator('p[role="status"][data-captcha-status]');
        // Focus starts in the user name; Tab moves through the form, nothing is clicked.
        await expect(page.getByLabel('User name')).toBeFocused();
        await page.keyboard.type(name);
        await page.keyboard.press('Tab');
        await page.keyboard.type(`${name}@example.com`);
        await page.keyboard.press('Tab');
        await page.keyboard.type('password-123');
        await expect(status).toHaveText('Checking you are not a robot… done', { timeout: 30_000 });
        const solvedMs = Date.now() - started;
        test.info().annotations.push({ type: 'proof of work', description: `${width} px: page open to proof done in ${solvedMs} ms` });
        // No image to read, no field to type a code in.
        await expect(page.locator('img[alt="Captcha image"]')).toHaveCount(0);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await shot(`sign-up with proof of work ${width}`, page);
        await page.keyboard.press('Enter');
        await expect(page).not.toHaveURL(/\/users\/register/, { timeout: 15_000 });
        const me = await page.evaluate(async () => (await (await fetch('/answer/api/v1/user/info', { credentials: 'same-origin' })).json()) as { data?: { username?: string } });
        expect(me.data?.username).toBe(name);
        await shot(`signed up ${width}`, page);
        await context.close();
      });
    }

    await test.step('a login after failed attempts proves itself the same way, nothing to type', async () => {
      const email = member.email;
      // From an address of their own (the e2e server believes loopback proxies): failed logins make every login
      // from their address ask for a captcha for 30 minutes, and the specs after this one log in from 127.0.0.1.
      const from = { 'x-forwarded-for': '198.51.100.92' };
      for (let i = 0; i < 3; i++) await request.fetch('/answer/api/v1/user/login/email', { method: 'POST', headers: from, data: { e_mail: email, pass: `wrong-${i}` } });
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: from });
      const page = await context.newPage();
      await page.goto('/users/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      const sent = page.waitForRequest((r) => r.url().endsWith('/answer/api/v1/user/login/email') && r.method() === 'POST');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      const body = (await sent).postDataJSON() as { captcha_id?: string; captcha_code?: string };
      expect(body.captcha_id).toMatch(/^pow_captcha\./);
      expect(body.captcha_code).toMatch(/^\d+$/);
      await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    });

    await test.step('the question captcha asks in words, answered with the keyboard', async () => {
      await apiCall(request, 'PUT', CAPTCHA, { ...restore, on_sign_up: true, provider: 'question_captcha', questions: [{ question: 'What is frozen water called?', answers: ['ice'] }] }, admin);
      for (const width of [1280, 375]) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto('/users/account-recovery');
        await page.getByLabel('E-mail').fill(member.email);
        await page.getByLabel('E-mail').press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Verify you are human' });
        await expect(dialog.getByText('What is frozen water called?')).toBeVisible();
        await expect(dialog.getByRole('img')).toHaveCount(0);
        const answer = dialog.getByLabel('Your answer');
        await expect(answer).toBeFocused();
        await expect(answer).toHaveAccessibleDescription('What is frozen water called?');
        await page.keyboard.type('water');
        await page.keyboard.press('Enter');
        await expect(answer).toHaveAttribute('aria-invalid', 'true');
        await expect(dialog.getByText('The captcha is not correct or has expired. Try the new one.')).toBeVisible();
        await shot(`question captcha refused ${width}`, page);
        await answer.fill('');
        await page.keyboard.type(' ICE ');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
        await context.close();
      }
    });

    await test.step('without a proof the server refuses the sign-up with the captcha message', async () => {
      const res = await request.fetch('/answer/api/v1/user/register/email', { method: 'POST', data: { name: `nopow${unique()}`.slice(0, 30), e_mail: `nopow${unique()}@example.com`, pass: 'password-123' } });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { data: unknown }).data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty' }]);
    });
  } finally {
    await apiCall(request, 'PUT', CAPTCHA, restore, admin);
  }
});
