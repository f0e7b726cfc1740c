/**
 * Tag descriptions from a dump's Tags.xml (import.tags.ts), on a dump the test writes itself (test/se-dump.ts), once
 * per database engine: a tag whose row names an excerpt and a wiki post gets both as its description, one naming
 * an excerpt only gets the excerpt, a listed tag no question uses is created, and excerpt rows no tag names are
 * skipped. The same on the real dumps: import.full.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { writeDump, type DumpFacts } from '../../../test/se-dump.js';
import { importStackExchange } from './index.js';

const SOURCE = 'brew.stackexchange.com';
const V1 = '/answer/api/v1';

for (const type of DIALECTS) {
  describe(`tag descriptions from Tags.xml of a generated dump on ${type}`, () => {
    let site: TestSite | undefined;
    let tmp = '';
    let facts: DumpFacts;
    let summary: Awaited<ReturnType<typeof importStackExchange>>;

    beforeAll(async () => {
      if (!(await shouldRun(type))) return;
      site = await installedSite(type);
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-gen-tags-'));
      facts = writeDump(path.join(tmp, SOURCE), { questions: 60, users: 9, withTags: true });
      summary = await importStackExchange(site.app.quorum.database!, site.app.quorum.ids!, path.join(tmp, SOURCE));
    }, 90_000);
    afterAll(async () => {
      await site?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('gives a tag its excerpt and wiki as description, on the tag API and the tag page list', async (ctx) => {
      if (!site) return ctx.skip();
      const { espresso } = facts.tagFile!.descriptions;
      const tag = (await call(site.app, 'GET', `${V1}/tag?name=espresso`)).body.data;
      expect(tag.original_text).toBe(`${espresso!.excerpt}\n\n${espresso!.wiki}`);
      expect(tag.parsed_text).toContain(`<p>${espresso!.excerpt}</p>`);
      expect(tag.parsed_text).toContain('<strong>25 to 30 seconds</strong>');
      const decaf = (await call(site.app, 'GET', `${V1}/tag?name=decaf`)).body.data;
      expect(decaf.original_text).toBe(facts.tagFile!.descriptions.decaf!.excerpt);
      // The tag list shows the excerpt under the name.
      const page = (await call(site.app, 'GET', `${V1}/tags/page?page=1&page_size=50&query_cond=name`)).body.data;
      const listed = (page.list as Array<{ slug_name: string; excerpt?: string; original_text?: string }>).find((t) => t.slug_name === 'espresso');
      expect(JSON.stringify(listed)).toContain('Espresso: coffee brewed by forcing hot water');
    });

    it('creates every listed tag, the unused one too, and skips excerpt rows no tag names', async (ctx) => {
      if (!site) return ctx.skip();
      expect(summary.tags).toBe(facts.tagFile!.tags);
      const unused = await call(site.app, 'GET', `${V1}/tag?name=${facts.tagFile!.unused}`);
      expect(unused.status).toBe(200);
      expect(unused.body.data.original_text).toBe('');
      expect(summary.skipped).toBe(facts.otherRows);
      const plain = (await call(site.app, 'GET', `${V1}/tag?name=milk`)).body.data;
      expect(plain.original_text).toBe('');
    });
  });
}
