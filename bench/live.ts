/**
 * Live updates benchmark (`npm run bench -- live`): one node on SQLite in a temporary directory with 1000 members
 * (BENCH_STREAMS), each holding an open event stream on the same question. Measures the server's memory per open
 * stream (heap and RSS after a forced collection, before and after the streams open) and the time from posting
 * an answer to its event reaching the last stream (median and worst of BENCH_RUNS answers). The streams are read by
 * a child process, so the server's figures do not include the clients.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { machine } from './lib.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

/** Child role: opens one stream per token, reports 'ready', then the receipt time of each answer's last event. */
async function clients(port: number, tokensFile: string, questionId: string): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const received = new Map<string, number>();
  let opened = 0;
  const last = new Map<string, number>();
  for (const token of tokens) {
    const req = http.get({ host: '127.0.0.1', port, path: `/answer/api/v1/notification/stream?question_id=${questionId}`, headers: { authorization: token }, agent }, (res) => {
      let buf = '';
      let first = true;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith('event: status') && first) {
            first = false;
            opened += 1;
            if (opened === tokens.length) process.send!({ ready: true });
          }
          if (block.startsWith('event: question')) {
            const id = /"object_id":"(\d+)"/.exec(block)?.[1] ?? '';
            const n = (received.get(id) ?? 0) + 1;
            received.set(id, n);
            last.set(id, Date.now());
            if (n === tokens.length) process.send!({ answer: id, last: last.get(id) });
          }
        }
      });
    });
    req.on('error', (err) => process.send!({ error: String(err) }));
  }
}

function gc(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function memory(): { heap: number; rss: number } {
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

async function main(): Promise<void> {
  const { buildApp } = await import('../packages/server/src/app.js');
  const { installSite } = await import('../packages/server/src/modules/install/index.js');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-live-'));
  const app = await buildApp({ dataDir, rateLimit: false });
  try {
    await installSite(app.quorum, { db: { type: 'sqlite3', file: 'quorum.db' }, lang: 'en_US', site_name: 'Bench', site_url: 'http://localhost', contact_email: 'a@example.com', admin: { name: 'admin', email: 'admin@example.com', password: 'admin-pass-1' } });
    const db = app.quorum.database!.kysely;
    const login = await app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: 'admin@example.com', pass: 'admin-pass-1' } });
    const admin = (login.json() as { data: { access_token: string } }).data.access_token;

    // Members and sessions written directly: registering 1000 accounts through the API would time password hashing.
    const now = Math.floor(Date.now() / 1000);
    const tokens: string[] = [];
    for (let start = 0; start < STREAMS; start += 200) {
      const users = [];
      const sessions = [];
      for (let i = start; i < Math.min(STREAMS, start + 200); i++) {
        const id = String(900000 + i);
        const token = randomBytes(24).toString('hex');
        tokens.push(token);
        users.push({ id, username: `member${i}`, e_mail: `member${i}@example.com`, bio: '', bio_html: '', mail_status: 1, status: 1, rank: 1000, created_at: now, updated_at: now });
        sessions.push({ token_hash: createHash('sha256').update(token).digest('hex'), user_id: id, created_at: now, expires_at: now + 86400 });
      }
      await db.insertInto('users').values(users).execute();
      await db.insertInto('user_sessions').values(sessions).execute();
    }
    const ask = await app.inject({ method: 'POST', url: '/answer/api/v1/question', headers: { authorization: admin }, payload: { title: 'How fast do live answers arrive?', content: 'Measuring the time from an answer to the last open stream.', tags: [{ slug_name: 'support' }] } });
    const questionId = (ask.json() as { data: { id: string } }).data.id;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const tokensFile = path.join(dataDir, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(tokens));

    const before = memory();
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'clients', String(port), tokensFile, questionId], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const messages: Array<{ ready?: boolean; answer?: string; last?: number; error?: string }> = [];
    const waiters: Array<() => void> = [];
    child.on('message', (m: (typeof messages)[number]) => {
      messages.push(m);
      waiters.splice(0).forEach((w) => w());
    });
    const next = async (pred: (m: (typeof messages)[number]) => boolean, ms = 60000) => {
      const t0 = Date.now();
      for (;;) {
        const m = messages.find(pred);
        if (m) return m;
        if (messages.some((x) => x.error)) throw new Error(messages.find((x) => x.error)!.error);
        if (Date.now() - t0 > ms) throw new Error('timed out waiting for the streams');
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    };
    const tOpen = Date.now();
    await next((m) => !!m.ready);
    const openMs = Date.now() - tOpen;
    const after = memory();

    const delays: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = Date.now();
      const r = await app.inject({ method: 'POST', url: '/answer/api/v1/answer', headers: { authorization: tokens[run]! }, payload: { question_id: questionId, content: `Answer number ${run} to see how fast it arrives.` } });
      const answerId = (r.json() as { data: { info: { id: string } } }).data.info.id;
      const done = await next((m) => m.answer === answerId);
      delays.push(done.last! - t0);
    }
    child.kill();
    delays.sort((a, b) => a - b);
    const perConn = (a: number, b: number) => ((b - a) / STREAMS / 1024).toFixed(1);
    console.log(JSON.stringify({ machine: machine(), streams: STREAMS, open_all_ms: openMs }, null, 0));
    console.log(`open streams: ${STREAMS}, opened in ${openMs} ms`);
    console.log(`memory per stream: heap ${perConn(before.heap, after.heap)} KB, RSS ${perConn(before.rss, after.rss)} KB (heap ${(before.heap / 1048576).toFixed(1)} -> ${(after.heap / 1048576).toFixed(1)} MB, RSS ${(before.rss / 1048576).toFixed(1)} -> ${(after.rss / 1048576).toFixed(1)} MB)`);
    console.log(`answer -> last of ${STREAMS} streams: median ${delays[Math.floor(delays.length / 2)]} ms, worst ${delays[delays.length - 1]} ms (${RUNS} answers)`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'clients') await clients(Number(process.argv[3]), process.argv[4]!, process.argv[5]!);
else await main();
