/**
 * Reply by e-mail end to end, on every engine: notification e-mails carry a signed Reply-To; nodemailer sends the
 * member's reply to the inbound SMTP server started on a free local port, and the answer or comment appears in the
 * question's lists through the app. Refusals (a forged or unknown address, a stranger, a site rule, a huge or
 * malformed mail, a failed sender check) answer with the reason; a retried message posts once; the webhook takes a
 * provider's post and bounces refusals to the member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import { runMailJobs } from '../digest/index.js';
import { startInboundSmtp, type InboundSmtp } from './index.js';

const V1 = '/answer/api/v1';
const DOMAIN = 'reply.example.com';

for (const dialect of DIALECTS) {
  describe(`reply by e-mail on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let inbound: InboundSmtp;
    let admin: string;
    let alice: TestUser, bob: TestUser, carol: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice', 10_000);
      bob = await activeUser(site.app, 'bob', 10_000);
      carol = await activeUser(site.app, 'carol', 10_000);
      inbound = await startInboundSmtp(site.app.quorum, { port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await inbound?.close();
      await site?.close();
      await box?.close();
      delete process.env.QUORUM_INBOUND_WEBHOOK_TOKEN;
    });
    const app = () => site!.app;
    const settings = (body: Record<string, unknown>) => call(app(), 'PUT', '/answer/admin/api/siteinfo/inbound-mail', { token: admin, body });
    /** Sends a message to the inbound server as a mail server would; resolves with the server's reply or rejects with its refusal. */
    const send = (mail: SendMailOptions) =>
      nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true, connectionTimeout: 5000 }).sendMail(mail);
    const refusal = async (mail: SendMailOptions): Promise<{ code: number; text: string }> => {
      try {
        await send(mail);
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message: string };
        return { code: e.responseCode ?? 0, text: e.response ?? e.message };
      }
      throw new Error('the message was accepted');
    };
    const answers = async (qid: string) => (await call(app(), 'GET', `${V1}/answer/page?question_id=${qid}&page=1&page_size=50`)).body.data.list as { id: string; content: string; user_info: { username: string } }[];
    const comments = async (objectId: string) => (await call(app(), 'GET', `${V1}/comment/page?object_id=${objectId}&page=1&page_size=50`)).body.data.list as { comment_id: string; original_text: string; user_id: string }[];
    /** The Reply-To of the next notification e-mail to `user` with `subject` after `mark` messages (box.messages.length before the action). */
    const replyTo = async (user: TestUser, subject: RegExp, mark: number) => {
      const mail = await box.waitFor(`${user.name}@example.com`, { subject, after: mark });
      return mail.headers['reply-to'] ?? '';
    };

    it('validates its settings with field errors and is off by default', async (t) => {
      if (!site) return t.skip();
      const off = (await call(app(), 'GET', '/answer/admin/api/siteinfo/inbound-mail', { token: admin })).body.data;
      expect(off).toEqual({ enabled: false, reply_domain: '', new_questions: false });
      // Off: notification e-mails carry no reply address.
      const qid = await askQuestion(app(), alice.token, 'Is reply by e-mail off by default?', 'mail');
      const mark = box.messages.length;
      await answerQuestion(app(), bob.token, qid, 'Yes it is, until the admin turns it on.');
      expect(await replyTo(alice, /bob answered your question/, mark)).toBe('');

      const missing = await settings({ enabled: true, reply_domain: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.data).toEqual([{ error_field: 'reply_domain', error_msg: 'Enter the reply domain before turning reply by e-mail on.' }]);
      const bad = await settings({ enabled: true, reply_domain: 'not a domain' });
      expect(bad.status).toBe(400);
      expect(bad.body.data[0].error_field).toBe('reply_domain');
      const saved = await settings({ enabled: true, reply_domain: 'Reply.Example.com', new_questions: false });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({ enabled: true, reply_domain: DOMAIN, new_questions: false });
    });

    it('turns a reply to an invitation into an answer, quotes and signature stripped, once however often it is sent', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'How warm should a saison ferment?', 'saison');
      const mark = box.messages.length;
      expect((await call(app(), 'PUT', `${V1}/question/invite`, { token: alice.token, body: { question_id: qid, invite_user: ['carol'] } })).status).toBe(200);
      const address = await replyTo(carol, /alice invited you to answer/, mark);
      expect(address).toMatch(new RegExp(`^r\\+a${qid}\\.${carol.id}\\.[0-9a-f]{24}@${DOMAIN.replace(/\./g, '\\.')}$`));
      const reply = {
        from: 'Carol <carol@example.com>',
        to: address,
        subject: 'Re: alice invited you to answer a question',
        messageId: `<saison-${dialect}@mail.example.com>`,
        text: [
          'Start at 20 degrees and let it rise to 30 over a week.',
          '',
          'Saison yeast likes the heat.',
          '',
          '-- ',
          'Carol, brewing since 2001',
          '',
          'On Thu, 3 Dec 2026 at 10:00, Test Site <noreply@example.com> wrote:',
          '> alice invited you to answer a question',
        ].join('\n'),
      };
      await send(reply);
      const list = await answers(qid);
      expect(list).toHaveLength(1);
      expect(list[0]!.content).toBe('Start at 20 degrees and let it rise to 30 over a week.\n\nSaison yeast likes the heat.');
      expect(list[0]!.user_info.username).toBe('carol');
      // The sender's server retries (it lost our 250): accepted again, posted once.
      await send(reply);
      await send({ ...reply, text: 'A replay with the same Message-ID and another text.' });
      expect(await answers(qid)).toHaveLength(1);
    });

    it('turns a reply to a new-answer notice into a comment on that answer', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'Which hops for a pale ale?', 'hops');
      const mark = box.messages.length;
      const aid = await answerQuestion(app(), bob.token, qid, 'Cascade and Centennial, late in the boil.');
      const address = await replyTo(alice, /bob answered your question/, mark);
      expect(address).toMatch(new RegExp(`^r\\+c${aid}\\.${alice.id}\\.`));
      await send({ from: 'alice@example.com', to: address, subject: 'Re: hops', html: '<p>Thanks, <b>Cascade</b> it is.</p><blockquote>Cascade and Centennial</blockquote>' });
      const list = await comments(aid);
      expect(list.map((c) => [c.original_text, c.user_id])).toEqual([['Thanks, Cascade it is.', alice.id]]);
    });

    it('refuses forged and unknown addresses, strangers, site rules, huge, malformed and failed-check mail with the reason', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(app(), alice.token, 'What is a good mash thickness?', 'mash');
      const mark = box.messages.length;
      expect((await call(app(), 'PUT', `${V1}/question/invite`, { token: alice.token, body: { question_id: qid, invite_user: ['carol'] } })).status).toBe(200);
      const address = await replyTo(carol, /alice invited you to answer a question/, mark);
      const good = { from: 'carol@example.com', to: address, subject: 'Re: mash', text: 'About three litres per kilogram of grain.' };

      // Another member's id under carol's signature, or a changed signature: refused at RCPT.
      const forged = address.replace(`.${carol.id}.`, `.${bob.id}.`);
      expect(await refusal({ ...good, from: 'bob@example.com', to: forged })).toEqual({ code: 550, text: expect.stringContaining('This reply address is not valid') });
      expect((await refusal({ ...good, to: address.replace(/\.([0-9a-f])([0-9a-f]{23})@/, (_m, a: string, b: string) => `.${a === '0' ? '1' : '0'}${b}@`) })).code).toBe(550);
      expect(await refusal({ ...good, to: `someone@${DOMAIN}` })).toEqual({ code: 550, text: expect.stringContaining('no reply address or tag address') });
      expect(await refusal({ ...good, to: 'carol@elsewhere.example.org' })).toMatchObject({ code: 550 });
      // A valid address, but sent by someone else.
      expect(await refusal({ ...good, from: 'mallory@example.com' })).toEqual({ code: 550, text: expect.stringContaining('not the e-mail of the member') });
      // The site's rules: an answer shorter than the least length is refused with the service's reason.
      expect(await refusal({ ...good, text: 'Thin.' })).toEqual({ code: 550, text: '550 Answer must be at least 6 characters.' });
      // A sender check that failed upstream (Authentication-Results of the receiving server).
      expect(await refusal({ ...good, headers: { 'Authentication-Results': 'mx.example.com; spf=fail smtp.mailfrom=example.com; dkim=none' } })).toEqual({ code: 550, text: expect.stringContaining('sender check (SPF)') });
      // Too large: refused while it is sent (SIZE), never parsed.
      expect(await refusal({ ...good, text: 'x'.repeat(1_100_000) })).toMatchObject({ code: 552 });
      // No Message-ID (a raw message): nothing to keep a retry from posting twice, refused.
      expect(await refusal({ envelope: { from: 'carol@example.com', to: [address] }, raw: `From: carol@example.com\r\nTo: ${address}\r\nSubject: raw\r\n\r\nAbout three litres per kilogram.\r\n` })).toEqual({ code: 550, text: expect.stringContaining('no Message-ID') });
      // An automatic reply is never posted.
      expect((await refusal({ ...good, headers: { 'Auto-Submitted': 'auto-replied' } })).code).toBe(550);
      expect(await answers(qid)).toEqual([]);
      // The same mail, well formed, is posted.
      await send(good);
      expect((await answers(qid)).map((a) => a.content)).toEqual(['About three litres per kilogram of grain.']);
    });

    it("turns a mail to a tag's address into a question only when the site allows it", async (t) => {
      if (!site) return t.skip();
      await askQuestion(app(), alice.token, 'Seeding the lager tag for mail questions', 'lager');
      const mail = { from: 'bob@example.com', to: `ask+lager@${DOMAIN}`, subject: 'How long should a lager lager?', text: 'I have a pilsner at 2 degrees for three weeks now. Is that enough?' };
      expect(await refusal(mail)).toEqual({ code: 550, text: expect.stringContaining('does not take new questions by e-mail') });
      expect((await settings({ enabled: true, reply_domain: DOMAIN, new_questions: true })).status).toBe(200);
      expect(await refusal({ ...mail, from: 'nobody@example.com' })).toMatchObject({ code: 550, text: expect.stringContaining('not the e-mail of the member') });
      await send(mail);
      const list = (await call(app(), 'GET', `${V1}/question/page?tag=lager&page=1&page_size=20&order=newest`)).body.data.list as { title: string; operator?: { username: string } }[];
      expect(list.map((q) => q.title)).toContain('How long should a lager lager?');
    });

    it('mailing-list mode: the instant e-mail of a new question in a followed tag is answered by replying to it', async (t) => {
      if (!site) return t.skip();
      await askQuestion(app(), alice.token, 'Seeding the cider tag', 'cider');
      const tag = await call(app(), 'GET', `${V1}/tag?tag_name=cider`, { token: carol.token });
      expect((await call(app(), 'POST', `${V1}/follow`, { token: carol.token, body: { object_id: tag.body.data.tag_id } })).status).toBe(200);
      expect((await call(app(), 'PUT', `${V1}/user/notification/config`, { token: carol.token, body: { all_new_question_for_following_tags: { key: 'email', enable: true, frequency: 'instant' } } })).status).toBe(200);
      await runMailJobs(app().quorum);
      const mark = box.messages.length;
      const qid = await askQuestion(app(), alice.token, 'Which apples make a dry cider?', 'cider');
      await runMailJobs(app().quorum);
      const address = await replyTo(carol, /New question in cider: Which apples make a dry cider\?/, mark);
      expect(address).toMatch(new RegExp(`^r\\+a${qid}\\.${carol.id}\\.[0-9a-f]{24}@`));
      await send({ from: 'carol@example.com', to: address, subject: 'Re: New question in cider', text: 'Bittersharp apples such as Kingston Black.\n\nOn Thu, 3 Dec 2026, Test Site wrote:\n> Which apples make a dry cider?' });
      expect((await answers(qid)).map((a) => [a.content, a.user_info.username])).toEqual([['Bittersharp apples such as Kingston Black.', 'carol']]);
    });

    it('takes mail from a provider webhook: token checked, SPF/DKIM fields honoured, refusals bounced to the member, retries posted once', async (t) => {
      if (!site) return t.skip();
      const hook = (token: string, body: Record<string, unknown>) => call(app(), 'POST', `${V1}/inbound-mail/webhook?token=${encodeURIComponent(token)}`, { body });
      expect((await hook('anything', { raw: 'x' })).status).toBe(404);
      process.env.QUORUM_INBOUND_WEBHOOK_TOKEN = 'hook-secret-123';
      expect((await hook('hook-secret-12', { raw: 'x' })).status).toBe(404);

      const qid = await askQuestion(app(), alice.token, 'Should I dry hop a stout?', 'stout');
      const mark = box.messages.length;
      expect((await call(app(), 'PUT', `${V1}/question/invite`, { token: alice.token, body: { question_id: qid, invite_user: ['bob'] } })).status).toBe(200);
      const address = await replyTo(bob, /alice invited you to answer/, mark);
      const raw = (id: string, text: string) => `From: Bob <bob@example.com>\r\nTo: ${address}\r\nSubject: Re: stout\r\nMessage-ID: <${id}-${dialect}@mail.example.com>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n`;

      const posted = await hook('hook-secret-123', { raw: raw('hook-1', 'Not usually: roast flavours hide the hops.'), recipient: address, spf: 'pass', dkim: 'pass' });
      expect(posted.status).toBe(200);
      expect(posted.body.data.status).toBe('posted');
      const again = await hook('hook-secret-123', { raw: raw('hook-1', 'Not usually: roast flavours hide the hops.'), recipient: address });
      expect(again.body.data).toMatchObject({ status: 'duplicate', post_id: posted.body.data.post_id });
      expect((await answers(qid)).map((a) => a.content)).toEqual(['Not usually: roast flavours hide the hops.']);

      const dkimFail = await hook('hook-secret-123', { raw: raw('hook-2', 'A forged message that failed DKIM.'), recipient: address, dkim: 'fail' });
      expect(dkimFail.body.data).toMatchObject({ status: 'refused', reason: 'inbound_mail.refused.auth_failed' });
      // A site rule refuses it: bob gets a bounce with the reason (once, however often the provider posts it).
      const short = await hook('hook-secret-123', { raw: raw('hook-3', 'No.'), recipient: address });
      expect(short.body.data.status).toBe('refused');
      const bounce = await box.waitFor('bob@example.com', { subject: /Your e-mail was not posted: Re: stout/ });
      expect(bounce.text).toContain('was not posted, for this reason:');
      await hook('hook-secret-123', { raw: raw('hook-3', 'No.'), recipient: address });
      // A stranger is dropped (no bounce to a forged sender).
      const stranger = await hook('hook-secret-123', { raw: raw('hook-4', 'I am not bob but I say I am.').replace('bob@example.com', 'mallory@example.com'), recipient: address });
      expect(stranger.body.data).toMatchObject({ status: 'refused', reason: 'inbound_mail.refused.unknown_sender' });
      expect(await answers(qid)).toHaveLength(1);
      const db = app().quorum.database!.kysely;
      const bounces = await db.selectFrom('outbox').select('dedup_key').where('dedup_key', 'like', 'inbound_bounce:%').execute();
      expect(bounces).toHaveLength(1);
    });
  });
}
