/**
 * The write settings' body and tag minimums (issue #35 item 8; Answer 1.7's `min_tags` and `min_content`):
 * validated as settings, served by GET /siteinfo, and applied to POST and PUT /question in the member's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, member, type Member } from './question.testkit.js';

const WRITE = '/answer/admin/api/siteinfo/write';
const TAG = [{ slug_name: 'support' }];

for (const dialect of DIALECTS) {
  describe(`question body and tag minimums on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let asker: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      asker = await member(site, 'minimums_asker', 20000);
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const setWrite = (body: Record<string, unknown>, lang?: string) => call(app(), 'PUT', WRITE, { token: admin, body, lang });
    const post = (body: Record<string, unknown>, lang?: string) => call(app(), 'POST', `${API}/question`, { token: asker.token, body, lang });
    const edit = (body: Record<string, unknown>, lang?: string) => call(app(), 'PUT', `${API}/question`, { token: asker.token, body, lang });

    it('defaults to a body and one tag, as the spec has it, and says so', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'GET', WRITE, { token: admin })).body.data).toMatchObject({ min_tags: 1, min_content: 1 });
      const info = (await call(app(), 'GET', `${API}/siteinfo`)).body.data;
      expect(info.site_write).toMatchObject({ min_tags: 1, min_content: 1 });
      expect(info.site_questions).toEqual({ min_tags: 1, min_content: 1, restrict_answer: true });
      const r = await post({ title: 'A question with nothing but a title' });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([
        { error_field: 'content', error_msg: 'Body cannot be empty.' },
        { error_field: 'tags', error_msg: 'Add at least one tag.' },
      ]);
      expect((await post({ title: 'A question with a one-letter body', content: ' x ', tags: TAG })).status).toBe(200);
    });

    it('refuses bad settings values field by field and saves nothing', async (t) => {
      if (!site) return t.skip();
      const before = (await call(app(), 'GET', WRITE, { token: admin })).body.data;
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ min_tags: -1 }, 'min_tags', 'Minimum tags must be a whole number from 0 to 5.'],
        [{ min_tags: 6 }, 'min_tags', 'Minimum tags must be a whole number from 0 to 5.'],
        [{ min_tags: 1.5 }, 'min_tags', 'Minimum tags must be a whole number from 0 to 5.'],
        [{ min_tags: '2' }, 'min_tags', 'Minimum tags must be a whole number from 0 to 5.'],
        [{ min_content: -3 }, 'min_content', 'Minimum body length must be a whole number from 0 to 65535.'],
        [{ min_content: 65536 }, 'min_content', 'Minimum body length must be a whole number from 0 to 65535.'],
      ];
      for (const [body, field, msg] of cases) {
        const r = await setWrite({ ...body, restrict_answer: false });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.data).toEqual([{ error_field: field, error_msg: msg }]);
      }
      const both = await setWrite({ min_tags: 9, min_content: -1 }, 'de-DE');
      expect(both.body.data).toEqual([
        { error_field: 'min_tags', error_msg: 'Mindestanzahl der Tags: eine ganze Zahl von 0 bis 5.' },
        { error_field: 'min_content', error_msg: 'Mindestlänge des Textes: eine ganze Zahl von 0 bis 65535.' },
      ]);
      expect((await call(app(), 'GET', WRITE, { token: admin })).body.data).toEqual(before);
    });

    it('accepts a question without body or tags when both minimums are 0, and keeps them when a client leaves them out', async (t) => {
      if (!site) return t.skip();
      expect((await setWrite({ min_tags: 0, min_content: 0 })).status).toBe(200);
      expect((await call(app(), 'GET', `${API}/siteinfo`)).body.data.site_questions).toMatchObject({ min_tags: 0, min_content: 0 });
      const bare = await post({ title: 'Only a title, which says it all' });
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
      const info = (await call(app(), 'GET', `${API}/question/info?id=${bare.body.data.id}`, { token: asker.token })).body.data;
      expect(info).toMatchObject({ title: 'Only a title, which says it all', content: '', tags: [] });
      // An edit may take the body and tags away again.
      const id = await ask(site, asker.token, 'A question that will lose its body');
      const r = await edit({ id, title: 'A question that lost its body', content: '', tags: [] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const after = (await call(app(), 'GET', `${API}/question/info?id=${id}`, { token: asker.token })).body.data;
      expect(after).toMatchObject({ content: '', tags: [] });
      // A PUT without the minimums (an older client) keeps them.
      expect((await setWrite({ restrict_answer: true })).status).toBe(200);
      expect((await call(app(), 'GET', WRITE, { token: admin })).body.data).toMatchObject({ min_tags: 0, min_content: 0 });
    });

    it('refuses with the configured minimum, in the member’s language, on asking and editing', async (t) => {
      if (!site) return t.skip();
      expect((await setWrite({ min_tags: 2, min_content: 30 })).status).toBe(200);
      const short = { title: 'A question with a short body', content: 'Twenty-nine characters long..', tags: TAG };
      expect([...short.content].length).toBe(29);
      const r = await post(short);
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([
        { error_field: 'content', error_msg: 'The body needs at least 30 characters.' },
        { error_field: 'tags', error_msg: 'Add at least 2 tags.' },
      ]);
      const fr = await post(short, 'fr-FR');
      expect(fr.body.data).toEqual([
        { error_field: 'content', error_msg: 'Le corps doit contenir au moins 30 caractères.' },
        { error_field: 'tags', error_msg: 'Ajoutez au moins 2 étiquettes.' },
      ]);
      // Spaces around the body do not count; 30 characters with two tags pass.
      expect((await post({ ...short, content: `  ${short.content}  `, tags: [...TAG, { slug_name: 'minimums' }] })).status).toBe(400);
      const okBody = 'Thirty characters long, really';
      expect([...okBody].length).toBe(30);
      const made = await post({ ...short, content: okBody, tags: [...TAG, { slug_name: 'minimums' }] });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.data.id as string;
      const bad = await edit({ id, title: short.title, content: okBody, tags: TAG }, 'ja-JP');
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([{ error_field: 'tags', error_msg: 'タグを 2 つ以上追加してください。' }]);
      const info = (await call(app(), 'GET', `${API}/question/info?id=${id}`, { token: asker.token })).body.data;
      expect(info.tags.map((x: { slug_name: string }) => x.slug_name).sort()).toEqual(['minimums', 'support']);
      expect((await edit({ id, title: short.title, content: `${okBody}!`, tags: [...TAG, { slug_name: 'minimums' }] })).status).toBe(200);
      // Back to the defaults: one tag and a body.
      expect((await setWrite({ min_tags: 1, min_content: 1 })).status).toBe(200);
      expect((await post({ title: 'One tag and a short body', content: 'ok', tags: TAG })).status).toBe(200);
    });
  });
}
