/**
 * Server CPU per request of two checkouts, measured in one process: both apps are built from their own source
 * trees (each with its own data directory, a copy of the same site) and served the same requests through
 * `inject`, in alternating blocks, so both see the same machine load. On a shared 2-core machine, runs of one
 * build after the other swung by a factor of two; alternating blocks in one process keep the ratio within a few
 * percent. Prints each block's CPU milliseconds per request, the medians and the ratio new/old.
 *
 *   git worktree add /tmp/quorum-old <commit> && (cd /tmp/quorum-old && <link node_modules> && npm run build -w @quorum/web)
 *   cp -a /tmp/site /tmp/site-old
 *   BENCH_OLD_ROOT=/tmp/quorum-old BENCH_OLD_DATA=/tmp/site-old BENCH_DATA_DIR=/tmp/site npx tsx bench/compare.ts
 *
 * Environment: BENCH_OLD_ROOT (the other checkout, with its web build), BENCH_OLD_DATA and BENCH_DATA_DIR (two
 * copies of an installed site, e.g. one kept by `BENCH_DATA_DIR=... npm run bench -- traffic`; a checkout may
 * need `quorum upgrade` on its copy), BENCH_PATH_PREFIX (default: question pages by canonical address; an API
 * path ending in `=` gets each question's id, e.g. `/answer/api/v1/question/info?id=`), BENCH_TOKEN=login (log
 * in as the administrator traffic.ts installs: logged-in calls), BENCH_BLOCK (requests per block, 200),
 * BENCH_ROUNDS (blocks per build, 16). Every request is for a question not asked before in the run (a first
 * visit: what a crawler costs), each with a query string of its own so no cache answers.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { questionPages } from './pages.js';

type Build = (opts: { dataDir: string; rateLimit: boolean }) => Promise<FastifyInstance>;

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const BLOCK = Number(process.env.BENCH_BLOCK ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const PREFIX = process.env.BENCH_PATH_PREFIX ?? '';

/** The median of a list of numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Logs in as the bench administrator on `app`; the authorization header. */
async function login(app: FastifyInstance): Promise<Record<string, string>> {
  const r = await app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: 'admin@example.com', pass: 'bench-pass-1' } });
  const token = (JSON.parse(r.body) as { data?: { access_token?: string } }).data?.access_token;
  if (!token) throw new Error(`login failed: ${r.body.slice(0, 300)}`);
  return { authorization: token };
}

async function main(): Promise<void> {
  const oldRoot = process.env.BENCH_OLD_ROOT;
  const oldData = process.env.BENCH_OLD_DATA;
  const newData = process.env.BENCH_DATA_DIR;
  if (!oldRoot || !oldData || !newData) throw new Error('set BENCH_OLD_ROOT, BENCH_OLD_DATA and BENCH_DATA_DIR (see the header of bench/compare.ts)');
  const builds: Record<'old' | 'new', Build> = {
    old: ((await import(pathToFileURL(path.join(path.resolve(oldRoot), 'packages/server/src/app.ts')).href)) as { buildApp: Build }).buildApp,
    new: ((await import(pathToFileURL(path.join(ROOT, 'packages/server/src/app.ts')).href)) as { buildApp: Build }).buildApp,
  };
  const apps = { old: await builds.old({ dataDir: path.resolve(oldData), rateLimit: false }), new: await builds.new({ dataDir: path.resolve(newData), rateLimit: false }) };
  const headers = process.env.BENCH_TOKEN === 'login' ? { old: await login(apps.old), new: await login(apps.new) } : { old: {}, new: {} };
  const warmup = 300;
  const pages = await questionPages(apps.new, warmup + BLOCK * ROUNDS);
  if (pages.length < warmup + BLOCK * ROUNDS) throw new Error(`the site has ${pages.length} questions; need ${warmup + BLOCK * ROUNDS} (lower BENCH_BLOCK or BENCH_ROUNDS)`);
  const url = (p: { id: string; path: string }, tag: string) => (PREFIX ? `${PREFIX}${p.id}&${tag}` : `${p.path}?${tag}`);
  for (const which of ['old', 'new'] as const) for (const p of pages.slice(0, warmup)) await apps[which].inject({ url: url(p, 'warm=1'), headers: headers[which] });

  const cpu: Record<'old' | 'new', number[]> = { old: [], new: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const block = pages.slice(warmup + round * BLOCK, warmup + (round + 1) * BLOCK);
    for (const which of round % 2 ? (['new', 'old'] as const) : (['old', 'new'] as const)) {
      const before = process.cpuUsage();
      for (const p of block) {
        const r = await apps[which].inject({ url: url(p, 'compare=1'), headers: headers[which] });
        if (r.statusCode !== 200) throw new Error(`${which}: ${url(p, 'compare=1')} answered ${r.statusCode}`);
      }
      const used = process.cpuUsage(before);
      cpu[which].push((used.user + used.system) / 1000 / BLOCK);
    }
  }
  for (const which of ['old', 'new'] as const) await apps[which].close();
  const what = PREFIX || 'question pages';
  console.log(`blocks (ms per request): old ${cpu.old.map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`                         new ${cpu.new.map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`${what}${process.env.BENCH_TOKEN ? ' (logged in)' : ''}: old ${median(cpu.old).toFixed(3)} ms, new ${median(cpu.new).toFixed(3)} ms of CPU per request (medians of ${ROUNDS} blocks of ${BLOCK}); new/old ${(median(cpu.new) / median(cpu.old)).toFixed(3)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
