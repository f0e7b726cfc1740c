/**
 * API keys through HTTP on every engine: an administrator creates a key (shown once, stored hashed), the key
 * authenticates as `Authorization: Bearer qk_...` within its scope (read: GET only; write: no admin API; admin:
 * all), the list shows its last use, and a revoked or expired key is refused on the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, DIALECTS, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { askQuestion } from '../comment/social.testkit.js';

for (const dialect of DIALECTS) {
  describe(`API keys on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    const bearer = (key: string) => `Bearer ${key}`;
    const createKey = async (scope: string, extra: Record<string, unknown> = {}) => {
      const r = await call(site!.app, 'POST', '/answer/admin/api/api-keys', { token: admin, body: { name: `${scope} key`, scope, ...extra } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: string; key: string; key_prefix: string };
    };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterAll(async () => site?.close());

    it('creates a key shown once and stored only as a hash; only administrators manage keys', async (t) => {
      if (!site) return t.skip();
      const created = await createKey('read');
      expect(created.key).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
      expect(created.key.startsWith(created.key_prefix)).toBe(true);
      const rows = await site.app.quorum.database!.kysely.selectFrom('api_keys').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(created.key);
      const list = await call(site.app, 'GET', '/answer/admin/api/api-keys', { token: admin });
      expect(list.body.data.find((k: { id: string }) => k.id === created.id)).toMatchObject({ scope: 'read', username: 'admin', last_used_at: 0, revoked_at: 0 });
      expect(JSON.stringify(list.body)).not.toContain(created.key);
      const member = await registerUser(site.app, 'keyless');
      expect((await call(site.app, 'GET', '/answer/admin/api/api-keys', { token: member.token })).status).toBe(403);
      expect((await call(site.app, 'POST', '/answer/admin/api/api-keys', { token: admin, body: { name: 'x', scope: 'root' } })).body.data[0].error_field).toBe('scope');
      expect((await call(site.app, 'POST', '/answer/admin/api/api-keys', { token: admin, body: { name: 'x', scope: 'read', expires_at: 1000 } })).body.data[0].error_field).toBe('expires_at');
    });

    it('a read key reads as its member and records the use, but cannot write or reach the admin API', async (t) => {
      if (!site) return t.skip();
      const { id, key } = await createKey('read');
      const me = await call(site.app, 'GET', '/answer/api/v1/user/info', { token: bearer(key) });
      expect(me.status).toBe(200);
      expect(me.body.data.username).toBe('admin');
      const ask = await call(site.app, 'POST', '/answer/api/v1/question', { token: bearer(key), body: { title: 'Asked with a read key', content: 'Body of a question asked with a read key', tags: [{ slug_name: 'keys', display_name: 'keys' }] } });
      expect(ask.status).toBe(403);
      expect(ask.body.reason).toBe('error.apikey.scope_denied');
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(key) })).status).toBe(403);
      const list = await call(site.app, 'GET', '/answer/admin/api/api-keys', { token: admin });
      expect(list.body.data.find((k: { id: string }) => k.id === id).last_used_at).toBeGreaterThan(0);
    });

    it('a write key asks as its member but cannot reach the admin API; an admin key can', async (t) => {
      if (!site) return t.skip();
      const write = await createKey('write');
      const qid = await askQuestion(site.app, bearer(write.key), 'A question asked through an API key');
      const q = await call(site.app, 'GET', `/answer/api/v1/question/info?id=${qid}`, { token: admin });
      expect(q.body.data.operator?.username ?? q.body.data.user_info?.username).toBe('admin');
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(write.key) })).status).toBe(403);
      const adminKey = await createKey('admin');
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(adminKey.key) })).status).toBe(200);
    });

    it('refuses a revoked key on the next request, and an expired or unknown key as not logged in', async (t) => {
      if (!site) return t.skip();
      const { id, key } = await createKey('admin');
      expect((await call(site.app, 'GET', '/answer/api/v1/user/info', { token: bearer(key) })).body.data?.username).toBe('admin');
      expect((await call(site.app, 'DELETE', '/answer/admin/api/api-keys', { token: admin, body: { id } })).status).toBe(200);
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(key) })).status).toBe(401);
      expect((await call(site.app, 'DELETE', '/answer/admin/api/api-keys', { token: admin, body: { id } })).status).toBe(404);
      const soon = await createKey('admin', { expires_at: Math.floor(Date.now() / 1000) + 2 });
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(soon.key) })).status).toBe(200);
      await site.app.quorum.database!.kysely.updateTable('api_keys').set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).where('id', '=', soon.id).execute();
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(soon.key) })).status).toBe(401);
      expect((await call(site.app, 'GET', '/answer/admin/api/dashboard', { token: bearer(`qk_${'x'.repeat(43)}`) })).status).toBe(401);
    });
  });
}
