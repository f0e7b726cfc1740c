/**
 * Tags and search: a moderator creates two tags on /tags/create and makes one a synonym of the other; a
 * member follows the main tag and asks with the synonym, and the question is filed under the main tag.
 * The question is then found on /search with every operator and by a Chinese query, and through the header's
 * suggestions. Users are set up through the API (activated by the admin; the moderator gets role 3) and switch
 * in the browser by their stored token.
 */
import type { Page } from '@playwright/test';
import { activeUser, adminToken, apiCall, ensureInstalled, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Opens `path` logged in as `user` (token in localStorage, as the login page leaves it). */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('quorum.token', token), user.token);
  await page.goto(path);
}

/** Creates a tag through the form of /tags/create (the slug is suggested from the display name). */
async function createTag(page: Page, displayName: string, description: string): Promise<void> {
  await page.goto('/tags/create');
  await expect(page.getByRole('heading', { name: 'Create a tag' })).toBeVisible();
  await page.getByLabel('Display name').fill(displayName);
  await page.locator('#tag-description').click();
  await page.keyboard.type(description);
  await page.getByRole('button', { name: 'Create tag' }).click();
  await expect(page.getByRole('heading', { name: `Questions tagged [${displayName}]` })).toBeVisible();
}

test('moderator creates tags and a synonym; a member follows, asks with the synonym and finds the question', async ({ page, request, baseURL, shot }) => {
  test.setTimeout(180_000);
  await ensureInstalled(request, baseURL!);
  const admin = await adminToken(request);
  const mod = await activeUser(request, admin, 'tagmod', 3);
  const member = await activeUser(request, admin, 'brewer');
  const answerer = await activeUser(request, admin, 'helper');
  const id = unique();
  const main = { name: `Lager ${id}`, slug: `lager-${id}` };
  const synonym = { name: `Pils ${id}`, slug: `pils-${id}` };
  const title = `How long should a pilsner lager in the cold ${id}`;
  const chineseTitle = `如何酿造啤酒 ${id}`;
  let questionId = '';
  let answerId = '';

  await test.step('the create form checks its fields and keeps what was typed', async () => {
    await openAs(page, mod, '/tags/create');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect(page.getByLabel('Display name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Display name cannot be empty.')).toBeVisible();
    await page.getByLabel('Display name').fill('Bad slug');
    await page.getByLabel('URL slug').fill('bad slug!');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect(page.getByText(/may contain letters, digits/)).toBeVisible();
    await expect(page.getByLabel('Display name')).toHaveValue('Bad slug');
    await shot('create form errors');
  });

  await test.step('a moderator creates two tags through /tags/create', async () => {
    await createTag(page, main.name, 'Bottom-fermented beers brewed cold.');
    await expect(page).toHaveURL(new RegExp(`/tags/${main.slug}$`));
    await shot('main tag created');
    await createTag(page, synonym.name, 'Pale lagers from Pilsen.');
    await expect(page).toHaveURL(new RegExp(`/tags/${synonym.slug}$`));
  });

  await test.step('one tag becomes a synonym of the other; the wiki lists it', async () => {
    const tag = await apiCall<{ tag_id: string }>(request, 'GET', `/answer/api/v1/tag?name=${main.slug}`);
    await apiCall(request, 'PUT', '/answer/api/v1/tag/synonym', { tag_id: tag.tag_id, synonym_tag_list: [{ slug_name: synonym.slug }] }, mod.token);
    await page.goto(`/tags/${main.slug}/info`);
    await expect(page.getByRole('heading', { name: `About the [${main.name}] tag` })).toBeVisible();
    await expect(page.getByText('Bottom-fermented beers brewed cold.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Synonyms' }).getByText(synonym.slug)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit synonyms' })).toBeVisible();
    await shot('tag wiki with synonym');
  });

  await test.step('a member follows the main tag on the tag page', async () => {
    await openAs(page, member, `/tags/${main.slug}`);
    const follow = page.getByRole('button', { name: `Follow ${main.name}` });
    await follow.click();
    await expect(page.getByRole('button', { name: `Following ${main.name}` })).toBeVisible();
    await expect.poll(async () => (await apiCall<{ slug_name: string }[]>(request, 'GET', '/answer/api/v1/tags/following', undefined, member.token)).map((t) => t.slug_name)).toContain(main.slug);
    await shot('main tag followed');
  });

  await test.step('a question asked with the synonym is filed under the main tag', async () => {
    const q = await apiCall<{ id: string }>(request, 'POST', '/answer/api/v1/question', { title, content: 'My pilsner tastes green after two weeks. How long should it stay cold?', tags: [{ slug_name: synonym.slug }] }, member.token);
    questionId = String(q.id);
    const a = await apiCall<{ info: { id: string } }>(request, 'POST', '/answer/api/v1/answer', { question_id: questionId, content: `Lager it near freezing for six weeks; ${id} patience pays.` }, answerer.token);
    answerId = String(a.info.id);
    await apiCall(request, 'POST', '/answer/api/v1/question', { title: chineseTitle, content: '第一次在家里酿造啤酒，需要准备哪些器材？', tags: [{ slug_name: main.slug }] }, member.token);

    await page.goto(`/tags/${synonym.slug}`);
    await expect(page).toHaveURL(new RegExp(`/tags/${main.slug}$`));
    await expect(page.getByRole('article').getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByText(`Synonyms:`)).toBeVisible();
    await shot('question filed under the main tag');
  });

  await test.step('the home page shows questions in followed tags', async () => {
    await page.goto('/questions?view=following');
    await expect(page.getByRole('heading', { name: 'Questions in tags you follow' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('link', { name: title })).toBeVisible();
    await shot('following view');
  });

  const searchFor = async (q: string, name: string, expectHref?: RegExp) => {
    const link = page.getByRole('article').getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();
    await expect(link, `search ${q}`).toBeVisible();
    if (expectHref) await expect(link).toHaveAttribute('href', expectHref);
  };

  await test.step('the search page finds the question with each operator', async () => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'Search tips' })).toBeVisible();
    const box = page.getByLabel('Search questions and answers');
    await box.fill(`[${main.slug}] ${id}`);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await searchFor('[tag]', title, new RegExp(`/questions/${questionId}/`));
    // A single-tag query shows the tag's box, with the member's follow state.
    await expect(page.getByRole('region', { name: `About the tag ${main.name}` })).toBeVisible();
    await shot('search by tag');

    const cases: [string, string][] = [
      [`is:question ${id}`, 'is question'],
      [`score:0 ${id}`, 'score'],
      [`user:${member.username} ${id}`, 'user'],
      // answers:N is "at least N" from 1; answers:0 means "no answer" (Answer's rule), which this answered question is not.
      [`answers:1 ${id}`, 'answers'],
    ];
    for (const [q, label] of cases) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await searchFor(q, title, new RegExp(`/questions/${questionId}/`));
      await shot(`search by ${label}`);
    }

    await page.goto(`/search?q=${encodeURIComponent(`is:answer ${id}`)}`);
    await searchFor('is:answer', title, new RegExp(`/questions/${questionId}/[^/]+/${answerId}$`));
    await expect(page.getByText('Lager it near freezing for six weeks')).toBeVisible();
    await shot('search by is answer');

    await page.goto(`/search?q=${encodeURIComponent('啤酒')}&order=newest`);
    await searchFor('啤酒', chineseTitle);
    await shot('search in chinese');

    await page.goto(`/search?q=${encodeURIComponent(`nothingmatches${id}`)}`);
    await expect(page.getByText('No results found')).toBeVisible();
    await shot('search without results');
  });

  await test.step('a search-engine cache query opens the cached page', async () => {
    await page.goto(`/search?q=${encodeURIComponent(`cache:${baseURL}/tags/${main.slug}`)}`);
    await expect(page).toHaveURL(new RegExp(`/tags/${main.slug}$`));
  });

  await test.step('header suggestions appear while typing and Enter opens one', async () => {
    await page.goto('/');
    const input = page.getByRole('combobox', { name: 'Search questions' });
    await input.click();
    await input.pressSequentially(`pilsner ${id}`, { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggested questions' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(list.getByRole('option', { name: new RegExp(title) }).first()).toBeVisible();
    await input.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', /q-search-suggest-0/);
    await shot('header suggestions');
    await input.press('Escape');
    await expect(list).toBeHidden();
    await expect(input).toHaveValue(`pilsner ${id}`);
    await input.press('ArrowDown');
    await expect(list).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/questions/${questionId}/`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await shot('suggestion opened');
  });
});
