/**
 * A dump shaped like the scale benchmark's (bench/generate.ts: about one comment and 1.25 up/down votes per post,
 * a few busy authors and voters), once per database engine: the imported site holds what the dump says, post by
 * post and member by member, whatever the bulk-load path did on the way (statements compiled once and re-run, the
 * indexes of the comments and votes set aside and built again on SQLite, the session settings on PostgreSQL). Posts.xml and
 * Users.xml come from test/se-dump.ts; the test writes Comments.xml and Votes.xml itself and reads all four back
 * with the importer's reader to know what to expect.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, migratedDb, shouldRun } from '../../../test/dialects.js';
import { writeDump } from '../../../test/se-dump.js';
import type { Db } from '../../core/db/dialect.js';
import type { IdGenerator } from '../../core/db/ids.js';
import { importStackExchange } from './index.js';
import { readDumpRows, type DumpRow } from './stackexchange.js';

const SOURCE = 'counts.stackexchange.com';
const QUESTIONS = 300;
const USERS = 40;

async function rowsOf(file: string): Promise<DumpRow[]> {
  const out: DumpRow[] = [];
  for await (const b of readDumpRows(file)) out.push(...b);
  return out;
}

/** Writes Comments.xml and Votes.xml over the posts of Posts.xml: busy members (user k drawn ~1/k), one vote row repeated, one anonymous, favorites. */
function writeCommentsAndVotes(dir: string, postIds: number[]): void {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const busy = () => 1 + Math.min(USERS - 1, Math.floor(1 / Math.max(random(), 1 / USERS)) - 1);
  const comments: string[] = [];
  const votes: string[] = [];
  let c = 0;
  let v = 0;
  for (const post of postIds) {
    const nc = Math.floor(random() * 3);
    for (let k = 0; k < nc; k++) comments.push(`  <row Id="${++c}" PostId="${post}" Score="${k}" Text="Comment ${c}: try a finer grind" CreationDate="2015-02-01T10:${String(k).padStart(2, '0')}:00.000" UserId="${busy()}" />`);
    const nv = Math.floor(random() * 3.5);
    const first = Math.floor(random() * USERS);
    for (let k = 0; k < nv; k++) votes.push(`  <row Id="${++v}" PostId="${post}" VoteTypeId="${k % 4 === 3 ? 3 : 2}" UserId="${1 + ((first + k * 7) % USERS)}" CreationDate="2015-02-02T00:00:00.000" />`);
    if (post % 9 === 0) votes.push(`  <row Id="${++v}" PostId="${post}" VoteTypeId="5" UserId="${busy()}" CreationDate="2015-02-03T00:00:00.000" />`);
  }
  // The same voter on the same post twice (the first row counts), and an up vote that names nobody.
  votes.push(`  <row Id="${++v}" PostId="${postIds[0]}" VoteTypeId="2" UserId="1" CreationDate="2015-02-04T00:00:00.000" />`);
  votes.push(`  <row Id="${++v}" PostId="${postIds[0]}" VoteTypeId="3" UserId="1" CreationDate="2015-02-04T00:00:00.000" />`);
  votes.push(`  <row Id="${v + 1}" PostId="${postIds[1]}" VoteTypeId="2" CreationDate="2015-02-04T00:00:00.000" />`);
  writeFileSync(path.join(dir, 'Comments.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<comments>\n${comments.join('\n')}\n</comments>\n`);
  writeFileSync(path.join(dir, 'Votes.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<votes>\n${votes.join('\n')}\n</votes>\n`);
}

/** `[key, n]` pairs of a grouped count, sorted, as strings and numbers. */
function tally(keys: string[]): Array<[string, number]> {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

for (const type of DIALECTS) {
  describe(`Stack Exchange import of a dump with comments and votes on ${type}`, () => {
    let run = false;
    let db: Db;
    let ids: IdGenerator;
    let close = async () => undefined as void;
    let dump = '';
    let indexesBefore: string[] = [];
    const indexes = async () => (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('comments', 'votes') order by name`.execute(db.kysely)).rows.map((r) => r.name);

    beforeAll(async () => {
      run = await shouldRun(type);
      if (!run) return;
      const m = await migratedDb(type);
      ({ db, ids, close } = m);
      dump = path.join(m.dataDir, SOURCE);
      writeDump(dump, { questions: QUESTIONS, users: USERS, withUsers: true });
      const posts = (await rowsOf(path.join(dump, 'Posts.xml'))).filter((r) => r.PostTypeId === '1' || r.PostTypeId === '2').map((r) => Number(r.Id));
      writeCommentsAndVotes(dump, posts);
      if (type === 'sqlite3') indexesBefore = await indexes();
    }, 60_000);

    afterAll(async () => {
      if (run) await close();
    });

    it('holds the comments, votes, scores, reputation and counts the dump gives', async (ctx) => {
      if (!run) return ctx.skip();
      const k = db.kysely;
      const posts = (await rowsOf(path.join(dump, 'Posts.xml'))).filter((r) => r.PostTypeId === '1' || r.PostTypeId === '2');
      const users = await rowsOf(path.join(dump, 'Users.xml'));
      const comments = await rowsOf(path.join(dump, 'Comments.xml'));
      const votes = await rowsOf(path.join(dump, 'Votes.xml'));
      const s = await importStackExchange(db, ids, dump);
      expect(s.comments).toBe(comments.length);

      const map = new Map((await k.selectFrom('import_map').select(['external_id', 'internal_id', 'kind']).where('source', '=', SOURCE).execute()).map((r) => [`${r.kind}:${r.external_id}`, r.internal_id]));
      const post = (id: string | undefined) => map.get(`post:${id}`)!;
      const user = (id: string | undefined) => map.get(`user:${id ?? 'community'}`)!;

      // Comments: on the post and by the member the dump names, one row each.
      const gotComments = await k.selectFrom('comments').select(['object_id', 'user_id']).execute();
      expect(tally(gotComments.map((r) => `${r.object_id} ${r.user_id}`))).toEqual(tally(comments.map((r) => `${post(r.PostId)} ${user(r.UserId)}`)));
      // Votes: every up/down vote that names its voter, the first of a voter's rows on a post.
      const seen = new Set<string>();
      const wanted: string[] = [];
      for (const r of votes) {
        if ((r.VoteTypeId !== '2' && r.VoteTypeId !== '3') || !r.UserId || seen.has(`${r.UserId} ${r.PostId}`)) continue;
        seen.add(`${r.UserId} ${r.PostId}`);
        wanted.push(`${post(r.PostId)} ${user(r.UserId)} ${r.VoteTypeId === '2' ? 'up' : 'down'}`);
      }
      const gotVotes = await k.selectFrom('votes').select(['object_id', 'user_id', 'vote_type']).execute();
      expect(tally(gotVotes.map((r) => `${r.object_id} ${r.user_id} ${r.vote_type}`))).toEqual(tally(wanted));
      // Scores are Posts.xml's Score; reputation is Users.xml's; answers and bookmarks are counted per question.
      const questions = await k.selectFrom('questions').select(['id', 'vote_count', 'answer_count', 'collection_count', 'user_id']).execute();
      const answers = await k.selectFrom('answers').select(['id', 'vote_count', 'question_id']).execute();
      const score = new Map([...questions, ...answers].map((r) => [r.id, Number(r.vote_count)]));
      for (const p of posts) expect(score.get(post(p.Id)), p.Id).toBe(Number(p.Score));
      const answersOf = tally(posts.filter((p) => p.PostTypeId === '2').map((p) => post(p.ParentId)));
      expect(questions.filter((q) => Number(q.answer_count) > 0).map((q) => [q.id, Number(q.answer_count)]).sort()).toEqual(answersOf.sort());
      const favorites = tally([...new Set(votes.filter((r) => r.VoteTypeId === '5' && posts.some((p) => p.Id === r.PostId && p.PostTypeId === '1')).map((r) => `${post(r.PostId)}|${r.UserId}`))].map((x) => x.split('|')[0]!));
      expect(questions.filter((q) => Number(q.collection_count) > 0).map((q) => [q.id, Number(q.collection_count)]).sort()).toEqual(favorites.sort());
      const ranks = new Map((await k.selectFrom('users').select(['id', 'rank']).execute()).map((r) => [r.id, Number(r.rank)]));
      for (const u of users) expect(ranks.get(user(u.Id)), u.Id).toBe(Math.max(1, Number(u.Reputation)));
      // Tags count their questions; members their questions and answers.
      const tagRows = await sql<{ slug_name: string; question_count: number }>`select slug_name, question_count from tags`.execute(k);
      const perTag = tally(posts.filter((p) => p.PostTypeId === '1').flatMap((p) => Array.from((p.Tags ?? '').matchAll(/<([^>]+)>/g), (m) => m[1]!)));
      expect(tagRows.rows.map((t) => [t.slug_name, Number(t.question_count)]).sort()).toEqual(perTag.sort());
      const perUser = tally(posts.filter((p) => p.PostTypeId === '1').map((p) => user(p.OwnerUserId)));
      const userRows = await k.selectFrom('users').select(['id', 'question_count']).where('question_count', '>', 0).execute();
      expect(userRows.map((u) => [u.id, Number(u.question_count)]).sort()).toEqual(perUser.sort());
    }, 120_000);

    // SQLite only: the other engines keep their indexes through the import (nothing to check there).
    if (type === 'sqlite3') it('leaves the indexes of the comments and votes as they were, and used (SQLite)', async (ctx) => {
      if (!run) return ctx.skip();
      const k = db.kysely;
      expect(indexesBefore).toEqual(expect.arrayContaining(['comments_object_idx', 'comments_user_idx', 'votes_object_idx', 'votes_user_time_idx']));
      expect(await indexes()).toEqual(indexesBefore);
      const plan = await sql<{ detail: string }>`explain query plan select count(*) from votes where object_id = 'x'`.execute(k);
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/votes_object_idx/);
    });
  });
}
