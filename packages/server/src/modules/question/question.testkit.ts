/**
 * Test helpers of the Q&A suites: activated members, reputation and roles set through the database handle,
 * and short calls for asking and answering. Used by *.test.ts files only.
 */
import { call, registerUser, type TestSite } from '../../../test/dialects.js';

export const API = '/answer/api/v1';

export interface Member {
  token: string;
  id: string;
}

/** Registers a user and activates the account (new accounts wait for e-mail activation). */
export async function member(site: TestSite, name: string, rank = 1): Promise<Member> {
  const m = await registerUser(site.app, name);
  await site.app.quorum.database!.kysely.updateTable('users').set({ mail_status: 1, rank }).where('id', '=', m.id).execute();
  return m;
}

/** Sets a user's reputation. */
export async function setRank(site: TestSite, userId: string, rank: number): Promise<void> {
  await site.app.quorum.database!.kysely.updateTable('users').set({ rank }).where('id', '=', userId).execute();
}

/** Makes a user a moderator (role 3). */
export async function makeModerator(site: TestSite, userId: string): Promise<void> {
  await site.app.quorum.database!.kysely.updateTable('users').set({ role_id: 3 }).where('id', '=', userId).execute();
}

/** A user's reputation. */
export async function rankOf(site: TestSite, userId: string): Promise<number> {
  const r = await site.app.quorum.database!.kysely.selectFrom('users').select('rank').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(r.rank);
}

/** Asks a question with the existing 'support' tag; returns its id. */
export async function ask(site: TestSite, token: string, title = 'How do I calibrate a hydrometer?', content = 'Body of the question.'): Promise<string> {
  const r = await call(site.app, 'POST', `${API}/question`, { token, body: { title, content, tags: [{ slug_name: 'support' }] } });
  if (r.status !== 200) throw new Error(`ask: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as string;
}

/** Answers a question; returns the answer id. */
export async function answer(site: TestSite, token: string, questionId: string, content = 'Here is an answer text.'): Promise<string> {
  const r = await call(site.app, 'POST', `${API}/answer`, { token, body: { question_id: questionId, content } });
  if (r.status !== 200) throw new Error(`answer: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.info.id as string;
}

/** Activity rows of an object (tests inspect reputation logs). */
export async function activityOf(site: TestSite, objectId: string): Promise<{ user_id: string; activity_type: string; rank: number; has_rank: number; cancelled: number; trigger_user_id: string; rank_key: string }[]> {
  return site.app.quorum.database!.kysely
    .selectFrom('activity')
    .select(['user_id', 'activity_type', 'rank', 'has_rank', 'cancelled', 'trigger_user_id', 'rank_key'])
    .where('object_id', '=', objectId)
    .orderBy('id')
    .execute();
}
