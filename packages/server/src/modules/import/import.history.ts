/**
 * PostHistory.xml of a Stack Exchange dump -> revisions and timeline activity of the posts this run creates.
 * Dump format ("Database schema documentation for the public data dump and SEDE"): one row per change with
 * PostHistoryTypeId (1/2/3 initial title/body/tags, 4/5/6 edits, 7/8/9 rollbacks, 10 closed, 11 reopened,
 * 12 deleted, 13 undeleted ...), PostId, RevisionGUID (the rows of one edit share it), CreationDate, UserId,
 * Comment (edit summary, or the close reason id of type 10) and Text (markdown source, title or tags).
 *
 * Each run of consecutive rows of one post and one RevisionGUID with types 1-9 becomes one revision row holding the
 * whole post as it stood after the edit (modules/revision/revision.content.ts shapes), with an 'asked' /
 * 'answered' / 'edited' / 'rollback' activity row pointing at it; types 10-13 become 'closed' / 'reopened' /
 * 'deleted' / 'undeleted' activity rows. Memory does not grow with the file: the rows are streamed, and the state
 * of a post before an edit comes from a small cache of recently edited posts or else from its latest revision in
 * the database (read in one query per batch).
 */
import { translate } from '../../core/i18n.js';
import { closeReason } from '../reason/index.js';
import type { ImportRepository, NewActivity, NewRevision } from './import.repository.js';
import { Reason } from './import.report.js';
import { BATCH, ownerOf, type ImportPlan } from './import.plan.js';
import { cleanText, dumpDate, dumpInt, dumpTags, readDumpRows, type DumpRow } from './stackexchange.js';

const FILE = 'PostHistory.xml';

/** History types without a Quorum counterpart, by id, for skip reasons. */
const OTHER_TYPES: Record<string, string> = {
  '14': 'post locked',
  '15': 'post unlocked',
  '16': 'community owned',
  '17': 'post migrated',
  '18': 'question merged',
  '19': 'question protected',
  '20': 'question unprotected',
  '22': 'question unmerged',
  '24': 'suggested edit applied',
  '25': 'post tweeted',
  '31': 'comment discussion moved to chat',
  '33': 'post notice added',
  '34': 'post notice removed',
  '35': 'post migrated away',
  '36': 'post migrated here',
  '37': 'post merge source',
  '38': 'post merge destination',
  '50': 'bumped by the community user',
  '52': 'question became hot',
  '53': 'question removed from hot',
  '66': 'created from the ask wizard',
};

/** Moderation events -> activity types. */
const EVENTS: Record<string, string> = { '10': 'closed', '11': 'reopened', '12': 'deleted', '13': 'undeleted' };

/** Stack Exchange close reason ids (older 1-10, newer 101-105) -> Quorum close reason types (modules/reason). */
const CLOSE_TYPES: Record<string, number> = { '1': 1, '101': 1, '2': 2, '102': 2, '3': 3, '103': 3, '104': 3, '4': 5, '5': 5, '105': 4, '7': 2, '10': 5 };

/** What a row is for: part of a revision (types 1-9), an event (10-13), or skipped with a reason. */
export function classifyHistory(plan: ImportPlan, row: DumpRow): 'revision' | 'event' | { skip: string } {
  const type = row.PostHistoryTypeId ?? '';
  const post = dumpInt(row.PostId, -1);
  const t = dumpInt(type, 0);
  if (t < 1 || (t > 13 && !OTHER_TYPES[type])) return { skip: `history type ${type || '?'}: unknown` };
  if (t > 13) return { skip: `history type ${type} (${OTHER_TYPES[type]}): no counterpart` };
  if (plan.wikiPosts.has(post)) return { skip: 'history of a tag wiki or excerpt (tags keep only their current text)' };
  if (!plan.isNewPost(post)) return { skip: plan.known.post.has(String(post)) ? Reason.earlier : Reason.postAbsent };
  return t <= 9 ? 'revision' : 'event';
}

/** Check pass: classifies every row, counts the ids to reserve, and makes sure each editor has a user row. */
export async function planHistory(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open(FILE);
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const c = classifyHistory(plan, row);
      if (typeof c === 'object') {
        plan.report.skip(FILE, c.skip);
        continue;
      }
      plan.report.imported(FILE);
      // Upper bounds: one revision per row (rows of one edit share one), one activity per row.
      if (c === 'revision') plan.extra.revision.count++;
      plan.extra.activity.count++;
      plan.needUser(ownerOf(row, 'UserId'), row.UserDisplayName);
    }
  }
}

/** A post as it stood after a revision. */
interface PostState {
  title: string;
  content: string;
  tags: Array<{ slug_name: string; display_name: string }>;
}

/** Rows of one edit: consecutive rows of the same post and RevisionGUID. */
interface Group {
  post: number;
  guid: string;
  rows: DumpRow[];
}

/** Most recently edited posts kept in memory; older ones are read back from their latest revision. */
const STATE_CACHE = 2000;

/** Streams PostHistory.xml and writes the revisions and activity rows (inside the import transaction). */
export async function writeHistory(w: ImportRepository, plan: ImportPlan, file: string, progress: (n: number) => void): Promise<void> {
  const cache = new Map<string, PostState>();
  const remember = (id: string, s: PostState) => {
    cache.delete(id);
    cache.set(id, s);
    if (cache.size > STATE_CACHE) cache.delete(cache.keys().next().value!);
  };
  let open: Group | null = null;
  const flushGroups = async (groups: Group[]) => {
    // Posts whose state before an edit is neither in the cache nor started in this batch: one query.
    const need = new Set<string>();
    const startedHere = new Set<string>();
    for (const g of groups) {
      const id = plan.postId(g.post)!;
      const initial = g.rows.some((r) => ['1', '2', '3'].includes(r.PostHistoryTypeId ?? ''));
      if (initial) startedHere.add(id);
      else if (!cache.has(id) && !startedHere.has(id)) need.add(id);
    }
    const stored = need.size ? await w.latestRevisions([...need]) : new Map<string, { title: string; content: string }>();
    for (const [id, r] of stored) remember(id, stateOf(r.title, r.content));
    const revisions: NewRevision[] = [];
    const activity: NewActivity[] = [];
    for (const g of groups) writeGroup(plan, g, cache, remember, revisions, activity);
    await w.insertRevisions(revisions);
    await w.insertActivity(activity);
  };
  for await (const rows of readDumpRows(file, BATCH)) {
    const done: Group[] = [];
    const events: NewActivity[] = [];
    for (const row of rows) {
      const c = classifyHistory(plan, row);
      if (typeof c === 'object') continue;
      if (c === 'event') {
        events.push(eventRow(plan, row));
        continue;
      }
      const post = dumpInt(row.PostId, -1);
      const guid = row.RevisionGUID ?? row.Id ?? '';
      if (open && open.post === post && open.guid === guid) {
        open.rows.push(row);
      } else {
        if (open) done.push(open);
        open = { post, guid, rows: [row] };
      }
    }
    if (done.length) await flushGroups(done);
    await w.insertActivity(events);
    progress(rows.length);
  }
  if (open) await flushGroups([open]);
}

function stateOf(title: string, content: string): PostState {
  let v: { title?: unknown; content?: unknown; tags?: unknown } = {};
  try {
    v = JSON.parse(content) as typeof v;
  } catch {
    // not JSON: treat as the body
    v = { content };
  }
  const tags = Array.isArray(v.tags) ? v.tags.map((t) => (typeof t === 'string' ? { slug_name: t, display_name: t } : (t as PostState['tags'][number]))) : [];
  return { title: String(v.title ?? title ?? ''), content: String(v.content ?? ''), tags };
}

/** One edit -> a revision row with the whole post after it, and its activity row. */
function writeGroup(plan: ImportPlan, g: Group, cache: Map<string, PostState>, remember: (id: string, s: PostState) => void, revisions: NewRevision[], activity: NewActivity[]): void {
  const id = plan.postId(g.post)!;
  const isQuestion = plan.newQuestions.has(g.post);
  const types = new Set(g.rows.map((r) => r.PostHistoryTypeId ?? ''));
  const initial = types.has('1') || types.has('2') || types.has('3');
  const before = cache.get(id) ?? { title: '', content: '', tags: [] };
  const after: PostState = { ...before };
  for (const r of g.rows) {
    const t = r.PostHistoryTypeId;
    if (t === '1' || t === '4' || t === '7') after.title = cleanText(r.Text).slice(0, 600);
    else if (t === '2' || t === '5' || t === '8') after.content = cleanText(r.Text);
    else if (t === '3' || t === '6' || t === '9') after.tags = dumpTags(r.Text).map((s) => ({ slug_name: s, display_name: s }));
  }
  remember(id, after);
  const first = g.rows[0]!;
  const created = dumpDate(first.CreationDate);
  const userId = plan.userId(ownerOf(first, 'UserId'));
  const revisionId = plan.takeId('revision');
  const log = cleanText(g.rows.find((r) => r.Comment)?.Comment).slice(0, 600);
  revisions.push({
    id: revisionId,
    user_id: userId,
    object_type: isQuestion ? 'question' : 'answer',
    object_id: id,
    title: isQuestion ? after.title : '',
    content: JSON.stringify(isQuestion ? after : { content: after.content }),
    log,
    status: 2,
    created_at: created,
    updated_at: created,
  });
  const rollback = types.has('7') || types.has('8') || types.has('9');
  const kind = initial ? (isQuestion ? 'asked' : 'answered') : rollback ? 'rollback' : 'edited';
  activity.push(activityRow(plan, g.post, id, userId, kind, revisionId, '', created));
}

function activityRow(plan: ImportPlan, post: number, objectId: string, userId: string, kind: string, revisionId: string, reason: string, created: number): NewActivity {
  const question = plan.newQuestions.has(post) ? objectId : plan.questionId(plan.answerParent.get(post)!);
  return {
    id: plan.takeId('activity'),
    user_id: userId,
    trigger_user_id: '',
    object_id: objectId,
    original_object_id: question,
    activity_type: kind,
    rank: 0,
    has_rank: 0,
    cancelled: 0,
    revision_id: revisionId,
    rank_key: '',
    reason,
    created_at: created,
    updated_at: created,
  };
}

/** A close, reopen, delete or undelete -> its activity row; a close carries its reason's name, as Quorum's do. */
function eventRow(plan: ImportPlan, row: DumpRow): NewActivity {
  const post = dumpInt(row.PostId, -1);
  const kind = EVENTS[row.PostHistoryTypeId ?? '']!;
  const reasonDef = kind === 'closed' ? closeReason(CLOSE_TYPES[row.Comment ?? ''] ?? 0) : undefined;
  const reason = reasonDef ? translate(`${reasonDef.key}.name`, 'en_US') : '';
  return activityRow(plan, post, plan.postId(post)!, plan.userId(ownerOf(row, 'UserId')), kind, '', reason, dumpDate(row.CreationDate));
}
