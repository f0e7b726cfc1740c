/**
 * Search (spec §2 /search, §3 search operators, §7 GET /search) and the similar-question lists that share its
 * index (GET /question/similar, GET /question/similar/tag). Public calls: no access check beyond the
 * private-site guard of app.ts, except that similar/tag answers 404 for a question the viewer may not see; only
 * visible posts are ever returned (the repository filters on the live question and answer rows).
 */
import type { SearchQuery } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { ContentCache } from '../../core/contentcache.js';
import { notFound } from '../../core/errors.js';
import { visiblePostTargets } from '../comment/index.js';
import { presentTagsOfQuestions, tagSummaryBySlug } from '../tag/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import { presentAnswerHit, presentQuestionBase, presentQuestionHit } from './search.presenter.js';
import * as repo from './search.repository.js';
import { hasCriteria, parseQuery } from './query-parser.js';
import { queryForms, strongQueryForms } from './tokenizer.js';

export interface SearchResult {
  count: number;
  /** The tag of a single-tag query (for the tag header of the results page), else null. */
  extra: Record<string, unknown> | null;
  list: Record<string, unknown>[];
}

const EMPTY: SearchResult = { count: 0, extra: null, list: [] };

/**
 * GET /search.
 * @param q parsed request: `q` any text with operators, `order`, `page` (1-based), `size` (1-50)
 * @returns Answer's SearchResp: `{count, extra, list: [{object_type, object}]}`; an empty result (never an
 *   error) for queries with nothing searchable, unknown tags or unknown users
 */
export async function search(ctx: AppContext, q: SearchQuery, viewer?: UserRow): Promise<SearchResult> {
  const db = requireDb(ctx);
  const parsed = parseQuery(q.q);
  if (!hasCriteria(parsed)) return EMPTY;
  const plan: repo.SearchPlan = {
    forms: queryForms(parsed.text),
    type: parsed.type === 'question' ? repo.DOC_QUESTION : parsed.type === 'answer' ? repo.DOC_ANSWER : undefined,
    tagIds: [],
    minScore: parsed.minScore,
    minAnswers: parsed.minAnswers,
    order: q.order,
    offset: (q.page - 1) * q.size,
    limit: q.size,
  };
  // Free text that tokenizes to nothing (only punctuation) and no operator: nothing to look for.
  if (!plan.forms.length && parsed.text.trim() && !parsed.tags.length && !parsed.type && parsed.minScore === undefined && !parsed.user && parsed.minAnswers === undefined) return EMPTY;
  let extra: Record<string, unknown> | null = null;
  for (const slug of parsed.tags) {
    const tag = await tagSummaryBySlug(ctx, slug, viewer);
    if (!tag) return EMPTY;
    plan.tagIds.push(tag.mainId);
    if (parsed.tags.length === 1) extra = tag.info;
  }
  if (parsed.user) {
    plan.userId = await repo.userIdByName(db, parsed.user);
    if (!plan.userId) return { ...EMPTY, extra };
  }
  const { count, hits } = await repo.searchDocs(db, plan);
  const answerIds = hits.filter((h) => h.object_type === repo.DOC_ANSWER).map((h) => h.object_id);
  const [questions, answers] = await Promise.all([repo.questionsByIds(db, hits.map((h) => h.question_id)), repo.answersByIds(db, answerIds)]);
  const qById = new Map(questions.map((x) => [x.id, x]));
  const aById = new Map(answers.map((x) => [x.id, x]));
  const [tags, users] = await Promise.all([
    presentTagsOfQuestions(ctx, questions.map((x) => x.id)),
    findUsersByIds(db, [...questions.map((x) => x.user_id), ...answers.map((x) => x.user_id)]),
  ]);
  const list: Record<string, unknown>[] = [];
  for (const h of hits) {
    const question = qById.get(h.question_id);
    if (!question) continue;
    const t = tags.get(question.id) ?? [];
    if (h.object_type === repo.DOC_QUESTION) list.push(presentQuestionHit(question, t, users.get(question.user_id)));
    else {
      const answer = aById.get(h.object_id);
      if (answer) list.push(presentAnswerHit(answer, question, t, users.get(answer.user_id)));
    }
  }
  return { count, extra, list };
}

/**
 * GET /question/similar?title=: up to 5 questions whose titles share words with `title` (shown while asking).
 * Short words and stopwords are ignored unless nothing else is given.
 */
export async function similarByTitle(ctx: AppContext, title: string): Promise<Record<string, unknown>[]> {
  const db = requireDb(ctx);
  const ids = await repo.similarTitles(db, strongQueryForms(title), 5);
  const rows = new Map((await repo.questionBasesByIds(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => (rows.has(id) ? [presentQuestionBase(rows.get(id)!)] : []));
}

/**
 * Related questions by question and size, presented, until the next content write (at most 60 s): every question
 * page asks for them. A content write (a vote, an answer, an edit, a deletion, a hidden question) clears them on
 * every node; view counts in them may lag up to the maximum age, as on the anonymous pages' cache.
 */
const related = new ContentCache<Record<string, unknown>[]>('related-questions', ['questions', 'tags', 'tag_rel'], 60_000, 5000);

/**
 * Each tag's related-question candidates (repo.relatedCandidates), kept like `related` and cleared by the same
 * writes. A site has far fewer tags than questions and its questions crowd into its popular tags, so most
 * questions whose own list is not kept find their tags' candidates here: at 100k questions such a call costs ~0.3 ms
 * more than one whose list is kept, where the grouping query alone cost ~0.45 ms (docs/BENCHMARKS.md "Eleventh
 * round").
 * At most 2,000 tags of 501 ids each (~20 KB a tag).
 */
const candidatesByTag = new ContentCache<repo.RelatedCandidates>('related-candidates', ['questions', 'tags', 'tag_rel'], 60_000, 2000);

/**
 * Questions sharing tags with `questionId`: most shared tags first, then score, then newest (highest id); the
 * candidates are the newest RELATED_PER_TAG questions of each of its tags other than the question itself, of
 * which those normal or closed and listed are shown.
 * @returns up to `limit` question ids
 */
async function relatedIds(ctx: AppContext, questionId: string, limit: number): Promise<string[]> {
  const db = requireDb(ctx);
  const tagIds = await repo.questionTagIds(db, questionId);
  // Every tag's candidates at once: on PostgreSQL and MySQL the lists not kept are read in parallel round trips.
  const lists = await Promise.all(tagIds.map((tagId) => candidatesByTag.get(db, tagId, () => repo.relatedCandidates(db, tagId, repo.RELATED_PER_TAG + 1))));
  const shared = new Map<string, RelatedCandidate>();
  for (const c of lists) {
    let taken = 0;
    for (let i = 0; i < c.ids.length && taken < repo.RELATED_PER_TAG; i++) {
      const id = c.ids[i]!;
      if (id === questionId) continue;
      taken++;
      const votes = c.votes[i];
      if (votes === null || votes === undefined) continue;
      const s = shared.get(id);
      if (s) s.n++;
      else shared.set(id, { id, n: 1, votes });
    }
  }
  // The best `limit` in one pass, kept in order (a full sort of every candidate cost ~0.5 ms for ~800).
  const best: RelatedCandidate[] = [];
  for (const s of shared.values()) {
    if (best.length === limit && !ranksBefore(s, best[limit - 1]!)) continue;
    let at = Math.min(best.length, limit - 1);
    while (at > 0 && ranksBefore(s, best[at - 1]!)) at--;
    if (best.length === limit) best.pop();
    best.splice(at, 0, s);
  }
  return best.map((b) => b.id);
}

/** A question counted as related: how many of the tags it shares, and its score. */
interface RelatedCandidate {
  id: string;
  n: number;
  votes: number;
}

/** Whether `a` ranks before `b` as a related question: more shared tags, then higher score, then newer (higher id). */
function ranksBefore(a: RelatedCandidate, b: RelatedCandidate): boolean {
  return a.n !== b.n ? a.n > b.n : a.votes !== b.votes ? a.votes > b.votes : a.id > b.id;
}

/**
 * GET /question/similar/tag?question_id=: related questions, those sharing most tags first, then by score
 * (relatedIds). Answer shows its first tag's most frequent questions; sharing tags is what makes a question related.
 * Only for a question the viewer may see (question/info's rule: its tags are not given away otherwise).
 * @returns `{count, list}` (Answer's shape for this call)
 * @throws 404 `error.question.not_found` for unknown questions and those the viewer may not see, as question/info
 */
export async function relatedByTags(ctx: AppContext, questionId: string, limit: number, viewer: UserRow | undefined): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  if ((await visiblePostTargets(ctx, [questionId], viewer)).get(questionId)?.object_type !== 'question') throw notFound('error.question.not_found');
  const list = await related.get(db, `${questionId}:${limit}`, async () => {
    const ids = await relatedIds(ctx, questionId, limit);
    const rows = new Map((await repo.questionBasesByIds(db, ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => (rows.has(id) ? [presentQuestionBase(rows.get(id)!)] : []));
  });
  return { count: list.length, list };
}
