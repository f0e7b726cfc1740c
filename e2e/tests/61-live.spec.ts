/**
 * Live updates in the browser: member A has their question open; member B answers it. Without a reload, A's page
 * shows '1 new answer — show', "show" brings the answer in, and the header's inbox count goes up.
 * Then the badges page and A's profile show the badge the question earned.
 */
import { askQuestion, ensureInstalled, postAnswer, registerUser, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

let asker: TestUser;
let answerer: TestUser;

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  asker = await registerUser(request, 'liveasker');
  answerer = await registerUser(request, 'liveanswer');
});

test('a new answer appears live on the open question page and the header count increments', async ({ page, request, shot }) => {
  const q = await askQuestion(request, asker, `Why does my sourdough starter smell of acetone ${unique()}?`, 'It was bubbly yesterday and smells sharp today. Is it ruined?');

  await page.goto('/users/login');
  await page.getByLabel('E-mail').fill(asker.email);
  await page.getByLabel('Password', { exact: true }).fill(asker.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  const stream = page.waitForResponse((r) => r.url().includes('/notification/stream') && r.url().includes(q.id));
  await page.goto(`/questions/${q.id}`);
  await expect(page.getByRole('heading', { name: q.title })).toBeVisible();
  expect((await stream).status()).toBe(200);
  const inbox = page.getByTestId('notify-count-inbox').first();
  await expect(inbox).toHaveCount(0);
  await shot('question open, no answers');

  const answerText = 'It is hungry: feed it twice a day and the acetone smell goes away.';
  const started = Date.now();
  await postAnswer(request, answerer, q.id, answerText);
  const banner = page.getByTestId('live-banner');
  await expect(banner).toContainText('1 new answer', { timeout: 3000 });
  await expect(inbox).toHaveText('1', { timeout: 3000 });
  // Within the stream's second, well before the 3 s poll would have run.
  expect(Date.now() - started).toBeLessThan(2900);
  await expect(page.getByText(answerText)).toHaveCount(0);
  await shot('new answer announced');

  await banner.getByRole('button', { name: 'show' }).click();
  await expect(page.getByText(answerText)).toBeVisible();
  await expect(banner).toHaveCount(0);

  await shot('answer shown');
});

test('the badges page lists badges and the profile shows the ones earned', async ({ page, request }) => {
  await askQuestion(request, asker, `Does asking earn a badge ${unique()}?`, 'Asking a first question should earn the Curious badge.');
  await page.goto('/badges');
  await expect(page.getByRole('heading', { name: 'Badges', level: 1 })).toBeVisible();
  await expect(page.getByTestId('badge-2')).toContainText('Curious');
  await page.getByTestId('badge-2').click();
  await expect(page.getByText('Asked a first question.')).toBeVisible();
  await expect(page.getByTestId('badge-awards').getByRole('link', { name: asker.username })).toBeVisible();
  await page.goto(`/users/${asker.username}`);
  await expect(page.getByTestId('profile-badges').getByTestId('badge-2')).toBeVisible();
});
