/**
 * Question page benchmark (`npx tsx bench/question-page.ts`): one question with 1000 answers and 5000
 * comments on SQLite in a temporary directory. Measures the server-rendered page (time to first byte and
 * total time of GET /questions/<id>, median of 20, each URL unique so the SSR micro-cache is not hit) and
 * counts the calls to /answer/api/ a browser (playwright-core + /usr/bin/chromium) makes opening the page,
 * anonymous and logged in. Needs the web build (`npm run build`). Prints the figures; docs/BENCHMARKS.md
 * has a section with a recorded run.
 *
 * Environment: BENCH_ANSWERS (default 1000), BENCH_COMMENTS (default 5000), BENCH_RUNS (default 20),
 * CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { buildApp } from '../packages/server/src/app.js';
import { installSite } from '../packages/server/src/modules/install/index.js';
import { machine } from './lib.js';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CHUNK = 200;

type App = Awaited<ReturnType<typeof buildApp>>;

/** A call through the app without the network; fails on anything but 200. */
async function call<T>(app: App, method: 'GET' | 'POST', url: string, payload?: unknown, token?: string): Promise<T> {
  const res = await app.inject({ method, url, payload: payload as Record<string, unknown>, headers: token ? { authorization: token } : {} });
  const env = res.json() as { code: number; reason: string; data: T };
  if (env.code !== 200) throw new Error(`${method} ${url}: ${env.code} ${env.reason}`);
  return env.data;
}

/** Time to the response headers and to the last byte of one GET, in ms. */
function timeGet(url: string): Promise<{ ttfb: number; total: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, (res) => {
        const ttfb = performance.now() - start;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ ttfb, total: performance.now() - start, status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      })
      .on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Builds the site: a question and one answer and comment through the API, then copies of the answer and the
 * comment written straight through the server's database handle in multi-row inserts.
 */
async function buildSite(dataDir: string): Promise<{ questionId: string; token: string }> {
  const app = await buildApp({ dataDir, rateLimit: false });
  try {
    await installSite(app.quorum, {
      db: { type: 'sqlite3' },
      lang: 'en_US',
      site_name: 'Bench',
      site_url: 'http://127.0.0.1',
      contact_email: 'bench@example.com',
      admin: { name: 'admin', email: 'admin@example.com', password: 'bench-pass-1' },
    });
    const { access_token: token } = await call<{ access_token: string }>(app, 'POST', '/answer/api/v1/user/login/email', { e_mail: 'admin@example.com', pass: 'bench-pass-1' });
    const q = await call<{ id: string }>(app, 'POST', '/answer/api/v1/question', {
      title: 'Which answer is right when a question has a thousand of them?',
      content: 'A question with very many answers and comments, to see how the page copes.',
      tags: [{ slug_name: 'support' }],
    }, token);
    const { info: a } = await call<{ info: { id: string } }>(app, 'POST', '/answer/api/v1/answer', { question_id: q.id, content: 'The first answer, copied many times by the benchmark.' }, token);
    const c = await call<{ comment_id: string }>(app, 'POST', '/answer/api/v1/comment', { object_id: a.id, original_text: 'A comment, copied many times by the benchmark.' }, token);

    const db = app.quorum.database!.kysely;
    const ids = app.quorum.ids!;
    const answerRow = await db.selectFrom('answers').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    const commentRow = await db.selectFrom('comments').selectAll().where('id', '=', c.comment_id).executeTakeFirstOrThrow();
    const answerIds = [a.id];
    for (let i = 1; i < ANSWERS; i += CHUNK) {
      const rows = [];
      for (let j = i; j < Math.min(ANSWERS, i + CHUNK); j++) {
        const id = await ids.next('answer');
        answerIds.push(id);
        rows.push({ ...answerRow, id, vote_count: (j * 7919) % 50, created_at: answerRow.created_at + j, updated_at: answerRow.updated_at + j });
      }
      await db.insertInto('answers').values(rows).execute();
    }
    const targets = [q.id, ...answerIds];
    for (let i = 1; i < COMMENTS; i += CHUNK) {
      const rows = [];
      for (let j = i; j < Math.min(COMMENTS, i + CHUNK); j++) {
        rows.push({ ...commentRow, id: await ids.next('comment'), object_id: targets[j % targets.length]!, created_at: commentRow.created_at + j, updated_at: commentRow.updated_at + j });
      }
      await db.insertInto('comments').values(rows).execute();
    }
    await db.updateTable('questions').set({ answer_count: ANSWERS }).where('id', '=', q.id).execute();
    return { questionId: q.id, token };
  } finally {
    await app.close();
  }
}

/** Calls to /answer/api/ a fresh browser page makes while opening `url` (until the network is idle). */
async function countCalls(url: string, token?: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    if (token) {
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate((t) => localStorage.setItem('quorum.token', t), token);
    }
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/answer/api/')) calls.push(`${r.method()} ${r.url().slice(origin.length).split('?')[0]}`);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    return calls;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-qpage-'));
  try {
    const dataDir = path.join(tmp, 'data');
    const built = performance.now();
    const { questionId, token } = await buildSite(dataDir);
    console.log(`Site: 1 question, ${ANSWERS} answers, ${COMMENTS} comments (built in ${((performance.now() - built) / 1000).toFixed(1)} s)`);

    const app = await buildApp({ dataDir, rateLimit: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      // The canonical address (permalink style 1): the bare /questions/<id> answers 301 to it.
      const url = `${base}/questions/${questionId}/which-answer-is-right-when-a-question-has-a-thousand-of-them`;
      const first = await timeGet(url);
      if (first.status !== 200 || !first.body.includes('The first answer, copied')) throw new Error(`GET ${url} answered ${first.status} without the first answers`);
      const answersInHtml = first.body.split('class="q-answer ').length - 1;
      const ttfb: number[] = [];
      const total: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await timeGet(`${url}?bench=${i}`);
        ttfb.push(r.ttfb);
        total.push(r.total);
      }
      const cached = await timeGet(url);
      console.log(`GET /questions/<id>: first request ${first.total.toFixed(1)} ms; median of ${RUNS}: TTFB ${median(ttfb).toFixed(1)} ms, total ${median(total).toFixed(1)} ms, ${(first.body.length / 1024).toFixed(0)} KB HTML with ${answersInHtml} answers; micro-cached repeat ${cached.total.toFixed(1)} ms`);

      const anonymous = await countCalls(url);
      const loggedIn = await countCalls(url, token);
      console.log(`Browser calls to /answer/api/ opening the page: anonymous ${anonymous.length}, logged in ${loggedIn.length}`);
      console.log(`  anonymous: ${anonymous.join(', ')}`);
      console.log(`  logged in: ${loggedIn.join(', ')}`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
