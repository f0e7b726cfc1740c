/**
 * `quorum run --workers 2` on SQLite, through HTTP: two worker processes on one port; a write on one worker is
 * seen at once by the other (caches cleared across workers); concurrent writes from both processes all land;
 * views counted by both are all written at SIGTERM, which drains and exits 0; /healthz and /readyz answer.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './core/db/index.js';
import { resolveWorkers, workerExecArgv } from './cluster.js';
import type { AppContext } from './core/context.js';
import { sitePrefix } from './core/redis.js';
import { startServer, stopServers } from '../test/cluster.testkit.js';

afterAll(stopServers);

/** Command lines of the server processes whose parent is `pid` (not helpers such as tsx's esbuild service). */
function workerProcesses(pid: number): string[] {
  const r = spawnSync('ps', ['--ppid', String(pid), '-o', 'args='], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((line) => line.includes('quorum.js'));
}

const AUTO = { AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', DB_FILE: 'site.db', ADMIN_NAME: 'boss', ADMIN_PASSWORD: 'boss-pass-1', ADMIN_EMAIL: 'boss@example.com', SITE_NAME: 'Cluster Site', SITE_URL: 'http://localhost' };

describe('quorum run --workers', () => {
  it('takes the worker count from --workers, then QUORUM_WORKERS, then the number of cores', () => {
    expect(resolveWorkers('3', {})).toBe(3);
    expect(resolveWorkers(undefined, { QUORUM_WORKERS: '2' })).toBe(2);
    expect(resolveWorkers(undefined, {})).toBe(os.availableParallelism());
    expect(() => resolveWorkers('0', {})).toThrow(/whole number/);
    expect(() => resolveWorkers('two', {})).toThrow(/whole number/);
  });

  it('gives each worker a 4 MB young-generation semi-space unless QUORUM_SEMI_SPACE_MB or the node flags say otherwise', () => {
    expect(workerExecArgv([], {})).toEqual(['--max-semi-space-size=4']);
    expect(workerExecArgv(['--enable-source-maps'], { QUORUM_SEMI_SPACE_MB: '8' })).toEqual(['--enable-source-maps', '--max-semi-space-size=8']);
    expect(workerExecArgv([], { QUORUM_SEMI_SPACE_MB: '0' })).toEqual([]);
    expect(workerExecArgv(['--max-semi-space-size=16'], {})).toEqual(['--max-semi-space-size=16']);
    expect(workerExecArgv([], { NODE_OPTIONS: '--max_semi_space_size=2' })).toEqual([]);
    expect(() => workerExecArgv([], { QUORUM_SEMI_SPACE_MB: 'lots' })).toThrow(/whole number of MB/);
  });

  it('serves from two processes that share writes, caches and view counts, and drains on SIGTERM', async () => {
    // Every worker listens once both answer /readyz (startServer waits for that); the primary forks exactly two.
    const { child: server, port, dir: dataDir } = await startServer(2, AUTO);
    const base = `http://127.0.0.1:${port}`;
    expect(workerProcesses(server.pid!)).toHaveLength(2);
    for (const args of workerProcesses(server.pid!)) expect(args).toContain('--max-semi-space-size=4');
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });

    const json = (r: Response) => r.json() as Promise<{ data: any }>;
    const login = await json(await fetch(`${base}/answer/api/v1/user/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ e_mail: AUTO.ADMIN_EMAIL, pass: AUTO.ADMIN_PASSWORD }) }));
    const auth = { authorization: login.data.access_token as string, 'content-type': 'application/json' };

    // Both workers cache the anonymous list (2 s) and the settings (5 s); a write on one shows on both at once.
    const listUrl = `${base}/answer/api/v1/question/page?page=1&page_size=20&order=newest`;
    for (let i = 0; i < 6; i++) await fetch(listUrl);
    for (let i = 0; i < 6; i++) await fetch(`${base}/answer/api/v1/siteinfo`);
    const asked = await json(await fetch(`${base}/answer/api/v1/question`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Which yeast ferments cleanest at low temperature?', content: 'Looking for a clean lager yeast that works in a cold cellar.', tags: [{ slug_name: 'yeast' }] }) }));
    const qid = asked.data.id as string;
    // A second question, never read: whatever asking itself counts, the difference is the reads of the first.
    const other = await json(await fetch(`${base}/answer/api/v1/question`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Which hops keep their aroma in a long boil?', content: 'Most of my hop aroma disappears during a ninety minute boil.', tags: [{ slug_name: 'hops' }] }) }));
    const general = await json(await fetch(`${base}/answer/admin/api/siteinfo/general`, { headers: auth }));
    const saved = await fetch(`${base}/answer/admin/api/siteinfo/general`, { method: 'PUT', headers: auth, body: JSON.stringify({ ...general.data, name: 'Renamed Site' }) });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const list = await json(await fetch(listUrl));
      expect(list.data.list.map((q: { id: string }) => q.id)).toContain(qid);
      const site = await json(await fetch(`${base}/answer/api/v1/siteinfo`));
      expect(site.data.general.name).toBe('Renamed Site');
    }

    // Concurrent writes from both processes on one SQLite file: every acknowledged write is there.
    const writes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${base}/answer/api/v1/comment`, { method: 'POST', headers: auth, body: JSON.stringify({ object_id: qid, original_text: `Concurrent comment number ${i} from the test.` }) }),
      ),
    );
    expect(writes.map((r) => r.status)).toEqual(writes.map(() => 200));
    const comments = await json(await fetch(`${base}/answer/api/v1/comment/page?object_id=${qid}&page=1&page_size=50`));
    expect(comments.data.count).toBe(24);

    // Views are summed per worker and written every 5 s and at shutdown: none lost, none counted twice.
    const views = 20;
    for (let i = 0; i < views; i++) expect((await fetch(`${base}/answer/api/v1/question/info?id=${qid}`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    const db = await openDb({ type: 'sqlite3', file: 'site.db' }, dataDir);
    try {
      const rows = await db.kysely.selectFrom('questions').select(['id', 'view_count']).where('id', 'in', [qid, other.data.id as string]).execute();
      const count = (id: string) => Number(rows.find((r) => r.id === id)!.view_count);
      expect(count(qid) - count(other.data.id as string)).toBe(views);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('with Redis, one write clears the caches of the other nodes once (no relay echoes between workers and Redis)', async () => {
    const { child: server, port, dir: dataDir } = await startServer(2, { ...AUTO, QUORUM_REDIS_URL: 'redis://127.0.0.1:6379' });
    const base = `http://127.0.0.1:${port}`;
    const listener = new Redis('redis://127.0.0.1:6379');
    try {
      // Both workers subscribe to Redis after start; give them a moment.
      await new Promise((r) => setTimeout(r, 1500));
      // This site's channel only: other suites running beside this one publish on their own sites' channels.
      const channel = `${sitePrefix({ dataDir, config: { database: { type: 'sqlite3' } } } as unknown as AppContext)}cache-clear`;
      const heard: string[] = [];
      listener.on('message', (_channel: string, from: string) => heard.push(from));
      await listener.subscribe(channel);
      const login = (await (await fetch(`${base}/answer/api/v1/user/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ e_mail: AUTO.ADMIN_EMAIL, pass: AUTO.ADMIN_PASSWORD }) })).json()) as { data: { access_token: string } };
      const asked = await fetch(`${base}/answer/api/v1/question`, {
        method: 'POST',
        headers: { authorization: login.data.access_token, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'How long should a stout condition in the bottle?', content: 'My stout tastes thin after two weeks in the bottle.', tags: [{ slug_name: 'stout' }] }),
      });
      expect(asked.status).toBe(200);
      await new Promise((r) => setTimeout(r, 2000));
      // The login and the question each publish what they wrote (a write's follow-up work may add one more,
      // core/coherence.ts); a relayed message published again would double that, and keep circulating.
      const settled = heard.length;
      expect(settled).toBeGreaterThanOrEqual(2);
      expect(settled).toBeLessThanOrEqual(4);
      await new Promise((r) => setTimeout(r, 1500));
      expect(heard).toHaveLength(settled);
    } finally {
      listener.disconnect();
      await new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    }
  }, 120_000);
});
