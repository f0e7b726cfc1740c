/**
 * Question pages are server-rendered: with JavaScript off, a visitor (or a crawler) still gets the
 * question, its answers, a proper <title>, a canonical link and QAPage structured data.
 */
import { askQuestion, ensureInstalled, postAnswer, registerUser, SITE_NAME, unique } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

test('a question page reads fully without JavaScript', async ({ browser, request, baseURL, shot }) => {
  await ensureInstalled(request, baseURL!);
  const asker = await registerUser(request, 'asker');
  const answerer = await registerUser(request, 'answerer');
  const title = `Why does the nightly export skip archived projects ${unique()}?`;
  const body = 'The nightly export job finishes without errors but archived projects are missing from the file.';
  const answer = 'Archived projects are excluded by default; pass the include-archived flag to the export job.';
  const question = await askQuestion(request, asker, title, body);
  await postAnswer(request, answerer, question.id, answer);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    const response = await page.goto(`/questions/${question.id}`);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(`${title} - ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(body)).toBeVisible();
    await expect(page.getByText(answer)).toBeVisible();
    await shot('question page without javascript', page);

    const html = await response!.text();
    expect(html).toContain(title);
    expect(html).toContain(body);
    expect(html).toContain(answer);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    expect(html).toContain('application/ld+json');
    expect(html).toContain('QAPage');

    // The structured data itself describes this question and its answer.
    const ld = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent() ?? '{}') as {
      '@type'?: string;
      mainEntity?: { name?: string; text?: string; answerCount?: number; suggestedAnswer?: { text?: string }[] };
    };
    expect(ld['@type']).toBe('QAPage');
    expect(ld.mainEntity?.name).toBe(title);
    expect(ld.mainEntity?.text).toContain(body);
    expect(ld.mainEntity?.answerCount).toBe(1);
    expect(ld.mainEntity?.suggestedAnswer?.map((a) => a.text)).toContain(answer);
  } finally {
    await context.close();
  }
});
