import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, installedSite, registerUser, type TestSite } from '../../test/dialects.js';
import { saveSection, getSettings } from '../modules/siteinfo/index.js';

describe('envelope and errors', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await installedSite('sqlite3');
    site.app.get('/answer/api/v1/test/boom', async () => {
      throw new Error('secret internal detail');
    });
  });
  afterAll(async () => site.close());

  it('answers unknown API paths with a 404 envelope', async () => {
    const r = await call(site.app, 'GET', '/answer/api/v1/nope');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 404, reason: 'base.not_found', msg: 'Not found.', data: null });
  });

  it('turns malformed JSON into a 400 envelope', async () => {
    const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', headers: { 'content-type': 'application/json' }, payload: '{"e_mail":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, reason: 'base.request_format_error' });
  });

  it('hides unexpected errors behind a request id', async () => {
    const r = await call(site.app, 'GET', '/answer/api/v1/test/boom', { lang: 'zh-CN' });
    expect(r.status).toBe(500);
    expect(r.body.reason).toBe('base.unknown');
    expect(r.body.msg).toBe('未知错误。');
    expect(r.body.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(r.body)).not.toContain('secret internal detail');
  });

  it('sets the security headers on every response', async () => {
    const r = await call(site.app, 'GET', '/answer/api/v1/siteinfo');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('on a private site answers 401 to anonymous content calls but not to auth and site-info calls', async () => {
    const ctx = site.app.quorum;
    const s = await getSettings(ctx);
    await saveSection(ctx, 'login', { ...s.login, login_required: true });
    try {
      expect((await call(site.app, 'GET', '/answer/api/v1/question/page')).status).toBe(401);
      expect((await call(site.app, 'GET', '/answer/api/v1/siteinfo')).status).toBe(200);
      expect((await call(site.app, 'GET', '/answer/api/v1/user/info')).status).toBe(200);
      const user = await registerUser(site.app, 'insider');
      expect((await call(site.app, 'GET', '/answer/api/v1/question/page', { token: user.token })).status).toBe(200);
    } finally {
      await saveSection(ctx, 'login', { ...s.login, login_required: false });
    }
  });

  it('refuses registration when the site closed it', async () => {
    const ctx = site.app.quorum;
    const s = await getSettings(ctx);
    await saveSection(ctx, 'login', { ...s.login, allow_new_registrations: false });
    try {
      const r = await call(site.app, 'POST', '/answer/api/v1/user/register/email', { body: { name: 'late', e_mail: 'late@example.com', pass: 'password-1' } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ reason: 'error.user.registration_closed', data: { err_type: 'toast' } });
    } finally {
      await saveSection(ctx, 'login', s.login);
    }
  });
});

describe('rate limits', () => {
  it('limits login attempts per IP with a clear error', async () => {
    const site = await installedSite('sqlite3', { rateLimit: true });
    try {
      let last = 0;
      let body: any;
      for (let i = 0; i < 21; i++) {
        const r = await call(site.app, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'x@example.com', pass: 'whatever' } });
        last = r.status;
        body = r.body;
      }
      expect(last).toBe(429);
      expect(body).toMatchObject({ code: 429, reason: 'error.request.rate_limited', msg: 'Too many requests. Please wait a moment and try again.' });
    } finally {
      await site.close();
    }
  });
});
