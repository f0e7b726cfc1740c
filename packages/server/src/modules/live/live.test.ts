import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import { liveHub } from './index.js';
import { openStream } from './live.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`live event stream on ${dialect}`, () => {
    let site: TestSite | undefined;
    let base = '';
    let alice: TestUser, bob: TestUser;

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      alice = await activeUser(site.app, 'alice');
      bob = await activeUser(site.app, 'bob', 2000);
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => site?.close());

    it('answers 401 without a login', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'GET', `${V1}/notification/stream`)).status).toBe(401);
    });

    it('sends the unread counts at once and again within a second of a new notification', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'When is a cask ale ready?', 'support');
      const stream = await openStream(`${base}${V1}/notification/stream?question_id=${qid}`, { authorization: alice.token });
      try {
        expect(stream.status).toBe(200);
        const first = await stream.waitFor((e) => e.event === 'status');
        expect(first.data).toMatchObject({ inbox: 0, can_revision: false });

        const t0 = Date.now();
        const aid = await answerQuestion(site.app, bob.token, qid, 'When it drops bright, after a few days.');
        const counted = await stream.waitFor((e) => e.event === 'status' && e.data.inbox === 1, 1000);
        expect(Date.now() - t0).toBeLessThan(1000);
        expect(counted.data.inbox).toBe(1);
        expect((await stream.waitFor((e) => e.event === 'question')).data).toEqual({ kind: 'answer', question_id: qid, object_id: aid, user_id: bob.id });

        await call(site.app, 'POST', `${V1}/comment`, { token: bob.token, body: { object_id: aid, original_text: 'Also vent it first.' } });
        expect((await stream.waitFor((e) => e.event === 'question' && e.data.kind === 'comment')).data.question_id).toBe(qid);
        await call(site.app, 'POST', `${V1}/vote/up`, { token: bob.token, body: { object_id: qid } });
        expect((await stream.waitFor((e) => e.event === 'question' && e.data.kind === 'vote')).data).toEqual({ kind: 'vote', question_id: qid, object_id: qid, votes: 1, user_id: bob.id });
      } finally {
        stream.close();
      }
    });

    it('keeps other questions\' events and other members\' counts out of a stream', async (t) => {
      if (!site) return t.skip();
      const mine = await askQuestion(site.app, alice.token, 'Is a stream private?', 'support');
      const other = await askQuestion(site.app, bob.token, 'Is another question quiet?', 'support');
      const stream = await openStream(`${base}${V1}/notification/stream?question_id=${mine}`, { authorization: bob.token });
      try {
        await stream.waitFor((e) => e.event === 'status');
        const before = stream.events.length;
        await answerQuestion(site.app, alice.token, other, 'An answer elsewhere.');
        await stream.waitFor((e) => e.event === 'status' && e.data.inbox >= 1);
        expect(stream.events.slice(before).filter((e) => e.event === 'question')).toEqual([]);
      } finally {
        stream.close();
      }
    });

    it('ends open streams when the app closes, so shutdown does not hang', async (t) => {
      if (!site) return t.skip();
      const stream = await openStream(`${base}${V1}/notification/stream`, { authorization: alice.token });
      await stream.waitFor((e) => e.event === 'status');
      expect(liveHub(site.app)!.size).toBe(1);
      const closing = site.close();
      site = undefined;
      await Promise.race([closing, new Promise((_, fail) => setTimeout(() => fail(new Error('close hung')), 3000))]);
      expect(await stream.ended).toBe(true);
    });
  });
}
