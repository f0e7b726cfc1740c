import { describe, expect, it } from 'vitest';
import { adminToken, call, installedSite } from '../../../test/dialects.js';

const ADMIN = '/answer/admin/api/siteinfo';

describe('settings sections read back whole', () => {
  it('GET carries every field with its default, so saving what was read restores a changed field', async () => {
    const site = await installedSite('sqlite3');
    try {
      const admin = await adminToken(site.app);
      for (const [section, field, changed] of [['write', 'review_first_posts', 1], ['login', 'require_user_approval', true]] as const) {
        const before = (await call(site.app, 'GET', `${ADMIN}/${section}`, { token: admin })).body.data;
        expect(before).toHaveProperty(field);
        expect((await call(site.app, 'PUT', `${ADMIN}/${section}`, { token: admin, body: { ...before, [field]: changed } })).status).toBe(200);
        expect((await call(site.app, 'PUT', `${ADMIN}/${section}`, { token: admin, body: before })).status).toBe(200);
        expect((await call(site.app, 'GET', `${ADMIN}/${section}`, { token: admin })).body.data[field]).toEqual(before[field]);
      }
    } finally {
      await site.close();
    }
  });
});
