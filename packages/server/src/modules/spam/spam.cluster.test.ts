/**
 * Limits for new members counted once per site by `quorum run --workers N` (core/counters.ts through the cluster
 * primary), for 1, 2 and 4 workers on SQLite, over HTTP with rate limits on and every request on a new TCP
 * connection (so consecutive comments land on different workers): with the spam settings made small, a new
 * member's 4th comment within the minute is refused (3 a minute) and another's 6th within the hour (5 an hour),
 * each with the limit in its message; a member past the reputation threshold posts on, unlimited by them.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as call, startServer, stopServers, waitForWorkers } from '../../../test/cluster.testkit.js';

const AUTO = { AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', DB_FILE: 'site.db', ADMIN_NAME: 'boss', ADMIN_PASSWORD: 'boss-pass-1', ADMIN_EMAIL: 'boss@example.com', SITE_NAME: 'Limits Site', SITE_URL: 'http://localhost' };
const V1 = '/answer/api/v1';
const ADM = '/answer/admin/api';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const workers of [1, 2, 4]) {
  describe(`quorum run --workers ${workers}: new-member limits counted once`, () => {
    let server: ChildProcess | undefined;
    let port = 0;
    let admin = '';
    let question = '';
    const request = (method: string, url: string, body?: unknown, token?: string) => call(port, method, url, { body, token }) as Promise<{ status: number; body: any }>;
    const spam = async (body: Record<string, unknown>) => expect((await request('PUT', `${ADM}/siteinfo/spam`, body, admin)).status).toBe(200);
    /** A new activated member (reputation 1), added by the administrator, logged in. */
    const newMember = async (name: string) => {
      const email = `${name}@example.com`;
      expect((await request('POST', `${ADM}/user`, { display_name: name, email, password: 'password-123' }, admin)).status).toBe(200);
      return (await request('POST', `${V1}/user/login/email`, { e_mail: email, pass: 'password-123' })).body.data.access_token as string;
    };
    const comments = async (token: string, n: number) => {
      const out: { status: number; body: any }[] = [];
      for (let i = 0; i < n; i++) out.push(await request('POST', `${V1}/comment`, { object_id: question, original_text: `Comment number ${i} posted in a hurry` }, token));
      return out;
    };

    beforeAll(async () => {
      // Rate limits on, no Redis: the node's own counters.
      const started = await startServer(workers, { ...AUTO, LOG_LEVEL: 'error', QUORUM_RATE_LIMIT: undefined, QUORUM_REDIS_URL: undefined, QUORUM_NODES: undefined, QUORUM_WORKERS: undefined });
      ({ child: server, port } = started);
      await waitForWorkers(port, server, workers);
      admin = (await request('POST', `${V1}/user/login/email`, { e_mail: AUTO.ADMIN_EMAIL, pass: AUTO.ADMIN_PASSWORD })).body.data.access_token;
      const q = await request('POST', `${V1}/question`, { title: 'A question new members comment on', content: 'Body of the question.', tags: [{ slug_name: 'support' }] }, admin);
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      question = q.body.data.id;
    }, 300_000);

    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
        server.kill('SIGTERM');
        await Promise.race([exited, sleep(30_000).then(() => server!.kill('SIGKILL'))]);
      }
      stopServers();
    }, 60_000);

    it("refuses a new member's 4th comment within the minute at 3 a minute", async () => {
      await spam({ comment_per_minute: 3, comment_per_hour: 0, comment_per_day: 0 });
      const got = await comments(await newMember(`burst${workers}`), 5);
      expect(got.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      expect(got[3]!.body.msg).toMatch(/^You have reached the comment limit \(3 per minute\)\. You can comment again in \d+ s\.$/);
      expect(got[3]!.body.data.retry_after).toBeLessThanOrEqual(60);
    }, 120_000);

    it("refuses a new member's 6th comment within the hour at 5 an hour", async () => {
      await spam({ comment_per_minute: 0, comment_per_hour: 5, comment_per_day: 0 });
      const got = await comments(await newMember(`hourly${workers}`), 6);
      expect(got.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(got[5]!.body.msg).toMatch(/^You have reached the comment limit \(5 per hour\)\. You can comment again in (60|59) min\.$/);
      expect(got[5]!.body.data.retry_after).toBeGreaterThan(3000);
    }, 120_000);

    it('does not limit a member past the reputation threshold', async () => {
      await spam({ new_member_reputation: 1, comment_per_minute: 3, comment_per_hour: 5 });
      const got = await comments(await newMember(`trusted${workers}`), 8);
      expect(got.map((r) => r.status)).toEqual(Array(8).fill(200));
    }, 120_000);
  });
}
