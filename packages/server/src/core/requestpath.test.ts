/**
 * The path guards decide on (core/requestpath.ts), and what the router's own refusals answer: long path
 * parameters of generated addresses are accepted, longer and malformed ones come out as the site's envelope or
 * not-found page with the usual headers, never Fastify's raw JSON echoing the path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, installedSite, type TestSite } from '../../test/dialects.js';
import { hasWebBuild } from '../modules/ssr/ssr.renderer.js';
import { API, ask, member } from '../modules/question/question.testkit.js';
import { microStats } from './microcache.js';
import { MAX_PARAM_LENGTH, normalisePath } from './requestpath.js';

describe('normalisePath', () => {
  it('decodes unreserved escapes, strips absolute form and the query, resolves dot segments, collapses slashes', () => {
    expect(normalisePath('/%61nswer/api/v%31/question/info?id=1')).toBe('/answer/api/v1/question/info');
    expect(normalisePath('http://host:9080/answer/admin/api/users/page?x')).toBe('/answer/admin/api/users/page');
    expect(normalisePath('HTTPS://HOST/answer')).toBe('/answer');
    expect(normalisePath('//answer///api/./v1/x/../question#frag')).toBe('/answer/api/v1/question');
    expect(normalisePath('/../../etc')).toBe('/etc');
    expect(normalisePath('/admin/')).toBe('/admin/');
    expect(normalisePath('/')).toBe('/');
  });

  it('keeps reserved escapes as the router does, and malformed ones undecoded', () => {
    expect(normalisePath('/answer%2Fapi/v1')).toBe('/answer%2Fapi/v1');
    expect(normalisePath('/questions/%E0%A4%A')).toBe('/questions/%E0%A4%A');
  });
});

describe('addresses the router refuses, and long generated ones', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await installedSite('sqlite3');
  });
  afterAll(async () => site.close());

  const headersOk = (h: Record<string, unknown>) => {
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  };

  it('opens a question whose title is 150 characters long (a slug over 100 characters)', async () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    const alice = await member(site, 'longtitle');
    const title = 'Why does my very long brewing question title keep going on and on about hydrometers, refractometers, gravity readings and the '.padEnd(150, 'x');
    expect(title).toHaveLength(150);
    const qid = await ask(site, alice.token, title);
    const info = (await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data;
    const slug = String(info.url_title);
    expect(slug.length).toBeGreaterThan(100);
    const page = await site.app.inject({ method: 'GET', url: `/questions/${qid}/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('hydrometers, refractometers');
    // A permalink to an answer carries the slug too.
    const wrongSlug = await site.app.inject({ method: 'GET', url: `/questions/${qid}/${'y'.repeat(140)}` });
    expect(wrongSlug.statusCode).toBe(301);
    expect(wrongSlug.headers.location).toBe(`/questions/${qid}/${slug}`);
  });

  it('answers a path parameter over the limit with the envelope (API) or the not-found page, never echoing it', async () => {
    const long = 'z'.repeat(MAX_PARAM_LENGTH + 1);
    const api = await site.app.inject({ method: 'GET', url: `/answer/api/v1/connector/redirect/${long}` });
    const routed = await site.app.inject({ method: 'GET', url: '/answer/api/v1/connector/redirect/x' });
    // Only meaningful when the route is parametric: the router then refuses the long value before any hook.
    expect(routed.statusCode).not.toBe(414);
    expect(api.statusCode).toBe(414);
    expect(api.json()).toMatchObject({ code: 414, reason: 'error.request.too_large', msg: 'The request is too large.' });
    expect(api.body).not.toContain(long);
    headersOk(api.headers);

    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    const page = await site.app.inject({ method: 'GET', url: `/questions/1/${long}` });
    expect(page.statusCode).toBe(414);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain('script-src');
    expect(page.body).not.toContain(long);
    headersOk(page.headers);
  });

  it('answers a malformed percent-escape in a path parameter with the envelope (API) or the not-found page', async () => {
    const api = await site.app.inject({ method: 'GET', url: '/answer/api/v1/connector/redirect/%E0%A4%A' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 400, reason: 'base.request_format_error' });
    expect(api.body).not.toContain('%E0');
    headersOk(api.headers);
    const post = await site.app.inject({ method: 'POST', url: '/questions/%E0%A4%A', payload: {} });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(post.body).not.toContain('FST_ERR');

    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    const page = await site.app.inject({ method: 'GET', url: '/questions/%E0%A4%A' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    headersOk(page.headers);
  });

  it('keys the list micro-cache on the parameters the list reads: junk parameters and other spellings share one entry', async () => {
    const first = await site.app.inject({ method: 'GET', url: `${API}/question/page?page=1&order=newest` });
    expect(first.statusCode).toBe(200);
    const before = microStats();
    const spellings = [
      ...Array.from({ length: 40 }, (_, i) => `${API}/question/page?order=newest&page=1&utm_${i}=x${i}`),
      `${API}/question/page?order=newest&page=01`,
      `/%61nswer/api/v1/question/page?page=1&order=newest`,
    ];
    for (const url of spellings) {
      const r = await site.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(first.body);
    }
    const after = microStats();
    // One entry for all of them (a miss more only if the 2 s entry expired on the way); before, each was its own.
    expect(after.misses - before.misses).toBeLessThanOrEqual(1);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(spellings.length - 1);
  });
});
