/**
 * The whole Stack Exchange dump on every engine: coffee.stackexchange.com's real Posts.xml with generated Users,
 * Tags, PostHistory, Votes, PostLinks and Badges files that refer to its posts. What each file adds is read back
 * through HTTP (timeline with revisions and their authors, a duplicate link and close reason, a tag description,
 * badges on a profile, scores and bookmarks), and the per-file report names why rows were skipped.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { COFFEE, haveFixtures } from '../../../test/fixtures.js';
import { importStackExchange, type ImportSummary } from './index.js';
import { reindexAll } from '../search/index.js';

// The real coffee dump beside the repository (test/fixtures.ts); without it these tests skip with one line.
const real = haveFixtures();
const API = '/answer/api/v1';

const xml = (root: string, rows: Array<Record<string, string>>) => {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#xA;');
  const lines = rows.map((r) => `  <row ${Object.entries(r).map(([k, v]) => `${k}="${esc(v)}"`).join(' ')} />`);
  return `\ufeff<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${lines.join('\n')}\n</${root}>\n`;
};

/** Writes the dump: coffee's Posts.xml plus the other files. Question 1 (owner 4) is edited by user 900. */
function writeDump(dir: string): void {
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(COFFEE, 'Posts.xml'), path.join(dir, 'Posts.xml'));
  const d = '2015-02-01T10:00:00.000';
  writeFileSync(
    path.join(dir, 'Users.xml'),
    xml('users', [
      { Id: '4', Reputation: '500', CreationDate: d, DisplayName: 'Bean Keeper' },
      { Id: '8', Reputation: '20', CreationDate: d, DisplayName: 'Grind Master' },
      { Id: '900', Reputation: '3000', CreationDate: d, DisplayName: 'Editor Ed' },
    ]),
  );
  writeFileSync(
    path.join(dir, 'Tags.xml'),
    xml('tags', [
      { Id: '1', TagName: 'coffee-pods', Count: '0', ExcerptPostId: '354', WikiPostId: '353' },
      { Id: '2', TagName: 'storage', Count: '3' },
      { Id: '3', TagName: '' },
    ]),
  );
  const h = (id: number, type: number, post: number, guid: string, date: string, user: string, text: string, comment = '') =>
    ({ Id: String(id), PostHistoryTypeId: String(type), PostId: String(post), RevisionGUID: guid, CreationDate: date, UserId: user, Comment: comment, Text: text });
  writeFileSync(
    path.join(dir, 'PostHistory.xml'),
    xml('posthistory', [
      h(1, 1, 1, 'g1', '2015-01-27T20:09:32.720', '4', 'How to store whole bean coffee?'),
      h(2, 2, 1, 'g1', '2015-01-27T20:09:32.720', '4', 'I just got a pound of **coffee**.'),
      h(3, 3, 1, 'g1', '2015-01-27T20:09:32.720', '4', '<storage><whole-bean>'),
      h(4, 2, 24, 'g2', '2015-01-27T21:00:00.000', '24', 'Keep it in an airtight jar.'),
      h(5, 4, 1, 'g3', '2015-01-28T09:00:00.000', '900', 'How should I store whole bean coffee?', 'fixed title'),
      h(6, 25, 1, 'g4', '2015-01-28T09:30:00.000', '', 'https://twitter.com/x'),
      h(7, 6, 1, 'g5', '2015-01-29T09:00:00.000', '900', '<storage><whole-bean><freshness>', 'retagged'),
      h(8, 10, 40, 'g6', '2015-01-28T01:06:09.657', '900', '{"OriginalQuestionIds":[1]}', '101'),
      h(9, 5, 353, 'g7', '2015-02-06T07:31:28.220', '48', 'wiki text'),
      h(10, 5, 999999, 'g8', '2015-02-06T07:31:28.220', '48', 'gone'),
    ]),
  );
  writeFileSync(
    path.join(dir, 'Votes.xml'),
    xml('votes', [
      { Id: '1', PostId: '1', VoteTypeId: '2', CreationDate: '2015-01-28T00:00:00.000' },
      { Id: '2', PostId: '1', VoteTypeId: '2', CreationDate: '2015-01-28T00:00:00.000' },
      { Id: '3', PostId: '1', VoteTypeId: '5', UserId: '8', CreationDate: '2015-01-29T00:00:00.000' },
      { Id: '4', PostId: '24', VoteTypeId: '2', UserId: '900', CreationDate: '2015-01-29T00:00:00.000' },
      { Id: '5', PostId: '24', VoteTypeId: '1', CreationDate: '2015-01-29T00:00:00.000' },
      { Id: '6', PostId: '24', VoteTypeId: '8', UserId: '4', BountyAmount: '50', CreationDate: '2015-01-29T00:00:00.000' },
      { Id: '7', PostId: '1', VoteTypeId: '5', UserId: '777', CreationDate: '2015-01-29T00:00:00.000' },
    ]),
  );
  writeFileSync(
    path.join(dir, 'PostLinks.xml'),
    xml('postlinks', [
      { Id: '1', CreationDate: '2015-01-28T01:06:09.657', PostId: '40', RelatedPostId: '1', LinkTypeId: '3' },
      { Id: '2', CreationDate: '2015-01-28T02:00:00.000', PostId: '2', RelatedPostId: '5', LinkTypeId: '1' },
      { Id: '3', CreationDate: '2015-01-28T02:00:00.000', PostId: '2', RelatedPostId: '24', LinkTypeId: '1' },
    ]),
  );
  writeFileSync(
    path.join(dir, 'Badges.xml'),
    xml('badges', [
      { Id: '1', UserId: '4', Name: 'Autobiographer', Date: '2015-01-27T21:00:00.000', Class: '3', TagBased: 'False' },
      { Id: '2', UserId: '4', Name: 'Student', Date: '2015-01-28T21:00:00.000', Class: '3', TagBased: 'False' },
      { Id: '3', UserId: '4', Name: 'Nice Question', Date: '2015-01-29T21:00:00.000', Class: '3', TagBased: 'False' },
      { Id: '4', UserId: '4', Name: 'Yearling', Date: '2016-01-27T21:00:00.000', Class: '2', TagBased: 'False' },
      { Id: '5', UserId: '4', Name: 'storage', Date: '2016-01-27T21:00:00.000', Class: '3', TagBased: 'True' },
      { Id: '6', UserId: '123456', Name: 'Student', Date: '2016-01-27T21:00:00.000', Class: '3', TagBased: 'False' },
    ]),
  );
}

for (const type of DIALECTS) {
  describe(`full Stack Exchange import on ${type}`, () => {
    let site: TestSite | undefined;
    let tmp: string;
    let summary: ImportSummary;
    let admin: string;
    /** SQLite: the schema of the tables the import writes posts to, before the import (name, sql, statistics) */
    let schemaBefore: unknown[] = [];
    const dir = () => path.join(tmp, 'full.stackexchange.com');
    const postSchema = async () =>
      (await sql`select m.type, m.name, m.tbl_name, m.sql, (select group_concat(s.stat, '|') from sqlite_stat1 s where s.idx = m.name) as stat
        from sqlite_master m where m.tbl_name in ('questions', 'answers', 'tag_rel', 'search_docs', 'search_fts') order by m.type, m.name`.execute(site!.app.quorum.database!.kysely)).rows;

    beforeAll(async () => {
      if (!real || !(await shouldRun(type))) return;
      site = await installedSite(type);
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-full-dump-'));
      writeDump(dir());
      if (type === 'sqlite3') {
        // planner statistics as a live site has them, so that the check below sees them kept
        await sql`analyze`.execute(site.app.quorum.database!.kysely);
        schemaBefore = await postSchema();
      }
      summary = await importStackExchange(site.app.quorum.database!, site.app.quorum.ids!, dir());
      admin = await adminToken(site.app);
    }, 120_000);

    afterAll(async () => {
      await site?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    const postId = async (external: string) =>
      (await site!.app.quorum.database!.kysely.selectFrom('import_map').select('internal_id').where('source', '=', 'full.stackexchange.com').where('kind', '=', 'post').where('external_id', '=', external).executeTakeFirstOrThrow()).internal_id;

    it('reports per file what was imported and skipped, and why', (t) => {
      if (!site) return t.skip();
      const f = summary.files;
      // Posts: 225 questions, 327 answers, the 2 wiki posts Tags.xml names; the other 18 excerpts/wikis and 20 .. are skipped.
      expect(f['Posts.xml']).toMatchObject({ imported: 225 + 327 + 2 });
      expect(f['Posts.xml']!.reasons['post type 5 (tag wiki): no Tags.xml row names it']).toBe(19);
      expect(f['Users.xml']).toEqual({ imported: 3, skipped: 0, reasons: {} });
      expect(f['Tags.xml']).toEqual({ imported: 2, skipped: 1, reasons: { 'tag without a name': 1 } });
      expect(f['PostHistory.xml']).toEqual({
        imported: 7,
        skipped: 3,
        reasons: {
          'history type 25 (post tweeted): no counterpart': 1,
          'history of a tag wiki or excerpt (tags keep only their current text)': 1,
          'on a post that is not in the dump': 1,
        },
      });
      expect(f['Votes.xml']).toEqual({
        imported: 2,
        skipped: 5,
        reasons: {
          "anonymous up/down vote (counted in the post's Score from Posts.xml)": 2,
          'vote type 1 (accepted by originator: acceptance comes from AcceptedAnswerId in Posts.xml)': 1,
          'vote type 8 (bounty start): no counterpart': 1,
          'user is not in the dump': 1,
        },
      });
      expect(f['PostLinks.xml']).toEqual({ imported: 2, skipped: 1, reasons: { 'between posts that are not both questions of the dump': 1 } });
      expect(f['Badges.xml']).toEqual({
        imported: 2,
        skipped: 4,
        reasons: {
          "per-post badge (awarded again from the imported posts by Quorum's rules)": 1,
          'no matching Quorum badge': 1,
          'tag badge (Quorum has no tag badges)': 1,
          'user is not in the dump': 1,
        },
      });
      expect(summary).toMatchObject({ questions: 225, answers: 327, revisions: 4, bookmarks: 1, tagDescriptions: 1 });
      expect(summary.skipped).toBe(Object.values(f).reduce((n, x) => n + x.skipped, 0));
    });

    it('shows the revisions in the question timeline with their authors', async (t) => {
      if (!site) return t.skip();
      const q1 = await postId('1');
      const r = await call(site.app, 'GET', `${API}/activity/timeline?object_id=${q1}`, { token: admin });
      expect(r.status).toBe(200);
      const rows = r.body.data.timeline as Array<{ activity_type: string; comment: string; revision_id: string; created_at: number; user_info: { username: string; display_name: string } }>;
      expect(rows.map((x) => [x.activity_type, x.user_info.display_name, x.comment])).toEqual([
        ['edited', 'Editor Ed', 'retagged'],
        ['edited', 'Editor Ed', 'fixed title'],
        ['asked', 'Bean Keeper', ''],
      ]);
      expect(rows[2]!.created_at).toBe(Date.UTC(2015, 0, 27, 20, 9, 32) / 1000);
      // The title edit carries the body and tags of the first revision; the retag keeps the new title.
      const detail = await call(site.app, 'GET', `${API}/activity/timeline/detail?revision_id=${rows[0]!.revision_id}`, { token: admin });
      expect(detail.status).toBe(200);
      const { new_revision: now, old_revision: old } = detail.body.data;
      expect(old).toMatchObject({ title: 'How should I store whole bean coffee?', original_text: 'I just got a pound of **coffee**.' });
      expect(old.tags.map((x: { slug_name: string }) => x.slug_name)).toEqual(['storage', 'whole-bean']);
      expect(now).toMatchObject({ title: 'How should I store whole bean coffee?', original_text: 'I just got a pound of **coffee**.' });
      expect(now.tags.map((x: { slug_name: string }) => x.slug_name)).toEqual(['storage', 'whole-bean', 'freshness']);
      // The answer's first revision is its 'answered' row; the question names its last editor.
      const a24 = await call(site.app, 'GET', `${API}/activity/timeline?object_id=${await postId('24')}`, { token: admin });
      expect(a24.body.data.timeline.map((x: { activity_type: string }) => x.activity_type)).toEqual(['answered']);
      const q = await site.app.quorum.database!.kysely.selectFrom('questions').select(['revision_id', 'last_edit_user_id']).where('id', '=', q1).executeTakeFirstOrThrow();
      expect(q.revision_id).toBe(rows[0]!.revision_id);
      const ed = await call(site.app, 'GET', `${API}/personal/user/info?username=editor-ed`);
      expect(q.last_edit_user_id).toBe(ed.body.data.id);
    });

    it('closes a duplicate with its link, and lists linked questions both ways', async (t) => {
      if (!site) return t.skip();
      const [q1, q40, q2, q5] = [await postId('1'), await postId('40'), await postId('2'), await postId('5')];
      const info = await call(site.app, 'GET', `${API}/question/info?id=${q40}`);
      expect(info.body.data.operation).toMatchObject({ type: 'closed', msg: `/questions/${q1}` });
      expect(info.body.data.operation.reason).toBe('close_reason.duplicate');
      const linked = await call(site.app, 'GET', `${API}/question/link?question_id=${q40}&page=1&page_size=10`);
      expect(linked.body.data.list.map((x: { id: string }) => x.id)).toEqual([q1]);
      const back = await call(site.app, 'GET', `${API}/question/link?question_id=${q5}&page=1&page_size=10`);
      expect(back.body.data.list.map((x: { id: string }) => x.id)).toEqual([q2]);
      const closed = await call(site.app, 'GET', `${API}/activity/timeline?object_id=${q40}`, { token: admin });
      expect(closed.body.data.timeline.find((x: { activity_type: string }) => x.activity_type === 'closed')).toMatchObject({ reason: 'a duplicate', user_info: { display_name: 'Editor Ed' } });
    });

    it('keeps scores from Posts.xml, turns favorites into bookmarks and named votes into votes', async (t) => {
      if (!site) return t.skip();
      const q1 = await postId('1');
      const info = await call(site.app, 'GET', `${API}/question/info?id=${q1}`);
      expect(info.body.data).toMatchObject({ vote_count: 20, collection_count: 1 });
      const votes = await site.app.quorum.database!.kysely.selectFrom('votes').select(['object_id', 'vote_type', 'object_type']).execute();
      expect(votes).toEqual([{ object_id: await postId('24'), vote_type: 'up', object_type: 'answer' }]);
    });

    it('sets the tag description from its excerpt and wiki posts', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${API}/tag?name=coffee-pods`);
      expect(r.status).toBe(200);
      expect(r.body.data.original_text).toBe(
        'Coffee pods are the paper containers with ground coffee, designed to be brewed in the special coffee machine.\n\n' +
          'Coffee pods are the paper containers with ground coffee, similar to the tea bags, only designed to be brewed in the special coffee machine.',
      );
      expect(r.body.data.parsed_text).toContain('<p>Coffee pods are the paper containers with ground coffee, similar to the tea bags');
    });

    it('shows the mapped badges on the profile with their dates', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${API}/badge/user/awards?username=bean-keeper`);
      expect(r.status).toBe(200);
      const list = r.body.data.list as Array<{ id: string; name: string }>;
      expect(list.map((b) => b.id)).toEqual(expect.arrayContaining(['1', '2']));
      const user = await call(site.app, 'GET', `${API}/personal/user/info?username=bean-keeper`);
      const at = await site.app.quorum.database!.kysely
        .selectFrom('badge_awards')
        .select(['badge_id', 'created_at'])
        .where('user_id', '=', user.body.data.id)
        .where('badge_id', 'in', ['1', '2'])
        .orderBy('badge_id')
        .execute();
      expect(at.map((x) => Number(x.created_at))).toEqual([Date.UTC(2015, 0, 27, 21) / 1000, Date.UTC(2015, 0, 28, 21) / 1000]);
    });

    it('adds nothing when the same dump is imported again', async (t) => {
      if (!site) return t.skip();
      const k = site.app.quorum.database!.kysely;
      const n = async () => {
        const out: number[] = [];
        for (const tbl of ['revisions', 'activity', 'collections', 'votes', 'question_links', 'meta', 'badge_awards'] as const) {
          out.push(Number((await k.selectFrom(tbl).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n));
        }
        return out;
      };
      const before = await n();
      const again = await importStackExchange(site.app.quorum.database!, site.app.quorum.ids!, dir());
      for (const name of ['PostHistory.xml', 'Votes.xml', 'PostLinks.xml', 'Badges.xml']) expect(again.files[name]!.imported).toBe(0);
      expect(await n()).toEqual(before);
    }, 60_000);

    it('finds the imported posts by search, as the index the write path builds finds them', async (t) => {
      if (!site) return t.skip();
      const search = async (q: string, order: string) => {
        const r = await call(site!.app, 'GET', `${API}/search?q=${encodeURIComponent(q)}&order=${order}&page=1&size=50`);
        expect(r.status, q).toBe(200);
        return { q, order, count: r.body.data.count as number, ids: (r.body.data.list as Array<{ object: { id: string } }>).map((x) => x.object.id) };
      };
      const queries = ['coffee', 'espresso', 'grind beans', 'water temperature', 'milk', 'roast', 'storage', 'french press'];
      // Newest first is an exact order; relevance is compared as the set of matches (InnoDB's relevance of a
      // rebuilt index differs: it counts the deleted rows' words until the index is optimized).
      const runAll = async () => {
        const out = [];
        for (const q of queries) {
          const rel = await search(q, 'relevance');
          out.push(await search(q, 'newest'), { ...rel, ids: rel.count <= 50 ? [...rel.ids].sort() : [] });
        }
        return out;
      };
      // A question and an answer of the dump are found by words of their own.
      const q1 = await postId('1');
      expect((await search('store whole bean coffee', 'relevance')).ids).toContain(q1);
      const a24 = await postId('24');
      const a24text = (await site.app.quorum.database!.kysely.selectFrom('answers').select('original_text').where('id', '=', a24).executeTakeFirstOrThrow()).original_text;
      const words = a24text.toLowerCase().match(/[a-z]{6,}/g)!.slice(0, 3).join(' ');
      expect((await search(words, 'newest')).ids, words).toContain(a24);
      const imported = await runAll();
      expect(imported.every((r) => r.count > 0)).toBe(true);
      if (type === 'sqlite3') {
        const k = site.app.quorum.database!.kysely;
        // The full-text index holds exactly the rows of search_docs, and the trigger, indexes and statistics the
        // import set aside are back as they were.
        await sql`insert into search_fts(search_fts, rank) values ('integrity-check', 1)`.execute(k);
        expect(await postSchema()).toEqual(schemaBefore);
      }
      // The index rebuilt through the search module's own write path answers every query the same (on MySQL the
      // FULLTEXT indexes are built after the load: see search.rebuild.repository.ts).
      await reindexAll(site.app.quorum.database!);
      expect(await runAll()).toEqual(imported);
    }, 60_000);
  });
}
