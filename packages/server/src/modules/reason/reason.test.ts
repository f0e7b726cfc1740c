import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@quorum/contract';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const QUERY = '?object_type=question&action=close';

for (const dialect of DIALECTS) {
  describe(`reason lists on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
    });
    afterAll(async () => site?.close());

    it('serves the admin copy to administrators only: anonymous 401, members and moderators 403', async (t) => {
      if (!site) return t.skip();
      const admin = await adminToken(site.app);
      const member = await registerUser(site.app, 'member');
      const moderator = await registerUser(site.app, 'moderator');
      await site.app.quorum.database!.kysely.updateTable('users').set({ role_id: Role.moderator }).where('id', '=', moderator.id).execute();
      const url = `/answer/admin/api/reasons${QUERY}`;
      expect((await call(site.app, 'GET', url)).status).toBe(401);
      expect((await call(site.app, 'GET', url, { token: member.token })).body).toMatchObject({ code: 403, reason: 'base.forbidden_error' });
      expect((await call(site.app, 'GET', url, { token: moderator.token })).status).toBe(403);
      const r = await call(site.app, 'GET', url, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data.map((x: { reason_type: number }) => x.reason_type)).toEqual([1, 2, 3, 4, 5]);
      // The members' copy stays open to every active user.
      expect((await call(site.app, 'GET', `/answer/api/v1/reasons${QUERY}`, { token: member.token })).status).toBe(200);
    });
  });
}
