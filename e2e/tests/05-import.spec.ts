/**
 * An operator imports a real Stack Exchange site and browses it: `quorum init` and
 * `quorum import stackexchange` on a data directory of this spec's own, then `quorum run`, then the browser.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/test';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BEER = path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'stackexchange', 'beer.stackexchange.com');
const BIN = path.join(REPO_ROOT, 'packages', 'server', 'bin', 'quorum.js');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

test.describe('a Stack Exchange import', () => {
  let dataDir = '';
  let server: ChildProcess | undefined;
  let site = '';

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-e2e-import-'));
    const env = { ...process.env, QUORUM_DATA_DIR: dataDir, DB_TYPE: 'sqlite3', ADMIN_NAME: 'admin', ADMIN_PASSWORD: 'admin-password-1', ADMIN_EMAIL: 'admin@example.com', SITE_NAME: 'Beer Archive' };
    const init = spawnSync(process.execPath, [BIN, 'init'], { env, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    const imported = spawnSync(process.execPath, [BIN, 'import', 'stackexchange', BEER], { env, encoding: 'utf8' });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/663 questions/);
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [BIN, 'run'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${site}/answer/api/v1/siteinfo`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the import server did not start');
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('lists 663 questions and shows a known question with its code block and links intact', async ({ page, shot }) => {
    await page.goto(`${site}/questions`);
    await expect(page.getByText('663 questions', { exact: true })).toBeVisible();
    await shot('imported question list');

    const found = await (await page.request.get(`${site}/answer/api/v1/search?q=${encodeURIComponent('Most Popular beer by country')}&size=5`)).json();
    const hit = (found.data.list as { object_type: string; object: { id: string; title: string } }[]).find((h) => h.object_type === 'question' && h.object.title === 'Most Popular beer by country');
    expect(hit, 'the imported question is found by its title').toBeTruthy();

    // 33 answers, 20 a page: the Brazilian list is on one of the pages.
    const link = page.getByRole('link', { name: 'Top 10 cervejas mais vendidas no Brasil' });
    for (const p of [1, 2]) {
      await page.goto(`${site}/questions/${hit!.object.id}?page=${p}`);
      await expect(page.getByRole('heading', { name: 'Most Popular beer by country', level: 1 })).toBeVisible();
      if (await link.count()) break;
    }
    await expect(link).toHaveAttribute('href', 'http://top10mais.org/top-10-cervejas-mais-vendidas-brasil/');
    await expect(link).toHaveAttribute('target', '_blank');
    const code = page.locator('pre code', { hasText: '1. Skol' });
    await expect(code).toBeVisible();
    await expect(code).toContainText('10. Bohemia');
    await link.scrollIntoViewIfNeeded();
    await shot('imported question with a code block and a link');
  });
});
