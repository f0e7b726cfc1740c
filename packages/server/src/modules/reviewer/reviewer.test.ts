/**
 * The built-in reviewer over HTTP on every engine (reviewer.rules.ts has the rules): each rule's pass, queue and
 * reject where it has them — blocked words, blocked e-mail domains, spam phrases from the admin's list, link
 * density, a new member's links, repeated text — on questions, answers, comments, edits and profiles; a queued
 * question waits in the review queue with the reviewer's reason, kept and visible to its author only; refusals
 * are field errors in the member's language; moderators are not reviewed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

const SPAM = '/answer/admin/api/siteinfo/spam';

for (const dialect of DIALECTS) {
  describe(`built-in reviewer on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let mod: Member;
    let regular: Member;
    let n = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      mod = await member(site, 'revmod', 1);
      await makeModerator(site, mod.id);
      regular = await member(site, 'revregular', 500);
      const tag = await call(site.app, 'POST', `${API}/question`, { token: admin, body: { title: 'The first question of the reviewed tag', content: 'Creates the tag the members of these tests use.', tags: [{ slug_name: 'reviewed', display_name: 'reviewed' }] } });
      expect(tag.status, JSON.stringify(tag.body)).toBe(200);
      const r = await call(site.app, 'PUT', SPAM, { token: admin, body: { blocked_words: ['grobspam', '垃圾词'] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    });
    afterAll(async () => site?.close());

    const fresh = async (rank = 1) => member(site!, `rev${dialect.slice(0, 2)}${++n}`, rank);
    const postQuestion = (m: Member, title: string, content: string, lang?: string) =>
      call(site!.app, 'POST', `${API}/question`, { token: m.token, lang, body: { title, content, tags: [{ slug_name: 'reviewed', display_name: 'reviewed' }] } });
    const statusOf = async (table: 'questions' | 'answers', id: string) => Number((await site!.app.quorum.database!.kysely.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
    const fieldErrorOf = (r: { status: number; body: { data: any } }) => {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return r.body.data[0] as { error_field: string; error_msg: string };
    };

    it('the spam section carries the phrase list (with defaults), the blocked words and the reviewer timeout, checked on save', async (t) => {
      if (!site) return t.skip();
      const got = (await call(site.app, 'GET', SPAM, { token: admin })).body.data;
      expect(got.spam_phrases).toEqual(expect.arrayContaining(['buy cheap', 'casino bonus']));
      expect(got.blocked_words).toEqual(['grobspam', '垃圾词']);
      expect(got.reviewer_timeout_seconds).toBe(3);
      const bad = await call(site.app, 'PUT', SPAM, { token: admin, body: { reviewer_timeout_seconds: 0, spam_phrases: ['x'.repeat(201)] } });
      expect((bad.body.data as { error_field: string }[]).map((e) => e.error_field).sort()).toEqual(['reviewer_timeout_seconds', 'spam_phrases.0']);
    });

    it('a clean question passes; a spam phrase queues it for review with the reason, kept and shown to its author only; two phrases reject it', async (t) => {
      if (!site) return t.skip();
      const m = await fresh();
      const clean = await postQuestion(m, 'How should I store sourdough starter?', 'I keep it in the fridge and feed it weekly. Is that enough?');
      expect(clean.status, JSON.stringify(clean.body)).toBe(200);
      expect(await statusOf('questions', clean.body.data.id)).toBe(1);

      const text = 'Where can I buy cheap garden tools that last for years of daily use?';
      const queued = await postQuestion(m, 'Garden tools for a small allotment', text);
      expect(queued.status).toBe(200);
      const id = queued.body.data.id as string;
      expect(await statusOf('questions', id)).toBe(11);
      expect((await call(site.app, 'GET', `${API}/question/info?id=${id}`)).status).toBe(404);
      const own = await call(site.app, 'GET', `${API}/question/info?id=${id}`, { token: m.token });
      expect(own.status).toBe(200);
      expect(own.body.data.content).toBe(text);
      const page = (await call(site.app, 'GET', `${API}/review/pending/post/page?page_size=50`, { token: mod.token })).body.data;
      expect(page.list.find((i: { object_id: string }) => i.object_id === id)).toMatchObject({ reason: 'A spam filter asked a moderator to look at it.', original_text: text });

      const e = fieldErrorOf(await postQuestion(m, 'Casino bonus for garden tools', 'Buy cheap tools and get a casino bonus with every order today.', 'fr_FR'));
      expect(e).toEqual({ error_field: 'content', error_msg: "Cela ressemble à du spam et n'a pas été publié." });
    });

    it('a blocked word rejects the post (whole words, any case, and within text in scripts without spaces), in the member\'s language', async (t) => {
      if (!site) return t.skip();
      const m = await fresh();
      expect(fieldErrorOf(await postQuestion(m, 'A question about GrobSpam', 'What does this word mean in practice, please?', 'de_DE'))).toEqual({
        error_field: 'content',
        error_msg: 'Dieser Text enthält ein Wort, das hier nicht erlaubt ist: grobspam.',
      });
      const ok = await postQuestion(m, 'A question about grobspamming', 'Longer words that only contain it are fine to post here.');
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const q = await ask(site, regular.token, 'A question to comment on for the reviewer', 'Context number 1 for the reviewer tests, with its own words.');
      const c = await call(site.app, 'POST', `${API}/comment`, { token: m.token, body: { object_id: q, original_text: '这是一个垃圾词的例子，请删除。' } });
      expect(fieldErrorOf(c).error_field).toBe('original_text');
    });

    it('an author whose e-mail domain is on the sign-up block list is refused', async (t) => {
      if (!site) return t.skip();
      const m = await fresh(500);
      const q = await ask(site, regular.token, 'Another question to comment on for the reviewer', 'Context number 2 for the reviewer tests, with its own words.');
      const comment = () => call(site!.app, 'POST', `${API}/comment`, { token: m.token, body: { object_id: q, original_text: 'A perfectly ordinary comment about the question.' } });
      expect((await comment()).status).toBe(200);
      await site.app.quorum.database!.kysely.updateTable('users').set({ e_mail: 'someone@mail.spam-domain.example' }).where('id', '=', m.id).execute();
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { blocked_email_domains: ['spam-domain.example'] } })).status).toBe(200);
      expect(fieldErrorOf(await comment())).toEqual({ error_field: 'original_text', error_msg: 'Posts from addresses at mail.spam-domain.example are not accepted here.' });
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { blocked_email_domains: [] } })).status).toBe(200);
    });

    it('link density queues a new member\'s link-stuffed answer; a single link of theirs passes; members past the threshold are trusted with links', async (t) => {
      if (!site) return t.skip();
      const q = await ask(site, regular.token, 'Which hosting should I pick for a small site?', 'Context number 3 for the reviewer tests, with its own words.');
      const stuffed = 'See https://a.example/x https://b.example/y https://c.example/z now';
      const newbie = await fresh();
      const byNewbie = await call(site.app, 'POST', `${API}/answer`, { token: newbie.token, body: { question_id: q, content: stuffed } });
      expect(byNewbie.status, JSON.stringify(byNewbie.body)).toBe(200);
      expect(await statusOf('answers', byNewbie.body.data.info.id)).toBe(11);
      const other = await fresh();
      const one = await answer(site, other.token, q, 'I have used https://host.example for years and it has been reliable, with friendly support and fair prices.');
      expect(await statusOf('answers', one)).toBe(1);
      expect(await statusOf('answers', await answer(site, regular.token, q, stuffed))).toBe(1);
      const spammy = await call(site.app, 'POST', `${API}/answer`, { token: (await fresh()).token, body: { question_id: q, content: `Free spins: ${stuffed}` } });
      expect(fieldErrorOf(spammy).error_msg).toBe('This looks like spam and was not published.');
    });

    it('repeated text: the same comment again is held (not saved), the same question again is queued, a third copy is refused', async (t) => {
      if (!site) return t.skip();
      const m = await fresh(500);
      const q = await ask(site, regular.token, 'A question that gets the same comment twice', 'Context number 4 for the reviewer tests, with its own words.');
      const say = (text: string) => call(site!.app, 'POST', `${API}/comment`, { token: m.token, body: { object_id: q, original_text: text } });
      const first = await say('Check out my profile for the best deals on everything!');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(fieldErrorOf(await say('check out my PROFILE for the best deals on everything'))).toEqual({
        error_field: 'original_text',
        error_msg: "This looks like spam to the site's filters, so it was not saved. Change it, or ask a moderator.",
      });
      const body = 'My bicycle chain keeps slipping on the smallest cog when I pedal hard uphill.';
      expect((await postQuestion(m, 'Chain slipping on the smallest cog', body)).status).toBe(200);
      const again = await postQuestion(m, 'Chain slips when pedalling uphill', body);
      expect(await statusOf('questions', again.body.data.id)).toBe(11);
      expect(fieldErrorOf(await postQuestion(m, 'Chain slipping again, third time', body)).error_msg).toBe('This looks like spam and was not published.');
    });

    it('an edit with a spam phrase becomes a suggested edit waiting for review; the answer keeps its public text', async (t) => {
      if (!site) return t.skip();
      const m = await fresh(500);
      const q = await ask(site, regular.token, 'A question whose answer is edited into spam', 'Context number 5 for the reviewer tests, with its own words.');
      const a = await answer(site, m.token, q, 'Tighten the spoke nipples a quarter turn at a time.');
      const blocked = await call(site.app, 'PUT', `${API}/answer`, { token: m.token, body: { id: a, question_id: q, content: 'Grobspam everywhere.', edit_summary: 'x' } });
      expect(fieldErrorOf(blocked).error_field).toBe('content');
      const edit = await call(site.app, 'PUT', `${API}/answer`, { token: m.token, body: { id: a, question_id: q, content: 'Tighten the spokes, and buy cheap wheels from my shop.', edit_summary: 'more' } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(edit.body.data).toEqual({ wait_for_review: true });
      const row = await site.app.quorum.database!.kysely.selectFrom('answers').select(['original_text', 'status']).where('id', '=', a).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ original_text: 'Tighten the spoke nipples a quarter turn at a time.', status: 1 });
      const rev = await site.app.quorum.database!.kysely.selectFrom('revisions').select('status').where('object_id', '=', a).where('status', '=', 1).execute();
      expect(rev).toHaveLength(1);
    });

    it('a profile change is reviewed: a blocked word or a spam phrase in the bio is refused on the bio field, nothing saved', async (t) => {
      if (!site) return t.skip();
      const m = await fresh();
      const put = (body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/user/info`, { token: m.token, body });
      const info = async () => (await call(site!.app, 'GET', `${API}/user/info`, { token: m.token })).body.data;
      expect((await put({ bio: 'I grow tomatoes and write about compost.' })).status).toBe(200);
      expect(fieldErrorOf(await put({ bio: 'Visit me for a casino bonus and free spins!' })).error_field).toBe('bio');
      expect(fieldErrorOf(await put({ display_name: 'Grobspam King' })).error_field).toBe('display_name');
      expect(await info()).toMatchObject({ bio: 'I grow tomatoes and write about compost.' });
    });

    it('moderators are not reviewed', async (t) => {
      if (!site) return t.skip();
      const r = await postQuestion(mod, 'Moderator example of a spam phrase', 'An example: "buy cheap" and "casino bonus" are in the phrase list.');
      expect(r.status).toBe(200);
      expect(await statusOf('questions', r.body.data.id)).toBe(1);
    });
  });
}
