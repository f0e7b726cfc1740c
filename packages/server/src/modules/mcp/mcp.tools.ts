/**
 * The MCP tools (docs/API.md "MCP"): `search`, `get_question` (with its answers and comments), `ask_question` and
 * `answer_question` (write-scoped keys). Each tool is one or a few calls of the public HTTP API made as the key's
 * member (mcp.api.ts), so it is refused or limited exactly as that call would be; a refusal becomes a tool result
 * with `isError` and the API's message, never a protocol error, so an agent can read it and tell its user.
 * Results are JSON text: ids, titles, Markdown bodies, authors, votes and the page URL of each post.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BATCH_MAX_IDS, LIMITS, PostStatus, SEARCH_ORDERS, urlTitle } from '@quorum/contract';
import { ApiCallError, query, type ApiCall } from './mcp.api.js';

const API = '/answer/api/v1';

interface UserInfo { username?: string; display_name?: string }
interface SearchHit { object_type: string; object: { id: string; question_id: string; title: string; excerpt: string; created_at: number; vote_count: number; answer_count: number; accepted: boolean; user_info: UserInfo; tags: { slug_name: string }[]; status: string } }
interface QuestionInfo { id: string; title: string; content: string; tags: { slug_name: string }[]; vote_count: number; answer_count: number; view_count: number; accepted_answer_id: string; create_time: number; status: number; user_info: UserInfo }
interface AnswerInfo { id: string; content: string; vote_count: number; accepted: number; create_time: number; user_info: UserInfo }
interface CommentInfo { comment_id: string; original_text: string; vote_count: number; created_at: number; username: string; user_display_name: string; reply_username: string }

/** `writeTool`'s refusal text for a key whose scope does not allow writing. */
const READ_ONLY_KEY = 'This API key has the read scope: asking and answering need a key with the write scope.';

function author(u: UserInfo | undefined): string {
  return u?.username ?? '';
}

function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** A refused API call as a tool error: the API's message, its reason key and status, and field errors. */
function refusal(err: ApiCallError, write: boolean): CallToolResult {
  const lines = [write && err.reason === 'error.apikey.scope_denied' ? READ_ONLY_KEY : err.message];
  for (const f of err.fields) lines.push(`${f.error_field}: ${f.error_msg}`);
  lines.push(`(HTTP ${err.status}${err.reason ? `, ${err.reason}` : ''})`);
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

/** Runs a tool body; API refusals become tool errors, anything else is rethrown (a server error). */
async function run(write: boolean, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof ApiCallError) return refusal(err, write);
    throw err;
  }
}

/** Where posts are on the site: `<base>/questions/<id>/<slug>[/<answer id>]`. */
export interface PostUrls {
  question(id: string, title: string): string;
  answer(questionId: string, title: string, answerId: string): string;
}

/** URLs under `siteUrl` (the site's general setting, without a trailing slash). */
export function postUrls(siteUrl: string): PostUrls {
  const base = siteUrl.replace(/\/+$/, '');
  const q = (id: string, title: string) => `${base}/questions/${id}/${urlTitle(title)}`;
  return { question: q, answer: (qid, title, aid) => `${q(qid, title)}/${aid}` };
}

function comment(c: CommentInfo) {
  return { id: c.comment_id, author: c.username, text: c.original_text, votes: c.vote_count, created_at: c.created_at, ...(c.reply_username ? { reply_to: c.reply_username } : {}) };
}

/** Registers the four tools on `server`; every call goes through `api`. */
export function registerTools(server: McpServer, api: ApiCall, urls: PostUrls): void {
  server.registerTool('search', {
    title: 'Search questions and answers',
    description:
      'Full-text search of the questions and answers this key\'s member can see. The query takes the site\'s search syntax: words, [tag], user:name, score:N (at least N), answers:N (at least N answers), is:question, is:answer. Returns ids to pass to get_question.',
    inputSchema: {
      query: z.string().trim().min(1).max(512).describe('What to look for'),
      order: z.enum(SEARCH_ORDERS).default('relevance').describe('relevance, newest, active or score'),
      page: z.number().int().min(1).default(1),
      page_size: z.number().int().min(1).max(LIMITS.searchMaxSize).default(10),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ query: q, order, page, page_size }) => run(false, async () => {
    const r = await api<{ count: number; list: SearchHit[] }>('GET', `${API}/search?${query({ q, order, page, size: page_size })}`);
    return json({
      total: r.count,
      results: r.list.map(({ object_type, object: o }) => ({
        type: object_type,
        question_id: o.question_id,
        ...(object_type === 'answer' ? { answer_id: o.id } : {}),
        title: o.title,
        excerpt: o.excerpt,
        tags: o.tags.map((t) => t.slug_name),
        votes: o.vote_count,
        answers: o.answer_count,
        accepted: o.accepted,
        author: author(o.user_info),
        created_at: o.created_at,
        url: object_type === 'answer' ? urls.answer(o.question_id, o.title, o.id) : urls.question(o.question_id, o.title),
      })),
    });
  }));

  server.registerTool('get_question', {
    title: 'Read a question with its answers and comments',
    description: 'A question (Markdown body, tags, votes, author), its answers (accepted first, then by votes) and the first comments of each post, with the total comment count.',
    inputSchema: {
      question_id: z.string().trim().min(1).max(64).describe('The question id (from search or a question URL)'),
      answers_limit: z.number().int().min(1).max(BATCH_MAX_IDS - 1).default(30).describe('At most this many answers'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ question_id, answers_limit }) => run(false, async () => {
    const q = await api<QuestionInfo>('GET', `${API}/question/info?${query({ id: question_id })}`);
    const answers = await api<{ count: number; list: AnswerInfo[] }>('GET', `${API}/answer/page?${query({ question_id: q.id, page: 1, page_size: answers_limit })}`);
    const ids = [q.id, ...answers.list.map((a) => a.id)];
    const comments = await api<Record<string, { count: number; list: CommentInfo[] }>>('GET', `${API}/comment/batch?${query({ object_ids: ids.join(','), page_size: 20 })}`);
    const commentsOf = (id: string) => ({ comment_count: comments[id]?.count ?? 0, comments: (comments[id]?.list ?? []).map(comment) });
    return json({
      question: {
        id: q.id, title: q.title, url: urls.question(q.id, q.title), content: q.content, tags: q.tags.map((t) => t.slug_name),
        votes: q.vote_count, answer_count: q.answer_count, views: q.view_count, author: author(q.user_info), created_at: q.create_time,
        accepted_answer_id: q.accepted_answer_id === '0' ? '' : q.accepted_answer_id, ...commentsOf(q.id),
      },
      answers: answers.list.map((a) => ({
        id: a.id, url: urls.answer(q.id, q.title, a.id), content: a.content, votes: a.vote_count, accepted: a.accepted === 2,
        author: author(a.user_info), created_at: a.create_time, ...commentsOf(a.id),
      })),
      answers_total: answers.count,
    });
  }));

  server.registerTool('ask_question', {
    title: 'Ask a question',
    description: 'Posts a new question as this key\'s member (needs a write-scoped key and the member\'s privilege to ask). The body is Markdown. A question held for review is not public until a moderator approves it.',
    inputSchema: {
      title: z.string().trim().min(1).max(LIMITS.questionTitleMax),
      content: z.string().trim().min(1).max(65535).describe('The question body, Markdown'),
      tags: z.array(z.string().trim().min(1).max(LIMITS.tagNameMax)).min(1).max(5).describe('1 to 5 tag names, e.g. ["sqlite"]'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  }, ({ title, content, tags }) => run(true, async () => {
    const q = await api<QuestionInfo>('POST', `${API}/question`, { title, content, tags: tags.map((t) => ({ slug_name: t, display_name: t })) });
    return json({ question_id: q.id, url: urls.question(q.id, q.title), held_for_review: q.status === PostStatus.pending });
  }));

  server.registerTool('answer_question', {
    title: 'Answer a question',
    description: 'Posts an answer to a question as this key\'s member (needs a write-scoped key and the member\'s privilege to answer). The body is Markdown.',
    inputSchema: {
      question_id: z.string().trim().min(1).max(64),
      content: z.string().trim().min(LIMITS.answerMin).max(65535).describe('The answer, Markdown'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  }, ({ question_id, content }) => run(true, async () => {
    const r = await api<{ info: AnswerInfo & { status: number }; question: { id: string; title: string } }>('POST', `${API}/answer`, { question_id, content });
    return json({ answer_id: r.info.id, question_id: r.question.id, url: urls.answer(r.question.id, r.question.title, r.info.id), held_for_review: r.info.status === PostStatus.pending });
  }));
}
