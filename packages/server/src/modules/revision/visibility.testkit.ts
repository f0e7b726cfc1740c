/**
 * Test fixture of the post-visibility suites (revision.visibility.test.ts, personal.visibility.test.ts): one author
 * with a deleted question, a deleted answer, a queued (pending review) question and a queued answer, each carrying
 * a unique word in its text and a comment of its author; another member; a moderator. `maySee` is the rule of
 * question/info and answer/info the suites hold every other call to: deleted posts for moderators and admins,
 * queued ones also for their author. Used by *.test.ts files only.
 */
import { call, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

export const HIDDEN_KINDS = ['deletedQuestion', 'deletedAnswer', 'queuedQuestion', 'queuedAnswer'] as const;
export type HiddenKind = (typeof HIDDEN_KINDS)[number];
export const VIEWERS = ['anonymous', 'other', 'owner', 'moderator'] as const;
export type Viewer = (typeof VIEWERS)[number];

/** One hidden post: its id, the unique word of its text, its author's comment on it and that comment's word. */
export interface HiddenPost {
  id: string;
  kind: HiddenKind;
  isQuestion: boolean;
  word: string;
  commentId: string;
  commentWord: string;
}

export interface HiddenFixture {
  owner: Member;
  other: Member;
  mod: Member;
  /** A normal question of the owner that holds the hidden answers. */
  host: string;
  posts: Record<HiddenKind, HiddenPost>;
  /** The token of a viewer; undefined for the anonymous one. */
  token(v: Viewer): string | undefined;
}

/** Whether a viewer may see a post of this kind (question/info, answer/info: comment/target.ts `canSeePost`). */
export function maySee(kind: HiddenKind, v: Viewer): boolean {
  if (v === 'moderator') return true;
  return kind.startsWith('queued') && v === 'owner';
}

/** GET /question/info or /answer/info of the post as the viewer: the reference answer of every other call. */
export function postInfo(site: TestSite, f: HiddenFixture, p: HiddenPost, v: Viewer) {
  return call(site.app, 'GET', `${API}/${p.isQuestion ? 'question' : 'answer'}/info?id=${p.id}`, { token: f.token(v) });
}

async function comment(site: TestSite, token: string, objectId: string, text: string): Promise<string> {
  const r = await call(site.app, 'POST', `${API}/comment`, { token, body: { object_id: objectId, original_text: text } });
  if (r.status !== 200) throw new Error(`comment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.comment_id as string;
}

async function ok(r: Promise<{ status: number; body: unknown }>, what: string): Promise<void> {
  const res = await r;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Builds the fixture on an installed site: prefix the usernames with `prefix` when one site holds two fixtures.
 * The owner has reputation 200 (edits own posts at once, no review privilege), the other member 200.
 */
export async function hiddenPosts(site: TestSite, adminToken: string, prefix = 'v'): Promise<HiddenFixture> {
  const owner = await member(site, `${prefix}owner`, 200);
  const other = await member(site, `${prefix}other`, 200);
  const mod = await member(site, `${prefix}mod`);
  await makeModerator(site, mod.id);
  const host = await ask(site, owner.token, 'Host question of the visibility checks', 'Body of the host question.');
  const make = async (kind: HiddenKind, word: string, post: () => Promise<string>): Promise<HiddenPost> => {
    const id = await post();
    const commentWord = `${word}remark`;
    const commentId = await comment(site, owner.token, id, `A remark on the post: ${commentWord}.`);
    return { id, kind, isQuestion: kind.endsWith('Question'), word, commentId, commentWord };
  };
  const deletedQuestion = await make('deletedQuestion', 'quincunx', () => ask(site, owner.token, 'Quincunx question that gets deleted', 'Quincunx body of a deleted question.'));
  const deletedAnswer = await make('deletedAnswer', 'xylograph', () => answer(site, owner.token, host, 'Xylograph body of a deleted answer.'));
  await ok(call(site.app, 'DELETE', `${API}/question`, { token: owner.token, body: { id: deletedQuestion.id } }), 'delete question');
  await ok(call(site.app, 'DELETE', `${API}/answer`, { token: owner.token, body: { id: deletedAnswer.id } }), 'delete answer');
  const write = (review_reputation: number) => ok(call(site.app, 'PUT', '/answer/admin/api/siteinfo/write', { token: adminToken, body: { review_reputation } }), 'site write');
  await write(1000);
  const queuedQuestion = await make('queuedQuestion', 'zeugma', () => ask(site, owner.token, 'Zeugma question waiting for review', 'Zeugma body of a queued question.'));
  const queuedAnswer = await make('queuedAnswer', 'yttrium', () => answer(site, owner.token, host, 'Yttrium body of a queued answer.'));
  await write(1);
  const tokens: Record<Viewer, string | undefined> = { anonymous: undefined, other: other.token, owner: owner.token, moderator: mod.token };
  return { owner, other, mod, host, posts: { deletedQuestion, deletedAnswer, queuedQuestion, queuedAnswer }, token: (v) => tokens[v] };
}

/** Ids of the revisions of an object, oldest first. */
export async function revisionIds(site: TestSite, objectId: string): Promise<string[]> {
  const rows = await site.app.quorum.database!.kysely.selectFrom('revisions').select('id').where('object_id', '=', objectId).orderBy('id').execute();
  return rows.map((r) => r.id);
}
