import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { dropDatabase } from '../../core/db/index.js';
import { DIALECTS, call, freshApp, shouldRun, testDbConfig } from '../../../test/dialects.js';

const BASE = { lang: 'en_US', site_name: 'My Site', site_url: 'http://localhost:9080', contact_email: 'c@example.com', name: 'root', password: 'root-pass-1', email: 'root@example.com' };

function dbBody(cfg: ReturnType<typeof testDbConfig>) {
  return cfg.type === 'sqlite3'
    ? { db_type: 'sqlite3', db_file: cfg.file }
    : { db_type: cfg.type, db_host: cfg.host, db_username: cfg.user, db_password: '', db_name: cfg.name };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('before installation', () => {
  it('serves defaults for the app-start calls and refuses content calls', async () => {
    const f = await freshApp();
    cleanups.push(f.cleanup);
    const site = await call(f.app, 'GET', '/answer/api/v1/siteinfo');
    expect(site.status).toBe(200);
    expect(site.body.data.general.name).toBe('Quorum');
    expect(site.body.data.site_seo.permalink).toBe(1);
    expect(site.body.data.theme.theme_config.default.primary_color).toBe('#0033FF');
    expect(site.body.data.login).toEqual({ allow_new_registrations: true, allow_email_registrations: true, allow_email_domains: [], allow_password_login: true, login_required: false, require_user_approval: false, password_login_admins_only: false });
    expect((await call(f.app, 'GET', '/answer/api/v1/user/info')).body.data).toBeNull();
    expect((await call(f.app, 'GET', '/answer/api/v1/user-center/agent')).body.data).toEqual({ enabled: false, agent_info: null });
    expect((await call(f.app, 'GET', '/answer/api/v1/plugin/status')).body.data).toEqual([]);
    expect((await call(f.app, 'GET', '/answer/api/v1/language/options')).body.data.map((l: { value: string }) => l.value)).toEqual(expect.arrayContaining(['en_US', 'zh_CN']));
    expect((await call(f.app, 'GET', '/installation/language/options')).status).toBe(200);
    expect((await call(f.app, 'GET', '/answer/api/v1/question/page')).status).toBe(503);
    expect((await call(f.app, 'POST', '/installation/config-file/check')).body.data).toEqual({ config_file_exist: false, db_connection_success: false, db_table_exist: false });
    const page = await f.app.inject({ method: 'GET', url: '/questions' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/install');
  });

  it('reports a database that cannot be reached as an alert with the driver message', async () => {
    const f = await freshApp();
    cleanups.push(f.cleanup);
    const r = await call(f.app, 'POST', '/installation/db/check', { body: { db_type: 'postgres', db_host: '127.0.0.1:1', db_username: 'postgres', db_name: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('error.install.db_connection_failed');
    expect(r.body.data.err_type).toBe('alert');
    expect(r.body.data.message).toMatch(/ECONNREFUSED|connect/i);
    const bad = await call(f.app, 'POST', '/installation/db/check', { body: { db_type: 'oracle' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ error_field: 'db_type', error_msg: 'Choose SQLite, PostgreSQL or MySQL.' }]);
  });

  it('returns the config text when the config file cannot be written', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-test-'));
    writeFileSync(path.join(dataDir, 'conf'), 'a file where the conf directory should be');
    const app = await buildApp({ dataDir, rateLimit: false });
    cleanups.push(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const r = await call(app, 'POST', '/installation/init', { body: { db_type: 'sqlite3', db_file: 'quorum.db' } });
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('error.install.config_file_write_failed');
    expect(r.body.data.err_type).toBe('alert');
    expect(r.body.data.config_text).toContain('type: sqlite3');
    expect(r.body.data.config_text).toContain('file: quorum.db');
  });

  it.each([
    [{ site_name: '' }, 'site_name', 'Site name cannot be empty.'],
    [{ site_name: 'x'.repeat(31) }, 'site_name', 'Site name cannot be longer than 30 characters.'],
    [{ site_url: 'not a url' }, 'site_url', 'Site URL is invalid.'],
    [{ site_url: `http://example.com/${'x'.repeat(500)}` }, 'site_url', 'Site URL cannot be longer than 512 characters.'],
    [{ contact_email: 'nope' }, 'contact_email', 'Email is invalid.'],
    [{ password: 'seven77' }, 'password', 'Password must be at 8-32 characters in length.'],
    [{ password: 'x'.repeat(33) }, 'password', 'Password must be at 8-32 characters in length.'],
    [{ name: 'Bad Name' }, 'name', 'Username can only contain a-z, 0-9, and "- . _".'],
    [{ email: '' }, 'email', 'Email is invalid.'],
  ])('validates base-info %j', async (patch, field, message) => {
    const f = await freshApp();
    cleanups.push(f.cleanup);
    const r = await call(f.app, 'POST', '/installation/base-info', { body: { ...BASE, ...patch } });
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });
});

for (const dialect of DIALECTS) {
  describe(`installing through the wizard calls on ${dialect}`, () => {
    it('checks, writes the config, seeds, then serves the site in the same process; a second install is refused', async (t) => {
      if (!(await shouldRun(dialect))) return t.skip();
      const f = await freshApp();
      const cfg = testDbConfig(dialect);
      cleanups.push(async () => {
        await f.cleanup();
        if (dialect !== 'sqlite3') await dropDatabase(cfg);
      });
      const app = f.app;
      expect((await call(app, 'POST', '/installation/db/check', { body: dbBody(cfg) })).body.data).toEqual({ connection_success: true });
      expect((await call(app, 'POST', '/installation/init', { body: dbBody(cfg) })).status).toBe(200);
      expect((await call(app, 'POST', '/installation/config-file/check')).body.data).toEqual({ config_file_exist: true, db_connection_success: true, db_table_exist: true });
      const seeded = await call(app, 'POST', '/installation/base-info', { body: BASE });
      expect(seeded.status).toBe(200);

      const site = await call(app, 'GET', '/answer/api/v1/siteinfo');
      expect(site.body.data.general).toMatchObject({ name: 'My Site', site_url: 'http://localhost:9080', contact_email: 'c@example.com' });
      const login = await call(app, 'POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'root@example.com', pass: 'root-pass-1' } });
      expect(login.body.data).toMatchObject({ id: '1', username: 'root', role_id: 2, rank: 1, is_admin: true });
      expect((await call(app, 'GET', '/answer/api/v1/question/tags?tag=support')).body.data[0].slug_name).toBe('support');
      expect((await call(app, 'GET', '/answer/api/v1/question/page')).body.data).toEqual({ count: 0, list: [] });
      const user = await call(app, 'POST', '/answer/api/v1/user/register/email', { body: { name: 'second', e_mail: 'second@example.com', pass: 'second-pass' } });
      expect(user.body.data.id).toBe('2');

      expect((await call(app, 'POST', '/installation/config-file/check')).body.data).toMatchObject({ installed: true });
      const again = await call(app, 'POST', '/installation/base-info', { body: BASE });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ reason: 'error.install.already_installed', msg: 'The site is already installed.' });
      expect((await call(app, 'POST', '/installation/init', { body: dbBody(cfg) })).body.reason).toBe('error.install.already_installed');

      // A restart on the same data directory comes up installed.
      const restarted = await buildApp({ dataDir: f.dataDir, rateLimit: false });
      try {
        expect(restarted.quorum.installed).toBe(true);
        expect((await call(restarted, 'GET', '/answer/api/v1/siteinfo')).body.data.general.name).toBe('My Site');
      } finally {
        await restarted.close();
      }
    });
  });
}

describe('configuration errors', () => {
  it('names the config file when it is not valid', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-test-'));
    mkdirSync(path.join(dataDir, 'conf'));
    writeFileSync(path.join(dataDir, 'conf', 'config.yaml'), 'database:\n  type: oracle\n');
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await expect(buildApp({ dataDir })).rejects.toThrow(/config\.yaml is not a valid Quorum config: database\.type/);
  });
});
