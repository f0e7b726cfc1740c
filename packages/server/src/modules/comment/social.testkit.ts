/**
 * Test support shared by the comment, file and profile suites: activated users with a chosen reputation, a
 * question with answers, a query counter and a multipart body builder. Database tweaks go through the app's own
 * Kysely handle (tests only).
 */
import type { FastifyInstance } from 'fastify';
import { call, registerUser, type TestSite } from '../../../test/dialects.js';

export interface TestUser {
  token: string;
  id: string;
  name: string;
}

function db(app: FastifyInstance) {
  return app.quorum.database!.kysely;
}

/** Registers a user and activates the account (new accounts start not activated). */
export async function activeUser(app: FastifyInstance, name: string, rank = 1): Promise<TestUser> {
  const u = await registerUser(app, name);
  await db(app).updateTable('users').set({ mail_status: 1, rank }).where('id', '=', u.id).execute();
  return { ...u, name };
}

/** Sets a user's reputation. */
export async function setRank(app: FastifyInstance, userId: string, rank: number): Promise<void> {
  await db(app).updateTable('users').set({ rank }).where('id', '=', userId).execute();
}

/** Asks a question (as an admin: may create the tag) and returns its id. */
export async function askQuestion(app: FastifyInstance, token: string, title: string, tag = 'social'): Promise<string> {
  const r = await call(app, 'POST', '/answer/api/v1/question', { token, body: { title, content: `Body of ${title}`, tags: [{ slug_name: tag, display_name: tag }] } });
  if (r.status !== 200) throw new Error(`ask: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as string;
}

/** Answers a question and returns the answer id. */
export async function answerQuestion(app: FastifyInstance, token: string, questionId: string, content = 'A helpful answer text'): Promise<string> {
  const r = await call(app, 'POST', '/answer/api/v1/answer', { token, body: { question_id: questionId, content } });
  if (r.status !== 200) throw new Error(`answer: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.info.id as string;
}

/** Tables written by background workers (mail outbox, view counts, housekeeping), not by requests. */
const BACKGROUND = /\b(outbox|user_sessions|user_codes|captchas|id_sequences)\b|view_count/;

/** Counts the SQL statements the app runs for requests while `fn` runs (background workers' queries excluded). */
export async function countQueries(site: TestSite, fn: () => Promise<unknown>): Promise<number> {
  const executor = db(site.app).getExecutor() as unknown as { executeQuery: (...a: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  let n = 0;
  const count = (text: string | undefined) => {
    if (!BACKGROUND.test(text ?? '')) n++;
  };
  executor.executeQuery = (...a: unknown[]) => {
    count((a[0] as { sql?: string } | undefined)?.sql);
    return original.apply(executor, a);
  };
  // SQLite's reads that bypass Kysely (Db.queryNow) are counted as well.
  const handle = site.app.quorum.database!;
  const { queryNow } = handle;
  if (queryNow) {
    handle.queryNow = (text, parameters) => {
      const rows = queryNow(text, parameters);
      if (rows) count(text);
      return rows;
    };
  }
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
    if (queryNow) handle.queryNow = queryNow;
  }
  return n;
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----quorum${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
