/**
 * Tag merge and its undo (issue #35 item 7; Answer 1.5's POST /tag/merge with `source_tag_id`, `target_tag_id`).
 * A moderator or admin merges a source tag into a target tag, in one transaction:
 * - the source's questions are re-filed under the target; a question that had both keeps the target link only;
 * - its followers follow the target (a member who followed both keeps one follow);
 * - its synonyms become synonyms of the target, and the source itself becomes a synonym of the target, so that
 *   old links, the editor and search by the old name lead to the target (tags.main_tag_id, as PUT /tag/synonym);
 * - the description (wiki): the target keeps its own; when it has none it takes the source's, written as a new
 *   revision of the target (the source's own revisions stay in the source's history either way);
 * - question_count and follow_count of both tags are recounted from tag_rel and follows.
 * The merge is recorded in `tag_merges` (migration 030) under the id of a 'merged' activity row on the target's
 * timeline (who and when; `reason` holds the source's slug). POST /tag/merge/undo with that id restores the
 * source as a main tag with exactly the questions, followers, synonyms and description that moved (links or
 * follows removed since are not brought back twice), marks the timeline row cancelled and adds a
 * 'merge_undone' row to both timelines (`reason`: the slug of the other tag).
 * Caches: every write goes through the tables (core/db/writewatch.ts) and question lists are dropped at once.
 */
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { fieldError, forbidden } from '../../core/errors.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import * as repo from './tag.repository.js';
import * as merges from './tag.merge.repository.js';

/** What a merge answers: the merge id (also the timeline row's activity_id) and what moved, as counts. */
export interface MergeResult {
  merge_id: string;
  source_tag_id: string;
  target_tag_id: string;
  question_count: number;
  follower_count: number;
  synonym_count: number;
}

function counts(id: string, source: string, target: string, m: merges.MergeMoves): MergeResult {
  return { merge_id: id, source_tag_id: source, target_tag_id: target, question_count: m.questions.length + m.dropped_questions.length, follower_count: m.followers.length + m.dropped_followers.length, synonym_count: m.synonyms.length };
}

/**
 * POST /tag/merge.
 * @throws 403 for members who are not moderators or admins; 400 field errors: `source_tag_id`
 *   `error.tag.merge_source_unknown` (unknown, deleted) or `error.tag.merge_source_is_synonym`; `target_tag_id`
 *   `error.tag.merge_target_unknown`, `error.tag.merge_into_itself`, `error.tag.merge_into_synonym` (the target
 *   is a synonym, of the source or of any tag: merge into its main tag)
 */
export async function mergeTags(ctx: AppContext, user: UserRow, input: { source_tag_id: string; target_tag_id: string }): Promise<MergeResult> {
  if (!isStaff(user)) throw forbidden('error.tag.merge_needs_moderator');
  const db = requireDb(ctx);
  const [source, target] = await Promise.all([repo.findTagById(db, input.source_tag_id), repo.findTagById(db, input.target_tag_id)]);
  if (!source || source.status !== 1) throw fieldError('source_tag_id', 'error.tag.merge_source_unknown');
  if (!target || target.status !== 1) throw fieldError('target_tag_id', 'error.tag.merge_target_unknown');
  if (source.id === target.id) throw fieldError('target_tag_id', 'error.tag.merge_into_itself');
  if (target.main_tag_id) throw fieldError('target_tag_id', 'error.tag.merge_into_synonym');
  if (source.main_tag_id) throw fieldError('source_tag_id', 'error.tag.merge_source_is_synonym');
  const ids = requireIds(ctx);
  const mergeId = await ids.next('activity');
  const takeText = !target.original_text.trim() && !!source.original_text.trim();
  const revisionId = takeText ? await ids.next('revision') : '';
  const now = nowSeconds();
  let moves: merges.MergeMoves | undefined;
  await transaction(db, async (tx) => {
    const [srcLinks, tgtLinks, srcFollows, tgtFollows, synonyms] = await Promise.all([
      merges.questionLinks(tx, source.id), merges.questionLinks(tx, target.id), merges.followsOf(tx, source.id), merges.followsOf(tx, target.id), repo.synonymsOf(tx, source.id),
    ]);
    const onTarget = new Set(tgtLinks.map((l) => l.object_id));
    const followsTarget = new Set(tgtFollows.map((f) => f.user_id));
    const m: merges.MergeMoves = {
      questions: srcLinks.filter((l) => !onTarget.has(l.object_id)).map((l) => l.object_id),
      dropped_questions: srcLinks.filter((l) => onTarget.has(l.object_id)).map((l) => ({ id: l.object_id, status: l.status, created_at: l.created_at })),
      followers: srcFollows.filter((f) => !followsTarget.has(f.user_id)).map((f) => f.user_id),
      dropped_followers: srcFollows.filter((f) => followsTarget.has(f.user_id)).map((f) => ({ id: f.user_id, created_at: f.created_at })),
      synonyms: synonyms.map((s) => s.id),
      target_text: takeText ? { original_text: target.original_text, parsed_text: target.parsed_text, revision_id: target.revision_id } : null,
    };
    await merges.unlinkQuestions(tx, source.id, m.dropped_questions.map((d) => d.id));
    await merges.moveQuestionLinks(tx, source.id, target.id, m.questions);
    await merges.unfollow(tx, source.id, m.dropped_followers.map((d) => d.id));
    await merges.moveFollows(tx, source.id, target.id, m.followers);
    await merges.setMainTag(tx, [...m.synonyms, source.id], target.id, now);
    if (takeText) {
      await repo.insertTagRevision(tx, {
        id: revisionId, user_id: user.id, object_type: 'tag', object_id: target.id, title: target.display_name,
        content: JSON.stringify({ slug_name: target.slug_name, display_name: target.display_name, original_text: source.original_text }), log: `merge: ${source.slug_name}`, status: 2, created_at: now, updated_at: now,
      });
      await merges.setTagText(tx, target.id, { original_text: source.original_text, parsed_text: source.parsed_text, revision_id: revisionId }, now);
    }
    await repo.recountTagQuestions(tx, [source.id, target.id]);
    await merges.recountFollows(tx, [source.id, target.id]);
    await merges.insertMerge(tx, { id: mergeId, source_tag_id: source.id, target_tag_id: target.id, user_id: user.id, moved: JSON.stringify(m), created_at: now, undone_at: 0, undone_by: '' });
    await repo.insertTagActivity(tx, { id: mergeId, user_id: user.id, object_id: target.id, original_object_id: source.id, activity_type: 'merged', revision_id: revisionId, reason: source.slug_name, created_at: now, updated_at: now });
    moves = m;
  });
  invalidateQuestionLists();
  return counts(mergeId, source.id, target.id, moves!);
}

/**
 * POST /tag/merge/undo `{merge_id}` (the activity_id of the 'merged' row on the target's timeline).
 * @returns what moved back, as counts
 * @throws 403 for non-moderators; 400 field error `merge_id` `error.tag.merge_unknown` (no such merge) or
 *   `error.tag.merge_already_undone` (also when two undos race: one wins)
 */
export async function undoMerge(ctx: AppContext, user: UserRow, mergeId: string): Promise<MergeResult> {
  if (!isStaff(user)) throw forbidden('error.tag.merge_needs_moderator');
  const db = requireDb(ctx);
  const merge = await merges.findMerge(db, mergeId);
  if (!merge) throw fieldError('merge_id', 'error.tag.merge_unknown');
  if (merge.undone_at) throw fieldError('merge_id', 'error.tag.merge_already_undone');
  const m = JSON.parse(merge.moved) as merges.MergeMoves;
  const ids = requireIds(ctx);
  const [a1, a2] = [await ids.next('activity'), await ids.next('activity')];
  const now = nowSeconds();
  const { source_tag_id: source, target_tag_id: target } = merge;
  const [sourceTag, targetTag] = await Promise.all([repo.findTagById(db, source), repo.findTagById(db, target)]);
  const slugOf = new Map([[source, sourceTag?.slug_name ?? ''], [target, targetTag?.slug_name ?? '']]);
  await transaction(db, async (tx) => {
    if (!(await merges.markUndone(tx, merge.id, user.id, now))) throw fieldError('merge_id', 'error.tag.merge_already_undone');
    const [srcLinks, tgtLinks, srcFollows, tgtFollows] = await Promise.all([merges.questionLinks(tx, source), merges.questionLinks(tx, target), merges.followsOf(tx, source), merges.followsOf(tx, target)]);
    const onTarget = new Set(tgtLinks.map((l) => l.object_id));
    const onSource = new Set(srcLinks.map((l) => l.object_id));
    await merges.moveQuestionLinks(tx, target, source, m.questions.filter((q) => onTarget.has(q) && !onSource.has(q)));
    await merges.insertQuestionLinks(tx, source, m.dropped_questions.filter((d) => !onSource.has(d.id)));
    const followsTarget = new Set(tgtFollows.map((f) => f.user_id));
    const followsSource = new Set(srcFollows.map((f) => f.user_id));
    await merges.moveFollows(tx, target, source, m.followers.filter((u) => followsTarget.has(u) && !followsSource.has(u)));
    await merges.insertFollows(tx, source, m.dropped_followers.filter((d) => !followsSource.has(d.id)));
    await merges.setMainTag(tx, await merges.synonymIdsAmong(tx, target, m.synonyms), source, now);
    await merges.setMainTag(tx, [source], '', now);
    if (m.target_text) await merges.setTagText(tx, target, m.target_text, now);
    await repo.recountTagQuestions(tx, [source, target]);
    await merges.recountFollows(tx, [source, target]);
    await merges.cancelActivity(tx, merge.id, now);
    for (const [id, obj, other] of [[a1, target, source], [a2, source, target]] as const) {
      await repo.insertTagActivity(tx, { id, user_id: user.id, object_id: obj, original_object_id: other, activity_type: 'merge_undone', reason: slugOf.get(other) ?? '', created_at: now, updated_at: now });
    }
  });
  invalidateQuestionLists();
  return counts(merge.id, source, target, m);
}
