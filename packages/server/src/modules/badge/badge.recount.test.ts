/**
 * The bulk recount after an import (badge.recount.ts) against the per-award recount (badge.rules.ts) on an imported
 * fixture (coffee.stackexchange.com Posts.xml), once per database engine: the same awards, the same award counts,
 * and no achievement notifications for imported history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, migratedDb, shouldRun } from '../../../test/dialects.js';
import type { Db } from '../../core/db/dialect.js';
import type { IdGenerator } from '../../core/db/ids.js';
import { COFFEE, haveFixtures } from '../../../test/fixtures.js';
import { importStackExchange } from '../import/index.js';
import { recountBadgesBulk, recountBadgesIn } from './index.js';

// The real coffee dump beside the repository (test/fixtures.ts); without it these tests skip with one line.
const real = haveFixtures();

for (const type of DIALECTS) {
  describe(`bulk badge recount on ${type}`, () => {
    let run = false;
    let db: Db;
    let ids: IdGenerator;
    let close = async () => undefined as void;

    beforeAll(async () => {
      run = real && (await shouldRun(type));
      if (!run) return;
      ({ db, ids, close } = await migratedDb(type));
    }, 60_000);

    afterAll(async () => {
      if (run) await close();
    });

    const awards = async () =>
      (await db.kysely.selectFrom('badge_awards').select(['user_id', 'badge_id', 'award_key']).execute()).map((r) => `${r.user_id}:${r.badge_id}:${r.award_key}`).sort();
    const perBadge = async () =>
      (await db.kysely.selectFrom('badge_awards').select(['badge_id', sql<number>`count(*)`.as('n')]).groupBy('badge_id').orderBy('badge_id').execute()).map((r) => [r.badge_id, Number(r.n)]);
    const achievements = async () =>
      Number((await db.kysely.selectFrom('notifications').select(sql<number>`count(*)`.as('n')).where('type', '=', 'achievement').executeTakeFirstOrThrow()).n);
    const clear = async () => {
      await db.kysely.deleteFrom('badge_awards').execute();
      await db.kysely.deleteFrom('notifications').execute();
    };

    it('awards what the per-award recount awards on an imported dump, without notifications', async (ctx) => {
      if (!run) ctx.skip();
      await importStackExchange(db, ids, COFFEE);
      // The import ends with the bulk recount: awards, but no achievement notification for imported history.
      const imported = await awards();
      const importedCounts = await perBadge();
      expect(imported.length).toBeGreaterThan(0);
      expect(await achievements()).toBe(0);

      // The per-award path from scratch: the same awards, one notification each.
      await clear();
      const perAward = await recountBadgesIn(db, ids);
      expect(await awards()).toEqual(imported);
      expect(await perBadge()).toEqual(importedCounts);
      expect(perAward).toBe(imported.length);
      expect(await achievements()).toBe(perAward);

      // The bulk path from scratch again: the same awards and counts, and a re-run awards nothing twice.
      await clear();
      expect(await recountBadgesBulk(db, ids)).toBe(imported.length);
      expect(await awards()).toEqual(imported);
      expect(await perBadge()).toEqual(importedCounts);
      expect(await achievements()).toBe(0);
      expect(await recountBadgesBulk(db, ids)).toBe(0);
      expect(await awards()).toEqual(imported);
      const ids2 = (await db.kysely.selectFrom('badge_awards').select('id').execute()).map((r) => r.id);
      expect(new Set(ids2).size).toBe(ids2.length);
    }, 120_000);

    it('adds only the awards missing, and none of a badge an administrator switched off', async (ctx) => {
      if (!run) ctx.skip();
      await clear();
      const n = await recountBadgesIn(db, ids);
      const all = await awards();
      expect(n).toBe(all.length);
      const off = all[0]!.split(':')[1]!;
      await db.kysely.deleteFrom('badge_awards').where('badge_id', '=', off).execute();
      await db.kysely.insertInto('config').values({ name: `badge.status.${off}`, value: 'inactive' }).execute();
      expect(await recountBadgesBulk(db, ids)).toBe(0);
      await db.kysely.deleteFrom('config').where('name', '=', `badge.status.${off}`).execute();
      expect(await recountBadgesBulk(db, ids)).toBe(all.filter((a) => a.split(':')[1] === off).length);
      expect(await awards()).toEqual(all);
    }, 120_000);
  });
}
