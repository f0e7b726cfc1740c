/**
 * Votes.xml and PostLinks.xml of a Stack Exchange dump.
 *
 * Votes (Id, PostId, VoteTypeId, UserId only for some types, CreationDate): a favorite (type 5, with its UserId)
 * becomes a bookmark (`collections`); an up or down vote (2, 3) that names its voter becomes a `votes` row. Post
 * scores are not recomputed from Votes.xml: the public dump leaves out who cast almost every up/down vote, so the
 * score stays Posts.xml's `Score`, which counts them all. Bookmark counts of questions are recounted.
 *
 * PostLinks (PostId, RelatedPostId, LinkTypeId 1 linked, 3 duplicate): a `question_links` row between two questions
 * (GET /question/link lists them both ways); a duplicate link of a closed question also records its close reason
 * ("a duplicate", with the original's address), as closing through PUT /question/status does.
 *
 * A row is imported only when it touches an object this run creates (a new post or user), so running an import
 * again adds nothing twice; inserts also ignore rows the unique keys already hold.
 */
import type { ImportRepository, NewCollection, NewMeta, NewQuestionLink, NewVote } from './import.repository.js';
import { Reason } from './import.report.js';
import { BATCH, type ImportPlan } from './import.plan.js';
import { dumpDate, dumpInt, readDumpRows, type DumpRow } from './stackexchange.js';

const VOTES = 'Votes.xml';
const LINKS = 'PostLinks.xml';

/** Vote types without a Quorum counterpart, for skip reasons. */
const VOTE_TYPES: Record<string, string> = {
  '1': 'accepted by originator: acceptance comes from AcceptedAnswerId in Posts.xml',
  '4': 'offensive',
  '6': 'close',
  '7': 'reopen',
  '8': 'bounty start',
  '9': 'bounty close',
  '10': 'deletion',
  '11': 'undeletion',
  '12': 'spam',
  '15': 'moderator review',
  '16': 'approve edit suggestion',
};

type VoteDecision = { kind: 'bookmark' | 'vote'; post: string; user: string } | { skip: string };

/** What a Votes.xml row becomes. */
export function classifyVote(plan: ImportPlan, row: DumpRow): VoteDecision {
  const type = row.VoteTypeId ?? '';
  const se = dumpInt(row.PostId, -1);
  if (type !== '2' && type !== '3' && type !== '5') {
    return { skip: VOTE_TYPES[type] ? `vote type ${type} (${VOTE_TYPES[type]})${type === '1' ? '' : ': no counterpart'}` : `vote type ${type || '?'}: unknown` };
  }
  const user = row.UserId;
  if (!user) return { skip: type === '5' ? 'favorite without a user' : "anonymous up/down vote (counted in the post's Score from Posts.xml)" };
  const post = plan.postId(se);
  if (!post) return { skip: Reason.postAbsent };
  if (!plan.hasUser(user)) return { skip: Reason.userAbsent };
  if (!plan.isNewPost(se) && !plan.newUsers.has(user)) return { skip: Reason.earlier };
  if (type === '5' && !plan.fileQuestions.has(se)) return { skip: 'favorite of an answer (only questions are bookmarked)' };
  return { kind: type === '5' ? 'bookmark' : 'vote', post, user };
}

/** Check pass over Votes.xml. */
export async function planVotes(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open(VOTES);
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const c = classifyVote(plan, row);
      if ('skip' in c) plan.report.skip(VOTES, c.skip);
      else {
        plan.report.imported(VOTES);
        if (c.kind === 'bookmark') plan.extra.collection.count++;
        else plan.votes++;
      }
    }
  }
}

/** Writes the bookmarks and named votes of Votes.xml. */
export async function writeVotes(w: ImportRepository, plan: ImportPlan, file: string, progress: (n: number) => void): Promise<void> {
  for await (const rows of readDumpRows(file, BATCH)) {
    const bookmarks: NewCollection[] = [];
    const votes: NewVote[] = [];
    for (const row of rows) {
      const c = classifyVote(plan, row);
      if ('skip' in c) continue;
      const created = dumpDate(row.CreationDate);
      const userId = plan.userId(c.user);
      if (c.kind === 'bookmark') bookmarks.push({ id: plan.takeId('collection'), user_id: userId, object_id: c.post, created_at: created });
      else votes.push({ user_id: userId, object_id: c.post, object_type: plan.fileQuestions.has(dumpInt(row.PostId, -1)) ? 'question' : 'answer', vote_type: row.VoteTypeId === '2' ? 'up' : 'down', created_at: created });
    }
    await w.insertIgnoring('collections', bookmarks);
    await w.insertIgnoring('votes', votes);
    progress(rows.length);
  }
}

type LinkDecision = { from: number; to: number; duplicate: boolean } | { skip: string };

/** What a PostLinks.xml row becomes. */
export function classifyLink(plan: ImportPlan, row: DumpRow): LinkDecision {
  const type = row.LinkTypeId;
  if (type !== '1' && type !== '3') return { skip: `link type ${type ?? '?'}: unknown` };
  const from = dumpInt(row.PostId, -1);
  const to = dumpInt(row.RelatedPostId, -1);
  if (!plan.isQuestion(from) || !plan.isQuestion(to)) return { skip: 'between posts that are not both questions of the dump' };
  if (from === to) return { skip: 'a question linked to itself' };
  if (!plan.newQuestions.has(from) && !plan.newQuestions.has(to)) return { skip: Reason.earlier };
  return { from, to, duplicate: type === '3' };
}

/** Check pass over PostLinks.xml. */
export async function planLinks(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open(LINKS);
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const c = classifyLink(plan, row);
      if ('skip' in c) plan.report.skip(LINKS, c.skip);
      else {
        plan.report.imported(LINKS);
        if (c.duplicate) plan.extra.meta.count++;
      }
    }
  }
}

/** Close reason meta name of questions (modules/question question.state.repository.ts). */
const CLOSE_META = 'question.close';

/**
 * Writes the question links; a new, closed question's first duplicate link becomes its close reason.
 * @param closedAsDuplicate questions (dump ids) given a close reason so far (one per question)
 */
export async function writeLinks(w: ImportRepository, plan: ImportPlan, file: string, progress: (n: number) => void): Promise<void> {
  const closedAsDuplicate = new Set<number>();
  for await (const rows of readDumpRows(file, BATCH)) {
    const links: NewQuestionLink[] = [];
    const metas: NewMeta[] = [];
    for (const row of rows) {
      const c = classifyLink(plan, row);
      if ('skip' in c) continue;
      const created = dumpDate(row.CreationDate);
      const from = plan.questionId(c.from);
      const to = plan.questionId(c.to);
      links.push({ from_question_id: from, to_question_id: to, created_at: created });
      if (c.duplicate) {
        const id = plan.takeId('meta');
        if (plan.newQuestions.has(c.from) && plan.closedQuestions.has(c.from) && !closedAsDuplicate.has(c.from)) {
          closedAsDuplicate.add(c.from);
          metas.push({ id, object_id: from, name: CLOSE_META, value: JSON.stringify({ close_type: 1, close_msg: `/questions/${to}` }), user_id: '', created_at: created });
        }
      }
    }
    await w.insertIgnoring('question_links', links);
    await w.insertIgnoring('meta', metas);
    progress(rows.length);
  }
}
