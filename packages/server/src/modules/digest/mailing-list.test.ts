/**
 * Mailing-list mode end to end, on every engine: the option in `user/notification/config` (Answer's keys keep
 * their meaning), new questions, answers and comments of followed tags mailed with a signed reply address through
 * the outbox, replies through the inbound webhook and the inbound SMTP server posted as comments of the member;
 * nothing for members without the option, for one's own posts, for pending, deleted or unlisted posts, for
 * suspended members; a silenced member's mail has no reply address; one-click unsubscribe switches the mode off.
 * Also the admin status of the ways in (GET /admin/api/inbound-mail/status).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { startMailbox, useMailbox, type Mailbox, type ReceivedMail } from '../../../test/mailbox.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import { startInboundSmtp, type InboundSmtp } from '../inbound-mail/index.js';
import { mailWorker } from '../mail/index.js';
import { runMailJobs } from './index.js';

const V1 = '/answer/api/v1';
const DOMAIN = 'reply.example.com';
const SITE = 'http://localhost:9080';

for (const dialect of DIALECTS) {
  describe(`mailing-list mode on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let inbound: InboundSmtp;
    let admin: string;
    let alice: TestUser, bob: TestUser, carol: TestUser, dave: TestUser, erin: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice', 10_000);
      bob = await activeUser(site.app, 'bob', 10_000);
      carol = await activeUser(site.app, 'carol', 10_000);
      dave = await activeUser(site.app, 'dave', 10_000);
      erin = await activeUser(site.app, 'erin', 10_000);
      inbound = await startInboundSmtp(site.app.quorum, { port: 0, host: '127.0.0.1' });
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/inbound-mail', { token: admin, body: { enabled: true, reply_domain: DOMAIN, new_questions: false } })).status).toBe(200);
      process.env.QUORUM_INBOUND_WEBHOOK_TOKEN = 'list-hook-secret';
      await askQuestion(site.app, alice.token, 'Seeding the mead tag', 'mead');
      const tag = await call(site.app, 'GET', `${V1}/tag?tag_name=mead`, { token: carol.token });
      for (const u of [bob, carol, dave, erin]) expect((await call(site.app, 'POST', `${V1}/follow`, { token: u.token, body: { object_id: tag.body.data.tag_id } })).status).toBe(200);
      for (const u of [bob, carol, erin]) expect((await call(site.app, 'PUT', `${V1}/user/notification/config`, { token: u.token, body: { mailing_list: { key: 'email', enable: true } } })).status).toBe(200);
      // dave follows the tag with Answer's options only (inbox e-mails on, nothing for followed tags).
      await runMailJobs(site.app.quorum);
    });
    afterAll(async () => {
      await inbound?.close();
      await site?.close();
      await box?.close();
      delete process.env.QUORUM_INBOUND_WEBHOOK_TOKEN;
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;
    /** Runs a scheduler pass and delivers the outbox. */
    const pass = async () => {
      await runMailJobs(app().quorum);
      await mailWorker(app().quorum)!.runOnce();
    };
    /** Outbox keys of mailing-list and tag e-mails to a member. */
    const listKeys = async (user: TestUser) =>
      (await db().selectFrom('outbox').select('dedup_key').where('dedup_key', 'like', `%:${user.id}`).execute()).map((r) => r.dedup_key!).filter((k) => /^(list_answer|list_comment|tag_question):/.test(k));
    const mailTo = (user: TestUser, subject: RegExp, after: number) => box.waitFor(`${user.name}@example.com`, { subject, after });
    const comments = async (objectId: string) => (await call(app(), 'GET', `${V1}/comment/page?object_id=${objectId}&page=1&page_size=50`)).body.data.list as { original_text: string; user_id: string }[];
    const config = async (user: TestUser) => (await call(app(), 'GET', `${V1}/user/notification/config`, { token: user.token })).body.data;

    it('is an extra option of the notification config that Answer-shaped saves leave alone', async (t) => {
      if (!site) return t.skip();
      expect(await config(carol)).toMatchObject({ inbox: { key: 'email', enable: true }, all_new_question_for_following_tags: { enable: false }, mailing_list: { key: 'email', enable: true } });
      expect((await config(dave)).mailing_list).toEqual({ key: 'email', enable: false });
      // Answer's client sends its three keys only.
      const answerShape = { inbox: { key: 'email', enable: true }, all_new_question: { key: 'email', enable: false }, all_new_question_for_following_tags: { key: 'email', enable: false } };
      expect((await call(app(), 'PUT', `${V1}/user/notification/config`, { token: carol.token, body: answerShape })).status).toBe(200);
      expect((await config(carol)).mailing_list.enable).toBe(true);
      const bad = await call(app(), 'PUT', `${V1}/user/notification/config`, { token: carol.token, body: { mailing_list: { enable: 'yes' } } });
      expect(bad.status).toBe(400);
    });

    it('mails a new question and a new answer in a followed tag with reply addresses; a reply by webhook posts a comment', async (t) => {
      if (!site) return t.skip();
      const mark = box.messages.length;
      const qid = await askQuestion(app(), alice.token, 'How much honey per gallon of mead?', 'mead');
      await pass();
      const question = await mailTo(carol, /New question in mead: How much honey per gallon of mead\?/, mark);
      expect(question.headers['reply-to']).toMatch(new RegExp(`^r\\+a${qid}\\.${carol.id}\\.[0-9a-f]{24}@${DOMAIN}$`));
      expect(question.text).toContain('Reply to this e-mail to answer the question.');
      expect(question.text).toContain('turned on mailing-list mode');
      expect(question.headers['list-unsubscribe']).toMatch(new RegExp(`code=u1\\.mailing_list\\.${carol.id}\\.`));

      const aid = await answerQuestion(app(), bob.token, qid, 'Three pounds for a medium-sweet mead.');
      await pass();
      const answer = await mailTo(carol, /New answer: How much honey per gallon of mead\?/, mark);
      expect(answer.text).toContain('bob answered "How much honey per gallon of mead?" in mead:');
      expect(answer.text).toContain('> Three pounds for a medium-sweet mead.');
      expect(answer.text).toContain(`${SITE}/questions/${qid}/how-much-honey-per-gallon-of-mead/${aid}`);
      expect(answer.text).toContain('Reply to this e-mail to comment on this answer.');
      const address = answer.headers['reply-to']!;
      expect(address).toMatch(new RegExp(`^r\\+c${aid}\\.${carol.id}\\.[0-9a-f]{24}@${DOMAIN}$`));
      expect(await listKeys(carol)).toEqual(expect.arrayContaining([`tag_question:${qid}:${carol.id}`, `list_answer:${aid}:${carol.id}`]));
      // The answerer is not mailed their own answer; a follower without the option gets nothing.
      expect(await listKeys(bob)).toContain(`tag_question:${qid}:${bob.id}`);
      expect((await listKeys(bob)).filter((k) => k.startsWith('list_'))).toEqual([]);
      expect(await listKeys(dave)).toEqual([]);
      // A mailing-list member whose own question is answered gets the inbox mail "answered your question" only.
      const own = await askQuestion(app(), carol.token, 'Does mead need nutrients?', 'mead');
      const ownAnswer = await answerQuestion(app(), bob.token, own, 'Yes, honey is poor in nitrogen.');
      await pass();
      await mailTo(carol, /bob answered your question/, mark);
      expect(await listKeys(carol)).not.toContain(`list_answer:${ownAnswer}:${carol.id}`);
      expect(await listKeys(erin)).toContain(`list_answer:${ownAnswer}:${erin.id}`);

      const raw = `From: Carol <carol@example.com>\r\nTo: ${address}\r\nSubject: Re: ${answer.subject}\r\nMessage-ID: <list-1-${dialect}@mail.example.com>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nDoes that hold for a dry mead too?\r\n\r\nOn Thu, 3 Dec 2026, Test Site wrote:\r\n> Three pounds\r\n`;
      const posted = await call(app(), 'POST', `${V1}/inbound-mail/webhook?token=list-hook-secret`, { body: { raw, recipient: address, spf: 'pass' } });
      expect(posted.body.data.status).toBe('posted');
      expect((await comments(aid)).map((c) => [c.original_text, c.user_id])).toEqual([['Does that hold for a dry mead too?', carol.id]]);
    });

    it('mails new comments; a reply through the inbound SMTP server comments on the same post', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'Which yeast for a sparkling mead?', 'mead');
      await pass();
      const mark = box.messages.length;
      const c = await call(app(), 'POST', `${V1}/comment`, { token: dave.token, body: { object_id: qid, original_text: 'Champagne yeast is the usual pick.' } });
      expect(c.status).toBe(200);
      await pass();
      const mail = await mailTo(erin, /New comment: Which yeast for a sparkling mead\?/, mark);
      expect(mail.text).toContain('dave commented on "Which yeast for a sparkling mead?" in mead:');
      expect(mail.text).toContain(`?commentId=${c.body.data.comment_id}`);
      const address = mail.headers['reply-to']!;
      expect(address).toMatch(new RegExp(`^r\\+c${qid}\\.${erin.id}\\.`));
      await nodemailer
        .createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true, connectionTimeout: 5000 })
        .sendMail({ from: 'erin@example.com', to: address, subject: `Re: ${mail.subject}`, text: 'EC-1118 ferments it dry and clean.' });
      expect((await comments(qid)).map((x) => [x.original_text, x.user_id])).toEqual([
        ['Champagne yeast is the usual pick.', dave.id],
        ['EC-1118 ferments it dry and clean.', erin.id],
      ]);
    });

    it('never mails pending, deleted or unlisted posts, nor suspended members; a silenced member gets no reply address', async (t) => {
      if (!site) return t.skip();
      await pass();
      const before = await listKeys(carol);
      const qid = await askQuestion(app(), alice.token, 'Should mead be aged in oak?', 'mead');
      // A pending answer (the review queue holds answers below 5 reputation).
      expect((await call(app(), 'PUT', '/answer/admin/api/siteinfo/write', { token: admin, body: { review_reputation: 5 } })).status).toBe(200);
      const newbie = await activeUser(app(), 'newbie', 1);
      const pending = await answerQuestion(app(), newbie.token, qid, 'Only for a few weeks, oak is strong.');
      expect((await call(app(), 'PUT', '/answer/admin/api/siteinfo/write', { token: admin, body: { review_reputation: 1 } })).status).toBe(200);
      // A deleted answer.
      const deleted = await answerQuestion(app(), dave.token, qid, 'Oak chips work better than barrels.');
      expect((await call(app(), 'DELETE', `${V1}/answer`, { token: dave.token, body: { id: deleted } })).status).toBe(200);
      // An unlisted question and the posts on it.
      const hidden = await askQuestion(app(), alice.token, 'A question that gets unlisted', 'mead');
      expect((await call(app(), 'PUT', `${V1}/question/operation`, { token: admin, body: { id: hidden, operation: 'hide' } })).status).toBe(200);
      const onHidden = await answerQuestion(app(), dave.token, hidden, 'An answer on an unlisted question.');
      await pass();
      const now = (await listKeys(carol)).filter((k) => !before.includes(k));
      expect(now).toEqual([`tag_question:${qid}:${carol.id}`]);
      for (const id of [pending, deleted, onHidden]) expect((await db().selectFrom('outbox').select('dedup_key').where('dedup_key', 'like', `list_answer:${id}:%`).execute())).toEqual([]);

      // Suspended: nothing. Silenced: the mail without a reply address.
      await db().updateTable('users').set({ status: 9 }).where('id', '=', erin.id).execute();
      await db().updateTable('users').set({ silenced_until: 0 }).where('id', '=', carol.id).execute();
      const mark = box.messages.length;
      const aid = await answerQuestion(app(), dave.token, qid, 'A year in oak is too much for most meads.');
      await pass();
      const silenced = await mailTo(carol, /New answer: Should mead be aged in oak\?/, mark);
      expect(silenced.headers['reply-to']).toBeUndefined();
      expect(silenced.text).not.toContain('Reply to this e-mail');
      expect(await listKeys(erin)).not.toContain(`list_answer:${aid}:${erin.id}`);
      await db().updateTable('users').set({ status: 1 }).where('id', '=', erin.id).execute();
      await db().updateTable('users').set({ silenced_until: null }).where('id', '=', carol.id).execute();
    });

    it('unsubscribes from mailing-list mode with one click, keeping the other options', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'Can I use heather honey?', 'mead');
      const mark = box.messages.length;
      await answerQuestion(app(), bob.token, qid, 'Yes, it gives a lovely floral note.');
      await pass();
      const mail: ReceivedMail = await mailTo(erin, /New answer: Can I use heather honey\?/, mark);
      const url = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!.slice(SITE.length);
      const res = await app().inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(200);
      expect(await config(erin)).toMatchObject({ inbox: { enable: true }, mailing_list: { enable: false } });
      const aid = await answerQuestion(app(), carol.token, qid, 'Heather honey is thick: warm it first.');
      await pass();
      expect(await listKeys(erin)).not.toContain(`list_answer:${aid}:${erin.id}`);
      expect(await listKeys(bob)).toContain(`list_answer:${aid}:${bob.id}`);
    });

    it('shows administrators how the ways in are configured', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'GET', '/answer/admin/api/inbound-mail/status', { token: carol.token })).status).toBe(403);
      const s = await call(app(), 'GET', '/answer/admin/api/inbound-mail/status', { token: admin });
      expect(s.status).toBe(200);
      expect(s.body.data).toEqual({
        smtp: { configured: false, port: null, host: '', listening: true, listening_port: inbound.port },
        webhook: { configured: true, path: `${V1}/inbound-mail/webhook` },
      });
      process.env.QUORUM_INBOUND_SMTP_PORT = '2525';
      delete process.env.QUORUM_INBOUND_WEBHOOK_TOKEN;
      try {
        expect((await call(app(), 'GET', '/answer/admin/api/inbound-mail/status', { token: admin })).body.data).toMatchObject({ smtp: { configured: true, port: 2525 }, webhook: { configured: false } });
      } finally {
        delete process.env.QUORUM_INBOUND_SMTP_PORT;
        process.env.QUORUM_INBOUND_WEBHOOK_TOKEN = 'list-hook-secret';
      }
    });
  });
}
