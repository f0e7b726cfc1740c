/**
 * Accessibility (WCAG 2.2 AA, issue 13): axe-core finds no violation of the WCAG 2.x A/AA rules on the public,
 * member, moderator and admin pages, in the light and the dark colour scheme (the site follows the system's, set
 * here with Playwright's `colorScheme`); the question page works by keyboard (the skip link comes first, the vote
 * buttons are reachable, menus and dialogs give focus back when they close, Tab stays inside a dialog), the editor
 * toolbar is one tab stop of named buttons, and the admin theme page warns about a primary colour that white text
 * on it cannot be read against (less than 4.5:1).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { activeUser, adminToken, askQuestion, ensureInstalled, postAnswer, SEEDED_TAG, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** The axe rule tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

type Who = 'visitor' | 'member' | 'moderator' | 'admin';
interface Checked {
  name: string;
  path: () => string;
  who: Who;
  /** Something on the page that shows it has its content (not a spinner). */
  ready: (page: Page) => ReturnType<Page['locator']>;
}

let member: TestUser;
let moderator: TestUser;
let admin: TestUser;
let question = { id: '', title: '' };

/** The question's own article on the question page (not its answers). */
const question$ = (page: Page) => page.locator('article[aria-labelledby="q-question-title"]');
const heading = (page: Page) => page.locator('main h1, main h2').first();

const PAGES: Checked[] = [
  { name: 'home', path: () => '/', who: 'visitor', ready: (p) => p.locator('main .q-question-list, main h1').first() },
  { name: 'question page', path: () => `/questions/${question.id}`, who: 'member', ready: (p) => p.getByRole('heading', { level: 1, name: question.title }) },
  { name: 'ask', path: () => '/questions/ask', who: 'member', ready: (p) => p.locator('main form .cm-editor').first() },
  { name: 'tags', path: () => '/tags', who: 'visitor', ready: heading },
  { name: 'tag', path: () => `/tags/${SEEDED_TAG}`, who: 'visitor', ready: heading },
  { name: 'users', path: () => '/users', who: 'visitor', ready: heading },
  { name: 'profile', path: () => `/users/${member.username}`, who: 'visitor', ready: heading },
  { name: 'search', path: () => `/search?q=${encodeURIComponent('keyboard')}`, who: 'visitor', ready: heading },
  { name: 'login', path: () => '/users/login', who: 'visitor', ready: (p) => p.getByLabel('E-mail') },
  { name: 'register', path: () => '/users/register', who: 'visitor', ready: (p) => p.getByLabel('E-mail') },
  { name: 'settings', path: () => '/users/settings/profile', who: 'member', ready: (p) => p.locator('main form').first() },
  { name: 'notifications', path: () => '/users/notifications/inbox', who: 'member', ready: heading },
  { name: 'review', path: () => '/review', who: 'moderator', ready: (p) => p.locator('.q-review-task, [data-testid="review-empty"]').first() },
  { name: 'admin dashboard', path: () => '/admin', who: 'admin', ready: heading },
  { name: 'admin users', path: () => '/admin/users', who: 'admin', ready: (p) => p.locator('main table').first() },
  { name: 'admin themes', path: () => '/admin/themes', who: 'admin', ready: (p) => p.locator('#q-primary-color') },
];

/** A browser page in the given colour scheme, logged in as `user` when one is given. */
async function pageAs(browser: Browser, baseURL: string, colorScheme: 'light' | 'dark', user?: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL, colorScheme });
  if (user) await context.addInitScript((t) => window.localStorage.setItem('quorum.token', t), user.token);
  return context.newPage();
}

/** One line per violation and node: rule, target and the help text, so a failure says what to fix. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')}: ${v.help}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`))
    .join('\n');
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  const token = await adminToken(request);
  admin = { id: '', username: 'admin', email: 'admin@example.com', password: 'admin-password-1', token };
  member = await activeUser(request, token, 'a11y');
  moderator = await activeUser(request, token, 'a11ymod', 3);
  const id = unique();
  const title = `How do I reach every control of the page by keyboard ${id}?`;
  const q = await askQuestion(request, member, title, 'I use the keyboard only.\n\nWhich keys reach the vote buttons and the menus?');
  await postAnswer(request, admin, q.id, 'Tab moves through every control; Enter and Space press buttons.');
  question = { id: q.id, title };
});

for (const scheme of ['light', 'dark'] as const) {
  test(`no WCAG A/AA violations on any page (${scheme})`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const users: Record<Who, TestUser | undefined> = { visitor: undefined, member, moderator, admin };
    const failures: string[] = [];
    for (const checked of PAGES) {
      const page = await pageAs(browser, baseURL!, scheme, users[checked.who]);
      try {
        await page.goto(checked.path());
        await expect(checked.ready(page)).toBeVisible();
        await expect(page.locator('main .spinner-border')).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(scheme);
        const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
        if (result.violations.length) failures.push(`${checked.name} (${checked.path()}):\n${describe(result.violations)}`);
      } finally {
        await page.context().close();
      }
    }
    expect(failures.join('\n\n'), 'axe violations').toBe('');
  });
}

test('the question page by keyboard: skip link first, vote buttons reachable, a dialog returns focus', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, 'light', member);
  try {
    await page.goto(`/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1, name: question.title })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#q-main')).toBeFocused();
    // Forward through the page until the question's up-vote button has focus; a visible focus ring shows it.
    const upvote = question$(page).getByRole('button', { name: 'Vote up' });
    let reached = false;
    // Earlier specs may leave custom header HTML and more links before the question: allow for them.
    for (let i = 0; i < 150 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await upvote.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'the up-vote button is reachable with Tab').toBe(true);
    const outline = await upvote.evaluate((el) => {
      const s = getComputedStyle(el);
      return s.outlineStyle !== 'none' || s.boxShadow !== 'none';
    });
    expect(outline, 'the focused vote button shows a focus indicator').toBe(true);
    // A dialog opened by keyboard keeps focus inside and gives it back to its opener when closed with Escape.
    // The post's menu opens from the keyboard and Escape closes it with focus back on its button.
    const more = question$(page).getByRole('button', { name: 'More actions' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    const flag = page.locator('.dropdown-menu.show').getByRole('button', { name: 'Flag' });
    await expect(flag).toBeVisible();
    await flag.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: 'the dialog takes focus' }).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(more).toBeFocused();
  } finally {
    await page.context().close();
  }
});

test('the editor toolbar is one tab stop of named buttons, walked with the arrow keys', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, 'light', member);
  try {
    await page.goto('/questions/ask');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeVisible();
    await page.getByLabel('Title', { exact: true }).focus();
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await toolbar.evaluate((el) => el.contains(document.activeElement));
    }
    expect(reached, 'Tab reaches the formatting toolbar').toBe(true);
    await expect(toolbar.getByRole('button', { name: 'Heading' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
    // Every button has a name a screen reader can say.
    for (const button of await toolbar.getByRole('button').all()) expect((await button.getAttribute('aria-label'))?.trim()).toBeTruthy();
    // One tab stop: Tab leaves the toolbar for the text area.
    await page.keyboard.press('Tab');
    expect(await toolbar.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  } finally {
    await page.context().close();
  }
});

test('the theme page warns while the chosen primary colour is too light for white text', async ({ browser, baseURL }) => {
  const page = await pageAs(browser, baseURL!, 'light', admin);
  try {
    await page.goto('/admin/themes');
    const colour = page.locator('#q-primary-color');
    const note = page.locator('#q-primary-color-contrast');
    await colour.fill('#0033FF');
    await expect(note).toHaveText('');
    await colour.fill('#FFCC00');
    await expect(note).toContainText('contrast of only 1.51:1');
    await expect(note).toContainText('at least 4.5:1');
    await expect(colour).toHaveAttribute('aria-describedby', 'q-primary-color-contrast');
    await colour.fill('#117733');
    await expect(note).toHaveText('');
  } finally {
    await page.context().close();
  }
});
