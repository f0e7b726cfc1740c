/**
 * Webhooks through HTTP on every engine, delivered to a local HTTP receiver: the payload is signed with the hook's
 * secret (HMAC-SHA256 over "<timestamp>.<body>"), a 500 is retried after the backoff with the same delivery id,
 * events of one object arrive in order even when the first needs a retry, the delivery log carries the response
 * codes, and a hook that keeps failing is disabled. Members signing up and flags raise `user.created` and
 * `flag.created`. The receiver is on 127.0.0.1, so private targets are allowed here (webhook.address.test.ts
 * covers the refusal).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion } from '../comment/social.testkit.js';
import { DISABLE_AFTER, runWebhookDeliveries } from './index.js';

process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';

interface Received { headers: IncomingHttpHeaders; body: string; json: { id: string; event: string; data: Record<string, string> } }

/** A local receiver answering each request with `status(request)`. */
function receiver(status: (r: Received, n: number) => number) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const r = { headers: req.headers, body, json: JSON.parse(body) as Received['json'] };
      got.push(r);
      res.statusCode = status(r, got.length);
      res.end('ok');
    });
  });
  return {
    got,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Lets the worker record the answer it just got. */
const settle = () => new Promise((r) => setTimeout(r, 300));

const now = () => Math.floor(Date.now() / 1000);

for (const dialect of DIALECTS) {
  describe(`webhooks on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let stops: (() => Promise<void>)[] = [];
    const hook = async (url: string, events: string[]) => {
      const r = await call(site!.app, 'POST', '/answer/admin/api/webhooks', { token: admin, body: { url, events } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: string; secret: string };
    };
    const log = async (id: string) => (await call(site!.app, 'GET', `/answer/admin/api/webhooks/deliveries?id=${id}`, { token: admin })).body.data as { event: string; status: string; attempts: number; response_code: number }[];
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterEach(async () => {
      // One hook per test: remove them so later tests' events go only to their own receiver.
      for (const h of (await call(site!.app, 'GET', '/answer/admin/api/webhooks', { token: admin })).body.data ?? []) {
        await call(site!.app, 'DELETE', '/answer/admin/api/webhooks', { token: admin, body: { id: h.id } });
      }
      for (const s of stops) await s();
      stops = [];
    });
    afterAll(async () => site?.close());

    const listen = async (status: (r: Received, n: number) => number) => {
      const r = receiver(status);
      const url = await r.start();
      stops.push(r.stop);
      return { ...r, url };
    };

    it('signs each delivery with the hook secret and a timestamp; only administrators manage hooks', async (t) => {
      if (!site) return t.skip();
      const rx = await listen(() => 200);
      const h = await hook(rx.url, ['question.created']);
      expect(h.secret).toMatch(/^whsec_/);
      const qid = await askQuestion(site.app, admin, 'A question a webhook hears about');
      await until(() => rx.got.length === 1);
      const r = rx.got[0]!;
      expect(r.headers['x-quorum-event']).toBe('question.created');
      expect(r.json).toMatchObject({ event: 'question.created', data: { question_id: qid } });
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-quorum-signature']));
      expect(m).not.toBeNull();
      expect(Math.abs(Number(m![1]) - now())).toBeLessThan(60);
      expect(m![2]).toBe(createHmac('sha256', h.secret).update(`${m![1]}.${r.body}`).digest('hex'));
      expect(createHmac('sha256', 'another secret').update(`${m![1]}.${r.body}`).digest('hex')).not.toBe(m![2]);
      await settle();
      expect((await log(h.id))[0]).toMatchObject({ event: 'question.created', status: 'delivered', attempts: 1, response_code: 200 });
      const member = await activeUser(site.app, 'hookless');
      expect((await call(site.app, 'POST', '/answer/admin/api/webhooks', { token: member.token, body: { url: rx.url, events: ['question.created'] } })).status).toBe(403);
      expect((await call(site.app, 'POST', '/answer/admin/api/webhooks', { token: admin, body: { url: 'ftp://x', events: ['question.created'] } })).body.data[0].error_field).toBe('url');
    });

    it('retries a delivery answered with 500 after the backoff, with the same delivery id', async (t) => {
      if (!site) return t.skip();
      const rx = await listen((_r, n) => (n === 1 ? 500 : 200));
      const h = await hook(rx.url, ['question.created']);
      await askQuestion(site.app, admin, 'A question whose first delivery fails');
      await until(() => rx.got.length === 1);
      await settle();
      expect((await log(h.id))[0]).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });
      expect(await runWebhookDeliveries(site.app.quorum)).toBe(0);
      await runWebhookDeliveries(site.app.quorum, now() + 31);
      expect(rx.got.length).toBe(2);
      expect(rx.got[1]!.headers['x-quorum-delivery']).toBe(rx.got[0]!.headers['x-quorum-delivery']);
      expect((await log(h.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200 });
    });

    it('keeps the events of one object in order: an acceptance waits for the answer event being retried', async (t) => {
      if (!site) return t.skip();
      const rx = await listen((r) => (r.json.event === 'answer.created' && rx.got.filter((g) => g.json.event === 'answer.created').length === 1 ? 500 : 200));
      const h = await hook(rx.url, ['answer.created', 'answer.accepted']);
      const qid = await askQuestion(site.app, admin, 'A question answered and accepted');
      const bob = await activeUser(site.app, 'bob_answers');
      const aid = await answerQuestion(site.app, bob.token, qid, 'An answer that will be accepted at once');
      expect((await call(site.app, 'POST', '/answer/api/v1/answer/acceptance', { token: admin, body: { question_id: qid, answer_id: aid } })).status).toBe(200);
      await until(() => rx.got.length === 1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(rx.got.map((g) => g.json.event)).toEqual(['answer.created']);
      await runWebhookDeliveries(site.app.quorum, now() + 31);
      await runWebhookDeliveries(site.app.quorum, now() + 31);
      expect(rx.got.map((g) => `${g.json.event} ${g.json.data.answer_id}`)).toEqual([`answer.created ${aid}`, `answer.created ${aid}`, `answer.accepted ${aid}`]);
      expect((await log(h.id)).map((d) => [d.event, d.status, d.response_code])).toEqual([['answer.accepted', 'delivered', 200], ['answer.created', 'delivered', 200]]);
    });

    it('sends user.created when a member signs up and flag.created when a member flags a post', async (t) => {
      if (!site) return t.skip();
      const rx = await listen(() => 200);
      await hook(rx.url, ['user.created', 'flag.created']);
      const dora = await activeUser(site.app, 'dora_signs_up', 2000);
      await until(() => rx.got.length === 1);
      expect(rx.got[0]!.headers['x-quorum-event']).toBe('user.created');
      expect(rx.got[0]!.json).toMatchObject({ event: 'user.created', data: { user_id: dora.id } });
      const qid = await askQuestion(site.app, admin, 'A question somebody will flag');
      const flagged = await call(site.app, 'POST', '/answer/api/v1/report', { token: dora.token, body: { object_id: qid, report_type: 57 } });
      expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
      await until(() => rx.got.length === 2);
      const f = rx.got[1]!.json;
      expect(f).toMatchObject({ event: 'flag.created', data: { object_id: qid, object_type: 'question', user_id: dora.id, reported_user_id: (await call(site.app, 'GET', '/answer/api/v1/user/info', { token: admin })).body.data.id } });
      expect(f.data.flag_id).toMatch(/^\d+$/);
      expect(rx.got.map((g) => g.json.event)).toEqual(['user.created', 'flag.created']);
    });

    it('disables a hook after repeated failures, and an administrator can enable it again', async (t) => {
      if (!site) return t.skip();
      const rx = await listen(() => 500);
      const h = await hook(rx.url, ['question.created']);
      for (let i = 0; i < DISABLE_AFTER; i++) await askQuestion(site.app, admin, `Failing delivery number ${i + 1} of many`);
      await until(() => rx.got.length >= DISABLE_AFTER, 10_000);
      await new Promise((r) => setTimeout(r, 300));
      const listed = (await call(site.app, 'GET', '/answer/admin/api/webhooks', { token: admin })).body.data.find((x: { id: string }) => x.id === h.id);
      expect(listed).toMatchObject({ enabled: false, failure_count: DISABLE_AFTER });
      await askQuestion(site.app, admin, 'A question after the hook was disabled');
      expect((await log(h.id)).length).toBe(DISABLE_AFTER);
      expect((await call(site.app, 'PUT', '/answer/admin/api/webhooks/enable', { token: admin, body: { id: h.id } })).status).toBe(200);
      expect((await call(site.app, 'GET', '/answer/admin/api/webhooks', { token: admin })).body.data.find((x: { id: string }) => x.id === h.id)).toMatchObject({ enabled: true, failure_count: 0 });
    });
  });
}
