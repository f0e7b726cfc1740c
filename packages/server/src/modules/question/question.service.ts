/**
 * Questions: ask, list, read. Access checks first; writes in one transaction with their revision and
 * activity rows (spec §7 question calls; answer-compat.md).
 */
import { PostStatus, type QuestionAddReq, type QuestionPageQuery } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { extendJson } from '../../core/http.js';
import { translate } from '../../core/i18n.js';
import { emitDomain } from '../../core/events.js';
import { renderMarkdown } from '../../core/markdown.js';
import { recordActivity } from '../activity/index.js';
// From its file: the review index also loads the queue calls, which use this module.
import { checkPostRate, queuePost, queueReason } from '../review/queue.js';
import { rememberQueued, reviewNewPost } from '../reviewer/reviewer.apply.js';
import { questionMemberActions, requirePrivilege } from '../privilege/index.js';
import { closeReason, presentReason } from '../reason/index.js';
import { insertRevision } from '../revision/index.js';
import { indexQuestion } from '../search/index.js';
import { getSettings } from '../siteinfo/index.js';
import { applyQuestionTags, normalizeSlug, planQuestionTags, tagIdBySlug } from '../tag/index.js';
import { bumpUserCount, isStaff, type UserRow } from '../user/index.js';
import { cacheClear, cacheGet, cacheSet } from './question.cache.js';
import { cachedCount } from './question.counts.js';
import { duplicateTarget } from './question.duplicate.js';
import { recordQuestionLinks } from './question.links.js';
import { findUserIdByUsername } from './question.lookup.js';
import { presentQuestionRows } from './question.list.js';
import { presentQuestionShared } from './question.presenter.js';
import * as repo from './question.repository.js';
import { findCloseReason, linkedQuestionIds } from './question.state.repository.js';
import { closeVotesInfo } from '../close-vote/close-vote.service.js';
import { questionInfoParts, questionRow, type InfoParts } from './question.infoparts.js';
import { countView } from './question.views.js';
import { checkQuestionRules } from './question.rules.js';
import { questionCuration } from '../lock/index.js';
// From its file: the staging index also loads the staging calls, which use this module.
import { stageQuestion, stagesQuestion } from '../staging/staging.settings.js';

/**
 * POST /question.
 * @returns the id of the new question
 * @throws 403 when the user lacks the ask privilege; 400 field errors from the body and tag minimums
 *   (question.rules.ts) and the tag rules
 */
export async function askQuestion(ctx: AppContext, user: UserRow, input: QuestionAddReq): Promise<string> {
  await requirePrivilege(ctx, user, 'question.add');
  await checkQuestionRules(ctx, input);
  await checkPostRate(ctx, user, 'question', input.content, 'content');
  const reviewed = await reviewNewPost(ctx, user, 'question', { title: input.title, content: input.content });
  const queued = (await queueReason(ctx, user, input.content)) ?? (reviewed ? 'reviewer' : null);
  // A new asker's question waits in the staging ground instead, when the anti-spam rules do not queue it (modules/staging).
  const staged = !queued && (await stagesQuestion(ctx, user));
  const db = requireDb(ctx);
  const ids = requireIds(ctx);
  const id = await ids.next('question');
  const revisionId = await ids.next('revision');
  const activityId = await ids.next('activity');
  const now = nowSeconds();
  const html = renderMarkdown(input.content);
  const plan = await planQuestionTags(ctx, user, input.tags);
  const { general } = await getSettings(ctx);
  await transaction(db, async (tx) => {
    await repo.insertQuestion(tx, {
      id,
      user_id: user.id,
      title: input.title,
      original_text: input.content,
      parsed_text: html,
      status: queued || staged ? PostStatus.pending : PostStatus.normal,
      revision_id: revisionId,
      created_at: now,
      updated_at: now,
      post_updated_at: now,
      // Asked as community wiki (modules/wiki).
      wiki_at: input.wiki ? now : 0,
    });
    await applyQuestionTags(tx, id, plan, now);
    await indexQuestion(tx, { id, user_id: user.id, title: input.title, parsed_text: html, created_at: now });
    await recordQuestionLinks(tx, id, input.content, general.site_url, now);
    // A queued question counts when it is approved (modules/review).
    if (queued) await queuePost(tx, { id, kind: 'question', userId: user.id, reason: queued, now });
    else if (staged) await stageQuestion(tx, { id, userId: user.id, now });
    else await bumpUserCount(tx, user.id, 'question_count', 1);
    await insertRevision(tx, {
      id: revisionId,
      user_id: user.id,
      object_type: 'question',
      object_id: id,
      title: input.title,
      content: JSON.stringify({ title: input.title, content: input.content, tags: input.tags.map((t) => ({ slug_name: normalizeSlug(t.slug_name), display_name: t.display_name })) }),
      log: '',
      status: 2,
      created_at: now,
      updated_at: now,
    });
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: id, originalObjectId: id, activityType: 'asked', revisionId, now });
  });
  cacheClear();
  if (reviewed) await rememberQueued(ctx, id, reviewed, `/questions/${id}`);
  await emitDomain(ctx, { type: 'question.created', user_id: user.id, question_id: id });
  return id;
}

/**
 * Deepest start of a list page, in questions, counted from either end of the list: a page starting deeper from
 * both ends is refused. Skipping rows reads each of them (an index entry and its row): 2-5 ms at 1,000 rows deep,
 * 20-90 ms at 10,000 and 100-460 ms at 50,000 on SQLite (100k questions), and MariaDB turns to reading the whole
 * table once a page starts a few percent of it deep. A page near the end is read backwards from the end, so the
 * pager's last pages stay cheap. Stack Overflow bounds its question lists' depth likewise.
 */
export const LIST_DEPTH = 5_000;

/**
 * GET /question/page. Anonymous pages are served from a 2-second cache. `count` is exact up to
 * EXACT_COUNT_LIMIT listed questions, else kept (question.counts.ts); a page past the end has an empty list.
 * @returns `{count, list}` of list items
 * @throws 400 `error.question.page_too_deep` when the page starts more than LIST_DEPTH questions from both ends
 */
export async function questionPage(ctx: AppContext, q: QuestionPageQuery): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const key = JSON.stringify(q);
  const hit = cacheGet<{ count: number; list: Record<string, unknown>[] }>(key);
  if (hit) return hit;
  const db = requireDb(ctx);
  const filter: repo.ListFilter = { order: q.order };
  if (q.tag) {
    // `tag` may list several slugs separated by commas (the home page's followed-tags view): any of them matches.
    const slugs = [...new Set(q.tag.split(',').map((s) => s.trim()).filter(Boolean))].slice(0, 50);
    const tagIds = (await Promise.all(slugs.map((s) => tagIdBySlug(ctx, s)))).filter((id): id is string => !!id);
    if (!tagIds.length) return { count: 0, list: [] };
    filter.tagIds = [...new Set(tagIds)];
  }
  if (q.username) {
    const userId = await findUserIdByUsername(ctx, q.username);
    if (!userId) return { count: 0, list: [] };
    filter.userId = userId;
  }
  if (q.in_days) filter.since = nowSeconds() - q.in_days * 86400;
  const countKey = filter.since === undefined ? JSON.stringify([filter.order === 'unanswered' || filter.order === 'featured' ? filter.order : 'all', filter.tagIds ?? [], filter.userId ?? '']) : null;
  const count = () => cachedCount(db, countKey, { exact: () => repo.countQuestions(db, filter), upTo: (cap) => repo.countQuestionsUpTo(db, filter, cap) });
  const offset = (q.page - 1) * q.page_size;
  let rows: repo.QuestionRow[];
  let total: number;
  if (offset <= LIST_DEPTH) {
    [rows, total] = await Promise.all([repo.listQuestions(db, filter, offset, q.page_size), count()]);
  } else {
    // A deep page: read from the nearer end of the list (the same index walked backwards), or refuse.
    total = await count();
    const after = total - offset - q.page_size;
    if (offset >= total) rows = [];
    else if (after <= LIST_DEPTH) rows = await repo.listQuestions(db, filter, Math.max(0, after), Math.min(q.page_size, total - offset), true);
    else throw badRequest('error.question.page_too_deep');
  }
  const list = await presentQuestionRows(ctx, rows, q.order);
  const result = { count: total, list };
  cacheSet(key, result);
  return result;
}

/** A question visible to `viewer`; 404 for missing and deleted ones (staff see deleted), pending for owner/staff. */
export async function getVisibleQuestion(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<repo.QuestionRow> {
  return checkVisible(await repo.findQuestion(requireDb(ctx), id), viewer);
}

/**
 * The id, author and status of a question the viewer may see (what calls that only check visibility need), from
 * the question row kept between calls (question.infoparts.ts `questionRow`; the question page's question/info
 * has usually just read it).
 * @throws 404 `error.question.not_found` as getVisibleQuestion
 */
export async function getVisibleQuestionRef(ctx: AppContext, id: string, viewer: UserRow | undefined): Promise<Pick<repo.QuestionRow, 'id' | 'user_id' | 'status'>> {
  return checkVisible(await questionRow(ctx, id), viewer);
}

/** `q` when the viewer may see it: deleted questions to staff only, pending ones to staff and the author. */
function checkVisible<Q extends Pick<repo.QuestionRow, 'user_id' | 'status'>>(q: Q | undefined, viewer: UserRow | undefined): Q {
  if (!q) throw notFound('error.question.not_found');
  const privileged = viewer && (isStaff(viewer) || viewer.id === q.user_id);
  if (q.status === PostStatus.deleted && !(viewer && isStaff(viewer))) throw notFound('error.question.not_found');
  if (q.status === PostStatus.pending && !privileged) throw notFound('error.question.not_found');
  return q;
}

/** The part of a question's info that is the same for every reader, and its JSON text once a reply has needed it. */
interface SharedInfo {
  value: Readonly<Record<string, unknown>>;
  json?: string;
}

/**
 * Shared parts by question row and info parts: both are the objects kept between calls (question.infoparts.ts),
 * replaced when what they hold changes, so a pair present here is still current and its JSON is serialized once
 * for all its readers (JSON.stringify of the whole info was ~9% of a logged-in question/info call's CPU under load,
 * docs/BENCHMARKS.md "Seventh round"). Rows read afresh (no write watch) are new objects and simply miss.
 */
const sharedInfos = new WeakMap<repo.QuestionRow, WeakMap<InfoParts, SharedInfo>>();

function sharedInfo(q: repo.QuestionRow, parts: InfoParts): SharedInfo {
  let byParts = sharedInfos.get(q);
  if (!byParts) sharedInfos.set(q, (byParts = new WeakMap()));
  let shared = byParts.get(parts);
  if (!shared) byParts.set(parts, (shared = { value: Object.freeze(presentQuestionShared(q, parts.tags, parts.users, parts.firstAnswerId, parts.wikiEditors)) }));
  return shared;
}

/**
 * What GET /question/info answers, as the part shared by every reader and the viewer's own members: their state
 * (answered, collected, vote_status, is_followed), their menu actions (member_actions) and, for closed, pending or
 * deleted questions, `operation` {type, description, msg, time, level} explaining the state (null otherwise);
 * counts a view.
 * @throws 404 `error.question.not_found` when the viewer may not see the question
 */
async function questionInfoView(ctx: AppContext, id: string, viewer: UserRow | undefined, lang: string): Promise<{ shared: SharedInfo; own: Record<string, unknown> }> {
  const db = requireDb(ctx);
  const q = checkVisible(await questionRow(ctx, id), viewer);
  // The question's close and reopen votes for this reader (modules/close-vote), read beside the rest.
  const closeVotes = closeVotesInfo(ctx, q, viewer, lang);
  closeVotes.catch(() => undefined);
  const [parts, state, actions, operation, curation] = await Promise.all([
    questionInfoParts(ctx, q),
    viewer ? repo.viewerState(db, q.id, viewer.id) : Promise.resolve({ answered: false, collected: false, vote: '', followed: false }),
    questionMemberActions(ctx, lang, viewer, q),
    questionOperation(ctx, q, lang),
    questionCuration(ctx, q.id, lang, viewer),
  ]);
  countView(ctx, q.id);
  // A member reading counts as active that day (consecutive-days badges); not awaited, a page view waits for nothing.
  if (viewer) void emitDomain(ctx, { type: 'member.active', user_id: viewer.id, now: nowSeconds() });
  const own = { operation, answered: state.answered, collected: state.collected, vote_status: state.vote, is_followed: state.followed, member_actions: actions, ...curation };
  return { shared: sharedInfo(q, parts), own: { ...own, close_votes: await closeVotes } };
}

/**
 * GET /question/info: the question with tags, author, the viewer's own state, the viewer's menu actions
 * (member_actions) and, for closed, pending or deleted questions, `operation` explaining the state; counts a view.
 * @param lang language of the translated texts (member action names, close reason, pending notice)
 * @throws 404 `error.question.not_found` when the viewer may not see the question
 */
export async function questionInfo(ctx: AppContext, id: string, viewer: UserRow | undefined, lang = 'en_US'): Promise<Record<string, unknown>> {
  const { shared, own } = await questionInfoView(ctx, id, viewer, lang);
  return { ...shared.value, ...own };
}

/**
 * questionInfo as JSON text: the shared part's JSON is kept with it (see `sharedInfos`) and only the viewer's own
 * members are serialized.
 */
export async function questionInfoJson(ctx: AppContext, id: string, viewer: UserRow | undefined, lang = 'en_US'): Promise<string> {
  const { shared, own } = await questionInfoView(ctx, id, viewer, lang);
  shared.json ??= JSON.stringify(shared.value);
  return extendJson(shared.json, own);
}

/**
 * Why a question is not simply open: closed (with its reason), pending review, deleted; null otherwise. Pending
 * and deleted carry their notice in `msg` too, the text Answer's client shows in its alert for a level other than
 * `info` (Answer's levels: `secondary` pending, `danger` deleted; question_service GetQuestion). A question closed
 * as a duplicate also carries `duplicate: {id, title, url_title}` of the original named by its message.
 */
async function questionOperation(ctx: AppContext, q: repo.QuestionRow, lang: string): Promise<Record<string, unknown> | null> {
  const db = requireDb(ctx);
  if (q.status === PostStatus.pending) {
    const text = translate('post_status.pending', lang);
    return { type: 'pending', reason: 'post_status.pending', description: text, msg: text, time: q.created_at, level: 'secondary' };
  }
  if (q.status === PostStatus.deleted) {
    const text = translate('post_status.deleted', lang);
    return { type: 'deleted', reason: 'post_status.deleted', description: text, msg: text, time: q.updated_at, level: 'danger' };
  }
  if (q.status !== PostStatus.closed) return null;
  const meta = await findCloseReason(db, q.id);
  let closeType = 0;
  let msg = '';
  try {
    const v = JSON.parse(meta?.value ?? '{}') as { close_type?: number; close_msg?: string };
    closeType = Number(v.close_type ?? 0);
    msg = String(v.close_msg ?? '');
  } catch {
    // unreadable meta: generic notice
  }
  const reason = closeReason(closeType);
  const shown = reason ? presentReason(reason, lang) : { name: translate('post_status.closed', lang), description: translate('post_status.closed', lang) };
  const out: Record<string, unknown> = { type: 'closed', name: shown.name, reason: reason?.key ?? 'post_status.closed', description: shown.description, msg, time: meta?.created_at ?? q.updated_at, level: 'info' };
  // Closed as a duplicate: the original by id and title, for a link (the message keeps the address as given).
  if (reason?.key === 'close_reason.duplicate' && msg) {
    const target = await duplicateTarget(db, msg, (await getSettings(ctx)).general.site_url);
    if (target) out.duplicate = target;
  }
  return out;
}

/**
 * GET /question/link: questions linked from this one or linking to it (recorded when posts are written), in the
 * list shape, only the listed ones.
 * @throws 404 when the question itself is not visible
 */
export async function linkedQuestionPage(ctx: AppContext, q: { question_id: string; page: number; page_size: number; order?: QuestionPageQuery['order'] }, viewer: UserRow | undefined): Promise<{ count: number; list: Record<string, unknown>[] }> {
  const db = requireDb(ctx);
  const question = await getVisibleQuestion(ctx, q.question_id, viewer);
  const ids = await linkedQuestionIds(db, question.id);
  if (!ids.length) return { count: 0, list: [] };
  const filter: repo.ListFilter = { order: q.order ?? 'newest', ids };
  const [rows, count] = await Promise.all([repo.listQuestions(db, filter, (q.page - 1) * q.page_size, q.page_size), repo.countQuestions(db, filter)]);
  return { count, list: await presentQuestionRows(ctx, rows, filter.order ?? 'newest') };
}

/** Requires a question that accepts answers (exists, visible, not closed or deleted). */
export async function requireAnswerableQuestion(ctx: AppContext, id: string, viewer: UserRow): Promise<repo.QuestionRow> {
  const q = await getVisibleQuestion(ctx, id, viewer);
  if (q.status === PostStatus.closed) throw forbidden('error.question.closed');
  if (q.status !== PostStatus.normal) throw notFound('error.question.not_found');
  return q;
}

/** Drops cached list pages (after writes by other modules). */
export { cacheClear as invalidateQuestionLists };
