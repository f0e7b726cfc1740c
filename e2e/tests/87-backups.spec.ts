/**
 * Backups in the admin console: an administrator opens Backups from the sidebar, takes a backup, sees it listed
 * with its size and time, downloads it, is refused a restore until the site name is typed exactly, and switches
 * on the daily backup (then switches it back off: specs share one server). A damaged backup file is refused with
 * its message and nothing changes. (Restores themselves are tested through HTTP on every engine in modules/backup.)
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, SITE_NAME } from '../fixtures/api';
import { loginNeedsCaptcha } from '../fixtures/sqlite';
import { expect, formStatus, test } from '../fixtures/test';

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
  const downloaded = await download;
  expect(downloaded.suggestedFilename()).toMatch(/^quorum-\d{8}-\d{6}\.backup\.gz$/);
  const backupBytes = readFileSync((await downloaded.path())!);

  await row.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type the site name to confirm').fill(`${SITE_NAME} typo`);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Type the site name exactly to confirm the restore.')).toBeVisible();
  await shot('backups-restore-refused');

  await page.keyboard.press('Escape');

  // A cut-short copy of that backup in the backups folder: listed, but its restore is refused and changes nothing.
  const dataDir = process.env.QUORUM_E2E_DATA_DIR;
  if (!dataDir) throw new Error('QUORUM_E2E_DATA_DIR is not set: this step needs the server global-setup.ts starts');
  const damaged = path.join(dataDir, 'backups', 'quorum-20200101-000000.backup.gz');
  writeFileSync(damaged, backupBytes.subarray(0, Math.floor(backupBytes.length / 2)));
  try {
    await page.reload();
    const cut = page.locator('tr[data-backup="quorum-20200101-000000.backup.gz"]');
    await cut.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog').getByLabel('Type the site name to confirm').fill(SITE_NAME);
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('This backup file is damaged or incomplete. Nothing was changed.')).toBeVisible();
    await shot('backups-restore-damaged');
    await page.keyboard.press('Escape');
  } finally {
    rmSync(damaged, { force: true });
  }

  await page.getByLabel('Take a backup every day').check();
  await page.getByLabel('Daily backups kept').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(formStatus(page, 'Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Take a backup every day')).toBeChecked();
  await expect(page.getByLabel('Daily backups kept')).toHaveValue('3');
  await page.getByLabel('Take a backup every day').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(formStatus(page, 'Saved.')).toBeVisible();
});
