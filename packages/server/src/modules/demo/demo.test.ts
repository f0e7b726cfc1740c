/**
 * `quorum demo`: one command installs a site on SQLite filled with a generated community, which then serves like
 * any site: questions with answers and comments, members with reputation, tags with descriptions, and the
 * administrator logs in with the printed password. A second run on the same directory changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/dialects.js';
import { buildApp } from '../../app.js';

const BIN = fileURLToPath(new URL('../../../bin/quorum.js', import.meta.url));
const V1 = '/answer/api/v1';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('quorum demo', () => {
  it('installs a living site in one command, and never touches an installed one', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-demo-'));
    dirs.push(dataDir);
    const env = { ...process.env, QUORUM_DATA_DIR: dataDir, ADMIN_PASSWORD: '', LOG_LEVEL: 'warn' };
    const r = spawnSync(process.execPath, [BIN, 'demo', '--questions', '40', '--seed', '11'], { env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Generated \d+ people, 40 questions, \d+ answers, \d+ comments and \d+ tags\./);
    const password = /log in as admin@example\.com with the password (\S+)/.exec(r.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);

    const again = spawnSync(process.execPath, [BIN, 'demo'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('is already installed: give `quorum demo` an empty data directory');

    const app = await buildApp({ dataDir, rateLimit: false });
    try {
      const list = await call(app, 'GET', `${V1}/question/page?page=1&page_size=50&order=newest`);
      expect(list.body.data.count).toBe(40);
      const answered = (list.body.data.list as Array<{ answer_count: number }>).filter((q) => q.answer_count > 0);
      expect(answered.length).toBeGreaterThan(25);
      const tags = await call(app, 'GET', `${V1}/tags/page?page=1&page_size=50`);
      expect(tags.body.data.count).toBeGreaterThan(5);
      expect((tags.body.data.list as Array<{ excerpt?: string; original_text?: string }>).some((t) => (t.excerpt || t.original_text || '').length > 10)).toBe(true);
      const login = await call(app, 'POST', `${V1}/user/login/email`, { body: { e_mail: 'admin@example.com', pass: password } });
      expect(login.status).toBe(200);
      const users = await call(app, 'GET', '/answer/admin/api/users/page?page=1&page_size=100', { token: login.body.data.access_token });
      const ranks = (users.body.data.list as Array<{ rank: number }>).map((u) => u.rank);
      expect(users.body.data.count).toBeGreaterThan(8);
      expect(ranks.filter((n) => n > 50).length).toBeGreaterThan(3);
    } finally {
      await app.close();
    }
  }, 180_000);
});
