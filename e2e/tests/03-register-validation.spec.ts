/**
 * Form validation keeps what was typed: a too-short password on the sign-up form shows an error under
 * the password field and leaves the user name and e-mail filled in.
 */
import { ensureInstalled, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('sign-up with a too-short password shows a field error and keeps the input', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const name = `shortpass${unique()}`.slice(0, 30);
  const email = `${name}@example.com`;

  await page.goto('/users/register');
  const username = page.getByLabel('User name');
  const mail = page.getByLabel('E-mail');
  const password = page.getByLabel('Password');
  await username.fill(name);
  await mail.fill(email);
  await password.fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(password).toHaveAttribute('aria-invalid', 'true');
  const error = page.getByText(/password must be .*8-32 characters/i);
  await expect(error).toBeVisible();
  // The message is the password field's own: announced with it and placed under it.
  await expect(password).toHaveAccessibleDescription(/8-32 characters/);
  const [fieldBox, errorBox] = [await password.boundingBox(), await error.boundingBox()];
  expect(errorBox!.y).toBeGreaterThan(fieldBox!.y);
  await shot('register with short password');

  await expect(page).toHaveURL(/\/users\/register$/);
  await expect(username).toHaveValue(name);
  await expect(mail).toHaveValue(email);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await expect(mail).not.toHaveAttribute('aria-invalid', 'true');
});
