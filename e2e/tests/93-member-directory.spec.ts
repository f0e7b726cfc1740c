/**
 * The member directory (/users): a visitor finds members by the start of their name (in any case) with the keyboard,
 * sorts them (newest, moderators), sees the empty state and clears it, pages through everyone, and finds the state in
 * the address after a reload; a suspended member is never listed. The page arrives rendered: its cards are in the
 * first HTML and hydrating it asks the server for nothing and moves nothing. Members are made through the API.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, ensureInstalled, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

const cards = '[data-testid="member-card"]';

/** Cards whose name or lines reach past the card's edge (a long name must be cut with an ellipsis inside it). */
function spills(page: Page): Promise<number> {
  return page.locator(cards).evaluateAll(
    (els) =>
      els.filter((li) => {
        const card = li.firstElementChild!.getBoundingClientRect();
        return [...li.querySelectorAll('a, div')].some((e) => e.getBoundingClientRect().right > card.right + 0.5);
      }).length,
  );
}

test('the member directory searches, sorts and pages, with its state in the address', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(180_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const key = `dir${unique()}`;
  const first = await activeUser(request, admin, key);
  const second = await activeUser(request, admin, key, 3);
  const third = await activeUser(request, admin, key);
  const banned: TestUser = await activeUser(request, admin, key);
  const res = await request.put('/answer/admin/api/user/status', { headers: { Authorization: admin }, data: { user_id: banned.id, status: 'suspended', suspend_duration: 'forever' } });
  expect(res.status()).toBe(200);
  // More members than one page holds, so the page links show.
  let total = (await apiCall<{ count: number }>(request, 'GET', '/answer/api/v1/user/directory')).count;
  while (total <= 24) {
    await activeUser(request, admin, 'dirfill');
    total++;
  }

  await test.step('the first HTML has the members, and hydration neither fetches nor shifts', async () => {
    const html = await (await request.get('/users')).text();
    expect(html).toContain('data-testid="member-card"');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/user/directory')) calls.push(r.url());
    });
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(page.locator(cards)).toHaveCount(24);
    await expect(page.getByText(`${total} members`)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.05);
    await shot('directory');
  });

  await test.step('typing a name (any case) filters the members and puts it in the address; a suspended one is not there', async () => {
    await page.getByLabel('Find members by name').focus();
    await page.keyboard.type(key.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`/users\\?q=${key.toUpperCase()}$`));
    await expect(page.locator(cards)).toHaveCount(3);
    await expect(page.getByText('3 members')).toBeVisible();
    await expect(page.locator(cards).filter({ hasText: banned.username })).toHaveCount(0);
  });

  await test.step('the sort tabs are links reached with the keyboard; newest first, then the staff alone', async () => {
    const newest = page.getByRole('link', { name: 'New', exact: true });
    await newest.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/users\\?sort=newest&q=${key.toUpperCase()}$`));
    await expect(newest).toHaveAttribute('aria-current', 'page');
    await expect(page.locator(cards).first()).toContainText(third.username);
    await expect(page.locator(cards).last()).toContainText(first.username);
    await expect(page.locator(cards).first()).toContainText('Joined');
    await page.getByRole('link', { name: 'Moderators', exact: true }).click();
    await expect(page.locator(cards)).toHaveCount(1);
    await expect(page.locator(cards)).toContainText(second.username);
    await expect(page.locator(cards)).toContainText('Moderator');
    expect(await spills(page)).toBe(0);
    await shot('moderators matching the name');
  });

  await test.step('a reload keeps the sort and the name', async () => {
    await page.reload();
    await expect(page.getByLabel('Find members by name')).toHaveValue(key.toUpperCase());
    await expect(page.getByRole('link', { name: 'Moderators', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator(cards)).toHaveCount(1);
  });

  await test.step('a name nobody has shows the empty state, which leads back to everyone', async () => {
    await page.getByLabel('Find members by name').fill(`nobody-${key}`);
    await expect(page.getByText(`No members match “nobody-${key}”.`)).toBeVisible();
    await expect(page.locator(cards)).toHaveCount(0);
    await shot('no match');
    await page.getByRole('link', { name: 'Show all members' }).click();
    await expect(page).toHaveURL(/\/users\?sort=moderators$/);
    await expect(page.getByLabel('Find members by name')).toHaveValue('');
  });

  await test.step('page links go through every member', async () => {
    await page.getByRole('link', { name: 'Reputation', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await page.getByRole('navigation', { name: 'Member pages' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/users\?page=2$/);
    await expect(page.locator(cards).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Member pages' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  await test.step('on a phone the cards stack in one column without widening the page', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/users?q=${key}`);
    await expect(page.locator(cards)).toHaveCount(3);
    const boxes = await page.locator(cards).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await spills(page)).toBe(0);
    await shot('phone');
  });
});
