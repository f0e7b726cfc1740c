/**
 * Prepared queries (core/db/prepared.ts) return what the same Kysely query returns, on every engine, whatever
 * the values and the number of items in an `in` list; a builder that does not use an argument as a value fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { prepared } from './index.js';

for (const dialect of DIALECTS) {
  describe(`prepared queries on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const db = site.app.quorum.database!;
      const rows = [1, 2, 3, 4, 5].map((n) => ({ id: String(800 + n), username: `prepared-${n}`, e_mail: `prepared-${n}@example.com`, bio: '', bio_html: '', rank: n * 10 }));
      await db.kysely.insertInto('users').values(rows).execute();
    });
    afterAll(async () => site?.close());

    const byIds = prepared((k, ids: string[], minRank: number) => k.selectFrom('users').select(['id', 'username', 'rank']).where('id', 'in', ids).where('rank', '>=', minRank).where('username', 'like', 'prepared-%').orderBy('id'));

    it('gives the rows of the same query built each time, for new values and list lengths', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const direct = (ids: string[], minRank: number) => db.kysely.selectFrom('users').select(['id', 'username', 'rank']).where('id', 'in', ids).where('rank', '>=', minRank).where('username', 'like', 'prepared-%').orderBy('id').execute();
      for (const [ids, minRank] of [[['801', '802'], 0], [['803', '804'], 35], [['801'], 0], [['801', '802', '803', '804', '805'], 20], [['805', '804', '803'], 50], [['999'], 0]] as const) {
        const got = await byIds(db, [...ids], minRank);
        expect(got).toEqual(await direct([...ids], minRank));
        expect(got.map((r) => r.id)).toEqual([...ids].filter((id) => Number(id) <= 805 && (Number(id) - 800) * 10 >= minRank).sort());
      }
    });

    it('keeps the constants of the builder and fills every use of an argument', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const twice = prepared((k, name: string) => k.selectFrom('users').select('id').where('username', '=', name).where('e_mail', '=', (eb) => eb.selectFrom('users as u').select('u.e_mail').where('u.username', '=', name)).limit(1));
      expect(await twice(db, 'prepared-3')).toEqual([{ id: '803' }]);
      expect(await twice(db, 'prepared-4')).toEqual([{ id: '804' }]);
      expect(await twice(db, 'nobody')).toEqual([]);
    });

    it('refuses a builder that does not use an argument as a query value', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const careless = prepared((k, name: string, _unused: number) => k.selectFrom('users').select('id').where('username', '=', name));
      await expect(careless(db, 'prepared-1', 3)).rejects.toThrow(/argument 1 is not used/);
      const allowed = prepared((k, name: string, _unused: number) => k.selectFrom('users').select('id').where('username', '=', name), { unused: [1] });
      expect(await allowed(db, 'prepared-1', 3)).toEqual([{ id: '801' }]);
    });
  });
}
