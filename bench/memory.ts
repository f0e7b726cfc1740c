/**
 * `npm run bench memory`: what a small community pays in memory for `npm start` (issue "Coherent at any scale",
 * item 4). Installs an empty SQLite site in a temporary directory, starts `quorum run --workers N` (default 2,
 * BENCH_WORKERS) from the built bundle, as `npm start` does, reads a few pages and API calls so each worker has
 * served, then samples the resident set (RSS, MB from /proc) of the cluster primary and of each worker, idle.
 * Goals: primary <= 60 MB, the whole node <= 300 MB with 2 workers. Also prints PSS (shared pages, such as the node
 * binary mapped by every process, divided among them): what the machine holds. Needs `npm run build` first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenOf, freePort, get, machine, memoryMb, rssMb, sleep, waitUntilUp } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'packages/server/bin/quorum.js');
if (!existsSync(path.join(root, 'packages/server/dist/main.js'))) {
  console.error('packages/server/dist is missing: run `npm run build` first');
  process.exit(2);
}

const workers = Number(process.env.BENCH_WORKERS || 2);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-mem-'));
const env = { ...process.env, QUORUM_DATA_DIR: dataDir, AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', ADMIN_NAME: 'admin', ADMIN_PASSWORD: 'admin-pass-1', ADMIN_EMAIL: 'admin@example.com', LOG_LEVEL: 'warn' };
const init = spawnSync(process.execPath, [bin, 'init'], { env, encoding: 'utf8' });
if (init.status !== 0) throw new Error(`init failed: ${init.stderr}`);

const port = await freePort();
const server = spawn(process.execPath, [bin, 'run', '--workers', String(workers)], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
let startup = '';
server.stdout!.on('data', (d: Buffer) => (startup += d.toString()));
try {
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/answer/api/v1/siteinfo`, 120_000, server);
  // Every worker serves a little: pages, lists, site info (connections are spread over the workers).
  for (let i = 0; i < 20 * workers; i++) {
    for (const p of ['/', '/questions', '/tags', '/answer/api/v1/question/page?page=1', '/answer/api/v1/siteinfo']) await get(`${base}${p}`);
  }
  await sleep(5000);
  const kids = childrenOf(server.pid!);
  const primary = rssMb(server.pid!);
  const each = kids.map(rssMb);
  const total = primary + each.reduce((a, b) => a + b, 0);
  const m = machine();
  console.log(`machine: ${m.cpus} x ${m.model}, ${m.memoryGb} GB, node ${m.node}`);
  console.log(`start-up output (${startup.trim().split('\n').length} lines):\n${startup.trim().replace(/^/gm, '  | ')}`);
  console.log(`idle RSS, empty site, ${workers} workers: primary ${primary} MB (goal <= 60), workers ${each.map((w) => `${w} MB`).join(', ')}, whole node ${total} MB (goal <= 300)`);
  // RSS counts the pages every process shares (the node binary's code, ~50 MB, mapped by each) once per process;
  // PSS divides them among the processes sharing them: the sum is what the machine holds for the node.
  const mem = [server.pid!, ...kids].map(memoryMb);
  console.log(`idle PSS (shared pages divided among the processes): primary ${mem[0]!.pss} MB, workers ${mem.slice(1).map((m) => `${m.pss} MB`).join(', ')}, whole node ${mem.reduce((a, m) => a + m.pss, 0)} MB; private anonymous memory ${mem.map((m) => `${m.anon} MB`).join(', ')}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
