/**
 * Stack Exchange import: reads a data dump directory (Posts.xml required; Users.xml, Comments.xml, Tags.xml,
 * PostHistory.xml, Votes.xml, PostLinks.xml and Badges.xml when present) into questions, answers, tags with their
 * descriptions, users, comments, revisions and timelines, bookmarks and named votes, linked and duplicate
 * questions, and badges (issue 16 "A full Stack Exchange import"). Every file's rows are counted as imported or
 * skipped, with the reasons grouped (`files` of the summary).
 *
 * Two streaming passes over the files:
 *  1. plan: checks that every file is well-formed XML and decides what is new, giving every new object a
 *     position in an id block (only small maps of dump id -> position are kept; no post bodies);
 *  2. write: reserves the id blocks, then, inside ONE transaction, converts and inserts the rows in multi-row
 *     batches and finally recomputes the counters from the rows. A failure leaves the database as it was.
 * The new posts' search index rows are written in the same transaction (body text tokenized with the bodies); on
 * SQLite their full-text index is filled in one statement after the posts, still in that transaction.
 * Re-running an import adds nothing twice: every object is recorded in `import_map` (source = directory name,
 * e.g. 'beer.stackexchange.com').
 */
import path from 'node:path';
import type { Db } from '../../core/db/dialect.js';
import { formatId, type IdGenerator } from '../../core/db/ids.js';

import { recountBadgesBulk } from '../badge/index.js';
import { rankConfig } from '../activity/index.js';
import { ImportRepository } from './import.repository.js';
import { DumpError, fileExists } from './stackexchange.js';

import { ImportPlan, planComments, planPosts, planUsers, type ExtraIdKind } from './import.plan.js';
import { writeComments, writePlaceholders, writePosts, writeTags, writeUsers } from './import.writer.js';
import { planHistory, writeHistory } from './import.history.js';
import { planLinks, planVotes, writeLinks, writeVotes } from './import.relations.js';
import { planTags, TagDescriptions } from './import.tags.js';
import { planBadges, writeBadges } from './import.badges.js';
import type { FileReport } from './import.report.js';

export type { FileReport } from './import.report.js';

/** Counts of one import run. Counts are of objects created by this run. */
export interface ImportSummary {
  /** import_map source: the dump directory's name */
  source: string;
  questions: number;
  answers: number;
  /** users from Users.xml */
  users: number;
  /** users created for post/comment owners with no Users.xml row (plus one 'community' user when needed) */
  placeholderUsers: number;
  /** users from Users.xml stored with their own e-mail (they claim the account with "forgot password") */
  claimableUsers: number;
  comments: number;
  /** tags created (tags that already existed are reused) */
  tags: number;
  /** rows not imported, over all files (the reasons are in `files`) */
  skipped: number;
  /** revisions from PostHistory.xml */
  revisions: number;
  /** bookmarks (favorites) from Votes.xml */
  bookmarks: number;
  /** tag descriptions set from Tags.xml's excerpt and wiki posts */
  tagDescriptions: number;
  /** per dump file (`Posts.xml` ...): rows imported, skipped, and the skip reasons with their counts */
  files: Record<string, FileReport>;
  /** wall time of the whole import */
  seconds: number;
}

export interface ImportOptions {
  /** Called after each written batch; `total` is the number of rows in the dump files. */
  onProgress?: (done: number, total: number) => void;
  /** Human-readable stage messages. */
  log?: (msg: string) => void;
  /** Worker threads converting post bodies; default: one per core (max 4) for imports of 5000 posts or more. */
  workers?: number;
}

/**
 * Search rows indexed per step while the posts are written (SQLite bulk load): one FTS5 segment each, ~50-100 ms
 * of work, short enough not to keep converted batches waiting long.
 */
const INDEX_STEP = 5000;

/** External id of the one placeholder user that owns posts without an owner. */
/**
 * Imports a Stack Exchange data dump directory.
 * @param db migrated database
 * @param ids id generator of `db` (id blocks are reserved before the import transaction starts)
 * @param dir dump directory of one site, e.g. `.../beer.stackexchange.com`; its name becomes the import source
 * @returns counts of the objects created and the wall time
 * @throws DumpError `<dir>/Posts.xml: file not found`, `<file>: unexpected close tag at line 12`, ...; the
 *   database is unchanged after any failure (one transaction)
 */
export async function importStackExchange(db: Db, ids: IdGenerator, dir: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const source = path.basename(path.resolve(dir));
  const files = {
    users: path.join(dir, 'Users.xml'),
    posts: path.join(dir, 'Posts.xml'),
    comments: path.join(dir, 'Comments.xml'),
    tags: path.join(dir, 'Tags.xml'),
    history: path.join(dir, 'PostHistory.xml'),
    votes: path.join(dir, 'Votes.xml'),
    links: path.join(dir, 'PostLinks.xml'),
    badges: path.join(dir, 'Badges.xml'),
  };
  if (!(await fileExists(files.posts))) throw new DumpError(`${files.posts}: file not found`);
  const has = async (f: string) => ((await fileExists(f)) ? f : null);
  const hasUsers = await fileExists(files.users);
  const hasComments = await fileExists(files.comments);
  const [tags, history, votes, links, badges] = await Promise.all([has(files.tags), has(files.history), has(files.votes), has(files.links), has(files.badges)]);

  const repo = new ImportRepository(db.kysely);
  const known = {
    post: await repo.loadMap(source, 'post'),
    user: await repo.loadMap(source, 'user'),
    comment: await repo.loadMap(source, 'comment'),
    tag: await repo.loadMap(source, 'tag'),
  };
  const plan = new ImportPlan(known);

  log(`Checking ${source} ...`);
  if (hasUsers) await planUsers(plan, files.users);
  if (tags) await planTags(plan, tags);
  await planPosts(plan, files.posts);
  if (hasComments) await planComments(plan, files.comments);
  if (history) await planHistory(plan, history);
  if (votes) await planVotes(plan, votes);
  if (links) await planLinks(plan, links);
  if (badges) await planBadges(plan, badges);

  // Tags: reuse existing ones by slug (also tags created by people, not imports), create the others.
  const slugs = [...plan.tagSlugs];
  plan.tagIds = await repo.tagIdsBySlug(slugs);
  for (const s of slugs) if (!plan.tagIds.has(s)) plan.newTags.push(s);

  // Id blocks, reserved outside the import transaction (SQLite has one connection).
  const reserve = async (name: keyof ImportPlan['start'], count: number) => {
    if (count > 0) plan.start[name] = await ids.reserve(name, count);
  };
  await reserve('user', plan.newUsers.size);
  await reserve('question', plan.newQuestions.size);
  await reserve('answer', plan.newAnswers.size);
  await reserve('comment', plan.newComments.size);
  await reserve('tag', plan.newTags.length);
  for (const kind of Object.keys(plan.extra) as ExtraIdKind[]) {
    const e = plan.extra[kind];
    if (e.count > 0) e.start = await ids.reserve(kind, e.count);
  }
  plan.newTags.forEach((s, i) => plan.tagIds.set(s, formatId('tag', plan.start.tag + i)));

  log(`Importing ${plan.newQuestions.size} questions, ${plan.newAnswers.size} answers, ${plan.newComments.size} comments, ${plan.newUsers.size} users ...`);
  let done = 0;
  const progress = (n: number) => {
    done += n;
    opts.onProgress?.(done, plan.totalRows);
  };
  const descriptions = tags ? new TagDescriptions(plan) : undefined;
  // The site's reputation rules, for the people the dump names without a Users.xml row (read before the
  // transaction: SQLite has one connection).
  const rank = await rankConfig(db);
  const d = rank.deltas;
  let claimable = 0;
  await db.kysely.transaction().execute(async (trx) => {
    const w = new ImportRepository(trx);
    await w.beginBulkLoad();
    const taken = new Set<string>();
    log('Writing users ...');
    await writeTags(w, plan, source);
    if (hasUsers) claimable = await writeUsers(w, plan, source, files.users, taken, progress);
    await writePlaceholders(w, plan, source, taken);
    log('Writing posts ...');
    // SQLite: the search trigger and the indexes of tables this import at least doubles are set aside while the
    // posts are written and done in bulk after them, in this transaction (ImportRepository.suspendIndexing).
    const posts = plan.newQuestions.size + plan.newAnswers.size;
    let rels = 0;
    for (const n of plan.counts.byTag.values()) rels += n;
    const suspended = posts > 0 ? await w.suspendIndexing({ questions: plan.newQuestions.size, answers: plan.newAnswers.size, tag_rel: rels, search_docs: posts }) : null;
    // While the workers convert the next batch the written rows are indexed, at most INDEX_STEP at a time.
    await writePosts(w, plan, source, files.posts, progress, opts.workers, descriptions, suspended ? () => w.indexPending(suspended, INDEX_STEP) : undefined);
    if (suspended) log('Indexing posts ...');
    await w.resumeIndexing(suspended);
    if (hasComments) {
      log('Writing comments ...');
      // SQLite: the comments' indexes too, when the import at least doubles the table (a site's first import).
      const aside = await w.suspendIndexing({ comments: plan.newComments.size });
      await writeComments(w, plan, source, files.comments, progress);
      await w.resumeIndexing(aside);
    }
    if (history) {
      log('Writing revisions ...');
      await writeHistory(w, plan, history, progress);
    }
    if (votes) {
      log('Writing votes ...');
      const aside = await w.suspendIndexing({ votes: plan.votes });
      await writeVotes(w, plan, votes, progress);
      await w.resumeIndexing(aside);
    }
    if (links) {
      log('Writing links ...');
      await writeLinks(w, plan, links, progress);
    }
    if (badges) {
      log('Writing badges ...');
      await writeBadges(w, plan, badges, progress);
    }
    await w.setAcceptedAnswers(plan.acceptedFixes.map(([q, a]) => [q, plan.answerId(a)]));
    log('Updating counts ...');
    // New objects were written with their counts; objects that existed before and got new posts are recounted.
    const newTags = new Set(plan.newTags);
    await w.recountObjects({ questions: [...plan.touched.questions], users: [...plan.touched.users], tags: [...plan.counts.byTag.keys()].filter((s) => !newTags.has(s)).map((s) => plan.tagIds.get(s)!) });
    if (history) await w.linkLatestRevisions(source);
    // Questions are written with no bookmarks: only a run that wrote some has counts to fix.
    if (votes && plan.extra.collection.used > 0) await w.recountBookmarks(source);
    await w.setPlaceholderReputation(source, { qUp: d['question.voted_up'], qDown: d['question.voted_down'], aUp: d['answer.voted_up'], aDown: d['answer.voted_down'], accepted: d['answer.accepted'] }, rank.floor);
  });
  if (done !== plan.totalRows) opts.onProgress?.(plan.totalRows, plan.totalRows);
  // Badges earned by the imported posts, votes and comments, in bulk and without notifications (imported history is
  // not news); held ones are skipped, so re-running awards nothing twice.
  log('Awarding badges ...');
  await recountBadgesBulk(db, ids);

  return {
    source,
    questions: plan.newQuestions.size,
    answers: plan.newAnswers.size,
    users: plan.realUsers,
    placeholderUsers: plan.placeholders.length,
    claimableUsers: claimable,
    comments: plan.newComments.size,
    tags: plan.newTags.length,
    skipped: plan.skipped,
    revisions: plan.extra.revision.used,
    bookmarks: plan.extra.collection.used,
    tagDescriptions: descriptions?.written ?? 0,
    files: plan.report.files,
    seconds: Math.round((performance.now() - t0) / 10) / 100,
  };
}
