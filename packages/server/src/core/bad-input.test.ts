import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../test/dialects.js';
import { hasWebBuild } from '../modules/ssr/ssr.renderer.js';
import { activeUser, askQuestion, multipart, type TestUser } from '../modules/comment/social.testkit.js';

const V1 = '/answer/api/v1';

/** Anonymous API reads with a NUL byte in the query (PostgreSQL cannot store or compare it: it used to answer 500). */
const ANONYMOUS_API_GETS: Array<[url: string, field: string]> = [
  [`${V1}/question/info?id=a%00b`, 'id'],
  [`${V1}/question/page?tag=a%00b`, 'tag'],
  [`${V1}/answer/page?question_id=a%00b`, 'question_id'],
  [`${V1}/comment/page?object_id=a%00b`, 'object_id'],
  [`${V1}/tag?name=a%00b`, 'name'],
  [`${V1}/tags/page?slug_name=a%00b`, 'slug_name'],
  [`${V1}/personal/user/info?username=a%00b`, 'username'],
  [`${V1}/search?q=a%00b`, 'q'],
  [`${V1}/question/similar?title=a%00b`, 'title'],
  [`${V1}/user/info/search?username=a%00b`, 'username'],
];

/** Server-rendered pages with a NUL byte in the path or the query. */
const PAGES = ['/questions/a%00b', '/questions/a%00b/slug', '/tags/a%00b', '/tags?q=a%00b', '/questions?tag=a%00b'];

for (const dialect of DIALECTS) {
  describe(`text a database cannot store, on ${dialect}`, () => {
    let site: TestSite | undefined;
    let member: TestUser;
    let admin = '';
    let qid = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      member = await activeUser(site.app, 'writer', 10_000);
      qid = await askQuestion(site.app, admin, 'A question that exists already');
    });
    afterAll(async () => site?.close());

    it.for(ANONYMOUS_API_GETS)('GET %s answers 400 naming the field', async ([url, field], t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', url, { lang: 'en-US' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 400, reason: 'base.request_format_error' });
      expect(r.body.data).toEqual([{ error_field: field, error_msg: `${field} contains a character that cannot be stored.` }]);
    });

    it('translates the field error', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${V1}/question/info?id=a%00b`, { lang: 'zh-CN' });
      expect(r.body.data).toEqual([{ error_field: 'id', error_msg: 'id 含有无法保存的字符。' }]);
    });

    it('answers logged-in writes carrying NUL bytes or lone surrogates in JSON with 400, and stores nothing', async (t) => {
      if (!site) return t.skip();
      const writes: Array<[method: 'POST' | 'PUT', url: string, body: unknown, field: string]> = [
        ['POST', `${V1}/question`, { title: 'Title with a \u0000 byte', content: 'Body long enough to pass.', tags: [{ slug_name: 'social' }] }, 'title'],
        ['POST', `${V1}/question`, { title: 'A fine title here', content: 'Body long enough.', tags: [{ slug_name: 'so\u0000cial' }] }, 'tags.0.slug_name'],
        ['POST', `${V1}/answer`, { question_id: qid, content: 'An answer \u0000 with a NUL' }, 'content'],
        ['POST', `${V1}/answer`, { question_id: `${qid}\u0000`, content: 'An answer without one' }, 'question_id'],
        ['POST', `${V1}/comment`, { object_id: qid, original_text: 'A comment \ud800 with a lone surrogate' }, 'original_text'],
        ['PUT', `${V1}/user/info`, { display_name: 'Nul\u0000Name', username: 'writer', avatar: { type: 'default' }, bio: '', website: '', location: '' }, 'display_name'],
        ['POST', `${V1}/tag`, { slug_name: 'new\udc00tag', display_name: 'x', original_text: '' }, 'slug_name'],
        ['POST', `${V1}/post/render`, { content: 'x\u0000' }, 'content'],
      ];
      for (const [method, url, body, field] of writes) {
        const r = await call(site.app, method, url, { token: member.token, body });
        expect([url, r.status, r.body.data]).toEqual([url, 400, [{ error_field: field, error_msg: `${field} contains a character that cannot be stored.` }]]);
      }
      const questions = await site.app.quorum.database!.kysely.selectFrom('questions').select('id').execute();
      expect(questions).toHaveLength(1);
      // Ordinary text, characters outside the BMP (surrogate pairs) included, still goes through.
      const fine = await call(site.app, 'POST', `${V1}/answer`, { token: member.token, body: { question_id: qid, content: 'Cheers 🍺 and 乾杯, no bad bytes.' } });
      expect(fine.status).toBe(200);
    });

    it('answers anonymous logins and registrations with NUL bytes with 400, not 500', async (t) => {
      if (!site) return t.skip();
      const login = await call(site.app, 'POST', `${V1}/user/login/email`, { body: { e_mail: 'a\u0000@example.com', pass: 'password-123' } });
      expect([login.status, login.body.data[0].error_field]).toEqual([400, 'e_mail']);
      const register = await call(site.app, 'POST', `${V1}/user/register/email`, { body: { name: 'nul', e_mail: 'nul@example.com', pass: 'pass\u0000word-1' } });
      expect([register.status, register.body.data[0].error_field]).toEqual([400, 'pass']);
    });

    it('answers a truncated or malformed multipart upload with 400', async (t) => {
      if (!site) return t.skip();
      const { payload, headers } = multipart({ source: 'post' }, { name: 'a.png', type: 'image/png', data: Buffer.alloc(2048, 1) });
      const bodies = [
        payload.subarray(0, payload.length - 600),
        payload.subarray(0, 40),
        Buffer.from('not a multipart body at all'),
      ];
      for (const body of bodies) {
        const res = await site.app.inject({ method: 'POST', url: `${V1}/file`, payload: body, headers: { ...headers, authorization: member.token } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, reason: 'base.request_format_error', data: [{ error_field: 'file' }] });
      }
    });

    it('answers pages with a NUL byte in the address with the not-found page', async (t) => {
      if (!site) return t.skip();
      if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
      for (const url of PAGES) {
        const res = await site.app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<meta name="robots" content="noindex">');
      }
    });
  });
}

