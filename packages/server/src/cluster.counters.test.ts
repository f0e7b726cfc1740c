/**
 * Limits counted once per node by `quorum run --workers N` (cluster.counters.ts), for 1, 2 and 4 workers on SQLite,
 * through HTTP with rate limits on and every request on a new TCP connection (so the primary hands the requests
 * round the workers): the 11th registration from one address within the hour is refused after 10 pass; the captcha
 * turns on at exactly the 4th login attempt after 3 failures; a route's limit (the CSP report endpoint, 20 a
 * minute) refuses the 21st request, whatever text the path was written in.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as call, startServer, stopServers, waitForWorkers } from '../test/cluster.testkit.js';

const AUTO = { AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', DB_FILE: 'site.db', ADMIN_NAME: 'boss', ADMIN_PASSWORD: 'boss-pass-1', ADMIN_EMAIL: 'boss@example.com', SITE_NAME: 'Counting Site', SITE_URL: 'http://localhost' };
const V1 = '/answer/api/v1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on its own TCP connection (cluster testkit), JSON in and out. */
const request = (port: number, method: string, url: string, body?: unknown) => call(port, method, url, { body }) as Promise<{ status: number; body: any }>;

for (const workers of [1, 2, 4]) {
  describe(`quorum run --workers ${workers}: limits counted once`, () => {
    let server: ChildProcess | undefined;
    let port = 0;

    beforeAll(async () => {
      // Rate limits on, no Redis: the node's own counters.
      const started = await startServer(workers, { ...AUTO, LOG_LEVEL: 'error', QUORUM_RATE_LIMIT: undefined, QUORUM_REDIS_URL: undefined, QUORUM_NODES: undefined, QUORUM_WORKERS: undefined });
      ({ child: server, port } = started);
      await waitForWorkers(port, server, workers);
    }, 300_000);

    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
        server.kill('SIGTERM');
        await Promise.race([exited, sleep(30_000).then(() => server!.kill('SIGKILL'))]);
      }
      stopServers();
    }, 60_000);

    it('passes 10 registrations from one address within the hour and refuses the 11th with 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const r = await request(port, 'POST', `${V1}/user/register/email`, { name: `member${workers}x${i}`, e_mail: `member${workers}x${i}@example.com`, pass: 'password-123' });
        statuses.push(r.status);
        if (r.status === 429) expect(r.body).toMatchObject({ reason: 'error.request.rate_limited' });
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    }, 120_000);

    it('turns the captcha on at exactly the 4th login attempt after 3 failures', async () => {
      const verify = async () => ((await request(port, 'GET', `${V1}/user/action/record?action=login`)).body as { data: { verify: boolean } }).data.verify;
      const login = () => request(port, 'POST', `${V1}/user/login/email`, { e_mail: AUTO.ADMIN_EMAIL, pass: 'not-the-password' });
      // Each step asks once per worker (in turn, one connection each): a count kept per worker would differ.
      const everyWorker = async () => {
        const answers: boolean[] = [];
        for (let j = 0; j < workers; j++) answers.push(await verify());
        return answers;
      };
      const seen = [await everyWorker()];
      for (let i = 0; i < 3; i++) {
        const r = await login();
        expect([r.status, r.body.data?.[0]?.error_field]).toEqual([400, 'e_mail']);
        seen.push(await everyWorker());
      }
      const all = (v: boolean) => Array<boolean>(workers).fill(v);
      expect(seen).toEqual([all(false), all(false), all(false), all(true)]);
      // The 4th attempt without a captcha is refused on the captcha field, on every worker.
      for (let j = 0; j < workers; j++) {
        const r = await login();
        expect([r.status, r.body.data?.[0]?.error_field]).toEqual([400, 'captcha_code']);
      }
    }, 120_000);

    it("refuses a route's 21st request in a minute from one address, however its path is written", async () => {
      const paths = [`${V1}/csp-report`, `${V1}/csp-report?from=a`, `${V1}/csp%2Dreport`, `${V1}/csp-report?from=b`];
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await request(port, 'POST', paths[i % paths.length]!, { 'csp-report': { 'violated-directive': 'script-src' } })).status);
      expect(statuses).toEqual([...Array<number>(20).fill(204), 429]);
    }, 120_000);
  });
}
