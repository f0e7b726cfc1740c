/**
 * No webhook delivery is lost across a kill -9 (docs/API.md "Webhooks"): `quorum run` as a child process on
 * SQLite queues deliveries while the receiver hangs on the first one; the process is killed with SIGKILL with
 * that delivery in flight and the others waiting; started again on the same data directory, it sends every
 * delivery. What the outbox guarantees, and what is checked: at least once — every queued delivery arrives, the
 * only repeat is the one cut off by the kill, sent again after its 60 s lease with the same `X-Quorum-Delivery`
 * id — and the events of one object arrive in order (the acceptance of the answer whose creation was in flight
 * waits for it). Takes about a minute and a half, most of it waiting for the lease.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/ports.js';

const BIN = fileURLToPath(new URL('../../../bin/quorum.js', import.meta.url));
const AUTO = { AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', DB_FILE: 'site.db', ADMIN_NAME: 'boss', ADMIN_PASSWORD: 'boss-pass-1', ADMIN_EMAIL: 'boss@example.com', SITE_NAME: 'Durable Hooks', SITE_URL: 'http://localhost' };

interface Got { delivery: string; event: string; data: Record<string, string>; answered: boolean }

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function until(what: string, cond: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function start(dataDir: string, port: number): ChildProcess {
  const child = spawn(process.execPath, [BIN, 'run', '--workers', '1'], {
    env: { ...process.env, ...AUTO, QUORUM_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', QUORUM_RATE_LIMIT: 'off', QUORUM_WEBHOOK_ALLOW_PRIVATE: 'on' },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function ready(base: string, child: ChildProcess): Promise<void> {
  await until('the server to be ready', async () => {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    return fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
  }, 90_000);
}

describe('webhook deliveries across a kill -9', () => {
  it('delivers every queued event after the process is killed and started again, in order per object', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-hooks-'));
    dirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    // The receiver: hangs on the first request (it never answers), answers 200 once `up`.
    const got: Got[] = [];
    const held: ServerResponse[] = [];
    let up = false;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const json = JSON.parse(body) as { event: string; data: Record<string, string> };
        got.push({ delivery: String(req.headers['x-quorum-delivery']), event: json.event, data: json.data, answered: up });
        if (up) res.end('ok');
        else held.push(res);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    try {
      let server = start(dataDir, port);
      await ready(base, server);
      const api = async (method: string, url: string, token: string, body?: unknown) => {
        const r = await fetch(`${base}${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        const env = (await r.json()) as { code: number; data: any };
        if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(env)}`);
        return env.data;
      };
      const boss = (await api('POST', '/answer/api/v1/user/login/email', '', { e_mail: AUTO.ADMIN_EMAIL, pass: AUTO.ADMIN_PASSWORD })).access_token as string;
      const q1 = (await api('POST', '/answer/api/v1/question', boss, { title: 'How long should a lager lag before fermenting', content: 'My lager takes two days to show any activity.', tags: [{ slug_name: 'lager' }] })).id as string;
      // An account added by the administrator is active at once (a sign-up would wait for its e-mail).
      await api('POST', '/answer/admin/api/user', boss, { display_name: 'Bob Hooks', email: 'bob_hooks@example.com', password: 'password-123' });
      const bob = (await api('POST', '/answer/api/v1/user/login/email', '', { e_mail: 'bob_hooks@example.com', pass: 'password-123' })).access_token as string;
      await api('POST', '/answer/admin/api/webhooks', boss, { url: hookUrl, events: ['question.created', 'answer.created', 'answer.accepted', 'comment.created', 'user.created', 'flag.created'] });

      // The first delivery (answer.created) hangs at the receiver; everything after it is queued behind it.
      const a1 = (await api('POST', '/answer/api/v1/answer', bob, { question_id: q1, content: 'Pitch more yeast and oxygenate the wort well.' })).info.id as string;
      await until('the first delivery to reach the receiver', () => got.length === 1, 10_000);
      await api('POST', '/answer/api/v1/answer/acceptance', boss, { question_id: q1, answer_id: a1 });
      const q2 = (await api('POST', '/answer/api/v1/question', boss, { title: 'Is a starter worth it for a lager', content: 'Most recipes say a starter is needed for lagers.', tags: [{ slug_name: 'lager' }] })).id as string;
      const c1 = (await api('POST', '/answer/api/v1/comment', boss, { object_id: q1, original_text: 'Thanks, that helped with my next batch.' })).comment_id as string;
      const carol = (await api('POST', '/answer/api/v1/user/register/email', '', { name: 'carol_hooks', e_mail: 'carol_hooks@example.com', pass: 'password-123' })).id as string;
      await api('POST', '/answer/api/v1/report', boss, { object_id: a1, report_type: 57 });
      // Normally still only the hung one (the worker waits up to 10 s for an answer before it moves on).
      expect(got[0]).toMatchObject({ event: 'answer.created', data: { answer_id: a1 } });

      const killed = new Promise((resolve) => server.once('exit', (_code, signal) => resolve(signal)));
      server.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');
      for (const res of held) res.destroy();
      up = true;

      server = start(dataDir, port);
      await ready(base, server);
      // Six deliveries: answer.created (in flight at the kill) and the five queued behind it.
      const expected = ['answer.created', 'answer.accepted', 'question.created', 'comment.created', 'user.created', 'flag.created'];
      await until('every delivery', () => new Set(got.filter((g) => g.answered).map((g) => g.delivery)).size === expected.length, 120_000);
      await new Promise((r) => setTimeout(r, 1500));

      const hooks = await api('GET', '/answer/admin/api/webhooks', boss);
      const log = (await api('GET', `/answer/admin/api/webhooks/deliveries?id=${hooks[0].id}`, boss)) as { id: string; event: string; status: string }[];
      expect(log.map((d) => d.status)).toEqual(log.map(() => 'delivered'));
      expect(log.map((d) => d.event).sort()).toEqual([...expected].sort());
      // Every queued delivery arrived and was answered exactly once after the restart; what the receiver had got
      // before the kill without answering (the hung delivery) came again with the same delivery id.
      const answered = got.filter((g) => g.answered);
      expect(new Set(answered.map((g) => g.delivery))).toEqual(new Set(log.map((d) => d.id)));
      expect(answered).toHaveLength(expected.length);
      const cut = got.filter((g) => !g.answered);
      expect(cut.map((g) => g.delivery)).toContain(got[0]!.delivery);
      for (const g of cut) expect(answered.filter((a) => a.delivery === g.delivery)).toHaveLength(1);
      // Order per object: answer a1's acceptance only after its creation was delivered.
      expect(answered.filter((g) => g.data.answer_id === a1).map((g) => g.event)).toEqual(['answer.created', 'answer.accepted']);
      expect(answered.find((g) => g.event === 'question.created')!.data.question_id).toBe(q2);
      expect(answered.find((g) => g.event === 'comment.created')!.data.comment_id).toBe(c1);
      expect(answered.find((g) => g.event === 'user.created')!.data.user_id).toBe(carol);
      expect(answered.find((g) => g.event === 'flag.created')!.data).toMatchObject({ object_id: a1, object_type: 'answer' });

      const stopped = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill('SIGTERM');
      expect(await stopped).toBe(0);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 240_000);
});
