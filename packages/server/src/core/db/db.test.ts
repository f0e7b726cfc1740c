import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { formatId, IdGenerator, isUniqueViolation, objectTypeOf } from './index.js';

describe('ids', () => {
  it('formats and parses Answer-style ids', () => {
    expect(formatId('question', 1)).toBe('10010000000000001');
    expect(formatId('answer', 42)).toBe('10020000000000042');
    expect(formatId('user', 7)).toBe('7');
    expect(objectTypeOf('10030000000000005')).toBe('tag');
    expect(objectTypeOf('7')).toBeUndefined();
  });
});

for (const dialect of DIALECTS) {
  describe(`database layer on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (await shouldRun(dialect)) site = await installedSite(dialect);
    });
    afterAll(async () => site?.close());

    it('maps a unique-constraint violation to one recognizable error', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const row = { id: '900', username: 'admin', e_mail: 'someone-else@example.com', bio: '', bio_html: '' };
      let caught: unknown;
      try {
        await db.kysely.insertInto('users').values(row).execute();
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeDefined();
      expect(isUniqueViolation(caught)).toBe(true);
      expect(isUniqueViolation(new Error('other'))).toBe(false);
    });

    it('never hands out the same id twice, across generators sharing the database', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!;
      const a = new IdGenerator(db);
      const b = new IdGenerator(db);
      const ids = await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).next('comment')));
      expect(new Set(ids).size).toBe(120);
      expect(ids.every((id) => objectTypeOf(id) === 'comment')).toBe(true);
    });
  });
}
