/**
 * History timelines of questions, answers and tags (spec §2 /posts/{qid}/timeline, /tags/{tid}/timeline; Answer's
 * GET /activity/timeline and /timeline/detail). Reads the activity rows and revisions the writers record
 * (modules/activity conventions: `trigger_user_id` is the actor when set, else `user_id`).
 * Votes are shown only to moderators and admins who ask for them (`show_vote`), as in Answer.
 */
import { PostStatus, urlTitle, type TimelineDetailQuery } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { objectTypeOf } from '../../core/db/index.js';
import { notFound } from '../../core/errors.js';
import { requirePostTarget } from '../comment/index.js';
import { isStaff, type UserRow } from '../../core/auth/index.js';
// Imported from its file: revision.review uses the question and answer modules, which use the revision index.
import { canReadRevision, revisionScope } from '../revision/revision.review.js';
import { findUsersByIds, presentBasicUser } from '../user/index.js';
import * as repo from './timeline.repository.js';

const VOTE_TYPES = new Set(['upvote', 'downvote']);

interface ObjectInfo {
  title: string;
  /** The question's permalink slug (Latin, from the server's transliteration); the tag's slug name for tags. */
  url_title: string;
  object_type: string;
  question_id: string;
  answer_id: string;
  username: string;
  display_name: string;
  main_tag_slug_name: string;
}

/** What the timeline is about, checked for visibility. @throws 404 */
async function objectInfo(ctx: AppContext, objectId: string, viewer: UserRow): Promise<ObjectInfo> {
  const db = requireDb(ctx);
  if (objectTypeOf(objectId) === 'tag') {
    const tag = await repo.findTag(db, objectId);
    if (!tag || (tag.status === PostStatus.deleted && !isStaff(viewer))) throw notFound('error.tag.not_found');
    const [main] = tag.main_tag_id ? await repo.tagsByKeys(db, [], [tag.main_tag_id]) : [];
    const author = presentBasicUser((await findUsersByIds(db, [tag.user_id])).get(tag.user_id));
    return { title: tag.display_name, url_title: tag.slug_name, object_type: 'tag', question_id: '', answer_id: '', username: String(author.username), display_name: String(author.display_name), main_tag_slug_name: main?.slug_name ?? tag.slug_name };
  }
  const t = await requirePostTarget(ctx, objectId, viewer);
  const author = presentBasicUser((await findUsersByIds(db, [t.user_id])).get(t.user_id));
  return { title: t.title, url_title: urlTitle(t.title), object_type: t.object_type, question_id: t.question_id, answer_id: t.answer_id, username: String(author.username), display_name: String(author.display_name), main_tag_slug_name: '' };
}

/**
 * GET /activity/timeline: `{object_info, timeline}`, newest first. One entry per event: the rows one action
 * writes for several users (a downvote's rows for the author and the voter) are shown once, as the actor's.
 * Each entry carries `reason` (Quorum; '' when none): why a moderator acted (a close reason, a flag's outcome,
 * a review decision), plain text. Answer has no such field (it shows a close message in `comment`); `comment`
 * keeps its meaning here (the edit summary, or a comment's HTML). A deleted comment's HTML is shown to moderators
 * and admins only (others get ''), as are the summaries of revisions the viewer may not read (GET /revisions).
 * @throws 404 for objects the viewer cannot see
 */
export async function objectTimeline(ctx: AppContext, viewer: UserRow, objectId: string, showVote: boolean): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const info = await objectInfo(ctx, objectId, viewer);
  const votesVisible = showVote && isStaff(viewer);
  const seen = new Set<string>();
  const rows = (await repo.activityOf(db, objectId)).filter((a) => {
    if (VOTE_TYPES.has(a.activity_type) && !votesVisible) return false;
    const key = `${a.activity_type}:${a.trigger_user_id || a.user_id}:${a.object_id}:${a.created_at}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const [users, revisions, comments, scope] = await Promise.all([
    findUsersByIds(db, rows.map((a) => a.trigger_user_id || a.user_id)),
    repo.revisionsByIds(db, [...new Set(rows.map((a) => a.revision_id).filter(Boolean))]),
    repo.commentTexts(db, rows.filter((a) => a.activity_type === 'commented').map((a) => a.object_id), isStaff(viewer)),
    revisionScope(ctx, viewer),
  ]);
  const summary = (id: string) => {
    const rev = revisions.get(id);
    return rev && canReadRevision(scope, rev) ? rev.log : '';
  };
  const timeline = rows.map((a) => ({
    activity_id: a.id,
    revision_id: a.revision_id || '0',
    created_at: a.created_at,
    activity_type: a.activity_type,
    comment: a.activity_type === 'commented' ? (comments.get(a.object_id) ?? '') : summary(a.revision_id),
    object_id: a.object_id,
    object_type: objectTypeOf(a.object_id) ?? info.object_type,
    cancelled: a.cancelled === 1,
    cancelled_at: a.cancelled === 1 ? a.updated_at : 0,
    reason: a.reason ?? '',
    user_info: presentBasicUser(users.get(a.trigger_user_id || a.user_id)),
  }));
  return { object_info: info, timeline };
}

interface RevisionContent {
  title?: string;
  content?: string;
  original_text?: string;
  tags?: unknown[];
  slug_name?: string;
  display_name?: string;
  main_tag_slug_name?: string;
}

function parseRevision(rev: repo.RevisionRow): RevisionContent {
  try {
    const v = JSON.parse(rev.content) as unknown;
    if (v && typeof v === 'object') return v as RevisionContent;
  } catch {
    // plain text content
  }
  return { content: rev.content };
}

function tagKey(t: unknown): string {
  if (typeof t === 'string') return t.toLowerCase();
  const o = (t ?? {}) as { slug_name?: string };
  return String(o.slug_name ?? '').toLowerCase();
}

/** One revision in Answer's ObjectTimelineDetail shape. */
function detail(rev: repo.RevisionRow, tags: Map<string, repo.TagRow>, mainSlugs: Map<string, string>): Record<string, unknown> {
  const c = parseRevision(rev);
  return {
    title: c.title ?? (rev.object_type === 'tag' ? c.display_name : undefined) ?? rev.title ?? '',
    tags: (c.tags ?? []).map((t) => {
      const row = tags.get(tagKey(t));
      const given = (typeof t === 'object' && t ? t : {}) as { display_name?: string };
      return {
        slug_name: tagKey(t),
        display_name: row?.display_name ?? given.display_name ?? tagKey(t),
        main_tag_slug_name: row?.main_tag_id ? (mainSlugs.get(row.main_tag_id) ?? '') : '',
        recommend: row?.recommend === 1,
        reserved: row?.reserved === 1,
      };
    }),
    original_text: c.content ?? c.original_text ?? '',
    slug_name: c.slug_name ?? '',
    main_tag_slug_name: c.main_tag_slug_name ?? '',
  };
}

/**
 * GET /activity/timeline/detail: `{new_revision, old_revision}` for the client to diff. With `revision_id`
 * alone the old revision is the one before it of the same object that the viewer may read (null for none).
 * Suggested (pending) and rejected edits are read as GET /revisions shows them: by their editor, reviewers of
 * their kind, moderators and admins.
 * @throws 404 unknown revision, one the viewer may not read, or an object the viewer cannot see
 */
export async function timelineDetail(ctx: AppContext, viewer: UserRow, q: TimelineDetailQuery): Promise<Record<string, unknown>> {
  const db = requireDb(ctx);
  const wanted = [q.revision_id, ...(q.old_revision_id && q.old_revision_id !== '0' ? [q.old_revision_id] : [])];
  const found = await repo.revisionsByIds(db, wanted);
  const rev = found.get(q.revision_id);
  if (!rev) throw notFound('error.revision.not_found');
  await objectInfo(ctx, rev.object_id, viewer);
  const scope = await revisionScope(ctx, viewer);
  if (!canReadRevision(scope, rev)) throw notFound('error.revision.not_found');
  let old: repo.RevisionRow | undefined;
  if (q.old_revision_id === undefined) old = await repo.previousRevision(db, rev, scope.kinds.includes(rev.object_type) ? undefined : scope.userId);
  else if (q.old_revision_id !== '0') {
    old = found.get(q.old_revision_id);
    if (!old || old.object_id !== rev.object_id || !canReadRevision(scope, old)) throw notFound('error.revision.not_found');
  }
  const slugs = [...new Set([rev, old].flatMap((r) => (r ? (parseRevision(r).tags ?? []).map(tagKey) : [])).filter(Boolean))];
  const tagRows = await repo.tagsByKeys(db, slugs, []);
  const mainIds = tagRows.map((t) => t.main_tag_id).filter(Boolean);
  const mains = mainIds.length ? await repo.tagsByKeys(db, [], mainIds) : [];
  const tags = new Map(tagRows.map((t) => [t.slug_name, t]));
  const mainSlugs = new Map(mains.map((t) => [t.id, t.slug_name]));
  return { new_revision: detail(rev, tags, mainSlugs), old_revision: old ? detail(old, tags, mainSlugs) : null };
}
