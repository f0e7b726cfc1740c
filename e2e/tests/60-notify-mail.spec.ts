/**
 * Notification e-mails in the browser: member B answers member A's question, the e-mail reaches A's mailbox (a
 * real SMTP receiver started here), its link opens the question at the answer, and its unsubscribe link works
 * without logging in.
 */
import { API_ADMIN, activeUser, askQuestion, ensureInstalled, postAnswer, type TestUser } from '../fixtures/api';
import { startMailbox, useMailbox, type Mailbox } from '../fixtures/mailbox';
import { loginSolvingCaptcha } from '../fixtures/sqlite';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

let box: Mailbox;
let asker: TestUser;
let answerer: TestUser;

test.beforeAll(async ({ request, baseURL }) => {
  await ensureInstalled(request, baseURL!);
  const admin = await loginSolvingCaptcha(request, API_ADMIN.email, API_ADMIN.password);
  box = await startMailbox();
  await useMailbox(request, admin, box);
  asker = await activeUser(request, admin, 'asker');
  answerer = await activeUser(request, admin, 'answerer');
});

test.afterAll(async () => {
  await box?.close();
});

/** Path and query of the first link in a mail's text that matches `pattern` (the site URL's origin dropped). */
function linkIn(text: string, pattern: RegExp): string {
  const m = pattern.exec(text);
  if (!m) throw new Error(`no matching link in: ${text}`);
  const url = new URL(m[0]);
  return url.pathname + url.search;
}

test('an answer e-mails the asker; the link opens the answer and the unsubscribe link works without a login', async ({ page, request, shot }) => {
  const q = await askQuestion(request, asker, 'Why does my kombucha taste of vinegar?', 'It was fine last week and now it is sour. What changed?');
  const answerText = 'It fermented too long: bottle it after seven days at room temperature.';
  const a = await postAnswer(request, answerer, q.id, answerText);

  const mail = await box.waitFor(asker.email, { subject: new RegExp(`${answerer.username} answered your question`) });
  expect(mail.text).toContain('Why does my kombucha taste of vinegar?');
  const answerLink = linkIn(mail.text, /https?:\/\/\S+\/questions\/\S+/);
  expect(answerLink).toMatch(new RegExp(`^/questions/${q.id}/[^/]+/${a.id}$`));

  await page.goto(answerLink);
  await expect(page.getByRole('heading', { name: 'Why does my kombucha taste of vinegar?' })).toBeVisible();
  await expect(page.getByText(answerText)).toBeVisible();
  await shot('answer opened from the e-mail');

  const unsubscribe = linkIn(mail.text, /https?:\/\/\S+\/users\/unsubscribe\?code=\S+/);
  await page.context().clearCookies();
  await page.goto(unsubscribe);
  await expect(page.getByText('You will no longer receive notification e-mails.')).toBeVisible();
  await shot('unsubscribed from the e-mail link');
  const res = await request.get('/answer/api/v1/user/notification/config', { headers: { Authorization: asker.token } });
  expect(((await res.json()) as { data: { inbox: { enable: boolean } } }).data.inbox.enable).toBe(false);
});
