/**
 * A newcomer's first hour on a fresh server: install the site through the wizard (SQLite), sign up, ask a
 * question, answer it, and find both again. The account is activated through the link of a real e-mail (an
 * SMTP receiver started by the test). Needs a server that is not installed yet, so it runs first.
 */
import { API_ADMIN, isInstalled, login, SEEDED_TAG, SITE_NAME, unique } from '../fixtures/api';
import { linkFromMail, startMailbox, useMailbox } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

test('newcomer installs the site, signs up, asks and answers a question', async ({ page, request, baseURL, shot }) => {
  expect(await isInstalled(request), 'this journey needs a server on a fresh, uninstalled data directory').toBe(false);

  const id = unique();
  const admin = { name: 'admin', email: API_ADMIN.email, password: API_ADMIN.password };
  const member = { name: `newcomer${id}`.slice(0, 30), email: `newcomer-${id}@example.com`, password: 'member-pass-1234' };
  const title = `How do I reset the widget cache after an upgrade ${id}?`;
  const body = 'After upgrading, the dashboard widgets keep showing stale numbers until I restart the server.';
  const answer = 'Clear the cache from the admin console, then reload the dashboard.';
  let questionUrl = '';
  const box = await startMailbox();

  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

  await test.step('opening the site redirects to the installer', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/install$/);
    await expect(page.getByRole('heading', { name: 'Set up Quorum' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose a language' })).toBeVisible();
    await shot('installer language');
  });

  await test.step('installer: language, engine, database, config file', async () => {
    const language = page.getByLabel('Language', { exact: true });
    await language.selectOption('en_US');
    await expect(language).toHaveValue('en_US');
    await next();

    await expect(page.getByRole('heading', { name: 'Choose a database engine' })).toBeVisible();
    const sqlite = page.getByRole('radio', { name: /^SQLite/ });
    await sqlite.check();
    await expect(sqlite).toBeChecked();
    await shot('installer engine');
    await next();

    await expect(page.getByRole('heading', { name: 'Database details' })).toBeVisible();
    await expect(page.getByLabel('Database file')).toHaveValue('quorum.db');
    await shot('installer database');
    await next();

    await expect(page.getByRole('heading', { name: 'Write the config file' })).toBeVisible();
    await shot('installer config file');
    await page.getByRole('button', { name: 'Write config and continue' }).click();
  });

  await test.step('installer: site information and admin account', async () => {
    await expect(page.getByRole('heading', { name: 'Site information' })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Site name').fill(SITE_NAME);
    await expect(page.getByLabel('Site URL')).toHaveValue(baseURL!);
    await page.getByLabel('Contact e-mail').fill('team@example.com');
    await shot('installer site information');
    await next();

    await expect(page.getByRole('heading', { name: 'Admin account' })).toBeVisible();
    await page.getByLabel('User name').fill(admin.name);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await shot('installer admin account');
    await page.getByRole('button', { name: 'Install', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Installation complete' })).toBeVisible({ timeout: 30_000 });
    await shot('installer done');
  });

  await test.step('the new site opens from the done step', async () => {
    await page.getByRole('link', { name: 'Go to the site' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: SITE_NAME })).toBeVisible();
    await shot('home after install');
  });

  await test.step('the admin points the site at an SMTP server', async () => {
    // Through the separate API context: a login through page.request would set the session cookie in the browser.
    await useMailbox(request, await login(request, admin.email, admin.password), box);
  });

  await test.step('a newcomer signs up, is asked to activate, and is active after the activation link', async () => {
    await page.goto('/users/register');
    await expect(page.getByRole('heading', { name: `Join ${SITE_NAME}` })).toBeVisible();
    await page.getByLabel('User name').fill(member.name);
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await shot('register filled');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).not.toHaveURL(/\/users\/register/);
    await expect(page.getByRole('heading', { name: 'Please activate your account' })).toBeVisible();
    await shot('asked to activate after sign up');

    // The activation e-mail arrives at the SMTP receiver; its link activates the account and logs in.
    const mail = await box.waitFor(member.email, { subject: /Activate your account/ });
    await page.goto(linkFromMail(mail));
    await expect(page.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
    await shot('activation success');
    await page.goto('/');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await shot('logged in after activation');
  });

  await test.step('the newcomer asks a question', async () => {
    await page.goto('/questions/ask');
    await expect(page.getByRole('heading', { name: 'Ask a question' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);

    // The body is CodeMirror 6 (a contenteditable textbox named by the "Body" label); wait until it has
    // replaced the plain textarea shown while it loads, then type like a person.
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    const editor = page.getByRole('textbox', { name: 'Body', exact: true });
    await expect(editor).toHaveClass(/cm-content/);
    await editor.click();
    await page.keyboard.type(body);
    await expect(editor).toContainText(body);
    await expect(page.getByRole('region', { name: 'Preview' })).toContainText(body);

    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.pressSequentially(SEEDED_TAG);
    await page.getByRole('option', { name: SEEDED_TAG }).click();
    await expect(page.getByRole('button', { name: `Remove tag ${SEEDED_TAG}` })).toBeVisible();
    await shot('ask filled');

    await page.getByRole('button', { name: 'Post your question' }).click();
    await expect(page).toHaveURL(/\/questions\/(?!ask\b)[^/?#]+/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toContainText(body);
    questionUrl = page.url();
    await shot('question page after asking');
  });

  await test.step('the newcomer posts an answer', async () => {
    await page.getByRole('textbox', { name: 'Answer text (Markdown)' }).fill(answer);
    await page.getByRole('button', { name: 'Post your answer' }).click();
    await expect(page.getByRole('article', { name: 'Answer', exact: true })).toContainText(answer);
    await expect(page.getByRole('heading', { name: '1 Answer' })).toBeVisible();
    await shot('question page after answering');
  });

  await test.step('the question is listed and the answer survives a reload', async () => {
    await page.goto('/questions');
    // The list's own entry: the sidebar's hot questions may list the same question once they have loaded.
    await expect(page.getByRole('article').getByRole('link', { name: title })).toBeVisible();
    await shot('question list');

    await page.goto(questionUrl);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Answer', exact: true })).toContainText(answer);
    await shot('question page after reload');
  });
  await box.close();
});
