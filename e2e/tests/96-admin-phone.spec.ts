/**
 * The admin console on a phone and the change-role dialog: at 375 px no column of an admin list table is squeezed
 * letter by letter (headers on one line, every column readable) and the row actions stay reachable by scrolling
 * the table sideways; the change-role dialog closes without a request when the role is unchanged (spec §4 "Role
 * dialog") and sends one when it changed.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, askQuestion, ensureInstalled, postAnswer, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Opens `path` with the administrator's token in localStorage (as the login page leaves it). */
async function openAsAdmin(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
  await page.goto(path);
}

/** Narrowest column and tallest header cell of the page's first table, with the header texts. */
async function tableShape(page: Page): Promise<{ narrowest: number; narrowestText: string; headerHeight: number; lineHeight: number }> {
  return page.locator('.q-admin table').first().evaluate((table) => {
    let narrowest = Infinity;
    let narrowestText = '';
    // Selection checkboxes have their own narrow column by design.
    const cells = [...table.querySelectorAll<HTMLElement>('th, td')].filter((c) => !c.classList.contains('q-admin-check') && (c.textContent ?? '').trim());
    for (const c of cells) {
      const w = c.getBoundingClientRect().width;
      if (w < narrowest) [narrowest, narrowestText] = [w, (c.textContent ?? '').trim()];
    }
    const heads = [...table.querySelectorAll<HTMLElement>('thead th')].filter((c) => (c.textContent ?? '').trim() && !c.querySelector('.visually-hidden'));
    const style = getComputedStyle(heads[0]!);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return { narrowest, narrowestText, headerHeight: Math.max(...heads.map((h) => h.getBoundingClientRect().height - pad)), lineHeight };
  });
}

test('admin list tables at 375 px: readable columns, headers on one line, actions reachable', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(120_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const member = await activeUser(request, admin, 'longaddressmember');
  const q = await askQuestion(request, member, `What should a newcomer read before posting here ${unique()}?`, 'I would like to follow the customs of this community.');
  await postAnswer(request, member, q.id, 'Start with the guidelines page and a few popular questions.');
  await apiCall(request, 'POST', '/answer/admin/api/api-keys', { name: `Nightly export ${unique()}`, scope: 'read', expires_at: 0 }, admin);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/admin/users', '/admin/questions', '/admin/answers', '/admin/installed-plugins', '/admin/api-keys']) {
      await test.step(`${path} at ${width} px`, async () => {
        await openAsAdmin(page, admin, path);
        await expect(page.locator('.q-admin table tbody tr').first()).toBeVisible();
        const shape = await tableShape(page);
        // A column broken letter by letter is one or two characters wide (the users' e-mail column was 46 px).
        expect(shape.narrowest, `narrowest column: "${shape.narrowestText}"`).toBeGreaterThanOrEqual(56);
        expect(shape.headerHeight, 'a header cell wraps').toBeLessThanOrEqual(shape.lineHeight * 1.2);
        // The page itself never scrolls sideways; a wide table does, inside its container.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(`${path.slice(7)} at ${width}`);
      });
    }
  }

  await test.step('the last column of a user row is reachable at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAsAdmin(page, admin, `/admin/users?query=${member.username}`);
    const actions = page.getByRole('button', { name: `Actions ${member.username}` });
    await actions.click(); // scrolls the table sideways to it
    await expect(page.getByRole('button', { name: 'Change role' })).toBeVisible();
    await expect(actions).toBeInViewport();
    await shot('user actions reached at 375');
  });
});

test('the change-role dialog closes without a request when the role is unchanged, and sends one when it changed', async ({ page, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const member = await activeUser(request, admin, 'rolemember');
  const roleCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/answer/admin/api/user/role') && r.method() === 'PUT') roleCalls.push(r.postData() ?? '');
  });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openAsAdmin(page, admin, `/admin/users?query=${member.username}`);
    await page.getByRole('button', { name: `Actions ${member.username}` }).click();
    await page.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: /Change the role of/ });
    await expect(dialog.getByRole('radio', { name: /^User/ })).toBeChecked();
    await shot(`change role dialog at ${width}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.toast')).toHaveCount(0);
    expect(roleCalls, 'no request for an unchanged role').toEqual([]);
  }

  await page.getByRole('button', { name: `Actions ${member.username}` }).click();
  await page.getByRole('button', { name: 'Change role' }).click();
  const dialog = page.getByRole('dialog', { name: /Change the role of/ });
  await dialog.getByRole('radio', { name: /^Moderator/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.toast').last()).toContainText('Role changed.');
  expect(roleCalls).toHaveLength(1);
  expect(JSON.parse(roleCalls[0]!)).toMatchObject({ user_id: member.id, role_id: 3 });
});
