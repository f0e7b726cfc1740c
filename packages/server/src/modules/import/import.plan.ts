/**
 * Pass 1 of the Stack Exchange import: streams the dump files, checks they are well-formed, and decides what is
 * new, giving each new object a position in an id block (only small maps of dump id -> position are kept).
 */
import { formatId } from '../../core/db/ids.js';
import { LIMITS } from '@quorum/contract';
import { type ImportKind } from './import.repository.js';
import { ImportReport, Reason } from './import.report.js';
import { cleanText, dumpDate, dumpInt, dumpTags, readDumpRows, type DumpRow } from './stackexchange.js';

export const COMMUNITY = 'community';
export const BATCH = 500;

/** Ids of the rows the other dump files add, counted (at most) by the check pass and reserved in blocks. */
export type ExtraIdKind = 'revision' | 'activity' | 'collection' | 'meta' | 'notification';

/** Post types of Posts.xml other than questions (1) and answers (2), for skip reasons. */
const POST_TYPES: Record<string, string> = {
  '3': 'orphaned tag wiki',
  '4': 'tag wiki excerpt',
  '5': 'tag wiki',
  '6': 'moderator nomination',
  '7': 'wiki placeholder',
  '8': 'privilege wiki',
};

export interface Placeholder {
  ext: string;
  displayName: string;
}

/** What pass 1 found: new objects by dump id with their position in the id block to be reserved. */
export class ImportPlan {
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
  /** questions of Posts.xml with a ClosedDate (dump ids) */
  readonly closedQuestions = new Set<number>();
  /** tag wiki posts named by Tags.xml: post dump id -> tag slug and which part of the description it is */
  readonly wikiPosts = new Map<number, { slug: string; part: 'excerpt' | 'wiki' }>();
  /** ids to reserve for the rows of the other files (upper bounds) and how many were taken */
  readonly extra: Record<ExtraIdKind, { count: number; start: number; used: number }> = {
    revision: { count: 0, start: 0, used: 0 },
    activity: { count: 0, start: 0, used: 0 },
    collection: { count: 0, start: 0, used: 0 },
    meta: { count: 0, start: 0, used: 0 },
    notification: { count: 0, start: 0, used: 0 },
  };
  readonly report = new ImportReport();
  /**
   * Counters of the objects this run creates, so their rows are written with them instead of recounted by queries
   * afterwards: answers per new question and its newest answer ([created_at, position]), questions and answers
   * per owner, new questions per tag. Objects that existed before are recounted (`touched`).
   */
  readonly counts = {
    answers: new Map<number, number>(),
    lastAnswer: new Map<number, [number, number]>(),
    byUser: new Map<string, [number, number]>(),
    byTag: new Map<string, number>(),
  };
  /** Objects that existed before this run and get new questions or answers: recounted after the writes. */
  readonly touched = { questions: new Set<string>(), users: new Set<string>() };
  realUsers = 0;
  /** up/down votes of Votes.xml to write (counted by the check pass) */
  votes = 0;
  totalRows = 0;
  start = { user: 0, question: 0, answer: 0, comment: 0, tag: 0 };

  constructor(known: Record<ImportKind, Map<string, string>>) {
    this.known = known;
  }

  /** Rows skipped over all files. */
  get skipped(): number {
    return this.report.skipped;
  }

  /** The next reserved id of an extra kind. @throws when the check pass counted fewer (a bug) */
  takeId(kind: ExtraIdKind): string {
    const e = this.extra[kind];
    if (e.used >= e.count) throw new Error(`import: more ${kind} rows than the check pass counted`);
    return formatId(kind, e.start + e.used++);
  }

  /** True when the post (dump id) is a question or answer created by this run. */
  isNewPost(se: number): boolean {
    return this.newQuestions.has(se) || this.newAnswers.has(se);
  }

  /** True when the dump id is a question of this Posts.xml that exists (new or imported earlier). */
  isQuestion(se: number): boolean {
    return this.fileQuestions.has(se) && this.hasQuestion(se);
  }

  /** The Quorum id of a question or answer of this Posts.xml, or undefined. */
  postId(se: number): string | undefined {
    if (this.fileQuestions.has(se)) return this.hasQuestion(se) ? this.questionId(se) : undefined;
    if (this.answerParent.has(se) && this.hasAnswer(se)) return this.answerId(se);
    return undefined;
  }

  /** True when a user row exists or will exist for the dump user id (Users.xml, an owner, imported earlier). */
  hasUser(ext: string): boolean {
    return this.newUsers.has(ext) || this.known.user.has(ext);
  }

  hasQuestion(se: number): boolean {
    return this.newQuestions.has(se) || this.known.post.has(String(se));
  }

  hasAnswer(se: number): boolean {
    return this.newAnswers.has(se) || this.known.post.has(String(se));
  }

  /** Counts a new question (`kind` 0) or answer (1) of the owner `ext`. */
  countPost(ext: string, kind: 0 | 1): void {
    if (this.known.user.has(ext)) {
      this.touched.users.add(this.known.user.get(ext)!);
      return;
    }
    const c = this.byUser(ext);
    c[kind]++;
  }

  private byUser(ext: string): [number, number] {
    let c = this.counts.byUser.get(ext);
    if (!c) this.counts.byUser.set(ext, (c = [0, 0]));
    return c;
  }

  /** Counts a new answer of question `parent` created at `at` (unix seconds). */
  countAnswer(parent: number, answer: number, at: number): void {
    if (!this.newQuestions.has(parent)) {
      this.touched.questions.add(this.questionId(parent));
      return;
    }
    this.counts.answers.set(parent, (this.counts.answers.get(parent) ?? 0) + 1);
    const pos = this.newAnswers.get(answer)!;
    const last = this.counts.lastAnswer.get(parent);
    if (!last || at > last[0] || (at === last[0] && pos > last[1])) this.counts.lastAnswer.set(parent, [at, pos]);
  }

  /** Questions and answers a new user owns: [questions, answers]. */
  userCounts(ext: string): [number, number] {
    return this.counts.byUser.get(ext) ?? [0, 0];
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

  /** The newest new answer of a new question, '' when it has none. */
  lastAnswerId(question: number): string {
    const last = this.counts.lastAnswer.get(question);
    return last ? formatId('answer', this.start.answer + last[1]) : '';
  }

  commentId(se: number): string {
    return formatId('comment', this.start.comment + this.newComments.get(se)!);
  }
}

/** The owner's external id of a post or comment row ('community' when the dump names none). */
export function ownerOf(row: DumpRow, attr: 'OwnerUserId' | 'UserId'): string {
  const v = row[attr];
  return v && v !== '' ? v : COMMUNITY;
}

/** Streams Users.xml: which users are new (not in import_map yet). */
export async function planUsers(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open('Users.xml');
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const ext = row.Id;
      if (!ext || plan.known.user.has(ext) || plan.newUsers.has(ext)) {
        plan.report.skip('Users.xml', !ext ? Reason.noId : plan.known.user.has(ext) ? Reason.earlier : 'the same Id twice');
        continue;
      }
      plan.newUsers.set(ext, plan.newUsers.size);
      plan.report.imported('Users.xml');
      plan.realUsers++;
    }
  }
}

/** Streams Posts.xml: new questions and answers, their tags, owners and accepted answers; checks well-formedness. */
export async function planPosts(plan: ImportPlan, file: string): Promise<void> {
  /** answers seen before their question: dump id -> owner row (rare; kept until the end of the pass) */
  const pending = new Map<number, { owner: string; name: string | undefined; at: number }>();
  plan.report.open('Posts.xml');
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const id = dumpInt(row.Id, -1);
      const type = row.PostTypeId;
      if (id < 0 || (type !== '1' && type !== '2')) {
        if (id >= 0 && plan.wikiPosts.has(id)) plan.report.imported('Posts.xml');
        else if (id < 0) plan.report.skip('Posts.xml', Reason.noId);
        else if (type === '4' || type === '5') plan.report.skip('Posts.xml', `post type ${type} (${POST_TYPES[type]}): no Tags.xml row names it`);
        else plan.report.skip('Posts.xml', `post type ${type ?? '?'} (${POST_TYPES[type ?? ''] ?? 'unknown'}): not a question or answer`);
        continue;
      }
      if (type === '1') {
        plan.fileQuestions.add(id);
        if (row.ClosedDate) plan.closedQuestions.add(id);
        const accepted = dumpInt(row.AcceptedAnswerId, -1);
        if (accepted >= 0) plan.acceptedBy.set(accepted, id);
        if (plan.known.post.has(row.Id!)) {
          plan.report.skip('Posts.xml', Reason.earlier);
          continue;
        }
        plan.report.imported('Posts.xml');
        plan.newQuestions.set(id, plan.newQuestions.size);
        plan.needUser(ownerOf(row, 'OwnerUserId'), row.OwnerDisplayName);
        plan.countPost(ownerOf(row, 'OwnerUserId'), 0);
        for (const t of dumpTags(row.Tags)) {
          plan.tagSlugs.add(t);
          plan.counts.byTag.set(t, (plan.counts.byTag.get(t) ?? 0) + 1);
        }
      } else {
        const parent = dumpInt(row.ParentId, -1);
        plan.answerParent.set(id, parent);
        if (plan.known.post.has(row.Id!)) {
          plan.report.skip('Posts.xml', Reason.earlier);
        } else if (plan.hasQuestion(parent)) {
          plan.report.imported('Posts.xml');
          plan.newAnswers.set(id, plan.newAnswers.size);
          plan.needUser(ownerOf(row, 'OwnerUserId'), row.OwnerDisplayName);
          plan.countPost(ownerOf(row, 'OwnerUserId'), 1);
          plan.countAnswer(parent, id, dumpDate(row.CreationDate));
        } else {
          pending.set(id, { owner: ownerOf(row, 'OwnerUserId'), name: row.OwnerDisplayName, at: dumpDate(row.CreationDate) });
        }
      }
    }
  }
  for (const [id, owner] of pending) {
    if (plan.hasQuestion(plan.answerParent.get(id)!)) {
      plan.report.imported('Posts.xml');
      plan.newAnswers.set(id, plan.newAnswers.size);
      plan.needUser(owner.owner, owner.name);
      plan.countPost(owner.owner, 1);
      plan.countAnswer(plan.answerParent.get(id)!, id, owner.at);
    } else {
      plan.report.skip('Posts.xml', 'answer to a question that is not in the dump');
    }
  }
  // Questions imported earlier whose accepted answer is new in this dump.
  for (const [answer, question] of plan.acceptedBy) {
    if (plan.newAnswers.has(answer) && !plan.newQuestions.has(question) && plan.known.post.has(String(question))) {
      plan.acceptedFixes.push([plan.known.post.get(String(question))!, answer]);
    }
  }
}

/** Streams Comments.xml: new comments on posts of this dump. */
export async function planComments(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open('Comments.xml');
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const id = dumpInt(row.Id, -1);
      const post = dumpInt(row.PostId, -1);
      const onPost = plan.fileQuestions.has(post) ? plan.hasQuestion(post) : plan.answerParent.has(post) && plan.hasAnswer(post);
      if (id < 0 || plan.known.comment.has(row.Id!) || plan.newComments.has(id) || !onPost) {
        const reason = id < 0 ? Reason.noId : plan.known.comment.has(row.Id!) ? Reason.earlier : plan.newComments.has(id) ? 'the same Id twice' : Reason.postAbsent;
        plan.report.skip('Comments.xml', reason);
        continue;
      }
      plan.report.imported('Comments.xml');
      plan.newComments.set(id, plan.newComments.size);
      plan.needUser(ownerOf(row, 'UserId'), row.UserDisplayName);
    }
  }
}


