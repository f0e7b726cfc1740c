import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { startMailbox, useMailbox, type Mailbox, type ReceivedMail } from '../../../test/mailbox.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import { notify } from '../notification/index.js';
import { mailWorker } from '../mail/index.js';

const V1 = '/answer/api/v1';
const SITE = 'http://localhost:9080';

for (const dialect of DIALECTS) {
  describe(`notification e-mails on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let alice: TestUser, bob: TestUser, carol: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      alice = await activeUser(site.app, 'alice', 10_000);
      bob = await activeUser(site.app, 'bob', 10_000);
      carol = await activeUser(site.app, 'carol', 10_000);
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;
    /** Outbox rows of notification e-mails to a user (queued in the request's own transaction). */
    const queuedFor = async (user: TestUser) => (await db().selectFrom('outbox').select(['dedup_key', 'payload']).where('dedup_key', 'like', `%:${user.id}`).execute()).map((r) => r.dedup_key);
    const comment = async (token: string, objectId: string, text: string, extra: Record<string, unknown> = {}) => {
      const r = await call(app(), 'POST', `${V1}/comment`, { token, body: { object_id: objectId, original_text: text, ...extra } });
      expect(r.status).toBe(200);
      return r.body.data.comment_id as string;
    };
    const setInbox = async (user: TestUser, enable: boolean) =>
      expect((await call(app(), 'PUT', `${V1}/user/notification/config`, { token: user.token, body: { inbox: { key: 'email', enable } } })).status).toBe(200);
    const mailTo = (user: TestUser, subject: RegExp) => box.waitFor(`${user.name}@example.com`, { subject });
    const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/questions\/\S+/.exec(mail.text)?.[0] ?? '';

    it('mails each inbox notification type with text and HTML parts, site links and unsubscribe headers', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'Why is my stout so thin?', 'stout');
      const aid = await answerQuestion(app(), bob.token, qid, 'Mash **hotter**, around 68 degrees.');
      const answered = await mailTo(alice, /bob answered your question/);
      expect(answered.text).toContain('bob answered your question "Why is my stout so thin?"');
      expect(answered.text).toContain('> Mash hotter, around 68 degrees.');
      expect(linkIn(answered)).toBe(`${SITE}/questions/${qid}/why-is-my-stout-so-thin/${aid}`);
      expect(answered.html).toContain(`href="${SITE}/questions/${qid}/why-is-my-stout-so-thin/${aid}"`);
      expect(answered.html).toContain('Mash hotter, around 68 degrees.');
      expect(answered.headers['list-unsubscribe']).toMatch(new RegExp(`^<${SITE}/answer/api/v1/notification/mail/unsubscribe\\?code=u1\\.inbox\\.${alice.id}\\.[\\w-]+>$`));
      expect(answered.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(answered.text).toContain(`${SITE}/users/unsubscribe?code=u1.inbox.${alice.id}.`);

      const c1 = await comment(carol.token, qid, 'Did you check the mash temperature?');
      const onQuestion = await mailTo(alice, /carol commented on your question/);
      expect(linkIn(onQuestion)).toBe(`${SITE}/questions/${qid}/why-is-my-stout-so-thin?commentId=${c1}`);
      await comment(bob.token, qid, 'Yes, it matters a lot.', { reply_comment_id: c1 });
      await mailTo(carol, /bob replied to your comment/);
      await comment(alice.token, aid, 'Thanks @carol and bob!', { mention_username_list: ['carol'] });
      await mailTo(carol, /alice mentioned you/);
      await mailTo(bob, /alice commented on your answer/);
      expect((await call(app(), 'PUT', `${V1}/question/invite`, { token: alice.token, body: { question_id: qid, invite_user: ['carol'] } })).status).toBe(200);
      const invited = await mailTo(carol, /alice invited you to answer a question/);
      expect(linkIn(invited)).toBe(`${SITE}/questions/${qid}/why-is-my-stout-so-thin`);
      expect((await call(app(), 'POST', `${V1}/answer/acceptance`, { token: alice.token, body: { question_id: qid, answer_id: aid } })).status).toBe(200);
      await mailTo(bob, /alice accepted your answer/);
      // The actor never gets their own e-mail: alice's comment on her own question mails nobody.
      const before = box.messages.length;
      await comment(alice.token, qid, 'Adding more details to my own question here.');
      await mailWorker(app().quorum)!.runOnce();
      expect(box.messages.slice(before).filter((m) => m.to.includes('alice@'))).toEqual([]);
    });

    it('follows the inbox option and the member language, and skips suspended, deleted and inactive accounts', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), carol.token, 'How long should a lager rest?', 'lager');
      await setInbox(carol, false);
      await answerQuestion(app(), bob.token, qid, 'Four weeks near freezing.');
      expect((await queuedFor(carol)).filter((k) => k!.includes(qid) || k!.startsWith('answer_the_question'))).toEqual([]);
      // The inbox notification is still written.
      expect((await call(app(), 'GET', `${V1}/notification/status`, { token: carol.token })).body.data.inbox).toBeGreaterThan(0);
      await setInbox(carol, true);
      expect((await call(app(), 'PUT', `${V1}/user/interface`, { token: carol.token, body: { language: 'zh_CN', color_scheme: 'default' } })).status).toBe(200);
      await answerQuestion(app(), alice.token, qid, 'Six weeks if you can wait.');
      const zh = await mailTo(carol, /回答了你的问题/);
      expect(zh.subject).toBe('[Test Site] alice 回答了你的问题');
      expect(zh.text).toContain('退订');
      expect(zh.html).toContain('<html lang="zh-CN">');

      const dave = await activeUser(app(), 'dave', 10_000);
      const daveQ = await askQuestion(app(), dave.token, 'Which hops suit a pale ale?', 'hops');
      for (const [field, value] of [['status', 9], ['status', 10], ['mail_status', 2]] as const) {
        await db().updateTable('users').set({ [field]: value, ...(field === 'status' ? {} : { status: 1 }) }).where('id', '=', dave.id).execute();
        await comment(bob.token, daveQ, `A comment while dave has ${field} ${value}.`);
      }
      expect(await queuedFor(dave)).toEqual([]);
    });

    it('unsubscribes with one click without logging in, and refuses forged codes', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), bob.token, 'What yeast for a saison?', 'saison');
      await answerQuestion(app(), alice.token, qid, 'A French saison strain.');
      const mail = await mailTo(bob, /alice answered your question/);
      const oneClick = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
      const url = oneClick.slice(SITE.length);
      const forged = url.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
      const bad = await app().inject({ method: 'POST', url: forged, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(bad.statusCode).toBe(403);
      // A GET (a scanner, a person) changes nothing and leads to the confirming page.
      const get = await app().inject({ method: 'GET', url });
      expect(get.statusCode).toBe(302);
      expect(get.headers.location).toMatch(/^\/users\/unsubscribe\?code=u1\.inbox\./);
      const config = async () => (await call(app(), 'GET', `${V1}/user/notification/config`, { token: bob.token })).body.data;
      expect((await config()).inbox.enable).toBe(true);
      const res = await app().inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(200);
      expect((await config()).inbox.enable).toBe(false);
      // The link of the body goes through the page's call, also without a login; other options stay as they were.
      await call(app(), 'PUT', `${V1}/user/notification/config`, { token: bob.token, body: { inbox: { enable: true }, all_new_question: { enable: true } } });
      const code = decodeURIComponent(/\/users\/unsubscribe\?code=(\S+)/.exec(mail.text)![1]!);
      expect((await call(app(), 'PUT', `${V1}/user/notification/unsubscribe`, { body: { code } })).status).toBe(200);
      expect(await config()).toMatchObject({ inbox: { enable: false }, all_new_question: { enable: true } });
      expect((await call(app(), 'PUT', `${V1}/user/notification/unsubscribe`, { body: { code: code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A') } })).status).toBe(403);
      await call(app(), 'PUT', `${V1}/user/notification/config`, { token: bob.token, body: { inbox: { enable: true }, all_new_question: { enable: false } } });
    });

    it('mails the outcome of a flag with the moderation module\'s actions, linking the post or the site', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'Is this question spam or not?', 'meta');
      const flag = { trigger_user_id: bob.id, type: 'inbox' as const, object_type: 'question', object_id: qid, title: 'Is this question spam or not?', question_id: qid };
      await notify(app().quorum, [{ ...flag, receiver_id: carol.id, action: 'flag_handled' }]);
      const handled = await mailTo(carol, /你的举报已被处理/);
      expect(linkIn(handled)).toBe(`${SITE}/questions/${qid}/is-this-question-spam-or-not`);
      await notify(app().quorum, [{ ...flag, receiver_id: alice.id, action: 'flag_ignored', object_type: 'user', object_id: carol.id, question_id: '', title: '' }]);
      const kept = await mailTo(alice, /Your flag was reviewed/);
      expect(kept.text).toContain(`Visit Test Site: ${SITE}/`);
    });

    it('queues one e-mail per event and receiver however often it is notified, and delivers it once after a refused attempt', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'Can I reuse yeast cake?', 'yeast');
      box.refuse(true);
      const aid = await answerQuestion(app(), carol.token, qid, 'Yes, pitch a third of it.');
      const event = { receiver_id: alice.id, trigger_user_id: carol.id, type: 'inbox' as const, action: 'answer_the_question', object_type: 'answer', object_id: aid, title: 'Can I reuse yeast cake?', question_id: qid, answer_id: aid };
      await Promise.all([notify(app().quorum, [event]), notify(app().quorum, [event])]);
      await notify(app().quorum, [event]);
      const rows = await db().selectFrom('outbox').selectAll().where('dedup_key', '=', `answer_the_question:${aid}:${alice.id}`).execute();
      expect(rows).toHaveLength(1);
      await mailWorker(app().quorum)!.runOnce();
      expect((await db().selectFrom('outbox').select('attempts').where('id', '=', rows[0]!.id).executeTakeFirstOrThrow()).attempts).toBeGreaterThan(0);
      box.refuse(false);
      await db().updateTable('outbox').set({ next_attempt_at: 0 }).where('id', '=', rows[0]!.id).execute();
      await mailWorker(app().quorum)!.runOnce();
      await mailTo(alice, /carol answered your question/);
      await mailWorker(app().quorum)!.runOnce();
      expect(box.messages.filter((m) => m.to.includes('alice@') && m.subject.includes('carol answered your question'))).toHaveLength(1);
    });
  });
}
