/**
 * Read-your-writes across processes (core/coherence.ts), every request on a new TCP connection, for the write
 * calls of the API and the reads that show them (test/coherence.pairs.ts; listed in docs/OPERATIONS.md
 * "Read-your-writes"): the writer's very next read is never stale, over REPEAT repetitions of each pair; another
 * member sees the write within the stated window (1 s). Two legs:
 *   - one node: `quorum run --workers 2` on SQLite without Redis (the primary hands consecutive connections to
 *     alternating workers; invalidations go over IPC);
 *   - two nodes: two `quorum run --workers 1` processes on one PostgreSQL database of their own (created and
 *     dropped here) and Redis (QUORUM_TEST_REDIS_URL, default 127.0.0.1:6379; the site's channel follows its
 *     database, so parallel tests do not meet), requests alternating between the nodes. Skipped with a message
 *     when PostgreSQL or Redis is not reachable, or PostgreSQL is left out of QUORUM_TEST_DB; with CI=true an
 *     unreachable one fails the leg.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase, redisReachable, Site, startServer, stopServers, TEST_REDIS_URL } from '../test/cluster.testkit.js';
import { ADMIN, pairsOf, type Pair } from '../test/coherence.pairs.js';

/** Repetitions of each write/read pair. */
const REPEAT = 4;
/** The window stated for other members (docs/OPERATIONS.md). */
const WINDOW_MS = 1000;
const AUTO = { AUTO_INSTALL: 'true', ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.pass, ADMIN_EMAIL: ADMIN.email, SITE_NAME: 'Coherent Site', SITE_URL: 'http://localhost' };
afterAll(stopServers);

/** Per pair: stale reads by the writer, the longest another member waited (ms; -1: no other reader), and why it failed. */
interface Result {
  staleByWriter: number;
  otherMs: number;
  failed?: string;
}

/**
 * Runs every pair REPEAT times. The writer's read is the next call after the write, so with several nodes it goes
 * to another node than the write's last call. From the same moment another member reads on each node at once
 * (pinned), again until it shows the write: a node's window is when its first read that showed it began, after
 * the write's response; the pair's is the longest over nodes and repetitions.
 */
async function runPairs(site: Site, pairs: Pair[]): Promise<Record<string, Result>> {
  const out: Record<string, Result> = {};
  for (const p of pairs) {
    const r: Result = { staleByWriter: 0, otherMs: p.other ? 0 : -1 };
    for (let i = 0; i < REPEAT && !r.failed; i++) {
      try {
        await p.write(i);
        const at = Date.now();
        const other = p.other;
        const untilShown = async () => {
          for (;;) {
            const began = Date.now();
            if (await p.shows(i, other!())) return began - at;
            if (began - at > 5 * WINDOW_MS) return began - at;
            await new Promise((res) => setTimeout(res, 20));
          }
        };
        const [fresh, ...windows] = await Promise.all([p.shows(i, p.writer()), ...(other ? site.ports.map((_, k) => site.onNode(k, untilShown)) : [])]);
        if (!fresh) r.staleByWriter++;
        r.otherMs = Math.max(r.otherMs, ...(windows as number[]));
      } catch (err) {
        r.failed = `repetition ${i}: ${(err as Error).message}`;
      }
    }
    out[p.name] = r;
  }
  return out;
}

/** Prints the results and checks them: every pair ran, no stale read by the writer, others within WINDOW_MS. */
function check(label: string, results: Record<string, Result>): void {
  const rows = Object.entries(results);
  const max = Math.max(...rows.map(([, r]) => r.otherMs));
  const stale = rows.reduce((n, [, r]) => n + r.staleByWriter, 0);
  console.log(
    `${label}: ${rows.length} pairs x ${REPEAT}, ${stale} stale reads by the writer, others within ${max} ms\n` +
      rows.map(([k, v]) => `  ${k}: ${v.failed ? `FAILED ${v.failed}` : `stale ${v.staleByWriter}/${REPEAT}, ${v.otherMs < 0 ? 'the writer alone reads it' : `others within ${v.otherMs} ms`}`}`).join('\n'),
  );
  for (const [name, r] of rows) {
    expect(r.failed, name).toBeUndefined();
    expect(r.staleByWriter, name).toBe(0);
    expect(r.otherMs, name).toBeLessThan(WINDOW_MS);
  }
}

describe('read-your-writes across worker processes', () => {
  it('never serves the writer a read older than their write, on either worker; others within 1 s', async () => {
    const server = await startServer(2, { ...AUTO, DB_TYPE: 'sqlite3', DB_FILE: 'site.db', QUORUM_REDIS_URL: '' });
    const site = new Site([server.port]);
    check('two workers, SQLite', await runPairs(site, await pairsOf(site)));
    server.child.kill('SIGTERM');
  }, 600_000);
});

// Like every database suite, the PostgreSQL leg runs when QUORUM_TEST_DB selects PostgreSQL (the default).
if (!process.env.QUORUM_TEST_DB || process.env.QUORUM_TEST_DB.split(',').map((s) => s.trim()).includes('postgres')) describe('read-your-writes across nodes', () => {
  it('never serves the writer a read older than their write, on either node (PostgreSQL, Redis); others within 1 s', async (t) => {
    if (!(await redisReachable('the two-node coherence leg'))) return t.skip();
    const db = await postgresDatabase('the two-node coherence leg');
    if (!db) return t.skip();
    try {
      const env = { ...AUTO, ...db.env, QUORUM_REDIS_URL: TEST_REDIS_URL, QUORUM_NODES: '2' };
      // The first node installs the database; the second joins it (AUTO_INSTALL on an installed database).
      const first = await startServer(1, env);
      const second = await startServer(1, env);
      const site = new Site([first.port, second.port]);
      check('two nodes, PostgreSQL and Redis', await runPairs(site, await pairsOf(site)));
    } finally {
      stopServers();
      await db.drop();
    }
  }, 600_000);
});
