/**
 * The session cache (session.cache.ts) and the question/info parts cache (modules/question/question.infoparts.ts)
 * through HTTP: this process's writes show at once; another process's writes (a second database handle on the
 * same database, as another worker or node has) show within the stated window and not before it is over.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, member, type Member } from '../../modules/question/question.testkit.js';
import { openDb, type Db } from '../db/index.js';
import { MAX_AGE_MS } from './session.cache.js';
import { MAX_AGE_MS as PARTS_MAX_AGE_MS } from '../../modules/question/question.infoparts.js';

for (const dialect of DIALECTS) {
  describe(`session and question-info caches on ${dialect}`, () => {
    let site: TestSite | undefined;
    let other: Db | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      // Another process's connection: its writes are not this process's.
      other = await openDb(site.db, site.dataDir);
    });
    afterAll(async () => {
      await other?.close();
      await site?.close();
    });
    const me = async (token: string) => (await call(site!.app, 'GET', `${API}/user/info`, { token })).body.data as { display_name: string; status: string } | null;

    it("shows this process's writes to a member and their sessions at once", async (t) => {
      if (!site) return t.skip();
      const alice: Member = await member(site, 'cachealice');
      expect((await me(alice.token))?.display_name).toBe('cachealice');
      const saved = await call(site.app, 'PUT', `${API}/user/info`, { token: alice.token, body: { display_name: 'Alice Renamed' } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await me(alice.token))?.display_name).toBe('Alice Renamed');

      const suspended = await call(site.app, 'PUT', '/answer/admin/api/user/status', { token: admin, body: { user_id: alice.id, status: 'suspended', suspend_duration: 48 } });
      expect(suspended.status).toBe(200);
      expect((await call(site.app, 'POST', `${API}/question`, { token: alice.token, body: { title: 'A question while suspended', content: 'Body of the question.', tags: [{ slug_name: 'support' }] } })).status).toBe(403);

      const bob = await member(site, 'cachebob');
      expect(await me(bob.token)).not.toBeNull();
      expect((await call(site.app, 'GET', `${API}/user/logout`, { token: bob.token })).status).toBe(200);
      expect(await me(bob.token)).toBeNull();
    });

    it("shows another process's ended session within the window, and not later", async (t) => {
      if (!site || !other) return t.skip();
      const carol = await member(site, 'cachecarol');
      expect(await me(carol.token)).not.toBeNull();
      // The session was last read from the database no later than here.
      const readBy = Date.now();
      await other.kysely.deleteFrom('user_sessions').where('user_id', '=', carol.id).execute();
      // Remembered for at most MAX_AGE_MS from when it was read: a request that starts after that finds it gone. A
      // slow machine only makes the requests start later, so the rule holds however long each one takes.
      const stale: number[] = [];
      for (;;) {
        const startedAfter = Date.now() - readBy;
        if ((await me(carol.token)) === null) break;
        stale.push(startedAfter);
        if (startedAfter > MAX_AGE_MS) break;
        await sleep(50);
      }
      expect(stale.filter((after) => after > MAX_AGE_MS)).toEqual([]);
      expect(await me(carol.token)).toBeNull();
    });

    it('question/info shows a renamed tag and author at once, and counts and state never from a cache', async (t) => {
      if (!site || !other) return t.skip();
      const dave = await member(site, 'cachedave');
      const id = await ask(site, dave.token, 'Which tags does this question carry?');
      const info = async () => (await call(site!.app, 'GET', `${API}/question/info?id=${id}`, { token: admin })).body.data as { tags: { display_name: string }[]; user_info: { display_name: string }; follow_count: number; collection_count: number };
      expect((await info()).tags.map((x) => x.display_name)).toEqual(['support']);

      const tagId = (await call(site.app, 'GET', `${API}/tag?name=support`)).body.data.tag_id as string;
      const edited = await call(site.app, 'PUT', `${API}/tag`, { token: admin, body: { tag_id: tagId, slug_name: 'support', display_name: 'Support Desk', original_text: 'Help.', edit_summary: 'rename' } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await info()).tags.map((x) => x.display_name)).toEqual(['Support Desk']);

      expect((await call(site.app, 'PUT', `${API}/user/info`, { token: dave.token, body: { display_name: 'Dave Renamed' } })).status).toBe(200);
      expect((await info()).user_info.display_name).toBe('Dave Renamed');

      const followed = await call(site.app, 'POST', `${API}/follow`, { token: admin, body: { object_id: id, is_cancel: false } });
      expect(followed.status, JSON.stringify(followed.body)).toBe(200);
      expect((await info()).follow_count).toBe(1);
      const readBy = Date.now();

      // Another process renames the author: shown to every request that starts once the parts' window is over.
      await other.kysely.updateTable('users').set({ display_name: 'Dave Elsewhere' }).where('id', '=', dave.id).execute();
      const stale: number[] = [];
      for (;;) {
        const startedAfter = Date.now() - readBy;
        if ((await info()).user_info.display_name === 'Dave Elsewhere') break;
        stale.push(startedAfter);
        if (startedAfter > PARTS_MAX_AGE_MS) break;
        await sleep(100);
      }
      expect(stale.filter((after) => after > PARTS_MAX_AGE_MS)).toEqual([]);
      expect((await info()).user_info.display_name).toBe('Dave Elsewhere');
    }, 30_000);
  });
}
