/**
 * Answers: post, read and list (spec §7; answer min 6 characters, one answer per user per question while
 * site_write.restrict_answer is on). Pending answers (status 11) are shown to their author and to moderators;
 * deleted ones to moderators only.
 */
import { PostStatus, type AnswerAddReq, type AnswerListQuery } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { forbidden, notFound } from '../../core/errors.js';
import { extendJson } from '../../core/http.js';
import { emitDomain, publishLive } from '../../core/events.js';
import { renderMarkdown } from '../../core/markdown.js';
import { recordActivity } from '../activity/index.js';
import { checkPostRate, queuePost, queueReason } from '../review/queue.js';
import { rememberQueued, reviewNewPost } from '../reviewer/reviewer.apply.js';
import { answerMemberActions, isModerator, requirePrivilege } from '../privilege/index.js';
import { getVisibleQuestionRef, invalidateQuestionLists, noteAnswerAdded, questionInfo, recordQuestionLinks, requireAnswerableQuestion } from '../question/index.js';
import { insertRevision } from '../revision/index.js';
import { indexAnswer } from '../search/index.js';
import { getSettings } from '../siteinfo/index.js';
import { bumpUserCount, findUsersByIds, type UserRow } from '../user/index.js';
import { notifyAnswered } from './answer.notify.js';
import { answerPageRows, type AnswerPageRows } from './answer.pagecache.js';
import { presentAnswer, presentAnswerOwn, presentAnswerShared } from './answer.presenter.js';
import * as repo from './answer.repository.js';
import { wikiEditorCounts } from '../wiki/wiki.repository.js';
import { checkPostOpen, locksOf } from '../lock/index.js';

/**
 * POST /answer.
 * @returns `{info: the new answer, question: question info}`: Answer's handler returns both and its client
 *   reads `res.info` (the swagger documents no body)
 * @throws 404 unknown question; 403 closed question or missing privilege; 403 `error.answer.restrict_answer`
 *   (a second answer while site_write.restrict_answer is on; Answer 1.4.2 answers it with Forbidden)
 */
export async function addAnswer(ctx: AppContext, user: UserRow, input: AnswerAddReq, lang = 'en_US'): Promise<{ info: Record<string, unknown>; question: Record<string, unknown> }> {
  const db = requireDb(ctx);
  await requirePrivilege(ctx, user, 'answer.add');
  const question = await requireAnswerableQuestion(ctx, input.question_id, user);
  await checkPostOpen(ctx, user, 'answer', { objectId: question.id, questionId: question.id });
  const { site_write, general } = await getSettings(ctx);
  if (site_write.restrict_answer && (await repo.findUserAnswer(db, question.id, user.id))) throw forbidden('error.answer.restrict_answer');
  await checkPostRate(ctx, user, 'answer', input.content, 'content');
  const reviewed = await reviewNewPost(ctx, user, 'answer', { content: input.content });
  const queued = (await queueReason(ctx, user, input.content)) ?? (reviewed ? 'reviewer' : null);
  const ids = requireIds(ctx);
  const id = await ids.next('answer');
  const revisionId = await ids.next('revision');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const row = {
    id,
    question_id: question.id,
    user_id: user.id,
    last_edit_user_id: '',
    original_text: input.content,
    parsed_text: renderMarkdown(input.content),
    status: queued ? PostStatus.pending : PostStatus.normal,
    accepted: 1,
    vote_count: 0,
    revision_id: revisionId,
    created_at: now,
    updated_at: now,
    // Posted as community wiki (modules/wiki).
    wiki_at: input.wiki ? now : 0,
  };
  await transaction(db, async (tx) => {
    await repo.insertAnswer(tx, row);
    await indexAnswer(tx, row);
    // A queued answer counts (question and author) when it is approved (modules/review).
    if (queued) await queuePost(tx, { id, kind: 'answer', userId: user.id, reason: queued, now });
    else {
      await noteAnswerAdded(tx, question.id, id, now);
      await bumpUserCount(tx, user.id, 'answer_count', 1);
    }
    await insertRevision(tx, { id: revisionId, user_id: user.id, object_type: 'answer', object_id: id, title: '', content: JSON.stringify({ content: input.content }), log: '', status: 2, created_at: now, updated_at: now });
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: id, originalObjectId: question.id, activityType: 'answered', revisionId, now });
    await recordQuestionLinks(tx, question.id, input.content, general.site_url, now);
  });
  invalidateQuestionLists();
  if (reviewed) await rememberQueued(ctx, id, reviewed, `/questions/${question.id}/${id}`);
  if (row.status === PostStatus.normal) {
    publishLive(ctx, { type: 'question', question_id: question.id, kind: 'answer', object_id: id, user_id: user.id });
    await emitDomain(ctx, { type: 'answer.created', user_id: user.id, answer_id: id, question_id: question.id });
  }
  if (!queued) await notifyAnswered(ctx, question, row);
  const [info, questionOut] = await Promise.all([
    answerMemberActions(ctx, lang, user, row).then((actions) => presentAnswer(row, new Map([[user.id, user]]), { vote_status: '', collected: false }, actions, new Map([[row.id, 1]]))),
    questionInfo(ctx, question.id, user, lang),
  ]);
  return { info, question: questionOut };
}

/** An answer the viewer may see (pending: author and moderators; deleted: moderators), else 404. */
export async function getVisibleAnswer(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<repo.AnswerRow> {
  const a = await repo.findAnswer(requireDb(ctx), id);
  if (!a) throw notFound('error.answer.not_found');
  const mod = isModerator(viewer);
  if (a.status === PostStatus.deleted && !mod) throw notFound('error.answer.not_found');
  if (a.status === PostStatus.pending && !(mod || viewer?.id === a.user_id)) throw notFound('error.answer.not_found');
  return a;
}

/** GET /answer/info: `{info: answer, question: question info}` (Answer's shape). */
export async function answerInfo(ctx: AppContext, id: string, viewer: UserRow | undefined, lang: string): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const a = await getVisibleAnswer(ctx, id, viewer);
  const question = await questionInfo(ctx, a.question_id, viewer, lang);
  const [users, state, actions, wikiEditors] = await Promise.all([
    findUsersByIds(db, [a.user_id, a.last_edit_user_id]),
    viewer ? repo.viewerStates(db, [a.id], viewer.id) : Promise.resolve({ votes: new Map<string, string>(), collected: new Set<string>() }),
    answerMemberActions(ctx, lang, viewer, a),
    wikiEditorCounts(db, a.wiki_at > 0 ? [a.id] : []),
  ]);
  const lock = (await locksOf(ctx, [{ objectId: a.id, questionId: a.question_id }], lang)).get(a.id) ?? null;
  return { info: { ...presentAnswer(a, users, { vote_status: state.votes.get(a.id) ?? '', collected: state.collected.has(a.id) }, actions, wikiEditors), lock }, question };
}

/**
 * GET /answer/page: one page of a question's answers with authors, the viewer's votes and bookmarks, menu actions.
 * Pages of up to 1000 (Answer's client asks for 999) cost a fixed number of queries: the authors, votes and
 * bookmarks of the whole page are read in one query each. The rows, count and authors of pages of up to 50 come
 * through answer.pagecache.ts (kept between readers); the viewer's votes and bookmarks are read every time.
 * @param visible the question when the caller has already read it and checked that `viewer` may see it (the
 *   server-rendered question page, after question/info): its row is then not read a second time
 * @throws 404 `error.question.not_found` when the viewer may not see the question
 */
export async function answerPage(ctx: AppContext, q: AnswerListQuery, viewer: UserRow | undefined, lang = 'en_US', visible?: { id: string }): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const { page, own } = await answerPageView(ctx, q, viewer, lang, visible);
  return { count: page.count, list: page.rows.map((r, i) => ({ ...presentAnswerShared(r, page.users, page.wikiEditors), ...own[i] })) };
}

/**
 * answerPage as JSON text: the JSON of each answer's shared members is kept with the cached page (see
 * `sharedJson`) and only the viewer's own members are serialized.
 */
export async function answerPageJson(ctx: AppContext, q: AnswerListQuery, viewer: UserRow | undefined, lang = 'en_US'): Promise<string> {
  const { page, own } = await answerPageView(ctx, q, viewer, lang);
  const shared = sharedJson(page);
  let list = '';
  for (let i = 0; i < shared.length; i++) list += (i ? ',' : '') + extendJson(shared[i]!, own[i]!);
  return `{"count":${page.count},"list":[${list}]}`;
}

/**
 * JSON texts of the shared members of each answer of a page, kept by the page object: pages come from
 * answer.pagecache.ts, which replaces the object when anything it holds changes, so texts found here are current.
 * JSON.stringify of the answers, bodies twice (markdown and HTML), was ~14% of a logged-in answer/page call's CPU
 * under load (docs/BENCHMARKS.md "Seventh round").
 */
const sharedJsons = new WeakMap<AnswerPageRows, string[]>();

function sharedJson(page: AnswerPageRows): string[] {
  let texts = sharedJsons.get(page);
  if (!texts) sharedJsons.set(page, (texts = page.rows.map((r) => JSON.stringify(presentAnswerShared(r, page.users, page.wikiEditors)))));
  return texts;
}

/** The page (answer.pagecache.ts) and, per answer in order, the viewer's own members (presentAnswerOwn). */
async function answerPageView(ctx: AppContext, q: AnswerListQuery, viewer: UserRow | undefined, lang: string, visible?: { id: string }): Promise<{ page: AnswerPageRows; own: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const question = visible ?? (await getVisibleQuestionRef(ctx, q.question_id, viewer));
  const scope: repo.AnswerScope = { viewerId: viewer?.id, moderator: isModerator(viewer) };
  const page = await answerPageRows(ctx, question.id, q.order, (q.page - 1) * q.page_size, q.page_size, scope);
  const state = viewer ? await repo.viewerStates(db, page.rows.map((r) => r.id), viewer.id) : { votes: new Map<string, string>(), collected: new Set<string>() };
  const locks = await locksOf(ctx, page.rows.map((r) => ({ objectId: r.id, questionId: r.question_id })), lang);
  // Menu actions depend only on the author, the status and whether it is wiki: worked out once per pair, not per answer (a page can hold 1000).
  const actionsOf = new Map<string, ReturnType<typeof answerMemberActions>>();
  const own = [];
  for (const r of page.rows) {
    const key = `${r.user_id}:${r.status}:${r.wiki_at > 0}`;
    if (!actionsOf.has(key)) actionsOf.set(key, answerMemberActions(ctx, lang, viewer, r));
    own.push({ ...presentAnswerOwn({ vote_status: state.votes.get(r.id) ?? '', collected: state.collected.has(r.id) }, await actionsOf.get(key)!), lock: locks.get(r.id) ?? null });
  }
  return { page, own };
}
