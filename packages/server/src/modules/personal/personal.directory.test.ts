import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser } from '../comment/social.testkit.js';

const DIRECTORY = '/answer/api/v1/user/directory';
const NOW = Math.floor(Date.now() / 1000);

/** What each member of the test site is: reputation, join time and the columns that decide whether they are listed. */
interface Member {
  name: string;
  display: string;
  rank: number;
  joined: number;
  status?: number;
  suspended_until?: number | null;
  mail_status?: number;
  role_id?: number;
  placeholder?: boolean;
}

const MEMBERS: Member[] = [
  { name: 'ann', display: 'Ann Smith', rank: 500, joined: NOW - 9000 },
  { name: 'annika', display: 'Annika Berg', rank: 120, joined: NOW - 8000 },
  { name: 'emile', display: 'Émile Zola', rank: 90, joined: NOW - 7000 },
  { name: 'moddy', display: 'Moderating Moe', rank: 80, joined: NOW - 6000, role_id: 3 },
  { name: 'dora', display: 'Dora Back', rank: 70, joined: NOW - 5000, status: 9, suspended_until: NOW - 60 },
  { name: 'imported-ann', display: 'Ann Imported', rank: 60, joined: NOW - 4000, placeholder: true },
  { name: 'zed', display: 'Zed', rank: 2, joined: NOW - 100 },
  // Never listed: suspended for ever, suspended until later, deleted, waiting for approval, not activated.
  { name: 'carl', display: 'Carl Forever', rank: 9000, joined: NOW - 3000, status: 9, suspended_until: null },
  { name: 'annette', display: 'Annette Later', rank: 8000, joined: NOW - 2000, status: 9, suspended_until: NOW + 86400, role_id: 3 },
  { name: 'eve', display: 'Eve Gone', rank: 7000, joined: NOW - 1000, status: 10 },
  { name: 'pete', display: 'Pete Pending', rank: 6000, joined: NOW - 500, status: 11 },
  { name: 'ina', display: 'Ina Inactive', rank: 5000, joined: NOW - 50, mail_status: 2 },
];

for (const dialect of DIALECTS) {
  describe(`member directory on ${dialect}`, () => {
    let site: TestSite | undefined;
    const ids = new Map<string, string>();

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const k = site.app.quorum.database!.kysely;
      await k.updateTable('users').set({ rank: 40, created_at: NOW - 10_000 }).where('username', '=', 'admin').execute();
      ids.set('admin', (await k.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id);
      for (const m of MEMBERS) {
        const u = await activeUser(site.app, m.name);
        ids.set(m.name, u.id);
        await k
          .updateTable('users')
          .set({ display_name: m.display, rank: m.rank, created_at: m.joined, status: m.status ?? 1, suspended_until: m.suspended_until ?? null, mail_status: m.mail_status ?? 1, role_id: m.role_id ?? 1, is_placeholder: m.placeholder ? 1 : 0 })
          .where('id', '=', u.id)
          .execute();
      }
      // Votes cast: zed 3, emile 2, ann 1 (carl's 5 never show: he is not listed).
      const votes: [string, number][] = [['zed', 3], ['emile', 2], ['ann', 1], ['carl', 5]];
      for (const [name, n] of votes) {
        for (let i = 0; i < n; i++) await k.insertInto('votes').values({ user_id: ids.get(name)!, object_id: `10010000000000${name.length}${i}${n}`, object_type: 'question', vote_type: 'vote_up', created_at: NOW }).execute();
      }
      // Edits: annika 2 (and a cancelled one that does not count), dora 1; other timeline rows are not edits.
      let seq = 0;
      const activity = (name: string, activity_type: string, cancelled = 0) =>
        k.insertInto('activity').values({ id: `1010000000000${String(seq++).padStart(4, '0')}`, user_id: ids.get(name)!, object_id: '10010000000000001', activity_type, cancelled, created_at: NOW, updated_at: NOW }).execute();
      await activity('annika', 'edited');
      await activity('annika', 'edited');
      await activity('annika', 'edited', 1);
      await activity('dora', 'edited');
      await activity('zed', 'answered');
      await activity('zed', 'answered');
    });
    afterAll(async () => site?.close());

    const get = async (query: string) => {
      const r = await call(site!.app, 'GET', `${DIRECTORY}${query}`);
      return r;
    };
    const names = async (query: string): Promise<string[]> => {
      const r = await get(query);
      expect(r.status).toBe(200);
      return r.body.data.list.map((m: { username: string }) => m.username);
    };

    it('lists every listed member by reputation by default, never a suspended, deleted, pending or inactive one', async (t) => {
      if (!site) return t.skip();
      const r = await get('');
      expect(r.status).toBe(200);
      expect(r.body.data.count).toBe(8);
      expect(r.body.data.list.map((m: { username: string }) => m.username)).toEqual(['ann', 'annika', 'emile', 'moddy', 'dora', 'imported-ann', 'admin', 'zed']);
      expect(r.body.data.list[0]).toEqual({ id: ids.get('ann'), username: 'ann', display_name: 'Ann Smith', avatar: '', rank: 500, location: '', role_id: 1, created_at: NOW - 9000, vote_count: 1, edit_count: 0 });
      expect(await names('?sort=reputation')).toEqual(await names(''));
    });

    it('orders by newest, votes cast, edits made, and lists the staff alone', async (t) => {
      if (!site) return t.skip();
      expect(await names('?sort=newest')).toEqual(['zed', 'imported-ann', 'dora', 'moddy', 'emile', 'annika', 'ann', 'admin']);
      const voters = await get('?sort=voters');
      expect(voters.body.data.list.map((m: { username: string; vote_count: number }) => [m.username, m.vote_count])).toEqual([
        ['zed', 3],
        ['emile', 2],
        ['ann', 1],
        ['annika', 0],
        ['moddy', 0],
        ['dora', 0],
        ['imported-ann', 0],
        ['admin', 0],
      ]);
      expect(voters.body.data.count).toBe(8);
      const editors = await get('?sort=editors');
      expect(editors.body.data.list.slice(0, 3).map((m: { username: string; edit_count: number }) => [m.username, m.edit_count])).toEqual([
        ['annika', 2],
        ['dora', 1],
        ['ann', 0],
      ]);
      const staff = await get('?sort=moderators');
      expect(staff.body.data).toMatchObject({ count: 2, list: [{ username: 'moddy', role_id: 3 }, { username: 'admin', role_id: 2 }] });
    });

    it('finds members by the start of the username or display name, in any case and script', async (t) => {
      if (!site) return t.skip();
      expect(await names('?q=ann')).toEqual(['ann', 'annika', 'imported-ann']);
      const upper = await get('?q=ANN&sort=newest');
      expect(upper.body.data.count).toBe(3);
      expect(upper.body.data.list.map((m: { username: string }) => m.username)).toEqual(['imported-ann', 'annika', 'ann']);
      expect(await names('?q=imp')).toEqual(['imported-ann']);
      expect(await names('?q=smi')).toEqual([]);
      expect(await names(`?q=${encodeURIComponent('ÉMILE')}`)).toEqual(['emile']);
      expect(await names(`?q=${encodeURIComponent('émile z')}`)).toEqual(['emile']);
      expect(await names('?q=mod&sort=moderators')).toEqual(['moddy']);
      expect(await names(`?q=${encodeURIComponent('carl')}`)).toEqual([]);
      // Wildcards are text: `%` and `_` match only themselves.
      expect(await names(`?q=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await names(`?q=${encodeURIComponent('a_n')}`)).toEqual([]);
      const none = await get(`?q=${encodeURIComponent('nobody')}`);
      expect(none.body.data).toEqual({ count: 0, list: [] });
      expect(await names(`?q=${encodeURIComponent('  ann  ')}`)).toEqual(['ann', 'annika', 'imported-ann']);
    });

    it('pages through the members', async (t) => {
      if (!site) return t.skip();
      const first = await get('?page_size=3');
      expect(first.body.data.count).toBe(8);
      expect(first.body.data.list.map((m: { username: string }) => m.username)).toEqual(['ann', 'annika', 'emile']);
      expect(await names('?page_size=3&page=2')).toEqual(['moddy', 'dora', 'imported-ann']);
      expect(await names('?page_size=3&page=3')).toEqual(['admin', 'zed']);
      const past = await get('?page_size=3&page=4');
      expect(past.body.data).toEqual({ count: 8, list: [] });
      expect((await names('')).length).toBe(8);
    });

    it('refuses malformed parameters with a 400 naming the field', async (t) => {
      if (!site) return t.skip();
      const bad = async (query: string, field: string, msg: string) => {
        const r = await get(query);
        expect(r.status, query).toBe(400);
        expect(r.body.data, query).toEqual([{ error_field: field, error_msg: msg }]);
        expect(r.body.msg, query).toBe(msg);
      };
      await bad('?sort=popular', 'sort', 'Sort the members by reputation, newest, voters, editors or moderators.');
      await bad('?sort=', 'sort', 'Sort the members by reputation, newest, voters, editors or moderators.');
      await bad(`?q=${'a'.repeat(31)}`, 'q', 'A name to search for cannot be longer than 30 characters.');
      await bad('?q=a&q=b', 'q', 'is invalid');
      for (const page of ['0', '-1', '1.5', 'two', '10001']) await bad(`?page=${page}`, 'page', 'Page must be a whole number from 1 to 10000.');
      for (const size of ['0', '101', 'x']) await bad(`?page_size=${size}`, 'page_size', 'Page size must be a whole number from 1 to 100.');
      const zh = await call(site.app, 'GET', `${DIRECTORY}?sort=best`, { lang: 'zh-CN' });
      expect(zh.body.msg).toBe('成员可按 reputation、newest、voters、editors 或 moderators 排序。');
      expect((await get(`?q=${'a'.repeat(30)}&page=10000&page_size=100`)).status).toBe(200);
    });

    it('keeps suspended members out of the weekly ranking (GET /user/ranking, shape unchanged)', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', '/answer/api/v1/user/ranking');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.data).sort()).toEqual(['staffs', 'users_with_the_most_reputation', 'users_with_the_most_vote']);
      const shown = (list: { username: string }[]) => list.map((u) => u.username);
      // Nobody gained reputation this week: the highest reputations overall, without carl, annette, eve, pete, ina.
      expect(shown(r.body.data.users_with_the_most_reputation)).toEqual(['ann', 'annika', 'emile', 'moddy', 'dora', 'imported-ann', 'admin', 'zed']);
      expect(shown(r.body.data.users_with_the_most_vote)).toEqual(['zed', 'emile', 'ann']);
      expect(shown(r.body.data.staffs)).toEqual(['moddy', 'admin']);
      expect(r.body.data.users_with_the_most_vote[0]).toEqual({ username: 'zed', display_name: 'Zed', avatar: '', rank: 2, vote_count: 3 });
    });

    it('is for members only on a private site', async (t) => {
      if (!site) return t.skip();
      const token = await adminToken(site.app);
      const login = (await call(site.app, 'GET', '/answer/admin/api/siteinfo/login', { token })).body.data;
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token, body: { ...login, login_required: true } })).status).toBe(200);
      expect((await get('')).status).toBe(401);
      expect((await call(site.app, 'GET', DIRECTORY, { token })).body.data.count).toBe(8);
    });
  });
}
