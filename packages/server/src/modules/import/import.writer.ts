/**
 * Pass 2 of the Stack Exchange import: converts and writes the new rows in multi-row batches, inside the
 * import's one transaction (tags, users, placeholders, posts with their tag links and search rows, comments).
 */
import { htmlToMarkdown, renderMarkdown, sanitizeHtml } from '../../core/markdown.js';
import { answerDoc, questionDoc } from '../search/index.js';
import { createBodyConverter, type BodyConverter } from './convert.js';
import { nowSeconds } from '../../core/context.js';
import { LIMITS, email as emailSchema } from '@quorum/contract';
import { ImportRepository, type ImportKind, type NewAnswer, type NewComment, type NewMapRow, type NewQuestion, type NewSearchDoc, type NewTagRel, type NewUser } from './import.repository.js';
import { cleanText, dumpDate, dumpInt, dumpTags, readDumpRows, usernameFrom, usernameWithSuffix, type DumpRow } from './stackexchange.js';
import { BATCH, ImportPlan, ownerOf } from './import.plan.js';
import type { DescriptionPart, TagDescriptions } from './import.tags.js';

/** An `import_map` row: this source's object `external` became `internal`. */
function mapRow(source: string, kind: ImportKind, external: string, internal: string): NewMapRow {
  return { source, kind, external_id: external, internal_id: internal };
}

/** Inserts the tags the dump uses that the site does not have yet. */
export async function writeTags(w: ImportRepository, plan: ImportPlan, source: string): Promise<void> {
  const now = nowSeconds();
  await w.insertTags(
    plan.newTags.map((slug) => ({
      id: plan.tagIds.get(slug)!,
      slug_name: slug,
      display_name: slug,
      original_text: '',
      parsed_text: '',
      question_count: plan.counts.byTag.get(slug) ?? 0,
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

/** Most characters of a stored e-mail address (users.e_mail, migration 001). */
const EMAIL_MAX = 320;

/** Report notes of Users.xml rows imported without their e-mail (the member cannot claim the account by mail). */
export const EmailNote = {
  invalid: 'imported without its e-mail: not a valid address',
  duplicate: 'imported without its e-mail: the address belongs to another member or an earlier row',
} as const;

/**
 * The addresses a batch of Users.xml rows keeps (issue #33 item 10: imported members claim their account through
 * "forgot password"): a row's `Email` (private exports and Answer-style dumps; public dumps have none), lower-cased
 * as the site stores addresses, when it is a valid address no member has (case-insensitively) and no earlier row
 * of this run took. Others get '' (the caller writes `<username>@<source>.invalid`); an invalid or taken address is
 * counted in the report's notes. `seen` holds the addresses this run has kept so far and is added to.
 */
async function claimableEmails(w: ImportRepository, plan: ImportPlan, rows: DumpRow[], seen: Set<string>): Promise<string[]> {
  const wanted = rows.map((r) => {
    const raw = (r.Email ?? '').trim();
    if (!raw) return '';
    const ok = raw.length <= EMAIL_MAX && emailSchema.safeParse(raw).success;
    if (!ok) plan.report.note('Users.xml', EmailNote.invalid);
    return ok ? raw.toLowerCase() : '';
  });
  const inDb = await w.takenEmails([...new Set(wanted.filter(Boolean))]);
  return wanted.map((e) => {
    if (!e) return '';
    if (inDb.has(e) || seen.has(e)) {
      plan.report.note('Users.xml', EmailNote.duplicate);
      return '';
    }
    seen.add(e);
    return e;
  });
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

/**
 * Streams Users.xml and inserts the new users (usernames derived from display names, made unique; the e-mail of
 * the row when it can be claimed, see claimableEmails, else `<username>@<source>.invalid`; no password).
 * @returns how many users were written with their own e-mail (they can claim the account)
 */
export async function writeUsers(w: ImportRepository, plan: ImportPlan, source: string, file: string, taken: Set<string>, progress: (n: number) => void): Promise<number> {
  const seenEmails = new Set<string>();
  for await (const rows of readDumpRows(file, BATCH)) {
    const fresh = rows.filter((r) => r.Id && plan.newUsers.has(r.Id) && !plan.known.user.has(r.Id));
    const names = fresh.map((r) => cleanText(r.DisplayName).slice(0, LIMITS.displayNameMax) || `user${r.Id}`);
    const usernames = await assignUsernames(w, taken, fresh.map((r, i) => ({ base: usernameFrom(names[i]!, `user${r.Id}`), ext: r.Id! })));
    const emails = await claimableEmails(w, plan, fresh, seenEmails);
    const users: NewUser[] = [];
    const map: NewMapRow[] = [];
    fresh.forEach((r, i) => {
      const id = plan.userId(r.Id!);
      const aboutHtml = r.AboutMe ? sanitizeHtml(cleanText(r.AboutMe)) : '';
      const created = dumpDate(r.CreationDate);
      users.push(
        userRow(id, usernames[i]!, source, {
          ...(emails[i] ? { e_mail: emails[i] } : {}),
          display_name: names[i]!,
          question_count: plan.userCounts(r.Id!)[0],
          answer_count: plan.userCounts(r.Id!)[1],
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
  return seenEmails.size;
}

/** Inserts one placeholder user per owner id that has no user row (and the per-source 'community' user). */
export async function writePlaceholders(w: ImportRepository, plan: ImportPlan, source: string, taken: Set<string>): Promise<void> {
  const now = nowSeconds();
  for (let i = 0; i < plan.placeholders.length; i += BATCH) {
    const part = plan.placeholders.slice(i, i + BATCH);
    const usernames = await assignUsernames(w, taken, part.map((p) => ({ base: usernameFrom(p.displayName, `user${p.ext}`), ext: p.ext })));
    const users = part.map((p, k) =>
      userRow(plan.userId(p.ext), usernames[k]!, source, {
        display_name: p.displayName,
        is_placeholder: 1,
        question_count: plan.userCounts(p.ext)[0],
        answer_count: plan.userCounts(p.ext)[1],
        created_at: now,
        updated_at: now,
      }),
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
  docs: NewSearchDoc[];
  /** tag excerpt and wiki bodies (Tags.xml) */
  descriptions: DescriptionPart[];
  rows: number;
}

/** Builds the rows of one batch of Posts.xml; bodies are converted by `conv` (maybe in worker threads). */
async function preparePosts(plan: ImportPlan, source: string, rows: DumpRow[], conv: BodyConverter): Promise<PostBatch> {
  const wanted = rows.filter((r) => {
    const se = dumpInt(r.Id, -1);
    return (r.PostTypeId === '1' && plan.newQuestions.has(se)) || (r.PostTypeId === '2' && plan.newAnswers.has(se)) || plan.wikiPosts.has(se);
  });
  const bodies = await conv.convert(wanted.map((r) => r.Body));
  const batch: PostBatch = { questions: [], answers: [], rels: [], map: [], docs: [], descriptions: [], rows: rows.length };
  wanted.forEach((r, i) => {
    const se = dumpInt(r.Id, -1);
    const { html, markdown, searchText } = bodies[i]!;
    const created = dumpDate(r.CreationDate);
    const wiki = r.PostTypeId !== '1' && r.PostTypeId !== '2' ? plan.wikiPosts.get(se) : undefined;
    if (wiki) {
      batch.descriptions.push({ ...wiki, html, markdown });
    } else if (r.PostTypeId === '1') {
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
        answer_count: plan.counts.answers.get(se) ?? 0,
        last_answer_id: plan.lastAnswerId(se),
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
 * file order. `whileWaiting` is called again and again while the next batch is still being converted, until it
 * returns 0 (it has nothing left to do for now): the bulk load indexes the written rows there.
 */
export async function writePosts(w: ImportRepository, plan: ImportPlan, source: string, file: string, progress: (n: number) => void, workers?: number, descriptions?: TagDescriptions, whileWaiting?: () => Promise<number>): Promise<void> {
  const conv = createBodyConverter(plan.newQuestions.size + plan.newAnswers.size, workers);
  const ahead: Array<{ batch: Promise<PostBatch>; ready: boolean }> = [];
  const next = async () => {
    const head = ahead.shift()!;
    if (whileWaiting) while (!head.ready && (await whileWaiting()) > 0);
    await write(await head.batch);
  };
  const write = async (b: PostBatch) => {
    await w.insertQuestions(b.questions);
    await w.insertAnswers(b.answers);
    await w.insertTagRels(b.rels);
    await w.insertMap(b.map);
    await w.insertSearchDocs(b.docs);
    if (descriptions && b.descriptions.length) await descriptions.add(w, b.descriptions);
    progress(b.rows);
  };
  try {
    for await (const rows of readDumpRows(file, BATCH)) {
      const entry = { batch: preparePosts(plan, source, rows, conv), ready: false };
      // awaited in `next`; this marks it ready and keeps an early failure from being reported as unhandled
      entry.batch.then(
        () => (entry.ready = true),
        () => (entry.ready = true),
      );
      ahead.push(entry);
      if (ahead.length > conv.depth) await next();
    }
    while (ahead.length > 0) await next();
    if (descriptions) await descriptions.finish(w);
  } finally {
    await conv.close();
  }
}

/** Streams Comments.xml and inserts the new comments, rendered from their text. */
export async function writeComments(w: ImportRepository, plan: ImportPlan, source: string, file: string, progress: (n: number) => void): Promise<void> {
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
