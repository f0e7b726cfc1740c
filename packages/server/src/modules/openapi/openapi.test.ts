/**
 * The OpenAPI document and its viewer through HTTP: every API route is in the document, request bodies and
 * query parameters come from the contract's zod schemas, the registry is in step with the route sources, and
 * /api-docs loads its viewer from this site only (the page's Content-Security-Policy allows no inline script).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshApp } from '../../../test/dialects.js';
import { registrySource } from './generate.js';

type Doc = { openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }; parameters?: { name: string; in: string; required: boolean }[]; summary: string }>> };

describe('OpenAPI document and /api-docs', () => {
  let site: Awaited<ReturnType<typeof freshApp>>;
  let doc: Doc;
  beforeAll(async () => {
    site = await freshApp();
    const res = await site.app.inject({ method: 'GET', url: '/answer/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(async () => site.cleanup());

  it('is OpenAPI 3.1 and lists every API route the server registered', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const listed = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    // Spot checks across modules, a path parameter, and the admin API.
    for (const key of ['POST /answer/api/v1/answer', 'GET /answer/api/v1/question/page', 'PUT /answer/admin/api/question/status', 'GET /answer/api/v1/siteinfo', 'GET /healthz', 'GET /answer/api/v1/openapi.json']) {
      expect(listed, key).toContain(key);
    }
    expect(listed.size).toBeGreaterThan(150);
    expect([...listed].some((k) => k.startsWith('HEAD '))).toBe(false);
    expect(Object.keys(doc.paths).some((p) => p.includes(':'))).toBe(false);
    // Every documented operation is a route the server answers.
    for (const key of listed) {
      const [method, p] = key.split(' ') as [string, string];
      expect(site.app.hasRoute({ method: method as 'GET', url: p.replace(/\{wildcard\}/g, '*').replace(/\{([^}]+)\}/g, ':$1') }), key).toBe(true);
    }
  });

  it('takes request bodies and query parameters from the contract schemas', () => {
    const add = doc.paths['/answer/api/v1/answer']!.post!;
    const schema = add.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['question_id', 'content']));
    expect(schema.required).toEqual(expect.arrayContaining(['question_id', 'content']));
    const page = doc.paths['/answer/api/v1/question/page']!.get!;
    expect(page.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'page_size', 'order']));
    expect(page.parameters!.every((p) => p.in === 'query')).toBe(true);
    expect(doc.paths['/answer/admin/api/badge/status']!.put!.summary).toBe('PUT /admin/api/badge/status');
  });

  it('keeps registry.gen.ts in step with the route sources (regenerate with generate.ts)', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    expect(readFileSync(path.join(here, 'registry.gen.ts'), 'utf8')).toBe(registrySource());
  });

  it('serves /api-docs with scripts from this site only, under the site Content-Security-Policy', async () => {
    const page = await site.app.inject({ method: 'GET', url: '/api-docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/api-docs\//);
      expect(body).toBe('');
    }
    const bundle = await site.app.inject({ method: 'GET', url: '/api-docs/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    expect((await site.app.inject({ method: 'GET', url: '/api-docs/swagger-ui.css' })).headers['content-type']).toMatch(/text\/css/);
    expect((await site.app.inject({ method: 'GET', url: '/api-docs/init.js' })).body).toContain('/answer/api/v1/openapi.json');
    expect((await site.app.inject({ method: 'GET', url: '/api-docs/package.json' })).statusCode).toBe(404);
  });
});
