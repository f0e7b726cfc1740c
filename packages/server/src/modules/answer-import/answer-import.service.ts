/**
 * `quorum import answer`: moves an Apache Answer 1.x site into this Quorum site (issue 16 "Moving from Apache
 * Answer"). Ids are kept (Answer's ids are our format), so old links, permalinks and API clients keep working;
 * bcrypt password hashes are kept and upgraded at the first login (user.service.ts).
 *
 * Order: id sequences first (moved past every Answer id, so nothing created later can take one), then users,
 * tags, questions, answers, comments, tag links, revisions, activity (votes, follows, timeline and reputation
 * rows), bookmarks, notifications, linked questions, third-party login bindings, settings, uploads; finally
 * counters, and badges earned by the content. Tables not carried over are counted with the reason.
 * Each batch of rows is written in its own transaction and rows already present are left alone, so a second
 * run adds nothing and a run cut off half way is finished by the next one.
 * Objects that cannot keep their id (a user id or tag id already used by another account or tag on this site)
 * get a new one, recorded in `import_map` (source `apache-answer`) so every run maps them the same way.
 */
import type { Db } from '../../core/db/dialect.js';
import type { IdGenerator } from '../../core/db/ids.js';
import { recountBadgesIn } from '../badge/index.js';
import { openSource, type AnswerSource } from './source.repository.js';
import { AnswerImportRun } from './answer-import.steps.js';
import { formatSummary, type AnswerImportSummary } from './summary.js';

export interface AnswerImportOptions {
  /** Called after every batch: rows read so far and rows in the source tables. */
  onProgress?: (done: number, total: number) => void;
  /** Stage messages. */
  log?: (msg: string) => void;
  /** Rows per batch and transaction (default 500). */
  batchSize?: number;
  /** Answer's uploads directory, copied into `<dataDir>/uploads` (files already there are kept). */
  uploads?: string;
  /** This site's data directory (needed with `uploads`). */
  dataDir?: string;
}

export { formatSummary, type AnswerImportSummary };

/**
 * Imports an Answer database into `db`.
 * @param db migrated, installed Quorum database
 * @param ids its id generator (new ids for objects whose id is taken)
 * @param dsn SQLite file of Answer, or `postgres://...` / `mysql://...`
 * @returns what was imported, found already there, and left out with reasons
 * @throws SourceError when the source cannot be opened or is not an Answer database; database errors of
 *   either side (batches written before the error stay, and the next run goes on from there)
 */
export async function importAnswer(db: Db, ids: IdGenerator, dsn: string, opts: AnswerImportOptions = {}): Promise<AnswerImportSummary> {
  const t0 = performance.now();
  const src: AnswerSource = await openSource(dsn);
  try {
    const run = new AnswerImportRun(db, ids, src, opts);
    await run.prepare();
    await run.advanceSequences();
    await run.users();
    await run.tags();
    await run.posts('question', 'questions');
    await run.posts('answer', 'answers');
    await run.comments();
    await run.tagLinks();
    await run.revisions();
    await run.activity();
    await run.collections();
    await run.notifications();
    await run.links();
    await run.settings();
    await run.uploads();
    opts.log?.('Updating counts ...');
    await run.finish();
    opts.log?.('Awarding badges ...');
    await recountBadgesIn(db, ids);
    await run.badges();
    await run.notImported();
    return { source: src.label, kinds: run.summary.kinds, notes: run.summary.notes, seconds: Math.round((performance.now() - t0) / 10) / 100 };
  } finally {
    await src.close();
  }
}
