import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { indexPosts, reindexAll } from './index.js';
import { RELATED_PER_TAG } from './search.repository.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`search on ${dialect}`, () => {
    let site: TestSite | undefined;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const admin = await adminToken(site.app);
      const bob = await registerUser(site.app, 'bob');
      const carol = await registerUser(site.app, 'carol');
      await site.app.quorum.database!.kysely.updateTable('users').set({ mail_status: 1 }).where('id', 'in', [bob.id, carol.id]).execute();
      const ask = async (token: string, title: string, content: string, tags: string[]) => {
        const r = await call(site!.app, 'POST', `${V1}/question`, { token, body: { title, content, tags: tags.map((slug_name) => ({ slug_name })) } });
        if (r.status !== 200) throw new Error(JSON.stringify(r.body));
        return r.body.data.id as string;
      };
      ids.lager = await ask(admin, 'Brewing a lager at home', 'Cold fermentation tips for beginners.', ['beer', 'lager']);
      ids.water = await ask(bob.token, 'Water chemistry question', 'Does water hardness matter for a **lager**?', ['support']);
      ids.zh = await ask(carol.token, '如何酿造啤酒', '我想在家里酿造啤酒，需要什么设备？', ['support']);
      ids.hops = await ask(admin, 'Hop schedule for an IPA', 'When should I add the hops?', ['beer']);
      ids.noise1 = await ask(bob.token, 'Bottle conditioning time', 'How long should bottles condition?', ['support']);
      ids.noise2 = await ask(bob.token, 'Cleaning the fermenter', 'Which sanitizer do you use?', ['support']);
      const a = await call(site.app, 'POST', `${V1}/answer`, { token: carol.token, body: { question_id: ids.water, content: 'Yes, hardness matters for pale lager styles.' } });
      ids.answer = a.body.data.info.id;
      await site.app.quorum.database!.kysely.updateTable('questions').set({ vote_count: 5 }).where('id', '=', ids.lager!).execute();
    });
    afterAll(async () => site?.close());
    const search = async (q: string, extra = '') => {
      const r = await call(site!.app, 'GET', `${V1}/search?q=${encodeURIComponent(q)}${extra}`);
      expect(r.status, q).toBe(200);
      return r.body.data as { count: number; extra: any; list: { object_type: string; object: any }[] };
    };
    const found = (d: { list: { object: { id: string } }[] }) => d.list.map((x) => x.object.id);

    it('finds words in titles and bodies, title matches first, in Answer\'s shape', async (t) => {
      if (!site) return t.skip();
      const d = await search('lager');
      expect(d.count).toBe(3);
      expect(found(d)[0]).toBe(ids.lager);
      expect(found(d)).toEqual(expect.arrayContaining([ids.water, ids.answer]));
      const first = d.list[0]!;
      expect(first.object_type).toBe('question');
      expect(first.object).toMatchObject({ id: ids.lager, question_id: ids.lager, title: 'Brewing a lager at home', url_title: 'brewing-a-lager-at-home', vote_count: 5, answer_count: 0, accepted: false, status: 'available', user_info: { username: 'admin' } });
      expect(first.object.tags.map((x: { slug_name: string }) => x.slug_name)).toEqual(['beer', 'lager']);
      expect(first.object.excerpt).toContain('Cold fermentation');
      const answer = d.list.find((x) => x.object_type === 'answer')!;
      expect(answer.object).toMatchObject({ id: ids.answer, question_id: ids.water, title: 'Water chemistry question', user_info: { username: 'carol' } });
      expect((await search('lager fermentation')).list.map((x) => x.object.id)).toEqual([ids.lager]);
      expect((await search('LAGER Brewing')).count).toBe(1);
      expect((await search('nothing-matches-this')).count).toBe(0);
    });

    it('applies is:, [tag], score:, user: and answers: alone and combined with text', async (t) => {
      if (!site) return t.skip();
      expect(found(await search('lager is:question')).sort()).toEqual([ids.lager, ids.water].sort());
      expect(found(await search('lager is:answer'))).toEqual([ids.answer]);
      expect(found(await search('[beer]')).sort()).toEqual([ids.lager, ids.hops].sort());
      expect(found(await search('[beer] lager'))).toEqual([ids.lager]);
      expect(found(await search('[beer] [lager]'))).toEqual([ids.lager]);
      expect((await search('[beer] [support]')).count).toBe(0);
      expect((await search('[no-such-tag] lager')).count).toBe(0);
      expect(found(await search('score:5'))).toEqual([ids.lager]);
      expect(found(await search('lager score:1'))).toEqual([ids.lager]);
      expect(found(await search('user:carol')).sort()).toEqual([ids.zh, ids.answer].sort());
      expect(found(await search('user:carol is:question'))).toEqual([ids.zh]);
      expect(found(await search('user:carol lager'))).toEqual([ids.answer]);
      expect((await search('user:nobody')).count).toBe(0);
      expect(found(await search('answers:1'))).toEqual([ids.water]);
      expect(found(await search('water answers:1 [support] is:question user:bob score:0'))).toEqual([ids.water]);
      const tagged = await search('[lager]');
      expect(tagged.extra).toMatchObject({ slug_name: 'lager', question_count: 1 });
    });

    it('orders by newest, active and score, and pages with size', async (t) => {
      if (!site) return t.skip();
      expect(found(await search('[beer]', '&order=newest'))).toEqual([ids.hops, ids.lager]);
      expect(found(await search('[beer]', '&order=score'))).toEqual([ids.lager, ids.hops]);
      expect((await search('lager', '&order=active')).count).toBe(3);
      const p1 = await search('lager', '&size=2&page=1');
      const p2 = await search('lager', '&size=2&page=2');
      expect(p1.list).toHaveLength(2);
      expect(p2.list).toHaveLength(1);
      expect(p2.count).toBe(3);
      // A page past the last: no hits, and still the whole count (text and operator-only searches).
      expect(await search('lager', '&size=2&page=3')).toMatchObject({ count: 3, list: [] });
      expect(await search('[beer]', '&size=2&page=5')).toMatchObject({ count: 2, list: [] });
      expect(await search('nothingmatchesthisword', '&size=2&page=2')).toMatchObject({ count: 0, list: [] });
      expect((await call(site.app, 'GET', `${V1}/search?q=x&size=51`)).status).toBe(400);
      expect((await call(site.app, 'GET', `${V1}/search?q=x&order=best`)).status).toBe(400);
    });

    it('finds Chinese text by any two-character substring', async (t) => {
      if (!site) return t.skip();
      expect(found(await search('啤酒'))).toEqual([ids.zh]);
      expect(found(await search('酿造'))).toEqual([ids.zh]);
      expect(found(await search('酿造啤酒'))).toEqual([ids.zh]);
      expect(found(await search('设备'))).toEqual([ids.zh]);
      expect((await search('啤酒花')).count).toBe(0);
    });

    it('answers 200 to hostile and malformed queries, with no injection', async (t) => {
      if (!site) return t.skip();
      for (const q of ['"', '*', "')--", "lager')--", '[unclosed', 'score:abc', 'NEAR(', 'lager OR 1=1', '(', ')', ':', 'a:b:c', "'; drop table questions; --", '"lager*"', 'x'.repeat(5000), '[', ']', '\\', '%', '_', 'lager -- "']) {
        await search(q);
      }
      expect(found(await search('lager OR 1=1'))).toEqual([]);
      expect((await search('"lager"')).count).toBe(3);
      expect((await search('score:abc')).count).toBe(0);
      expect((await search('')).count).toBe(0);
      expect((await call(site.app, 'GET', `${V1}/question/info?id=${ids.lager}`)).status).toBe(200);
    });

    it('hides deleted and unlisted posts', async (t) => {
      if (!site) return t.skip();
      const k = site.app.quorum.database!.kysely;
      await k.updateTable('questions').set({ status: 10 }).where('id', '=', ids.noise1!).execute();
      expect((await search('bottles condition')).count).toBe(0);
      await k.updateTable('questions').set({ show: 2 }).where('id', '=', ids.noise2!).execute();
      expect((await search('sanitizer')).count).toBe(0);
    });

    it('resolves a synonym tag to its main tag', async (t) => {
      if (!site) return t.skip();
      const admin = await adminToken(site.app);
      const beer = await call(site.app, 'GET', `${V1}/tag?tag_name=beer`);
      const r = await call(site.app, 'PUT', `${V1}/tag/synonym`, { token: admin, body: { tag_id: beer.body.data.tag_id, synonym_tag_list: [{ slug_name: 'ale' }] } });
      expect(r.status).toBe(200);
      expect(found(await search('[ale]')).sort()).toEqual([ids.lager, ids.hops].sort());
    });

    it('suggests similar titles while asking and related questions by shared tags', async (t) => {
      if (!site) return t.skip();
      const sim = await call(site.app, 'GET', `${V1}/question/similar?title=${encodeURIComponent('How do I brew a lager?')}`);
      expect(sim.status).toBe(200);
      expect(sim.body.data[0]).toMatchObject({ id: ids.lager, title: 'Brewing a lager at home', url_title: 'brewing-a-lager-at-home', answer_count: 0, accepted_answer: false, status: 'available' });
      expect((await call(site.app, 'GET', `${V1}/question/similar?title=${encodeURIComponent('"*(')}`)).body.data).toEqual([]);
      const zh = await call(site.app, 'GET', `${V1}/question/similar?title=${encodeURIComponent('啤酒')}`);
      expect(zh.body.data.map((x: { id: string }) => x.id)).toEqual([ids.zh]);
      const rel = await call(site.app, 'GET', `${V1}/question/similar/tag?question_id=${ids.lager}`);
      expect(rel.body.data).toMatchObject({ count: 1, list: [{ id: ids.hops }] });
      expect((await call(site.app, 'GET', `${V1}/search/desc`)).body.data).toEqual({ icon: '', link: '' });
    });

    it('indexes rows written in bulk with indexPosts and reindexAll', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const qid = '10019999999990001';
      await db.kysely.insertInto('questions').values({ id: qid, user_id: '1', title: 'Imported kombucha question', original_text: 'scoby', parsed_text: '<p>About a scoby</p>', created_at: 1, updated_at: 1, post_updated_at: 1 }).execute();
      expect((await search('kombucha')).count).toBe(0);
      expect(await indexPosts(db, [qid])).toBe(1);
      expect(found(await search('kombucha scoby'))).toEqual([qid]);
      const total = await reindexAll(db);
      expect(total).toBe(8);
      expect(found(await search('kombucha'))).toEqual([qid]);
      expect(found(await search('啤酒'))).toEqual([ids.zh]);
    });

    it('follows edits, deletions, recoveries and hiding of posts made through the API', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const admin = await adminToken(site.app);
      const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body: object) => {
        const r = await call(site!.app, method, `${V1}${url}`, { token: admin, body });
        expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
        return r.body.data;
      };
      // On PostgreSQL every search row carries whether it may be shown (migration 017, kept by triggers); it must
      // equal the rule the other engines apply by joining the posts: question normal or closed and listed, and
      // for an answer the answer normal too.
      const inStep = async () => {
        if (db.dialect !== 'postgres') return;
        const k = db.kysely as any;
        const docs: { object_id: string; object_type: number; question_id: string; listed: boolean }[] = await k.selectFrom('search_docs').select(['object_id', 'object_type', 'question_id', 'listed']).execute();
        const qs = new Map<string, { status: number; show: number }>((await k.selectFrom('questions').select(['id', 'status', 'show']).execute()).map((r: any) => [r.id, r]));
        const as = new Map<string, { status: number }>((await k.selectFrom('answers').select(['id', 'status']).execute()).map((r: any) => [r.id, r]));
        const rule = (d: (typeof docs)[number]) => {
          const q = qs.get(d.question_id);
          return !!q && [1, 2].includes(Number(q.status)) && Number(q.show) === 1 && (Number(d.object_type) === 1 || Number(as.get(d.object_id)?.status) === 1);
        };
        expect(docs.filter((d) => d.listed !== rule(d)).map((d) => d.object_id)).toEqual([]);
      };
      const qid = (await ok('POST', '/question', { title: 'Kvass from rye bread', content: 'Is kvass a kind of beer at all?', tags: [{ slug_name: 'beer' }] })).id as string;
      const aid = (await ok('POST', '/answer', { question_id: qid, content: 'Kvass is fermented bread, barely alcoholic.' })).info.id as string;
      expect(found(await search('kvass')).sort()).toEqual([qid, aid].sort());
      await inStep();

      await ok('PUT', '/question', { id: qid, title: 'Rye kvass at home', content: 'Can I make it like a mead instead?', tags: [{ slug_name: 'beer' }], edit_summary: 'clearer' });
      expect(found(await search('mead'))).toEqual([qid]);
      expect(found(await search('bread'))).toEqual([aid]);
      await ok('PUT', '/answer', { id: aid, question_id: qid, content: 'Kvass is fermented rye, barely alcoholic.', edit_summary: 'rye' });
      expect((await search('bread')).count).toBe(0);
      expect(found(await search('kvass rye')).sort()).toEqual([qid, aid].sort());
      await inStep();

      await ok('PUT', '/question/operation', { id: qid, operation: 'hide' });
      expect((await search('kvass')).count).toBe(0);
      await inStep();
      await ok('PUT', '/question/operation', { id: qid, operation: 'show' });
      expect((await search('kvass')).count).toBe(2);

      await ok('DELETE', '/answer', { id: aid });
      expect(found(await search('kvass'))).toEqual([qid]);
      await inStep();
      await ok('POST', '/answer/recover', { answer_id: aid });
      expect((await search('kvass')).count).toBe(2);
      await inStep();

      await ok('DELETE', '/answer', { id: aid });
      await ok('DELETE', '/question', { id: qid });
      expect((await search('kvass')).count).toBe(0);
      await inStep();
      await ok('POST', '/question/recover', { question_id: qid });
      expect(found(await search('kvass'))).toEqual([qid]);
      await inStep();
    });
    it('related questions follow questions asked and retagged after they were read (kept between reads until a write)', async (t) => {
      if (!site) return t.skip();
      const admin = await adminToken(site.app);
      const related = async () => ((await call(site!.app, 'GET', `${V1}/question/similar/tag?question_id=${ids.lager}`)).body.data.list as { id: string }[]).map((q) => q.id);
      const before = await related();
      expect(await related()).toEqual(before);
      const asked = await call(site.app, 'POST', `${V1}/question`, { token: admin, body: { title: 'Lagering temperature schedule', content: 'How cold should the lagering phase be?', tags: [{ slug_name: 'lager' }] } });
      expect(asked.status).toBe(200);
      const qid = asked.body.data.id as string;
      expect(await related()).toContain(qid);
      const edited = await call(site.app, 'PUT', `${V1}/question`, { token: admin, body: { id: qid, title: 'Lagering temperature schedule', content: 'How cold should the lagering phase be?', tags: [{ slug_name: 'support' }], edit_summary: 'retag' } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(await related()).not.toContain(qid);
    });

    it('lists related questions by shared tags, then score, drawn from the newest questions of each tag', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const admin = await adminToken(site.app);
      const ask = async (title: string, tags: string[]) => {
        const r = await call(site!.app, 'POST', `${V1}/question`, { token: admin, body: { title, content: `${title}: a question body long enough.`, tags: tags.map((slug_name) => ({ slug_name })) } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data.id as string;
      };
      const related = async (id: string) => ((await call(site!.app, 'GET', `${V1}/question/similar/tag?question_id=${id}&page_size=5`)).body.data.list as { id: string }[]).map((q) => q.id);
      const subject = await ask('Dry stout or porter for winter', ['stout', 'porter']);
      const both = await ask('Is a porter just a weak stout', ['stout', 'porter']);
      const stout = await ask('Nitrogen pours for stout', ['stout']);
      const porter = await ask('Baltic porter yeast choice', ['porter']);
      await db.kysely.updateTable('questions').set({ vote_count: 9 }).where('id', '=', stout).execute();
      await db.kysely.updateTable('questions').set({ vote_count: 3 }).where('id', '=', porter).execute();
      // Two shared tags come before one, whatever the score; then the higher score.
      expect(await related(subject)).toEqual([both, stout, porter]);

      // A tag with more questions than RELATED_PER_TAG: only its newest count, so the old top-scored one is left out.
      const kvass = await ask('Kvass from rye bread', ['kvass']);
      const tag = await db.kysely.selectFrom('tag_rel').select('tag_id').where('object_id', '=', kvass).executeTakeFirstOrThrow();
      const id = (n: number) => `1001999999${String(n).padStart(7, '0')}`;
      const rows = Array.from({ length: RELATED_PER_TAG + 1 }, (_, n) => id(n));
      for (let i = 0; i < rows.length; i += 100) {
        const chunk = rows.slice(i, i + 100);
        await db.kysely.insertInto('questions').values(chunk.map((qid) => ({ id: qid, user_id: '1', title: `Kvass question ${qid}`, original_text: 'kvass', parsed_text: '<p>kvass</p>', created_at: 1, updated_at: 1, post_updated_at: 1 }))).execute();
        await db.kysely.insertInto('tag_rel').values(chunk.map((qid) => ({ object_id: qid, tag_id: tag.tag_id, status: 1, created_at: 1 }))).execute();
      }
      await db.kysely.updateTable('questions').set({ vote_count: 100 }).where('id', '=', id(0)).execute();
      await db.kysely.updateTable('questions').set({ vote_count: 50 }).where('id', '=', id(7)).execute();
      await db.kysely.updateTable('questions').set({ vote_count: 40 }).where('id', '=', id(RELATED_PER_TAG)).execute();
      const list = await related(kvass);
      expect(list).toHaveLength(5);
      expect(list.slice(0, 2)).toEqual([id(7), id(RELATED_PER_TAG)]);
      expect(list).not.toContain(id(0));
    });

    it('lists the same related questions as grouping every candidate in the database, on a site of mixed tags and states', async (t) => {
      if (!site) return t.skip();
      const k = site.app.quorum.database!.kysely;
      // 60 questions over 5 tags of their own (1 to 4 tags each), scores 0-3 (ties), some closed, deleted or unlisted.
      let seed = 7;
      const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), (seed >>> 16) % n);
      const tagIds = [1, 2, 3, 4, 5].map((n) => `10029999990000${n}`);
      const qid = (n: number) => `1002999999${String(n).padStart(7, '0')}`;
      const questions = Array.from({ length: 60 }, (_, n) => ({ id: qid(n), user_id: '1', title: `Mixed question ${n}`, original_text: 'x', parsed_text: '<p>x</p>', created_at: 1, updated_at: 1, post_updated_at: 1, vote_count: rand(4), status: [1, 1, 1, 2, 10][rand(5)]!, show: [1, 1, 1, 2][rand(4)]! }));
      await k.insertInto('questions').values(questions).execute();
      const links = questions.flatMap((q) => tagIds.filter(() => rand(2) === 0).map((tag_id) => ({ object_id: q.id, tag_id, status: 1, created_at: 1 })));
      await k.insertInto('tag_rel').values(links).execute();
      for (const q of questions) {
        if (q.status === 10) {
          // A deleted question's related list answers as its question/info does (its tags are not given away).
          expect((await call(site.app, 'GET', `${V1}/question/similar/tag?question_id=${q.id}&page_size=20`)).status, q.id).toBe(404);
          continue;
        }
        const expected = (
          await sql<{ id: string }>`select q.id as id from (select object_id, count(*) as n from tag_rel where status = 1 and object_id <> ${q.id}
            and tag_id in (select tag_id from tag_rel where object_id = ${q.id} and status = 1) group by object_id) shared
            join questions q on q.id = shared.object_id where q.status in (1, 2) and ${sql.ref('q.show')} = 1
            order by shared.n desc, q.vote_count desc, q.id desc limit 20`.execute(k)
        ).rows.map((r) => r.id);
        const r = await call(site.app, 'GET', `${V1}/question/similar/tag?question_id=${q.id}&page_size=20`);
        expect((r.body.data.list as { id: string }[]).map((x) => x.id), q.id).toEqual(expected);
      }
    });
  });
}
