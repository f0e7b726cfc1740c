/**
 * The MCP server on every engine, driven by the official SDK's client over Streamable HTTP against the app
 * listening on a free port: the tools are listed, search finds a question, get_question returns its answers and
 * comments, a write key asks and answers as its member (the posts are then visible over HTTP), a read key is told
 * it cannot write, a bad key or a login token cannot connect, and a member below the ask privilege is refused as
 * the HTTP API would refuse them, and held to the hourly post limit of new members.
 */
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion } from '../comment/social.testkit.js';

interface ToolResult { isError?: boolean; content: { type: string; text: string }[] }

const text = (r: unknown) => (r as ToolResult).content.map((c) => c.text).join('\n');
const data = (r: unknown) => {
  expect((r as ToolResult).isError ?? false, text(r)).toBe(false);
  return JSON.parse(text(r)) as Record<string, any>;
};

for (const dialect of DIALECTS) {
  describe(`MCP server on ${dialect}`, () => {
    let site: TestSite | undefined;
    let url: URL;
    let admin = '';
    let qid = '';
    let aid = '';
    const clients: Client[] = [];

    const createKey = async (token: string, scope: string) => {
      const r = await call(site!.app, 'POST', '/answer/admin/api/api-keys', { token, body: { name: `${scope} key`, scope } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.key as string;
    };
    const connect = async (authorization?: string) => {
      const client = new Client({ name: 'quorum-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: authorization ? { authorization } : {} } }));
      clients.push(client);
      return client;
    };

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      // Rate limits on, as in production: the tools are held to them like direct calls.
      site = await installedSite(dialect, { rateLimit: true });
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      url = new URL(`http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}/mcp`);
      admin = await adminToken(site.app);
      qid = await askQuestion(site.app, admin, 'How warm should a lager ferment', 'lager');
      const bob = await activeUser(site.app, 'bob_brews');
      aid = await answerQuestion(site.app, bob.token, qid, 'Keep it between 8 and 12 degrees Celsius for a clean lager.');
      for (const [object_id, original_text] of [[qid, 'Which yeast strain are you using here?'], [aid, 'This matches what my brewing book says.']]) {
        const c = await call(site.app, 'POST', '/answer/api/v1/comment', { token: admin, body: { object_id, original_text } });
        expect(c.status, JSON.stringify(c.body)).toBe(200);
      }
    });
    afterAll(async () => {
      for (const c of clients) await c.close();
      await site?.close();
    });

    it('lists the four tools, finds a question by search and reads it with its answers and comments', async (t) => {
      if (!site) return t.skip();
      const client = await connect(`Bearer ${await createKey(admin, 'read')}`);
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name).sort()).toEqual(['answer_question', 'ask_question', 'get_question', 'search']);
      expect(tools.find((x) => x.name === 'ask_question')!.inputSchema.required).toEqual(expect.arrayContaining(['title', 'content', 'tags']));

      const found = data(await client.callTool({ name: 'search', arguments: { query: 'lager ferment' } }));
      expect(found.total).toBeGreaterThanOrEqual(1);
      expect(found.results[0]).toMatchObject({ type: 'question', question_id: qid, title: 'How warm should a lager ferment', tags: ['lager'], answers: 1 });
      expect(found.results[0].url).toBe(`http://localhost:9080/questions/${qid}/how-warm-should-a-lager-ferment`);
      expect(data(await client.callTool({ name: 'search', arguments: { query: 'zymurgical nonexistentword' } })).total).toBe(0);

      const read = data(await client.callTool({ name: 'get_question', arguments: { question_id: qid } }));
      expect(read.question).toMatchObject({ id: qid, title: 'How warm should a lager ferment', author: 'admin', answer_count: 1, comment_count: 1 });
      expect(read.question.comments[0]).toMatchObject({ author: 'admin', text: 'Which yeast strain are you using here?' });
      expect(read.answers).toHaveLength(1);
      expect(read.answers[0]).toMatchObject({ id: aid, author: 'bob_brews', content: 'Keep it between 8 and 12 degrees Celsius for a clean lager.', accepted: false, comment_count: 1 });
      expect(read.answers[0].comments[0].text).toBe('This matches what my brewing book says.');

      const missing = await client.callTool({ name: 'get_question', arguments: { question_id: '10010000000999999' } });
      expect((missing as ToolResult).isError).toBe(true);
      expect(text(missing)).toContain('HTTP 404');
    });

    it('asks and answers with a write key as its member; the posts are visible over HTTP', async (t) => {
      if (!site) return t.skip();
      const client = await connect(`Bearer ${await createKey(admin, 'write')}`);
      const asked = data(await client.callTool({ name: 'ask_question', arguments: { title: 'Does dry hopping change bitterness', content: 'I dry hop for three days. Does that add **bitterness** or only aroma?', tags: ['hops'] } }));
      expect(asked.held_for_review).toBe(false);
      const q = await call(site.app, 'GET', `/answer/api/v1/question/info?id=${asked.question_id}`);
      expect(q.status).toBe(200);
      expect(q.body.data).toMatchObject({ title: 'Does dry hopping change bitterness', user_info: { username: 'admin' } });
      expect(q.body.data.html).toContain('<strong>bitterness</strong>');

      const answered = data(await client.callTool({ name: 'answer_question', arguments: { question_id: qid, content: 'Ferment cold, then let it rise to 15 degrees for a diacetyl rest.' } }));
      expect(answered.url).toBe(`http://localhost:9080/questions/${qid}/how-warm-should-a-lager-ferment/${answered.answer_id}`);
      const answers = await call(site.app, 'GET', `/answer/api/v1/answer/page?question_id=${qid}`);
      expect(answers.body.data.list.find((a: { id: string }) => a.id === answered.answer_id)).toMatchObject({ content: 'Ferment cold, then let it rise to 15 degrees for a diacetyl rest.', user_info: { username: 'admin' } });

      // The API's own validation answers: a field error names the field.
      const short = await client.callTool({ name: 'answer_question', arguments: { question_id: '10010000000999999', content: 'A long enough answer to an unknown question' } });
      expect((short as ToolResult).isError).toBe(true);
      expect(text(short)).toMatch(/HTTP 404/);
    });

    it('tells a read key that writing needs the write scope, and writes nothing', async (t) => {
      if (!site) return t.skip();
      const client = await connect(`Bearer ${await createKey(admin, 'read')}`);
      const before = (await call(site.app, 'GET', `/answer/api/v1/answer/page?question_id=${qid}`)).body.data.count;
      for (const [name, args] of [
        ['ask_question', { title: 'A question from a read-only key', content: 'This should never be posted anywhere.', tags: ['keys'] }],
        ['answer_question', { question_id: qid, content: 'This answer should never be posted.' }],
      ] as const) {
        const r = await client.callTool({ name, arguments: args });
        expect((r as ToolResult).isError, name).toBe(true);
        expect(text(r)).toContain('This API key has the read scope: asking and answering need a key with the write scope.');
        expect(text(r)).toContain('HTTP 403, error.apikey.scope_denied');
      }
      expect((await call(site.app, 'GET', `/answer/api/v1/answer/page?question_id=${qid}`)).body.data.count).toBe(before);
      const s = data(await client.callTool({ name: 'search', arguments: { query: 'read-only key' } }));
      expect(s.total).toBe(0);
    });

    it('refuses a bad, revoked or missing key and a login token with 401', async (t) => {
      if (!site) return t.skip();
      const key = await createKey(admin, 'admin');
      const keys = (await call(site.app, 'GET', '/answer/admin/api/api-keys', { token: admin })).body.data as { id: string; key_prefix: string }[];
      const id = keys.find((k) => key.startsWith(k.key_prefix))!.id;
      expect((await call(site.app, 'DELETE', '/answer/admin/api/api-keys', { token: admin, body: { id } })).status).toBe(200);
      for (const auth of [`Bearer qk_${'x'.repeat(43)}`, `Bearer ${key}`, `Bearer ${admin}`, undefined]) {
        await expect(connect(auth), String(auth)).rejects.toThrow(/401/);
      }
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401, reason: 'base.unauthorized_error' });
      expect((await fetch(url, { headers: { authorization: `Bearer ${key}` } })).status).toBe(405);
    });

    it('refuses a member below the ask privilege as the HTTP API does, then holds them to the post rate', async (t) => {
      if (!site) return t.skip();
      const carol = await activeUser(site.app, 'carol_keys');
      // Only administrators create keys: make carol one to create hers, then a plain member again.
      const role = (role_id: number) => call(site!.app, 'PUT', '/answer/admin/api/user/role', { token: admin, body: { user_id: carol.id, role_id } });
      expect((await role(2)).status).toBe(200);
      const login = await call(site.app, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'carol_keys@example.com', pass: 'password-123' } });
      const key = await createKey(login.body.data.access_token, 'write');
      expect((await role(1)).status).toBe(200);

      const privileges = (custom: { key: string; value: number }[]) => call(site!.app, 'PUT', '/answer/admin/api/setting/privileges', { token: admin, body: { level: 99, custom_privileges: custom } });
      expect((await privileges([{ key: 'rank.question.add', value: 50 }])).status).toBe(200);
      try {
        const client = await connect(`Bearer ${key}`);
        const args = { title: 'A question from a new member', content: 'Asked before reaching the reputation to ask.', tags: ['lager'] };
        const refused = await client.callTool({ name: 'ask_question', arguments: args });
        expect((refused as ToolResult).isError).toBe(true);
        expect(text(refused)).toContain('HTTP 403, error.rank.fail_to_meet_the_condition');
        const direct = await call(site.app, 'POST', '/answer/api/v1/question', { token: `Bearer ${key}`, body: { ...args, tags: [{ slug_name: 'lager' }] } });
        expect(direct.status).toBe(403);
        expect(text(refused)).toContain(direct.body.msg);

        expect((await privileges([{ key: 'rank.question.add', value: 1 }])).status).toBe(200);
        const asked = data(await client.callTool({ name: 'ask_question', arguments: args }));
        expect((await call(site.app, 'GET', `/answer/api/v1/question/info?id=${asked.question_id}`)).body.data.user_info.username).toBe('carol_keys');

        // A member below 100 reputation asks at most 3 questions an hour, through MCP as over HTTP.
        // Each with a body of its own: the same body again would be held by the reviewer's repeated-text rule.
        const own = (n: number) => ({ ...args, title: `Question number ${n} from a new member`, content: `Body number ${n}, on its own subject: ${['hops', 'yeast', 'water'][n - 2]} for a lager brewed at home.` });
        for (const n of [2, 3]) data(await client.callTool({ name: 'ask_question', arguments: own(n) }));
        const limited = await client.callTool({ name: 'ask_question', arguments: own(4) });
        expect((limited as ToolResult).isError).toBe(true);
        expect(text(limited)).toContain('HTTP 429, error.post.rate_limited');
        expect((await call(site.app, 'POST', '/answer/api/v1/question', { token: `Bearer ${key}`, body: { ...args, title: 'Question number 5 from a new member', tags: [{ slug_name: 'lager' }] } })).status).toBe(429);
      } finally {
        await call(site.app, 'PUT', '/answer/admin/api/setting/privileges', { token: admin, body: { level: 1 } });
      }
    });
  });
}
