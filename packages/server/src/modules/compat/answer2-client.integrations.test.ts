/**
 * Contract suite: Answer 2.0.2's client calls for API keys (api-key/all, POST/PUT/DELETE api-key), the MCP switch
 * (mcp-config), tag merge under Answer's path, `answers:0` search and the captcha rule, with 2.x's shapes. API keys
 * made either way are the same keys: one made through 2.x's call shows in Quorum's /api-keys list and works as a
 * bearer key, a rename or revoke through 2.x's call is seen there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import * as F from './answer2-client.fixtures.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';

/** An MCP initialize message, as a client opens a connection with. */
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'compat-test', version: '1' } } };

for (const dialect of DIALECTS) {
  describe(`Answer 2.0.2 client integrations on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let member: TestUser;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      member = await activeUser(site.app, 'member');
    });
    afterAll(async () => site?.close());
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => call(site!.app, method, url, { token, body });
    const keys2 = async () => (await api('GET', `${ADM}/api-key/all`)).body.data as Record<string, unknown>[];
    const keys14 = async () => (await api('GET', `${ADM}/api-keys`)).body.data as { id: string; name: string; scope: string; revoked_at: number }[];

    it('adds, lists, renames and deletes API keys with 2.x\'s shapes, on the keys Quorum\'s own calls manage', async (t) => {
      if (!site) return t.skip();
      const add = await api('POST', `${ADM}/api-key`, { description: 'Read bot', scope: 'read-only' });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const key = add.body.data.access_key as string;
      expect(Object.keys(add.body.data)).toEqual(['access_key']);
      expect((await api('POST', `${ADM}/api-key`, { description: 'Writer', scope: 'global' })).status).toBe(200);

      const list = await keys2();
      expect(list.flatMap((k, i) => F.mismatches(k, F.V2_API_KEY, `api-key/all[${i}]`))).toEqual([]);
      const read = list.find((k) => k.description === 'Read bot')!;
      expect(read).toMatchObject({ scope: 'read-only', last_used_at: 0 });
      expect(read.access_key).toBe(`${key.slice(0, 7)}********`);
      expect(list.find((k) => k.description === 'Writer')!.scope).toBe('global');
      expect((await keys14()).find((k) => k.id === read.id)).toMatchObject({ name: 'Read bot', scope: 'read' });

      // The key works as a bearer key within its scope.
      const headers = { authorization: `Bearer ${key}` };
      const me = await call(site.app, 'GET', `${V1}/user/info`, { headers });
      expect([me.status, me.body.data?.username]).toEqual([200, 'admin']);
      expect((await call(site.app, 'POST', `${V1}/question`, { headers, body: {} })).status).toBe(403);
      expect((await keys2()).find((k) => k.id === read.id)!.last_used_at).toBeGreaterThan(0);

      expect((await api('PUT', `${ADM}/api-key`, { id: read.id, description: 'Reader' })).status).toBe(200);
      expect((await keys14()).find((k) => k.id === read.id)!.name).toBe('Reader');
      expect((await api('DELETE', `${ADM}/api-key`, { id: read.id })).status).toBe(200);
      expect((await keys2()).some((k) => k.id === read.id)).toBe(false);
      expect((await keys14()).find((k) => k.id === read.id)!.revoked_at).toBeGreaterThan(0);
      expect((await call(site.app, 'GET', `${V1}/user/info`, { headers })).body.data?.username).toBeUndefined();
    });

    it('refuses bad API-key requests with field errors, unknown ids with 404, and members with 403', async (t) => {
      if (!site) return t.skip();
      const field = async (method: 'POST' | 'PUT', body: unknown) => (await api(method, `${ADM}/api-key`, body)).body.data?.[0]?.error_field;
      expect(await field('POST', { description: 'x', scope: 'admin' })).toBe('scope');
      expect(await field('POST', { description: '   ', scope: 'global' })).toBe('description');
      expect(await field('POST', { description: 'x'.repeat(101), scope: 'global' })).toBe('description');
      expect(await field('PUT', { description: 'x' })).toBe('id');
      expect((await api('PUT', `${ADM}/api-key`, { id: 424242, description: 'x' })).status).toBe(404);
      expect((await api('DELETE', `${ADM}/api-key`, { id: 'nope' })).status).toBe(404);
      expect((await api('GET', `${ADM}/api-key/all`, undefined, member.token)).status).toBe(403);
      expect((await api('POST', `${ADM}/api-key`, { description: 'x', scope: 'global' }, member.token)).status).toBe(403);
    });

    it('switches the MCP server off and on through mcp-config, with 2.x\'s shape', async (t) => {
      if (!site) return t.skip();
      const key = (await api('POST', `${ADM}/api-key`, { description: 'MCP', scope: 'read-only' })).body.data.access_key as string;
      const mcp = () => site!.app.inject({ method: 'POST', url: '/mcp', headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' }, payload: INITIALIZE });
      const cfg = (await api('GET', `${ADM}/mcp-config`)).body.data;
      expect(F.mismatches(cfg, F.V2_MCP, 'mcp-config')).toEqual([]);
      expect(cfg).toEqual({ enabled: true, type: 'Streamable HTTP', url: 'http://localhost:9080/mcp', http_header: 'Authorization=Bearer {key}' });
      expect((await mcp()).statusCode).toBe(200);

      expect((await api('PUT', `${ADM}/mcp-config`, { enabled: false })).body.data.enabled).toBe(false);
      expect((await mcp()).statusCode).toBe(403);
      expect((await call(site.app, 'GET', `${V1}/siteinfo`)).body.data.mcp_enabled).toBe(false);
      const dash = (await api('GET', `${ADM}/dashboard`)).body.data.info;
      expect(dash.recent_actions.find((a: { action: string }) => a.action === 'settings.mcp')).toMatchObject({ changes: { enabled: [true, false] } });

      expect((await api('PUT', `${ADM}/mcp-config`, { enabled: 'yes' })).body.data[0].error_field).toBe('enabled');
      expect((await api('PUT', `${ADM}/mcp-config`, { enabled: true }, member.token)).status).toBe(403);
      expect((await api('PUT', `${ADM}/mcp-config`, { enabled: true })).status).toBe(200);
      expect((await mcp()).statusCode).toBe(200);
    });

    it('merges tags under Answer\'s POST /tag/merge with {source_tag_id, target_tag_id}, for moderators and admins only', async (t) => {
      if (!site) return t.skip();
      const q = await askQuestion(site.app, admin, 'Which kettle for a first batch?', 'kettles');
      await askQuestion(site.app, admin, 'Is a pot enough to boil wort?', 'brew-pots');
      const tagId = async (name: string) => (await api('GET', `${V1}/tag?tag_name=${name}`)).body.data.tag_id as string;
      const body = { source_tag_id: await tagId('kettles'), target_tag_id: await tagId('brew-pots') };
      expect((await api('POST', `${V1}/tag/merge`, body, member.token)).status).toBe(403);
      const r = await api('POST', `${V1}/tag/merge`, body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const info = (await api('GET', `${V1}/question/info?id=${q}`)).body.data;
      expect(info.tags.map((x: { slug_name: string }) => x.slug_name)).toEqual(['brew-pots']);
      expect((await api('POST', `${V1}/tag/merge`, { source_tag_id: body.source_tag_id })).body.data[0].error_field).toBe('target_tag_id');
    });

    it('search: answers:0 finds exactly the questions without an answer', async (t) => {
      if (!site) return t.skip();
      const open = await askQuestion(site.app, admin, 'Does a wort chiller pay off?', 'chillers');
      const answered = await askQuestion(site.app, admin, 'How long should a lager condition?', 'chillers');
      await answerQuestion(site.app, member.token, answered, 'Four to six weeks near freezing is the classic rule.');
      const found = (await api('GET', `${V1}/search?q=${encodeURIComponent('[chillers] answers:0')}&page=1&size=50`)).body.data.list as { object: { id: string; answer_count: number } }[];
      expect(found.map((r) => r.object.id)).toEqual([open]);
    });

    it('advertises the captcha as 2.x\'s client looks for it: one enabled captcha plugin in plugin/status', async (t) => {
      if (!site) return t.skip();
      const status = (await call(site.app, 'GET', `${V1}/plugin/status`)).body.data as { slug_name: string; enabled: boolean }[];
      expect(status.filter((p) => p.enabled).map((p) => p.slug_name)).toEqual(['basic_captcha']);
      // Nothing asks for a captcha before it is due: 2.x's client then shows none.
      const r = (await call(site.app, 'GET', `${V1}/user/action/record?action=password`, { remoteAddress: '198.51.100.90' })).body.data;
      expect(r.verify).toBe(false);
    });
  });
}
