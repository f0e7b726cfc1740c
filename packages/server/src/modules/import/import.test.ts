/**
 * Stack Exchange import on a generated dump and on the real fixtures (beer and coffee.stackexchange.com Posts.xml),
 * once per database engine (QUORUM_TEST_DB narrows; unreachable servers are skipped unless CI=true).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, shouldRun, testDbConfig } from '../../../test/dialects.js';
import { dropDatabase, ensureDatabase, openDb, type Db, type DbConfig } from '../../core/db/dialect.js';
import { IdGenerator } from '../../core/db/ids.js';
import { migrateToLatest } from '../../core/db/migrate.js';
import { importStackExchange } from './index.js';
import { BEER, COFFEE, haveFixtures } from '../../../test/fixtures.js';
import { writeDump } from '../../../test/se-dump.js';
import { dumpDate, dumpTags, usernameFrom, usernameWithSuffix } from './stackexchange.js';
import { ImportRepository } from './import.repository.js';
import { insertSearchDocs, questionDoc } from '../search/index.js';

// The real dumps sit beside the repository (test/fixtures.ts); without them those tests skip, and the generated
// dump (test/se-dump.ts) still tests the importer.
const real = haveFixtures();

describe('dump value conversions', () => {
  it('reads both tag forms, lower-cased and de-duplicated', () => {
    expect(dumpTags('<hops><IPA><hops>')).toEqual(['hops', 'ipa']);
    expect(dumpTags('|hops|ipa|')).toEqual(['hops', 'ipa']);
    expect(dumpTags(undefined)).toEqual([]);
  });
  it('reads dates as UTC', () => {
    expect(dumpDate('2014-01-21T20:26:05.383')).toBe(Date.UTC(2014, 0, 21, 20, 26, 5) / 1000);
    expect(dumpDate('nonsense')).toBe(0);
  });
  it('derives valid usernames', () => {
    expect(usernameFrom('José Núñez', 'user1')).toBe('jose-nunez');
    expect(usernameFrom('张三', 'user42')).toBe('user42');
    expect(usernameFrom('A'.repeat(50), 'x')).toHaveLength(30);
    expect(usernameWithSuffix('a'.repeat(30), '123')).toBe(`${'a'.repeat(26)}-123`);
  });
});

async function count(db: Db, table: 'questions' | 'answers' | 'users' | 'tags' | 'tag_rel' | 'import_map' | 'comments'): Promise<number> {
  const r = await db.kysely.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function allCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['questions', 'answers', 'users', 'tags', 'tag_rel', 'import_map', 'comments'] as const) out[t] = await count(db, t);
  return out;
}

async function internalId(db: Db, source: string, external: string): Promise<string> {
  const r = await db.kysely
    .selectFrom('import_map')
    .select('internal_id')
    .where('source', '=', source)
    .where('kind', '=', 'post')
    .where('external_id', '=', external)
    .executeTakeFirstOrThrow();
  return r.internal_id;
}

describe('bulk-load indexing on SQLite', () => {
  // A large import indexes its rows in steps while bodies are converted, and the rest at the end; small imports
  // rarely wait for a conversion, so the steps are exercised here directly.
  it('indexes search rows in steps and at the end as the insert trigger does, and puts the trigger back', async (ctx) => {
    if (!(await shouldRun('sqlite3'))) return ctx.skip();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bulk-index-'));
    const db = await openDb({ type: 'sqlite3', file: 'bulk.db' }, dir);
    const docs = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => questionDoc({ id: `q${from + k}`, user_id: 'u1', title: `Espresso ${from + k}`, parsed_text: `<p>grinder n${from + k}</p>`, created_at: 1000 + from + k }));
    const matches = async (word: string) => Number((await sql<{ n: number }>`select count(*) as n from search_fts where search_fts match ${word}`.execute(db.kysely)).rows[0]!.n);
    try {
      await migrateToLatest(db);
      await insertSearchDocs(db, docs(0, 1)); // indexed by the trigger, before the load
      await db.kysely.transaction().execute(async (trx) => {
        const w = new ImportRepository(trx);
        const tx: Db = { ...db, kysely: trx };
        const s = await w.suspendIndexing({ search_docs: 40 });
        expect(s?.fts).toBeTruthy();
        await insertSearchDocs(tx, docs(1, 11));
        expect(await w.indexPending(s, 4)).toBe(4);
        expect(await w.indexPending(s, 4)).toBe(4);
        await insertSearchDocs(tx, docs(11, 31));
        expect(await w.indexPending(s, 100)).toBe(22);
        expect(await w.indexPending(s, 100)).toBe(0);
        await insertSearchDocs(tx, docs(31, 41));
        await w.resumeIndexing(s);
      });
      await sql`insert into search_fts(search_fts, rank) values ('integrity-check', 1)`.execute(db.kysely);
      expect(await matches('espresso')).toBe(41);
      expect(await matches('n17')).toBe(1);
      await insertSearchDocs(db, docs(41, 42)); // the trigger is back
      expect(await matches('n41')).toBe(1);
      const trigger = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'trigger' and name = 'search_docs_ai'`.execute(db.kysely);
      expect(Number(trigger.rows[0]!.n)).toBe(1);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const type of DIALECTS) {
  describe(`Stack Exchange import on ${type}`, () => {
    let run = false;
    let cfg: DbConfig;
    let db: Db;
    let ids: IdGenerator;
    let dataDir: string;
    let tmp: string;

    beforeAll(async () => {
      run = await shouldRun(type);
      if (!run) return;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-import-'));
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-dumps-'));
      cfg = testDbConfig(type);
      if (type !== 'sqlite3') cfg.name = `quorum_test_import_${process.pid}_${type === 'postgres' ? 'pg' : 'my'}`;
      await ensureDatabase(cfg);
      db = await openDb(cfg, dataDir);
      await migrateToLatest(db);
      ids = new IdGenerator(db);
    }, 60_000);

    afterAll(async () => {
      if (!run) return;
      await db.close();
      if (type !== 'sqlite3') await dropDatabase(cfg);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(tmp, { recursive: true, force: true });
    });

    // The whole beer dump (2,354 posts) plus the badge recount: on MariaDB on a busy 2-core machine this nears 30 s.
    it('imports beer.stackexchange.com with consistent links and counts', async (ctx) => {
      if (!run || !real) return ctx.skip();
      const s = await importStackExchange(db, ids, BEER);
      // Fixture README: 2354 posts, 663 questions; the file has 1572 answers, 119 other rows (tag wikis ...),
      // 781 distinct owners plus 10 posts without one (one 'community' placeholder), 155 distinct tags.
      expect(s).toMatchObject({ source: 'beer.stackexchange.com', questions: 663, answers: 1572, users: 0, placeholderUsers: 782, comments: 0, tags: 155, skipped: 119 });
      expect(await allCounts(db)).toMatchObject({ questions: 663, answers: 1572, users: 782, tags: 155 });

      const k = db.kysely;
      // 410 questions name an accepted answer; each link points at an answer of that question marked accepted.
      const accepted = await k
        .selectFrom('questions')
        .innerJoin('answers', 'answers.id', 'questions.accepted_answer_id')
        .select(['questions.id as q', 'answers.question_id as aq', 'answers.accepted'])
        .execute();
      expect(accepted).toHaveLength(410);
      for (const r of accepted) expect([r.aq, r.accepted]).toEqual([r.q, 2]);
      expect(Number((await k.selectFrom('answers').select(sql<number>`count(*)`.as('n')).where('accepted', '=', 2).executeTakeFirstOrThrow()).n)).toBe(410);
      expect(Number((await k.selectFrom('questions').select(sql<number>`count(*)`.as('n')).where('status', '=', 2).executeTakeFirstOrThrow()).n)).toBe(53);

      // Denormalized counts equal the rows.
      const sums = await k
        .selectFrom('questions')
        .select([sql<number>`sum(answer_count)`.as('answers'), sql<number>`sum(case when last_answer_id <> '' then 1 else 0 end)`.as('withLast')])
        .executeTakeFirstOrThrow();
      expect(Number(sums.answers)).toBe(1572);
      // ... question by question and user by user (they are written with the rows, not recounted).
      const wrong = await sql<{ n: number }>`select count(*) as n from questions q where q.answer_count <> (select count(*) from answers a where a.question_id = q.id)
        or q.last_answer_id <> coalesce((select a.id from answers a where a.question_id = q.id order by a.created_at desc, a.id desc limit 1), '')`.execute(k);
      expect(Number(wrong.rows[0]!.n)).toBe(0);
      const wrongUsers = await sql<{ n: number }>`select count(*) as n from users u where u.question_count <> (select count(*) from questions q where q.user_id = u.id)
        or u.answer_count <> (select count(*) from answers a where a.user_id = u.id)`.execute(k);
      expect(Number(wrongUsers.rows[0]!.n)).toBe(0);
      const users = await k.selectFrom('users').select([sql<number>`sum(question_count)`.as('q'), sql<number>`sum(answer_count)`.as('a'), sql<number>`min(is_placeholder)`.as('p')]).executeTakeFirstOrThrow();
      expect([Number(users.q), Number(users.a), Number(users.p)]).toEqual([663, 1572, 1]);
      const tagSum = await k.selectFrom('tags').select(sql<number>`sum(question_count)`.as('n')).executeTakeFirstOrThrow();
      expect(Number(tagSum.n)).toBe(await count(db, 'tag_rel'));
      const q1 = await k.selectFrom('questions').selectAll().where('id', '=', await internalId(db, 'beer.stackexchange.com', '1')).executeTakeFirstOrThrow();
      expect(q1).toMatchObject({ title: 'What is a citra hop, and how does it differ from other hops?', vote_count: 18, view_count: 795, answer_count: 1, created_at: Date.UTC(2014, 0, 21, 20, 26, 5) / 1000 });
      expect(q1.accepted_answer_id).toBe(await internalId(db, 'beer.stackexchange.com', '4'));

      // Usernames and e-mails are valid and unique; placeholders cannot log in.
      const u = await k.selectFrom('users').select(['username', 'e_mail', 'pass']).execute();
      for (const r of u) {
        expect(r.username).toMatch(/^[a-z0-9._-]{1,30}$/);
        expect(r.pass).toBe('');
      }
      expect(u.find((r) => r.username === 'community')?.e_mail).toBe('community@beer.stackexchange.com.invalid');

      // Every imported post is in the search index.
      const docs = await sql<{ n: number }>`select count(*) as n from search_docs`.execute(k);
      expect(Number(docs.rows[0]!.n)).toBe(663 + 1572);
    }, 120_000);

    it('keeps code blocks and links of bodies, and derives markdown', async (ctx) => {
      if (!run || !real) return ctx.skip();
      // Answer 3252 of beer has a <pre><code> list and an external link.
      const a = await db.kysely.selectFrom('answers').selectAll().where('id', '=', await internalId(db, 'beer.stackexchange.com', '3252')).executeTakeFirstOrThrow();
      expect(a.parsed_text).toContain('<pre><code>    1. Skol\n    2. Brahma');
      expect(a.parsed_text).toMatch(/<a href="http:\/\/top10mais\.org\/top-10-cervejas-mais-vendidas-brasil\/"[^>]*rel="nofollow ugc noopener"/);
      expect(a.original_text).toContain('```\n    1. Skol');
      expect(a.original_text).toContain('[Top 10 cervejas mais vendidas no Brasil](http://top10mais.org/top-10-cervejas-mais-vendidas-brasil/)');
      // Question 1064 has a code block.
      const q = await db.kysely.selectFrom('questions').select(['parsed_text', 'original_text']).where('id', '=', await internalId(db, 'beer.stackexchange.com', '1064')).executeTakeFirstOrThrow();
      expect(q.parsed_text).toContain('<pre><code>');
      expect(q.original_text).toContain('```');
    });

    it('adds nothing when the same dump is imported again', async (ctx) => {
      if (!run || !real) return ctx.skip();
      const before = await allCounts(db);
      const s = await importStackExchange(db, ids, BEER);
      expect(s).toMatchObject({ questions: 0, answers: 0, users: 0, placeholderUsers: 0, tags: 0, skipped: 2354 });
      expect(await allCounts(db)).toEqual(before);
    });

    it('imports a second site through worker threads, reusing tags by name', async (ctx) => {
      if (!run || !real) return ctx.skip();
      const s = await importStackExchange(db, ids, COFFEE, { workers: 1 });
      expect(s).toMatchObject({ source: 'coffee.stackexchange.com', questions: 225, answers: 327 });
      expect(await count(db, 'questions')).toBe(663 + 225);
      const bad = await db.kysely
        .selectFrom('tags')
        .select(['slug_name', 'question_count', (eb) => eb.selectFrom('tag_rel').select(sql<number>`count(*)`.as('n')).whereRef('tag_rel.tag_id', '=', 'tags.id').as('rels')])
        .execute();
      for (const t of bad) expect(Number(t.question_count)).toBe(Number(t.rels));
      // Every post is in the search index; on SQLite the full-text index, filled in steps while the worker
      // converted bodies, holds exactly the rows of search_docs.
      const docs = await sql<{ n: number }>`select count(*) as n from search_docs`.execute(db.kysely);
      expect(Number(docs.rows[0]!.n)).toBe(663 + 1572 + 225 + 327);
      if (type === 'sqlite3') await sql`insert into search_fts(search_fts, rank) values ('integrity-check', 1)`.execute(db.kysely);
    }, 30_000);

    it('stops on malformed XML with the file and line, and changes nothing', async (ctx) => {
      if (!run) ctx.skip();
      const before = await allCounts(db);
      const dir = path.join(tmp, 'broken.stackexchange.com');
      mkdirSync(dir, { recursive: true });
      writeDump(dir, { questions: 40, users: 7 });
      const xml = readFileSync(path.join(dir, 'Posts.xml'), 'utf8');
      writeFileSync(path.join(dir, 'Posts.xml'), xml.slice(0, Math.floor(xml.length / 2))); // truncated mid-row
      await expect(importStackExchange(db, ids, dir)).rejects.toThrow(new RegExp(`^${dir}/Posts\\.xml: .+ at line \\d+$`));
      writeFileSync(path.join(dir, 'Posts.xml'), '<?xml version="1.0"?>\n<posts>\n  <row Id="1" PostTypeId="1" Title="t" Body="b" />\n</row>\n</posts>\n');
      await expect(importStackExchange(db, ids, dir)).rejects.toThrow(`${dir}/Posts.xml: unexpected close tag at line 4`);
      expect(await allCounts(db)).toEqual(before);
    });

    it('stops when Posts.xml is missing', async (ctx) => {
      if (!run) ctx.skip();
      const dir = path.join(tmp, 'empty.stackexchange.com');
      mkdirSync(dir, { recursive: true });
      await expect(importStackExchange(db, ids, dir)).rejects.toThrow(`${dir}/Posts.xml: file not found`);
    });

    it('imports Users.xml and Comments.xml when present', async (ctx) => {
      if (!run || !real) return ctx.skip();
      const dir = path.join(tmp, 'tiny.stackexchange.com');
      mkdirSync(dir, { recursive: true });
      copyFileSync(path.join(COFFEE, 'Posts.xml'), path.join(dir, 'Posts.xml'));
      writeFileSync(
        path.join(dir, 'Users.xml'),
        '<?xml version="1.0" encoding="utf-8"?>\n<users>\n' +
          '  <row Id="2" Reputation="1234" CreationDate="2015-01-27T20:00:00.000" DisplayName="José Barista" AboutMe="&lt;p&gt;Coffee &lt;script&gt;x&lt;/script&gt;&lt;/p&gt;" Location="Lisboa" />\n' +
          '  <row Id="3" Reputation="0" CreationDate="2015-01-27T20:00:00.000" DisplayName="community" />\n' +
          '</users>\n',
      );
      writeFileSync(
        path.join(dir, 'Comments.xml'),
        '<?xml version="1.0" encoding="utf-8"?>\n<comments>\n' +
          '  <row Id="10" PostId="1" Score="3" Text="Nice **question**" CreationDate="2015-01-27T21:00:00.000" UserId="2" />\n' +
          '  <row Id="11" PostId="999999" Score="0" Text="orphan" CreationDate="2015-01-27T21:00:00.000" UserId="2" />\n' +
          '</comments>\n',
      );
      const s = await importStackExchange(db, ids, dir);
      expect(s).toMatchObject({ questions: 225, answers: 327, users: 2, comments: 1 });
      const jose = await db.kysely.selectFrom('users').selectAll().where('e_mail', 'like', '%@tiny.stackexchange.com.invalid').where('display_name', '=', 'José Barista').executeTakeFirstOrThrow();
      expect(jose).toMatchObject({ username: 'jose-barista', rank: 1234, is_placeholder: 0, location: 'Lisboa', bio_html: '<p>Coffee </p>' });
      const c = await db.kysely.selectFrom('comments').selectAll().executeTakeFirstOrThrow();
      expect(c).toMatchObject({ user_id: jose.id, vote_count: 3, original_text: 'Nice **question**', object_id: await internalId(db, 'tiny.stackexchange.com', '1') });
      expect(c.parsed_text).toContain('<strong>question</strong>');
    }, 30_000);
  });
}
