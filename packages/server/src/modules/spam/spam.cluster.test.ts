/**
 * Limits for new members counted once per site (core/counters.ts), over HTTP with rate limits on and every
 * request on a new TCP connection: `quorum run --workers N` for 1, 2 and 4 workers on SQLite (counted by the
 * cluster primary; consecutive comments land on different workers), and two nodes on one PostgreSQL database
 * without Redis (QUORUM_NODES=2: counted in the `counters` table; comments alternate between the nodes). With the
 * spam settings made small, a new member's 4th comment within the minute is refused (3 a minute) and another's
 * 6th within the hour (5 an hour), each with the limit in its message; a member past the reputation threshold
 * posts on, unlimited by them.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, Site, startServer, stopServers, waitForWorkers, type TestDatabase } from '../../../test/cluster.testkit.js';

const AUTO = { AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', DB_FILE: 'site.db', ADMIN_NAME: 'boss', ADMIN_PASSWORD: 'boss-pass-1', ADMIN_EMAIL: 'boss@example.com', SITE_NAME: 'Limits Site', SITE_URL: 'http://localhost' };
const V1 = '/answer/api/v1';
const ADM = '/answer/admin/api';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Without Redis, a node sees another node's settings change within the settings cache's 5 s (siteinfo.service.ts). */
const SETTINGS_SPREAD_MS = 5500;
const withPostgres = !process.env.QUORUM_TEST_DB || process.env.QUORUM_TEST_DB.split(',').map((s) => s.trim()).includes('postgres');

/** The topologies: how many workers on one node, or two nodes of one worker each on PostgreSQL. */
const TOPOLOGIES = [
  ...[1, 2, 4].map((workers) => ({ name: `quorum run --workers ${workers}`, workers, nodes: 1 })),
  ...(withPostgres ? [{ name: 'two nodes on PostgreSQL without Redis', workers: 1, nodes: 2 }] : []),
];

for (const { name, workers, nodes } of TOPOLOGIES) {
  describe(`${name}: new-member limits counted once`, () => {
    const servers: ChildProcess[] = [];
    let site: Site | undefined;
    let database: TestDatabase | null = null;
    let admin = '';
    let question = '';
    const request = (method: string, url: string, body?: unknown, token?: string) => site!.call(method, url, { body, token }) as Promise<{ status: number; body: any }>;
    const spam = async (body: Record<string, unknown>) => {
      expect((await request('PUT', `${ADM}/siteinfo/spam`, body, admin)).status).toBe(200);
      if (nodes > 1) await sleep(SETTINGS_SPREAD_MS);
    };
    /** A new activated member (reputation 1), added by the administrator, logged in. */
    const newMember = async (username: string) => {
      const email = `${username}@example.com`;
      expect((await request('POST', `${ADM}/user`, { display_name: username, email, password: 'password-123' }, admin)).status).toBe(200);
      return (await request('POST', `${V1}/user/login/email`, { e_mail: email, pass: 'password-123' })).body.data.access_token as string;
    };
    const comments = async (token: string, n: number) => {
      const out: { status: number; body: any }[] = [];
      for (let i = 0; i < n; i++) out.push(await request('POST', `${V1}/comment`, { object_id: question, original_text: `Comment number ${i} posted in a hurry` }, token));
      return out;
    };

    beforeAll(async () => {
      // Rate limits on, no Redis: the node's own counters, or the database's with several nodes.
      const env: Record<string, string | undefined> = { ...AUTO, LOG_LEVEL: 'error', QUORUM_RATE_LIMIT: undefined, QUORUM_REDIS_URL: undefined, QUORUM_NODES: undefined, QUORUM_WORKERS: undefined };
      if (nodes > 1) {
        database = await postgresDatabase('the two-node leg of the new-member limits');
        if (!database) throw new Error('PostgreSQL is not reachable');
        Object.assign(env, database.env, { DB_FILE: undefined, QUORUM_NODES: String(nodes) });
      }
      const ports: number[] = [];
      // With several nodes the first installs the database and the next ones join it.
      for (let n = 0; n < nodes; n++) {
        const started = await startServer(workers, env);
        await waitForWorkers(started.port, started.child, workers);
        servers.push(started.child);
        ports.push(started.port);
      }
      site = new Site(ports);
      admin = (await request('POST', `${V1}/user/login/email`, { e_mail: AUTO.ADMIN_EMAIL, pass: AUTO.ADMIN_PASSWORD })).body.data.access_token;
      const q = await request('POST', `${V1}/question`, { title: 'A question new members comment on', content: 'Body of the question.', tags: [{ slug_name: 'support' }] }, admin);
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      question = q.body.data.id;
    }, 300_000);

    afterAll(async () => {
      for (const server of servers.filter((s) => s.exitCode === null)) {
        const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
        server.kill('SIGTERM');
        await Promise.race([exited, sleep(30_000).then(() => server.kill('SIGKILL'))]);
      }
      stopServers();
      await database?.drop();
    }, 60_000);

    it("refuses a new member's 4th comment within the minute at 3 a minute", async () => {
      await spam({ comment_per_minute: 3, comment_per_hour: 0, comment_per_day: 0 });
      const got = await comments(await newMember(`burst${workers}x${nodes}`), 5);
      expect(got.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      expect(got[3]!.body.msg).toMatch(/^You have reached the comment limit \(3 per minute\)\. You can comment again in \d+ s\.$/);
      expect(got[3]!.body.data.retry_after).toBeLessThanOrEqual(60);
    }, 120_000);

    it("refuses a new member's 6th comment within the hour at 5 an hour", async () => {
      await spam({ comment_per_minute: 0, comment_per_hour: 5, comment_per_day: 0 });
      const got = await comments(await newMember(`hourly${workers}x${nodes}`), 6);
      expect(got.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(got[5]!.body.msg).toMatch(/^You have reached the comment limit \(5 per hour\)\. You can comment again in (60|59) min\.$/);
      expect(got[5]!.body.data.retry_after).toBeGreaterThan(3000);
    }, 120_000);

    it('does not limit a member past the reputation threshold', async () => {
      await spam({ new_member_reputation: 1, comment_per_minute: 3, comment_per_hour: 5 });
      const got = await comments(await newMember(`trusted${workers}x${nodes}`), 8);
      expect(got.map((r) => r.status)).toEqual(Array(8).fill(200));
    }, 120_000);
  });
}
