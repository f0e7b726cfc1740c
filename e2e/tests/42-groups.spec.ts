/**
 * Groups: an admin creates a group in /admin/groups (a bad short name is refused under its field and nothing typed
 * is lost), a member finds it in /groups and asks to join, the admin approves the request on the group page and
 * makes the member its moderator, who then invites someone (an unknown username is refused under the field); the
 * member's profile lists the group; deleting a group asks first. Pages are looked at at 1280 and 375 px.
 */
import { activeUser, adminToken, apiCall, ensureInstalled, unique } from '../fixtures/api';
import { expect, openWith, test } from '../fixtures/test';

test('groups: create, ask to join, approve, moderate, invite, profile, delete', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(180_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const key = unique();
  const member = await activeUser(request, admin, 'grp');
  const invitee = await activeUser(request, admin, 'inv');
  const slug = `brewers-${key}`.toLowerCase().slice(0, 30);

  await test.step('the admin creates a group; a bad short name is refused under its field', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openWith(page, admin, '/admin/groups');
    await expect(page.getByRole('heading', { name: 'Groups', level: 2 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Name', { exact: true }).fill(`Brewers ${key}`);
    await page.getByLabel('Short name').fill('Not valid!');
    await page.getByLabel('Description').fill('People who brew at home');
    await page.getByLabel('How members join').selectOption('request');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText("The group's short name has 2 to 35 lower-case letters")).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Brewers ${key}`);
    await expect(page.getByLabel('Description')).toHaveValue('People who brew at home');
    await page.getByLabel('Short name').fill(slug);
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.locator(`[data-group="${slug}"]`)).toContainText('By request');
    await shot('admin groups');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot('admin groups phone');
  });

  await test.step('a member finds the group and asks to join', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openWith(page, member.token, '/groups');
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: `Brewers ${key}` }).click();
    await expect(page.getByRole('heading', { name: `Brewers ${key}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(page.getByText('Request sent')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
    await shot('group page phone, request sent');
  });

  await test.step('the admin approves the request and makes the member a group moderator', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openWith(page, admin, `/groups/${slug}`);
    const manage = page.getByTestId('group-manage');
    await expect(manage).toContainText('1 request to join');
    await manage.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('group-members')).toContainText(member.username);
    await page.getByTestId('group-members').getByRole('button', { name: 'Make group moderator' }).click();
    await expect(page.getByTestId('group-members')).toContainText('Group moderator');
    await shot('group page, managed');
  });

  await test.step('the group moderator invites: an unknown name is refused, then a member is invited', async () => {
    await openWith(page, member.token, `/groups/${slug}`);
    const manage = page.getByTestId('group-manage');
    await manage.getByPlaceholder('Username').fill('nobody-by-that-name');
    await manage.getByRole('button', { name: 'Invite' }).click();
    await expect(manage.getByText('There is no member with this username.')).toBeVisible();
    await manage.getByPlaceholder('Username').fill(invitee.username);
    await manage.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByTestId('group-invited')).toContainText(invitee.username);
    const info = await apiCall<{ my_state: string }>(request, 'GET', `/answer/api/v1/group?slug_name=${slug}`, undefined, invitee.token);
    expect(info.my_state).toBe('invited');
  });

  await test.step("the member's profile lists the group", async () => {
    await openWith(page, '', `/users/${member.username}`);
    await expect(page.getByTestId('profile-groups')).toContainText(`Brewers ${key}`);
  });

  await test.step('deleting a group asks first', async () => {
    await openWith(page, admin, '/admin/groups');
    await page.locator(`[data-group="${slug}"]`).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete this group?');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).last().click();
    await expect(page.locator(`[data-group="${slug}"]`)).toBeVisible();
    await page.locator(`[data-group="${slug}"]`).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.locator(`[data-group="${slug}"]`)).toHaveCount(0);
    const res = await request.get(`/answer/api/v1/group?slug_name=${slug}`);
    expect(res.status()).toBe(404);
  });
});
