/**
 * Test support of the list-plan and paging suites: a site's worth of question rows written straight into a
 * migrated database, with the shapes of a real site, then the engine's planner statistics gathered as a running
 * site has them. Used by *.test.ts files only.
 *
 * Shapes: ids and creation times in step (one question a minute), 2% closed and 1% deleted, 0.5% hidden, the first
 * two pinned; 25% unanswered; votes and views skewed (most questions few, some many); a user among `n / 20`
 * members; 1-3 tags each among 200, the low tag numbers far more used; an open bounty on 0.2%; 0.1% historical.
 */
import { sql } from 'kysely';
import type { Db } from '../../core/db/index.js';

/** Id of question i (from 1) and of tag t (from 1): ids of 17 digits, as the site's id generator makes them. */
export const questionId = (i: number): string => String(10019000000000000n + BigInt(i));
export const tagId = (t: number): string => String(10039000000000000n + BigInt(t));
/** Creation time of question 1 (unix seconds); question i was asked i minutes later. */
export const T0 = 1_700_000_000;
const BATCH = 500;

/** Small deterministic pseudo-random numbers in [0, 1) (tests must see the same site every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** What `seedQuestions` wrote, for tests to state expectations from. */
export interface Seeded {
  /** Questions written, listed ones (status 1-2, shown, not historical), and the user with the most questions. */
  total: number;
  listed: number;
  busiestUser: string;
}

/**
 * Writes `n` questions (see the file header), their tag rows and the tags, then gathers planner statistics
 * (SQLite: ANALYZE then the samples dropped as core/db/dialect.ts does at open; PostgreSQL: ANALYZE; MariaDB:
 * ANALYZE TABLE).
 */
export async function seedQuestions(db: Db, n: number): Promise<Seeded> {
  const r = rng(42);
  const k = db.kysely;
  const tags = Array.from({ length: 200 }, (_, t) => ({
    id: tagId(t + 1), slug_name: `seeded-${t + 1}`, display_name: `seeded-${t + 1}`, original_text: '', parsed_text: '',
    main_tag_id: '0', user_id: '1', status: 1, created_at: T0, updated_at: T0,
  }));
  await k.insertInto('tags').values(tags).execute();
  const perUser = new Map<string, number>();
  let listed = 0;
  for (let start = 1; start <= n; start += BATCH) {
    const rows = [];
    const rels = [];
    const locks = [];
    for (let i = start; i < Math.min(start + BATCH, n + 1); i++) {
      const id = questionId(i);
      const x = r();
      const status = x < 0.01 ? 10 : x < 0.03 ? 2 : 1;
      const show = r() < 0.005 ? 2 : 1;
      const answers = r() < 0.25 ? 0 : 1 + Math.floor(r() ** 3 * 12);
      const userId = String(1000 + Math.floor(r() ** 2 * Math.max(1, n / 20)));
      const historical = r() < 0.001;
      if (status !== 10 && show === 1 && !historical) listed++;
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      const at = T0 + i * 60;
      const bounty = r() < 0.002;
      rows.push({
        id, user_id: userId, title: `Question ${i} about something`, original_text: 'Some text of the question. '.repeat(8),
        parsed_text: `<p>${'Some text of the question. '.repeat(8)}</p>`, status, show, pin: i <= 2 ? 2 : 1,
        vote_count: Math.floor(r() ** 4 * 200) - 3, view_count: Math.floor(r() ** 3 * 5000), answer_count: answers,
        created_at: at, updated_at: at, post_updated_at: at + Math.floor(r() * 86400 * 30),
        bounty_amount: bounty ? 50 : 0, bounty_started_at: bounty ? at + 3600 : 0, bounty_ends_at: bounty ? at + 3600 * 24 * 7 : 0,
      });
      const count = 1 + Math.floor(r() * 3);
      const seen = new Set<number>();
      for (let j = 0; j < count; j++) {
        const t = 1 + Math.floor(r() ** 2.5 * 200);
        if (seen.has(t)) continue;
        seen.add(t);
        rels.push({ object_id: id, tag_id: tagId(t), status: 1, created_at: at });
      }
      if (historical) {
        locks.push({ id: questionId(5_000_000 + i), kind: 'historical', object_id: id, question_id: id, duration: 'forever', reason: '', created_by: '1', created_at: at, ends_at: 0, lifted_at: 0, lifted_by: '' });
      }
    }
    await k.insertInto('questions').values(rows).execute();
    await k.insertInto('tag_rel').values(rels).execute();
    if (locks.length) await k.insertInto('post_locks').values(locks).execute();
  }
  await gatherStatistics(db);
  const busiestUser = [...perUser].sort((a, b) => b[1] - a[1])[0]![0];
  return { total: n, listed, busiestUser };
}

/** Planner statistics of the list tables, as a running site has them (see seedQuestions). */
export async function gatherStatistics(db: Db): Promise<void> {
  const tables = ['questions', 'tag_rel', 'tags', 'post_locks'];
  if (db.dialect === 'mysql') {
    for (const t of tables) await sql`analyze table ${sql.table(t)}`.execute(db.kysely);
    return;
  }
  for (const t of tables) await sql`analyze ${sql.table(t)}`.execute(db.kysely);
  db.dropStatSamples?.();
}
