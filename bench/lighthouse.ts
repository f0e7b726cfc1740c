/**
 * `npm run bench -- lighthouse`: how fast the built site is on a phone (issue "Fast on a phone"). Installs a SQLite
 * site in a temporary data directory, imports the real beer.stackexchange.com dump (the shared fixture) with
 * `quorum import stackexchange`, starts `quorum run` as `npm start` does in production (NODE_ENV=production) on a
 * free port of 127.0.0.1, and runs Lighthouse (npm's, through its Node API) with Debian's Chromium, mobile (its
 * default: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown) and desktop (its desktop preset), on `/`, a
 * question page, `/tags`, a tag page, `/users`, a profile, `/search?q=…` and `/users/login`. The question (highest
 * score), the tag (most questions) and the profile (that question's author) are picked from the imported data.
 * Each page is fetched twice before it is measured, so server-side caches are warm; Lighthouse clears the browser's.
 *
 * Prints, per page and form factor, the four category scores (0-100), FCP, LCP, TBT (ms), CLS and the bytes
 * transferred (Lighthouse's total-byte-weight, KB = 1000 bytes), the mobile goals with PASS/FAIL, the audits that
 * keep accessibility, best practices and SEO below 100, and what costs the most on mobile (performance audits by
 * their estimated savings); writes the same into the "Phone speed (Lighthouse)" section of docs/BENCHMARKS.md.
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_FIXTURE (a Stack Exchange dump directory, default the
 * shared beer fixture), BENCH_RUNS (runs per page and form factor, default 1; the run with the median performance
 * score is kept), BENCH_PAGES (comma-separated page names to measure, default all), BENCH_DOCS=0 to leave
 * docs/BENCHMARKS.md alone. Exits 2 when the fixture or the build is missing, 1 when a mobile goal is not met.
 * Traffic goes to 127.0.0.1 only; the temporary directory is removed at the end, also on failure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort, get, machine, waitUntilUp } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server bundle `npm start` runs once built (bin/quorum.js would run the TypeScript sources when they are newer). */
const BIN = path.join(ROOT, 'packages/server/dist/main.js');
const FIXTURE = process.env.BENCH_FIXTURE || path.resolve(ROOT, '..', 'shared', 'fixtures', 'stackexchange', 'beer.stackexchange.com');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** The phone Lighthouse emulates (its default mobile settings). */
const MOBILE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FORMS = ['mobile', 'desktop'] as const;
const SECTION = '## Phone speed (Lighthouse)';
/** Mobile goals of the issue: scores 0-100, times in ms, bytes of a question page's first load. */
const GOAL = { performance: 95, other: 100, lcpMs: 2000, cls: 0.05, tbtMs: 150, questionBytes: 150_000 };

/** Lighthouse's metric audits: reported as figures, not as costs. */
const METRICS = new Set(['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift', 'interactive', 'max-potential-fid']);

type Form = (typeof FORMS)[number];
interface Page {
  name: string;
  path: string;
}
interface Measure {
  page: Page;
  form: Form;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** Failing audits of accessibility, best practices and SEO: "category: id (title)". */
  failing: string[];
  /** Performance audits below 0.9, most estimated savings first: "id: value". */
  costs: string[];
  /** Bytes transferred by resource type ("script 120.3 KB (4)"), largest first. */
  byType: string[];
  /** Audits Lighthouse could not compute (gatherer errors), by id. */
  errors: string[];
  /** Mobile only: layout shifts and the LCP element seen in the page (shiftsAndLcp). */
  seen?: { cls: number; shifts: string[]; lcp: string };
}

const t0 = Date.now();
const say = (msg: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

/** Stops with exit code 2 and one line saying what is missing. */
function missing(what: string): never {
  console.error(`lighthouse: ${what}`);
  process.exit(2);
}

/** Runs `quorum <args>` (the bundle) with `env`; throws with its output when it fails. */
function quorum(args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`quorum ${args.join(' ')} exited with ${r.status}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** GET of an API path answering the {code, data} envelope; returns `data`. */
async function api<T>(base: string, p: string): Promise<T> {
  const res = await get(`${base}${p}`);
  if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
  return (JSON.parse(res.body) as { data: T }).data;
}

/** The eight pages, the question, tag and profile taken from the imported data. */
async function pickPages(base: string): Promise<Page[]> {
  const top = await api<{ list: Array<{ id: string; url_title: string }> }>(base, '/answer/api/v1/question/page?page=1&page_size=1&order=score');
  const q = top.list[0];
  if (!q) throw new Error('the import left no questions');
  const info = await api<{ user_info: { username: string } }>(base, `/answer/api/v1/question/info?id=${q.id}`);
  const tags = await api<{ list: Array<{ slug_name: string }> }>(base, '/answer/api/v1/tags/page?page=1&page_size=1&query_cond=popular');
  const tag = tags.list[0];
  if (!tag) throw new Error('the import left no tags');
  const query = 'hops';
  const hits = await api<{ count: number }>(base, `/answer/api/v1/search?q=${query}&page=1&size=20`);
  if (!hits.count) throw new Error(`searching "${query}" finds nothing on the imported site`);
  return [
    { name: 'home', path: '/' },
    { name: 'question', path: `/questions/${q.id}/${q.url_title}` },
    { name: 'tags', path: '/tags' },
    { name: 'tag', path: `/tags/${encodeURIComponent(tag.slug_name)}` },
    { name: 'users', path: '/users' },
    { name: 'profile', path: `/users/${encodeURIComponent(info.user_info.username)}` },
    { name: 'search', path: `/search?q=${query}` },
    { name: 'login', path: '/users/login' },
  ];
}

/** Reads one Lighthouse result into a Measure. */
function read(page: Page, form: Form, lhr: Result): Measure {
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? NaN;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Measure['scores'];
  const failing: string[] = [];
  for (const c of CATEGORIES.filter((k) => k !== 'performance')) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (a && ref.weight > 0 && a.score !== null && a.score < 1) failing.push(`${c}: ${a.id} (${a.title})`);
    }
  }
  const perfIds = new Set((lhr.categories.performance?.auditRefs ?? []).map((r) => r.id).filter((id) => !METRICS.has(id)));
  const saved = (id: string) => Object.values(audit(id)?.metricSavings ?? {}).reduce((s: number, v) => s + (v ?? 0), 0);
  const costs = [...perfIds]
    .map((id) => audit(id))
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .sort((a, b) => saved(b.id) - saved(a.id))
    .map((a) => {
      const s = Object.entries(a.metricSavings ?? {}).filter(([, v]) => v).map(([k, v]) => `${k} -${Math.round(v ?? 0)}${k === 'CLS' ? '' : ' ms'}`);
      const items = (a.details as { items?: Array<{ url?: unknown }> } | undefined)?.items ?? [];
      const url = items.map((i) => i.url).find((u): u is string => typeof u === 'string' && u.startsWith('http'));
      const top = url ? `, first ${new URL(url).pathname}` : '';
      return `${a.id}: ${a.displayValue ?? ''}${s.length || top ? ` (${[...s, ...(top ? [top.slice(2)] : [])].join(', ')})` : ''}`.replace(/: $/, '');
    });
  const errors = Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === 'error').map((a) => a.id);
  const summary = ((audit('resource-summary')?.details as { items?: Array<{ resourceType: string; transferSize: number; requestCount: number }> } | undefined)?.items ?? [])
    .filter((i) => i.resourceType !== 'total' && i.resourceType !== 'third-party' && i.requestCount > 0)
    .sort((a, b) => b.transferSize - a.transferSize);
  const byType = summary.map((i) => `${i.resourceType} ${kb(i.transferSize)} (${i.requestCount})`);
  return { page, form, scores, fcp: num('first-contentful-paint'), lcp: num('largest-contentful-paint'), tbt: num('total-blocking-time'), cls: num('cumulative-layout-shift'), bytes: num('total-byte-weight'), failing, costs, byType, errors };
}

/** The mobile goals a measure misses; empty when it meets them all. */
function missed(m: Measure): string[] {
  const out: string[] = [];
  if (m.scores.performance < GOAL.performance) out.push(`performance ${m.scores.performance} < ${GOAL.performance}`);
  for (const c of ['accessibility', 'best-practices', 'seo'] as const) {
    // The search page may stay out of search engines (noindex): SEO without is-crawlable is what counts there.
    const onlyNoindex = c === 'seo' && m.page.name === 'search' && m.failing.filter((f) => f.startsWith('seo:')).every((f) => f.startsWith('seo: is-crawlable'));
    if (m.scores[c] < GOAL.other && !onlyNoindex) out.push(`${c} ${m.scores[c]} < ${GOAL.other}`);
  }
  if (m.lcp > GOAL.lcpMs) out.push(`LCP ${ms(m.lcp)} > ${ms(GOAL.lcpMs)}`);
  if (m.cls > GOAL.cls) out.push(`CLS ${m.cls.toFixed(3)} > ${GOAL.cls}`);
  if (m.tbt > GOAL.tbtMs) out.push(`TBT ${ms(m.tbt)} > ${ms(GOAL.tbtMs)}`);
  if (m.page.name === 'question' && m.bytes > GOAL.questionBytes) out.push(`${kb(m.bytes)} > ${kb(GOAL.questionBytes)} transferred`);
  return out;
}

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const kb = (v: number) => `${(v / 1000).toFixed(1)} KB`;

/** The result table in Markdown (printed and written to the docs alike). */
function table(rows: Measure[]): string {
  const lines = ['| page | form | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | transferred |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const m of rows) {
    const s = m.scores;
    lines.push(`| ${m.page.name} | ${m.form} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${kb(m.bytes)} |`);
  }
  const pages = rows.filter((m) => m.form === 'mobile').map((m) => `${m.page.name} \`${m.page.path}\``);
  return `Pages: ${pages.join(', ')}.\n\n${lines.join('\n')}`;
}

/** Goals, failing audits and costs, per page, in Markdown. */
function findings(rows: Measure[]): string {
  const mobile = rows.filter((m) => m.form === 'mobile');
  const out = ['Mobile goals (performance >= 95; accessibility, best practices, SEO 100, search may stay noindex; LCP <= 2.0 s; CLS <= 0.05; TBT <= 150 ms; a question page <= 150 KB):', ''];
  for (const m of mobile) {
    const miss = missed(m);
    out.push(`- ${m.page.name}: ${miss.length ? `FAIL (${miss.join('; ')})` : 'PASS'}`);
  }
  out.push('', 'Failing audits of accessibility, best practices and SEO:', '');
  let none = true;
  for (const m of rows) {
    if (!m.failing.length) continue;
    none = false;
    out.push(`- ${m.page.name}, ${m.form}: ${m.failing.join('; ')}`);
  }
  if (none) out.push('- none');
  out.push('', 'What costs the most on mobile (performance audits below 0.9, largest estimated savings first):', '');
  for (const m of mobile) out.push(`- ${m.page.name}: ${m.costs.slice(0, 5).join('; ') || 'nothing'}`);
  out.push('', 'Transferred on mobile by resource type (requests):', '');
  for (const m of mobile) out.push(`- ${m.page.name}: ${m.byType.join(', ')}`);
  out.push('', 'Seen in the page on a phone-sized viewport, cache off, unthrottled (PerformanceObserver): the LCP element, and the shifts of the worst CLS window (value, elements moved):', '');
  for (const m of mobile) {
    if (!m.seen) continue;
    out.push(`- ${m.page.name}: LCP ${m.seen.lcp || 'none'}; CLS ${m.seen.cls.toFixed(3)}${m.seen.shifts.length ? `: ${m.seen.shifts.slice(0, 4).join('; ')}` : ''}`);
  }
  const errors = [...new Set(rows.flatMap((m) => m.errors))];
  if (errors.length) out.push('', `Audits Lighthouse could not compute with this Chromium (gatherer errors, left out of the scores): ${errors.join(', ')}.`);
  return out.join('\n');
}

/** Replaces (or appends) the Lighthouse section of docs/BENCHMARKS.md; the rest of the file is left as it is. */
function recordSection(body: string): void {
  const file = path.join(ROOT, 'docs/BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`${SECTION}\n`);
  if (at < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${SECTION}\n\n${body}\n`);
    return;
  }
  const next = text.indexOf('\n## ', at + SECTION.length);
  const rest = next < 0 ? '' : text.slice(next + 1);
  writeFileSync(file, `${text.slice(0, at)}${SECTION}\n\n${body}\n${rest ? `\n${rest}` : ''}`);
}

/** Stops the server: SIGTERM, SIGKILL after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The page-side part of shiftsAndLcp, as text (so that no bundler helper leaks into it): resolves with the CLS of the
 * worst session window, its shifts and the LCP element.
 */
const IN_PAGE = `new Promise((resolve) => {
  const name = (n) => {
    if (!n) return '(removed)';
    if (!(n instanceof Element)) return n.nodeName.toLowerCase();
    return n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + [...n.classList].slice(0, 3).map((c) => '.' + c).join('');
  };
  const shifts = [];
  let lcp = '';
  new PerformanceObserver((l) => shifts.push(...l.getEntries())).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    const e = l.getEntries().at(-1);
    if (e) lcp = name(e.element) + ' at ' + Math.round(e.startTime) + ' ms';
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => {
    const sum = (w) => w.reduce((t, e) => t + e.value, 0);
    let best = [];
    let win = [];
    for (const e of shifts.filter((x) => !x.hadRecentInput)) {
      const first = win[0];
      const last = win[win.length - 1];
      if (first && (e.startTime - last.startTime > 1000 || e.startTime - first.startTime > 5000)) win = [];
      win.push(e);
      if (sum(win) > sum(best)) best = [...win];
    }
    resolve({ cls: sum(best), shifts: best.map((e) => e.value.toFixed(3) + ' ' + [...new Set(e.sources.map((x) => name(x.node)))].join(', ')), lcp });
  }, 200);
})`;

/**
 * What moves and what paints last on `url` in a phone-sized page (Lighthouse's mobile viewport, no throttling), read
 * with PerformanceObserver in the page after load and 1.5 s of quiet: each layout shift of the largest session window
 * (gap 1 s, at most 5 s, the CLS definition) as "value selector, selector", and the LCP element with its time (ms).
 * Lighthouse 12.2.3 cannot name either with Chromium's newer traces (its RootCauses gatherer fails), hence this.
 */
async function shiftsAndLcp(browser: Browser, url: string): Promise<{ cls: number; shifts: string[]; lcp: string }> {
  const tab = await browser.newPage();
  try {
    await tab.setCacheEnabled(false); // a first visit, as Lighthouse's (it clears the cache)
    await tab.emulate({ viewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }, userAgent: MOBILE_UA });
    await tab.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    await new Promise((r) => setTimeout(r, 1500));
    return (await tab.evaluate(IN_PAGE)) as { cls: number; shifts: string[]; lcp: string };
  } finally {
    await tab.close();
  }
}

/**
 * One Lighthouse run of `url` in the Chromium listening on `port`; a run that fails to record its trace (a runtime
 * error such as NO_NAVSTART, which Lighthouse asks to run again) is tried up to twice more. Throws after that.
 */
async function audit(url: string, port: number, form: Form): Promise<Result> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  let last = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
    if (result && !result.lhr.runtimeError) return result.lhr;
    last = result?.lhr.runtimeError ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` : 'no result';
    say(`  ${url} (${form}): ${last}; again`);
  }
  throw new Error(`Lighthouse on ${url}: ${last}`);
}

async function main(): Promise<number> {
  if (!existsSync(path.join(FIXTURE, 'Posts.xml'))) missing(`the Stack Exchange fixture is missing: no Posts.xml in ${FIXTURE} (set BENCH_FIXTURE to a dump directory)`);
  if (!existsSync(BIN) || !existsSync(path.join(ROOT, 'packages/web/dist/client/index.html'))) missing('the build is missing: run `npm run build` first');
  if (!existsSync(CHROME)) missing(`Chromium not found at ${CHROME} (set CHROME_PATH)`);
  const m = machine();
  const chromeVersion = spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/ built on.*/, '');
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}; ${chromeVersion}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-lighthouse-'));
  const env = { ...process.env, QUORUM_DATA_DIR: dataDir, DB_TYPE: 'sqlite3', ADMIN_NAME: 'admin', ADMIN_PASSWORD: 'admin-pass-1', ADMIN_EMAIL: 'admin@example.com', SITE_NAME: 'Beer', LOG_LEVEL: 'warn' };
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    say(`Installing a SQLite site and importing ${path.basename(FIXTURE)} ...`);
    quorum(['init'], env);
    const imported = quorum(['import', 'stackexchange', FIXTURE], env);
    say(imported.split('\n').find((l) => /^Importing /.test(l))?.trim() ?? 'imported');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [BIN, 'run'], { env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitUntilUp(`${base}/answer/api/v1/siteinfo`, 120_000, server);
    const only = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
    const pages = (await pickPages(base)).filter((p) => !only.length || only.includes(p.name));
    for (const p of pages) for (let i = 0; i < 2; i++) await get(`${base}${p.path}`, { 'accept-encoding': 'br, gzip' });

    chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const rows: Measure[] = [];
    let benchmarkIndex = 0;
    for (const page of pages) {
      for (const form of FORMS) {
        const runs: Measure[] = [];
        for (let i = 0; i < RUNS; i++) {
          const lhr = await audit(`${base}${page.path}`, chrome.port, form);
          benchmarkIndex = lhr.environment.benchmarkIndex;
          runs.push(read(page, form, lhr));
        }
        runs.sort((a, b) => a.scores.performance - b.scores.performance);
        const kept = runs[Math.floor(runs.length / 2)]!;
        if (form === 'mobile') kept.seen = await shiftsAndLcp(browser, `${base}${page.path}`);
        rows.push(kept);
        say(`${page.name} ${form}: performance ${kept.scores.performance}, accessibility ${kept.scores.accessibility}, best practices ${kept.scores['best-practices']}, SEO ${kept.scores.seo}; FCP ${ms(kept.fcp)}, LCP ${ms(kept.lcp)}, TBT ${ms(kept.tbt)}, CLS ${kept.cls.toFixed(3)}, ${kb(kept.bytes)}`);
      }
    }
    await browser.disconnect();
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    const run = `Run ${when} UTC: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${chromeVersion}, Lighthouse 12.2.3 (benchmark index ${Math.round(benchmarkIndex)}), load average ${load} at the end; ${RUNS} run${RUNS > 1 ? 's (median performance kept)' : ''} per page and form factor.`;
    const report = `${table(rows)}\n\n${findings(rows)}`;
    console.log(`\n${run}\n\n${report}\n`);
    if (process.env.BENCH_DOCS !== '0' && !only.length) {
      const how = [
        '`npm run bench -- lighthouse` (bench/lighthouse.ts): Lighthouse 12.2.3 from npm, through its Node API, with Debian\'s Chromium',
        '(`--headless=new --no-sandbox --disable-gpu --disable-background-networking`) against the built site (`npm run build`',
        'first): `quorum run` with NODE_ENV=production, SQLite in a temporary data directory, the real beer.stackexchange.com',
        'dump imported (663 questions). Mobile is Lighthouse\'s default (Moto G Power emulation, simulated slow 4G, 4x CPU',
        'slowdown), desktop its desktop preset. The question (highest score), tag (most questions) and profile (that',
        'question\'s author) come from the imported data; each page is fetched twice before it is measured. Transferred =',
        'total-byte-weight (KB = 1000 bytes). On a shared 2-core machine the CPU-bound figures (TBT, performance) move with',
        'the load of other processes. `BENCH_RUNS=3` keeps the median run; `BENCH_PAGES=question,search` measures some',
        'pages only (and leaves this file alone); `BENCH_DOCS=0` leaves it alone too.',
      ].join('\n');
      recordSection(`${how}\n\n${run}\n\n${report}`);
      console.log('Recorded in docs/BENCHMARKS.md');
    }
    return rows.some((r) => r.form === 'mobile' && missed(r).length) ? 1 : 0;
  } finally {
    if (chrome) chrome.kill();
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
