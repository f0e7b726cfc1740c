/**
 * Hostile user text on every server-rendered page, in a real browser. Each payload of the corpus (XSS vectors and
 * the `$'` `` $` `` `$&` replacement patterns that once copied the page template into a title) is placed in every
 * field a member or moderator controls that these pages show: question title and body, answer, comment, tag name
 * and description, display name, and the URL's own query and slug. Every page is then loaded with JavaScript and
 * must show no dialog, set no `window.__xss`, hold exactly one document (one doctype in the response, one app root
 * in the DOM), hydrate without errors and break no rule of its own Content-Security-Policy.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { adminToken, apiCall, ensureInstalled, registerUser, SEEDED_TAG, unique, type TestUser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Replacement patterns of String.prototype.replace. */
const PATTERNS = ["$'", '$`', '$&', '$1', '$$', '$<x>'];

/** XSS vectors; each sets window.__xss or opens a dialog if it ever runs. */
const VECTORS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '"><svg onload=window.__xss=1>',
  "'><script>alert(1)</script>",
  '</script><script>window.__xss=1</script>',
  '</title><script>window.__xss=1</script>',
  'x onerror=window.__xss=1;alert(document.domain) y',
  '![$\'](http://127.0.0.1:1/none.png)',
  '[click](javascript:window.__xss=1)',
  '<a href="javascript:window.__xss=1">link</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<details open ontoggle=window.__xss=1>x</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '\u2028\u2029<script>window.__xss=1</script>',
  '<base href="http://127.0.0.1:1/">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<object data="javascript:window.__xss=1"></object>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '{{constructor.constructor(\'window.__xss=1\')()}}',
  '<style>*{background:url("javascript:window.__xss=1")}</style>',
  '![x](x" onerror="window.__xss=1)',
];

const CORPUS = [...PATTERNS, ...VECTORS];

/** Sets a user's display name directly (there is no member-facing policy switch in this spec's scope). */
function setDisplayName(userId: string, name: string): void {
  const db = new Database(path.join(process.env.QUORUM_E2E_DATA_DIR!, 'quorum.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE users SET display_name = ? WHERE id = ?').run(name, userId);
  } finally {
    db.close();
  }
}

interface Visit {
  url: string;
  label: string;
}

/**
 * Loads `url` with JavaScript and checks the page: no dialog, no `window.__xss`, one document, no hydration error,
 * no CSP violation.
 */
async function expectSafe(page: Page, visit: Visit): Promise<void> {
  const problems: string[] = [];
  const onDialog = (d: { message(): string; dismiss(): Promise<void> }) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  };
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error' && /hydrat|did not match|Minified React error/i.test(m.text())) problems.push(`console: ${m.text().slice(0, 200)}`);
  };
  page.on('dialog', onDialog);
  page.on('console', onConsole);
  try {
    const res = await page.goto(visit.url);
    expect(res, visit.label).not.toBeNull();
    const html = await res!.text();
    expect(html.match(/<!doctype html>/gi)?.length, `${visit.label}: one doctype`).toBe(1);
    expect(html.match(/<div id="root">/g)?.length, `${visit.label}: one root`).toBe(1);
    // Hydration has committed once the root is marked (entry-client.tsx); give late handlers (an <img onerror>, effects) a moment.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForTimeout(150);
    const state = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      roots: document.querySelectorAll('#root').length,
      violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    }));
    expect(state.xss, `${visit.label}: window.__xss`).toBeUndefined();
    expect(state.roots, `${visit.label}: app roots`).toBe(1);
    expect(state.violations, `${visit.label}: CSP violations`).toEqual([]);
    expect(problems, visit.label).toEqual([]);
  } finally {
    page.off('dialog', onDialog);
    page.off('console', onConsole);
  }
}

// Each test loads some dozens of pages.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('hostile user text on server-rendered pages', () => {
  let admin = '';
  let author: TestUser;
  const questions: { id: string; payload: string }[] = [];
  const tags: { slug: string; payload: string }[] = [];

  test.beforeAll(async ({ request, baseURL }) => {
    await ensureInstalled(request, baseURL!);
    admin = await adminToken(request);
    author = await registerUser(request, 'hostile', admin);
    setDisplayName(author.id, `Mallory ${CORPUS.slice(0, 8).join(' ')}`.slice(0, 200));
    await createContent(request);
  });

  async function createContent(request: APIRequestContext): Promise<void> {
    const run = unique();
    // Each body ends with words of its own: many payloads differ only in punctuation, and the spam reviewer holds
    // a text its author posted already.
    for (const [i, payload] of CORPUS.entries()) {
      const slug = `xss-${run}-${i}`;
      await apiCall(request, 'POST', '/answer/api/v1/tag', { slug_name: slug, display_name: payload.slice(0, 35), original_text: `Tag wiki ${payload}` }, admin);
      tags.push({ slug, payload });
      const q = await apiCall<{ id: string }>(
        request,
        'POST',
        '/answer/api/v1/question',
        { title: `Corpus ${i} ${payload}`.slice(0, 150), content: `Body ${payload}\n\nand again: ${payload}\n\nCase ${randomUUID()} ${randomUUID()}`, tags: [{ slug_name: SEEDED_TAG }, { slug_name: slug }] },
        author.token,
      );
      const qid = String(q.id);
      questions.push({ id: qid, payload });
      await apiCall(request, 'POST', '/answer/api/v1/answer', { question_id: qid, content: `Answer ${payload} with enough text` }, admin);
      await apiCall(request, 'POST', '/answer/api/v1/comment', { object_id: qid, original_text: `Comment ${payload} here` }, admin);
    }
    expect(questions).toHaveLength(CORPUS.length);
  }

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const list: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
      document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  });

  test('question pages with the payload in title, body, answer, comment, tag and author name', async ({ page }) => {
    for (const q of questions) await expectSafe(page, { url: `/questions/${q.id}`, label: `question ${JSON.stringify(q.payload)}` });
  });

  test('lists and tag pages', async ({ page }) => {
    for (const url of ['/', '/questions', '/questions?page=2', `/questions?tag=${SEEDED_TAG}`, '/tags', '/tags?page=2', `/tags/${SEEDED_TAG}`]) {
      await expectSafe(page, { url, label: url });
    }
    for (const t of tags) await expectSafe(page, { url: `/tags/${t.slug}`, label: `tag ${JSON.stringify(t.payload)}` });
  });

  test('the payload in the URL: tag filter and question slug', async ({ page }) => {
    const first = questions[0]!.id;
    for (const payload of CORPUS) {
      const p = encodeURIComponent(payload);
      for (const url of [`/tags?q=${p}`, `/questions/${first}/${p}`]) await expectSafe(page, { url, label: `${url} (${JSON.stringify(payload)})` });
    }
  });

  test('the payload in list and search query values', async ({ page }) => {
    // Values the server parses and falls back from: the patterns and a few vectors are enough.
    for (const payload of [...PATTERNS, ...VECTORS.slice(0, 4)]) {
      const p = encodeURIComponent(payload);
      for (const url of [`/questions?order=${p}&page=${p}&tag=${p}`, `/search?q=${p}`]) await expectSafe(page, { url, label: `${url} (${JSON.stringify(payload)})` });
    }
  });
});
