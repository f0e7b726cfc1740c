/**
 * Stack Exchange import: reads a data dump directory (Posts.xml required; Users.xml and Comments.xml when
 * present) into questions, answers, tags, users and comments.
 *
 * Two streaming passes over the files:
 *  1. plan: checks that every file is well-formed XML and decides what is new, giving every new object a
 *     position in an id block (only small maps of dump id -> position are kept; no post bodies);
 *  2. write: reserves the id blocks, then, inside ONE transaction, converts and inserts the rows in multi-row
 *     batches and finally recomputes the counters from the rows. A failure leaves the database as it was.
 * The new posts' search index rows are written in the same transaction (body text tokenized with the bodies).
 * Re-running an import adds nothing twice: every object is recorded in `import_map` (source = directory name,
 * e.g. 'beer.stackexchange.com').
 */
import path from 'node:path';
import type { Db } from '../../core/db/dialect.js';
import { formatId, type IdGenerator } from '../../core/db/ids.js';
import { htmlToMarkdown, renderMarkdown, sanitizeHtml } from '../../core/markdown.js';
import { answerDoc, insertSearchDocs, questionDoc } from '../search/index.js';

type SearchDocRow = ReturnType<typeof questionDoc>;
import { createBodyConverter, type BodyConverter } from './convert.js';
import { nowSeconds } from '../../core/context.js';
import { LIMITS } from '@quorum/contract';
import { ImportRepository, type ImportKind, type NewAnswer, type NewComment, type NewMapRow, type NewQuestion, type NewTagRel, type NewUser } from './import.repository.js';
import { DumpError, cleanText, dumpDate, dumpInt, dumpTags, fileExists, readDumpRows, usernameFrom, usernameWithSuffix, type DumpRow } from './stackexchange.js';

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
  comments: number;
  /** tags created (tags that already existed are reused) */
  tags: number;
  /** rows not imported: other post types, rows imported by an earlier run, answers/comments whose post is absent */
  skipped: number;
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

/** External id of the one placeholder user that owns posts without an owner. */
const COMMUNITY = 'community';
const BATCH = 500;

interface Placeholder {
  ext: string;
  displayName: string;
}

/** What pass 1 found: new objects by dump id with their position in the id block to be reserved. */
class ImportPlan {
  readonly known: Record<ImportKind, Map<string, string>>;
  /** user external id (dump id, or 'community') -> position */
  readonly newUsers = new Map<string, number>();
  readonly placeholders: Placeholder[] = [];
  readonly fileQuestions = new Set<number>();
  readonly newQuestions = new Map<number, number>();
  readonly newAnswers = new Map<number, number>();
  /** every answer of Posts.xml -> its question's dump id */
  readonly answerParent = new Map<number, number>();
  /** accepted answer's dump id -> question's dump id */
  readonly acceptedBy = new Map<number, number>();
  readonly newComments = new Map<number, number>();
  /** tags used by new questions */
  readonly tagSlugs = new Set<string>();
  /** slug -> tag id, existing and new */
  tagIds = new Map<string, string>();
  readonly newTags: string[] = [];
  /** questions imported earlier whose accepted answer is new: [question id, answer's dump id] */
  readonly acceptedFixes: Array<[string, number]> = [];
  realUsers = 0;
  totalRows = 0;
  skipped = 0;
  start = { user: 0, question: 0, answer: 0, comment: 0, tag: 0 };

  constructor(known: Record<ImportKind, Map<string, string>>) {
    this.known = known;
  }

  hasQuestion(se: number): boolean {
    return this.newQuestions.has(se) || this.known.post.has(String(se));
  }

  hasAnswer(se: number): boolean {
    return this.newAnswers.has(se) || this.known.post.has(String(se));
  }

  /** Makes sure a user row will exist for `ext`, creating a placeholder when the dump has none. */
  needUser(ext: string, displayName: string | undefined): void {
    if (this.known.user.has(ext) || this.newUsers.has(ext)) return;
    this.newUsers.set(ext, this.newUsers.size);
    const name = ext === COMMUNITY ? 'Community' : cleanText(displayName) || `user${ext}`;
    this.placeholders.push({ ext, displayName: name.slice(0, LIMITS.displayNameMax) });
  }

  questionId(se: number): string {
    return this.known.post.get(String(se)) ?? formatId('question', this.start.question + this.newQuestions.get(se)!);
  }

  answerId(se: number): string {
    return this.known.post.get(String(se)) ?? formatId('answer', this.start.answer + this.newAnswers.get(se)!);
  }

  userId(ext: string): string {
    return this.known.user.get(ext) ?? formatId('user', this.start.user + this.newUsers.get(ext)!);
  }

  commentId(se: number): string {
    return formatId('comment', this.start.comment + this.newComments.get(se)!);
  }
}

/** The owner's external id of a post or comment row ('community' when the dump names none). */
function ownerOf(row: DumpRow, attr: 'OwnerUserId' | 'UserId'): string {
  const v = row[attr];
  return v && v !== '' ? v : COMMUNITY;
}

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
  const files = { users: path.join(dir, 'Users.xml'), posts: path.join(dir, 'Posts.xml'), comments: path.join(dir, 'Comments.xml') };
  if (!(await fileExists(files.posts))) throw new DumpError(`${files.posts}: file not found`);
  const hasUsers = await fileExists(files.users);
  const hasComments = await fileExists(files.comments);

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
  await planPosts(plan, files.posts);
  if (hasComments) await planComments(plan, files.comments);

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
  plan.newTags.forEach((s, i) => plan.tagIds.set(s, formatId('tag', plan.start.tag + i)));

  log(`Importing ${plan.newQuestions.size} questions, ${plan.newAnswers.size} answers, ${plan.newComments.size} comments, ${plan.newUsers.size} users ...`);
  let done = 0;
  const progress = (n: number) => {
    done += n;
    opts.onProgress?.(done, plan.totalRows);
  };
  await db.kysely.transaction().execute(async (trx) => {
    const w = new ImportRepository(trx);
    const tx: Db = { ...db, kysely: trx };
    const taken = new Set<string>();
    await writeTags(w, plan, source);
    if (hasUsers) await writeUsers(w, plan, source, files.users, taken, progress);
    await writePlaceholders(w, plan, source, taken);
    log('Writing posts ...');
    await writePosts(w, tx, plan, source, files.posts, progress, opts.workers);
    if (hasComments) await writeComments(w, plan, source, files.comments, progress);
    await w.setAcceptedAnswers(plan.acceptedFixes.map(([q, a]) => [q, plan.answerId(a)]));
    log('Updating counts ...');
    await w.recount(source);
  });
  if (done !== plan.totalRows) opts.onProgress?.(plan.totalRows, plan.totalRows);

  return {
    source,
    questions: plan.newQuestions.size,
    answers: plan.newAnswers.size,
    users: plan.realUsers,
    placeholderUsers: plan.placeholders.length,
    comments: plan.newComments.size,
    tags: plan.newTags.length,
    skipped: plan.skipped,
    seconds: Math.round((performance.now() - t0) / 10) / 100,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Pass 1: plan

async function planUsers(plan: ImportPlan, file: string): Promise<void> {
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const ext = row.Id;
      if (!ext || plan.known.user.has(ext) || plan.newUsers.has(ext)) {
        plan.skipped++;
        continue;
      }
      plan.newUsers.set(ext, plan.newUsers.size);
      plan.realUsers++;
    }
  }
}

async function planPosts(plan: ImportPlan, file: string): Promise<void> {
  /** answers seen before their question: dump id -> owner row (rare; kept until the end of the pass) */
  const pending = new Map<number, { owner: string; name: string | undefined }>();
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const id = dumpInt(row.Id, -1);
      const type = row.PostTypeId;
      if (id < 0 || (type !== '1' && type !== '2')) {
        plan.skipped++;
        continue;
      }
      if (type === '1') {
        plan.fileQuestions.add(id);
        const accepted = dumpInt(row.AcceptedAnswerId, -1);
        if (accepted >= 0) plan.acceptedBy.set(accepted, id);
        if (plan.known.post.has(row.Id!)) {
          plan.skipped++;
          continue;
        }
        plan.newQuestions.set(id, plan.newQuestions.size);
        plan.needUser(ownerOf(row, 'OwnerUserId'), row.OwnerDisplayName);
        for (const t of dumpTags(row.Tags)) plan.tagSlugs.add(t);
      } else {
        const parent = dumpInt(row.ParentId, -1);
        plan.answerParent.set(id, parent);
        if (plan.known.post.has(row.Id!)) {
          plan.skipped++;
        } else if (plan.hasQuestion(parent)) {
          plan.newAnswers.set(id, plan.newAnswers.size);
          plan.needUser(ownerOf(row, 'OwnerUserId'), row.OwnerDisplayName);
        } else {
          pending.set(id, { owner: ownerOf(row, 'OwnerUserId'), name: row.OwnerDisplayName });
        }
      }
    }
  }
  for (const [id, owner] of pending) {
    if (plan.hasQuestion(plan.answerParent.get(id)!)) {
      plan.newAnswers.set(id, plan.newAnswers.size);
      plan.needUser(owner.owner, owner.name);
    } else {
      plan.skipped++; // answer to a question that is not in the dump
    }
  }
  // Questions imported earlier whose accepted answer is new in this dump.
  for (const [answer, question] of plan.acceptedBy) {
    if (plan.newAnswers.has(answer) && !plan.newQuestions.has(question) && plan.known.post.has(String(question))) {
      plan.acceptedFixes.push([plan.known.post.get(String(question))!, answer]);
    }
  }
}

async function planComments(plan: ImportPlan, file: string): Promise<void> {
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const id = dumpInt(row.Id, -1);
      const post = dumpInt(row.PostId, -1);
      const onPost = plan.fileQuestions.has(post) ? plan.hasQuestion(post) : plan.answerParent.has(post) && plan.hasAnswer(post);
      if (id < 0 || plan.known.comment.has(row.Id!) || plan.newComments.has(id) || !onPost) {
        plan.skipped++;
        continue;
      }
      plan.newComments.set(id, plan.newComments.size);
      plan.needUser(ownerOf(row, 'UserId'), row.UserDisplayName);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Pass 2: write (inside the import transaction)

function mapRow(source: string, kind: ImportKind, external: string, internal: string): NewMapRow {
  return { source, kind, external_id: external, internal_id: internal };
}

async function writeTags(w: ImportRepository, plan: ImportPlan, source: string): Promise<void> {
  const now = nowSeconds();
  await w.insertTags(
    plan.newTags.map((slug) => ({
      id: plan.tagIds.get(slug)!,
      slug_name: slug,
      display_name: slug,
      original_text: '',
      parsed_text: '',
      created_at: now,
      updated_at: now,
    })),
  );
  await w.insertMap([...plan.tagSlugs].filter((s) => !plan.known.tag.has(s)).map((s) => mapRow(source, 'tag', s, plan.tagIds.get(s)!)));
}

/**
 * Picks unique usernames for a batch of new users: the derived name, else `<name>-<dump id>`, else
 * `<name>-<dump id>-<n>`; checked against this run's names and the users table.
 */
async function assignUsernames(w: ImportRepository, taken: Set<string>, wants: Array<{ base: string; ext: string }>): Promise<string[]> {
  const out: string[] = new Array(wants.length);
  let open = wants.map((_, i) => i);
  for (let round = 0; open.length > 0; round++) {
    if (round > 20) throw new Error('could not find free usernames for imported users');
    const candidates = new Map<number, string>();
    const inBatch = new Set<string>();
    for (const i of open) {
      const { base, ext } = wants[i]!;
      const name = round === 0 ? base : usernameWithSuffix(base, round === 1 ? ext : `${ext}-${round}`);
      if (taken.has(name) || inBatch.has(name)) continue;
      inBatch.add(name);
      candidates.set(i, name);
    }
    const inDb = await w.takenUsernames([...candidates.values()]);
    const still: number[] = [];
    for (const i of open) {
      const name = candidates.get(i);
      if (name !== undefined && !inDb.has(name)) {
        out[i] = name;
        taken.add(name);
      } else {
        still.push(i);
      }
    }
    open = still;
  }
  return out;
}

function userRow(id: string, username: string, source: string, fields: Partial<NewUser>): NewUser {
  return {
    id,
    username,
    e_mail: `${username}@${source}.invalid`,
    display_name: username,
    pass: '',
    mail_status: 1,
    status: 1,
    role_id: 1,
    rank: 1,
    avatar: '',
    bio: '',
    bio_html: '',
    is_placeholder: 0,
    ...fields,
  };
}

async function writeUsers(w: ImportRepository, plan: ImportPlan, source: string, file: string, taken: Set<string>, progress: (n: number) => void): Promise<void> {
  for await (const rows of readDumpRows(file, BATCH)) {
    const fresh = rows.filter((r) => r.Id && plan.newUsers.has(r.Id) && !plan.known.user.has(r.Id));
    const names = fresh.map((r) => cleanText(r.DisplayName).slice(0, LIMITS.displayNameMax) || `user${r.Id}`);
    const usernames = await assignUsernames(w, taken, fresh.map((r, i) => ({ base: usernameFrom(names[i]!, `user${r.Id}`), ext: r.Id! })));
    const users: NewUser[] = [];
    const map: NewMapRow[] = [];
    fresh.forEach((r, i) => {
      const id = plan.userId(r.Id!);
      const aboutHtml = r.AboutMe ? sanitizeHtml(cleanText(r.AboutMe)) : '';
      const created = dumpDate(r.CreationDate);
      users.push(
        userRow(id, usernames[i]!, source, {
          display_name: names[i]!,
          rank: Math.max(1, dumpInt(r.Reputation, 1)),
          bio_html: aboutHtml,
          bio: aboutHtml ? htmlToMarkdown(aboutHtml) : '',
          website: cleanText(r.WebsiteUrl).slice(0, 512),
          location: cleanText(r.Location).slice(0, 128),
          last_login_date: dumpDate(r.LastAccessDate),
          created_at: created,
          updated_at: created,
        }),
      );
      map.push(mapRow(source, 'user', r.Id!, id));
    });
    await w.insertUsers(users);
    await w.insertMap(map);
    progress(rows.length);
  }
}

async function writePlaceholders(w: ImportRepository, plan: ImportPlan, source: string, taken: Set<string>): Promise<void> {
  const now = nowSeconds();
  for (let i = 0; i < plan.placeholders.length; i += BATCH) {
    const part = plan.placeholders.slice(i, i + BATCH);
    const usernames = await assignUsernames(w, taken, part.map((p) => ({ base: usernameFrom(p.displayName, `user${p.ext}`), ext: p.ext })));
    const users = part.map((p, k) =>
      userRow(plan.userId(p.ext), usernames[k]!, source, { display_name: p.displayName, is_placeholder: 1, created_at: now, updated_at: now }),
    );
    await w.insertUsers(users);
    await w.insertMap(part.map((p) => mapRow(source, 'user', p.ext, plan.userId(p.ext))));
  }
}

interface PostBatch {
  questions: NewQuestion[];
  answers: NewAnswer[];
  rels: NewTagRel[];
  map: NewMapRow[];
  /** Search index rows of the new posts, written in the same transaction. */
  docs: SearchDocRow[];
  rows: number;
}

/** Builds the rows of one batch of Posts.xml; bodies are converted by `conv` (maybe in worker threads). */
async function preparePosts(plan: ImportPlan, source: string, rows: DumpRow[], conv: BodyConverter): Promise<PostBatch> {
  const wanted = rows.filter((r) => {
    const se = dumpInt(r.Id, -1);
    return (r.PostTypeId === '1' && plan.newQuestions.has(se)) || (r.PostTypeId === '2' && plan.newAnswers.has(se));
  });
  const bodies = await conv.convert(wanted.map((r) => r.Body));
  const batch: PostBatch = { questions: [], answers: [], rels: [], map: [], docs: [], rows: rows.length };
  wanted.forEach((r, i) => {
    const se = dumpInt(r.Id, -1);
    const { html, markdown, searchText } = bodies[i]!;
    const created = dumpDate(r.CreationDate);
    if (r.PostTypeId === '1') {
      const id = plan.questionId(se);
      const accepted = dumpInt(r.AcceptedAnswerId, -1);
      const views = Math.max(0, dumpInt(r.ViewCount));
      batch.questions.push({
        id,
        user_id: plan.userId(ownerOf(r, 'OwnerUserId')),
        title: cleanText(r.Title).slice(0, 600),
        original_text: markdown,
        parsed_text: html,
        status: r.ClosedDate ? 2 : 1,
        pin: 1,
        show: 1,
        view_count: views,
        unique_view_count: views,
        vote_count: dumpInt(r.Score),
        accepted_answer_id: accepted >= 0 && plan.hasAnswer(accepted) ? plan.answerId(accepted) : '',
        created_at: created,
        updated_at: dumpDate(r.LastEditDate) || created,
        post_updated_at: dumpDate(r.LastActivityDate) || created,
      });
      const q = batch.questions[batch.questions.length - 1]!;
      batch.docs.push(questionDoc({ id, user_id: q.user_id, title: q.title, parsed_text: html, created_at: created }, searchText));
      for (const t of dumpTags(r.Tags)) batch.rels.push({ object_id: id, tag_id: plan.tagIds.get(t)!, status: 1, created_at: created });
      batch.map.push(mapRow(source, 'post', r.Id!, id));
    } else {
      const id = plan.answerId(se);
      const parent = plan.answerParent.get(se)!;
      batch.answers.push({
        id,
        question_id: plan.questionId(parent),
        user_id: plan.userId(ownerOf(r, 'OwnerUserId')),
        original_text: markdown,
        parsed_text: html,
        status: 1,
        accepted: plan.acceptedBy.get(se) === parent ? 2 : 1,
        vote_count: dumpInt(r.Score),
        created_at: created,
        updated_at: dumpDate(r.LastEditDate) || created,
      });
      const a = batch.answers[batch.answers.length - 1]!;
      batch.docs.push(answerDoc({ id, question_id: a.question_id, user_id: a.user_id, parsed_text: html, created_at: created }, searchText));
      batch.map.push(mapRow(source, 'post', r.Id!, id));
    }
  });
  return batch;
}

/**
 * Streams Posts.xml and writes new questions, answers, tag links and map rows. Up to `conv.depth` batches are
 * converted ahead of the one being written, so parsing, conversion and writing overlap; rows are written in
 * file order.
 */
async function writePosts(w: ImportRepository, tx: Db, plan: ImportPlan, source: string, file: string, progress: (n: number) => void, workers?: number): Promise<void> {
  const conv = createBodyConverter(plan.newQuestions.size + plan.newAnswers.size, workers);
  const ahead: Array<Promise<PostBatch>> = [];
  const write = async (b: PostBatch) => {
    await w.insertQuestions(b.questions);
    await w.insertAnswers(b.answers);
    await w.insertTagRels(b.rels);
    await w.insertMap(b.map);
    await insertSearchDocs(tx, b.docs);
    progress(b.rows);
  };
  try {
    for await (const rows of readDumpRows(file, BATCH)) {
      const p = preparePosts(plan, source, rows, conv);
      p.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled
      ahead.push(p);
      if (ahead.length > conv.depth) await write(await ahead.shift()!);
    }
    while (ahead.length > 0) await write(await ahead.shift()!);
  } finally {
    await conv.close();
  }
}

async function writeComments(w: ImportRepository, plan: ImportPlan, source: string, file: string, progress: (n: number) => void): Promise<void> {
  for await (const rows of readDumpRows(file, BATCH)) {
    const comments: NewComment[] = [];
    const map: NewMapRow[] = [];
    for (const r of rows) {
      const se = dumpInt(r.Id, -1);
      if (!plan.newComments.has(se)) continue;
      const post = dumpInt(r.PostId, -1);
      const onQuestion = plan.fileQuestions.has(post);
      const id = plan.commentId(se);
      const text = cleanText(r.Text);
      const created = dumpDate(r.CreationDate);
      comments.push({
        id,
        user_id: plan.userId(ownerOf(r, 'UserId')),
        object_id: onQuestion ? plan.questionId(post) : plan.answerId(post),
        question_id: plan.questionId(onQuestion ? post : plan.answerParent.get(post)!),
        vote_count: dumpInt(r.Score),
        status: 1,
        original_text: text,
        parsed_text: renderMarkdown(text),
        created_at: created,
        updated_at: created,
      });
      map.push(mapRow(source, 'comment', r.Id!, id));
    }
    await w.insertComments(comments);
    await w.insertMap(map);
    progress(rows.length);
  }
}
