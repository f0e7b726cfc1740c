/**
 * Silence and suspension in the browser (issue #34 item 3): the administrator silences a member from the admin
 * user page (the suggested length preset, the reason required, with a field error), the history lists it, the
 * member sees the notice with the end and the reason on the ask page and in place of the answer form, the
 * administrator lifts it early (the history says so, the notice goes); a suspension until a chosen date sends
 * the member's next visit to the suspended page with the reason. At 1280 and 375 px, with no axe WCAG A/AA
 * violation on the dialog, the history and the notice.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { activeUser, adminToken, askQuestion, ensureInstalled, unique } from '../fixtures/api';
import { expect, openWith, test } from '../fixtures/test';

/** The axe rule tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA (as 90-a11y.spec.ts). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe's WCAG A/AA violations on the page, one line each (rule: targets). */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [1280, 375]) {
  test(`silence, lift and suspend a member from the admin user page at ${width} px`, async ({ page, request, baseURL, shot }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await ensureInstalled(request, baseURL!);
    const admin = await adminToken(request);
    const asker = await activeUser(request, admin, 'asker');
    const member = await activeUser(request, admin, 'loud');
    const q = await askQuestion(request, asker, `Why does my bread collapse in the oven ${unique()}?`, 'It rises well, then falls flat after ten minutes of baking.');
    const reason = 'Three answers linking to the same shop.';

    await test.step('silence: the suggested length is preset, the reason is required', async () => {
      await openWith(page, admin, `/admin/users/${member.id}`);
      await expect(page.getByRole('heading', { name: 'Penalties' })).toBeVisible();
      await expect(page.getByText('No penalties so far.')).toBeVisible();
      await page.getByRole('button', { name: /Actions/ }).click();
      await page.getByRole('button', { name: 'Silence', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('radio', { name: '1 day' })).toBeChecked();
      await expect(dialog.getByText('Suggested for this member: 1 day.', { exact: false })).toBeVisible();
      await dialog.getByRole('button', { name: 'Silence', exact: true }).click();
      await expect(dialog.getByText('cannot be empty', { exact: false })).toBeVisible();
      await dialog.getByRole('radio', { name: '1 week' }).check();
      await dialog.getByLabel('Reason').fill(reason);
      await shot(`silence dialog at ${width}`);
      expect(await axeViolations(page), 'the dialog').toEqual([]);
      await dialog.getByRole('button', { name: 'Silence', exact: true }).click();
      await expect(dialog).toBeHidden();
      const entry = page.locator('.q-penalty-history li').first();
      await expect(entry).toContainText('Silence');
      await expect(entry).toContainText('In force');
      await expect(entry).toContainText(reason);
      await expect(page.getByText('Silenced', { exact: true })).toBeVisible();
      await shot(`history with a silence at ${width}`);
      expect(await axeViolations(page), 'the user page with its history').toEqual([]);
    });

    await test.step('the member sees the notice where they would write', async () => {
      await openWith(page, member.token, '/questions/ask');
      const notice = page.getByTestId('silenced-notice');
      await expect(notice).toContainText('You are silenced until');
      await expect(notice).toContainText(`Reason: ${reason}`);
      await shot(`ask page of a silenced member at ${width}`);
      expect(await axeViolations(page), 'the notice').toEqual([]);
      await page.goto(`/questions/${q.id}`);
      await expect(page.getByTestId('silenced-notice')).toContainText(reason);
      await expect(page.getByRole('button', { name: 'Post your answer' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Add a comment' }).first().click();
      await expect(page.getByTestId('silenced-notice')).toHaveCount(2);
      await shot(`question page of a silenced member at ${width}`);
    });

    await test.step('the administrator lifts it early; the history says when and by whom', async () => {
      await openWith(page, admin, `/admin/users/${member.id}`);
      await page.locator('.q-penalty-history li').first().getByRole('button', { name: 'Lift' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Lift' }).click();
      const entry = page.locator('.q-penalty-history li').first();
      await expect(entry).toContainText('Lifted');
      await expect(entry).toContainText(/Lifted .+ by /);
      await openWith(page, member.token, '/questions/ask');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('silenced-notice')).toHaveCount(0);
    });

    await test.step('a suspension until a chosen date: the member lands on the suspended page with the reason', async () => {
      await openWith(page, admin, `/admin/users/${member.id}`);
      await page.getByRole('button', { name: /Actions/ }).click();
      await page.getByRole('button', { name: 'Suspend', exact: true }).click();
      const dialog = page.getByRole('dialog');
      // The member's second penalty: a week is suggested.
      await expect(dialog.getByRole('radio', { name: '1 week' })).toBeChecked();
      await dialog.getByRole('radio', { name: 'Until a date' }).check();
      await expect(dialog.getByLabel('Ends on')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Ban evasion with a second account.');
      await shot(`suspend dialog with a date at ${width}`);
      await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('.q-penalty-history li').first()).toContainText('Suspension');
      await openWith(page, member.token, '/questions/ask');
      await expect(page).toHaveURL(/\/users\/account-suspended/);
      await expect(page.getByTestId('suspension-reason')).toHaveText('Reason: Ban evasion with a second account.');
      await shot(`suspended page at ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
