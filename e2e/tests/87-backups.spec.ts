/**
 * Backups in the admin console: an administrator opens Backups from the sidebar, takes a backup, sees it listed
 * with its size and time, downloads it, is refused a restore until the site name is typed exactly, and switches
 * on the daily backup. (Restores themselves are tested through HTTP on every engine in modules/backup.)
 */
import { ensureInstalled, SITE_NAME } from '../fixtures/api';
import { loginNeedsCaptcha } from '../fixtures/sqlite';
import { expect, test } from '../fixtures/test';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `10.87.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}` } });

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
});

test('an administrator takes a backup, downloads it, and must type the site name to restore', async ({ page, shot }) => {
  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  expect(await loginNeedsCaptcha(page.request), 'no captcha expected for a fresh address').toBe(false);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/users\/login/);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  const before = await page.locator('tr[data-backup]').count();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.locator('tr[data-backup]')).toHaveCount(before + 1, { timeout: 30_000 });
  const row = page.locator('tr[data-backup]').first();
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);
  await shot('backups-list');

  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^quorum-\d{8}-\d{6}\.backup\.gz$/);

  await row.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type the site name to confirm').fill(`${SITE_NAME} typo`);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Type the site name exactly to confirm the restore.')).toBeVisible();
  await shot('backups-restore-refused');

  await page.keyboard.press('Escape');
  await page.getByLabel('Take a backup every day').check();
  await page.getByLabel('Daily backups kept').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Take a backup every day')).toBeChecked();
  await expect(page.getByLabel('Daily backups kept')).toHaveValue('3');
});
