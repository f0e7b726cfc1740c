import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.js';

const BIN = fileURLToPath(new URL('../bin/quorum.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// A run starts a primary and one worker per core; on a busy 2-core machine that can take a while.
async function waitFor(url: string, ms = 45_000): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function stop(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

const AUTO = { AUTO_INSTALL: 'true', DB_TYPE: 'sqlite3', DB_FILE: 'site.db', ADMIN_NAME: 'boss', ADMIN_PASSWORD: 'boss-pass-1', ADMIN_EMAIL: 'boss@example.com', SITE_NAME: 'Auto Site', SITE_URL: 'http://localhost' };

describe('quorum CLI', () => {
  it('installs from the environment and serves in one process; a restart with the same variables reinstalls nothing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-cli-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { ...process.env, ...AUTO, QUORUM_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
    const first = spawn(process.execPath, [BIN, 'run'], { env, stdio: 'ignore' });
    try {
      const site = await (await waitFor(`http://127.0.0.1:${port}/answer/api/v1/siteinfo`)).json();
      expect(site.data.general.name).toBe('Auto Site');
      expect(existsSync(path.join(dataDir, 'site.db'))).toBe(true);
      const login = await fetch(`http://127.0.0.1:${port}/answer/api/v1/user/login/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ e_mail: 'boss@example.com', pass: 'boss-pass-1' }),
      });
      expect((await login.json()).data.role_id).toBe(2);
    } finally {
      await stop(first);
    }
    const second = spawn(process.execPath, [BIN, 'run'], { env: { ...env, SITE_NAME: 'Changed', ADMIN_EMAIL: 'other@example.com' }, stdio: 'ignore' });
    try {
      const site = await (await waitFor(`http://127.0.0.1:${port}/answer/api/v1/siteinfo`)).json();
      expect(site.data.general.name).toBe('Auto Site');
      const login = await fetch(`http://127.0.0.1:${port}/answer/api/v1/user/login/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ e_mail: 'other@example.com', pass: 'boss-pass-1' }),
      });
      expect(login.status).toBe(400);
    } finally {
      await stop(second);
    }
    const upgrade = spawnSync(process.execPath, [BIN, 'upgrade'], { env: { ...process.env, QUORUM_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(upgrade.status).toBe(0);
    expect(upgrade.stdout).toContain('The database is up to date.');
  }, 120_000);

  it('explains what is wrong instead of a stack trace', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-cli-'));
    dirs.push(dataDir);
    const r = spawnSync(process.execPath, [BIN, 'import', 'stackexchange', '/nonexistent'], { env: { ...process.env, QUORUM_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Error: .* is not installed/);
    const bad = spawnSync(process.execPath, [BIN, 'import', 'wordpress', '/x'], { env: { ...process.env, QUORUM_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(bad.stderr).toContain('unknown import format "wordpress"');
  }, 30_000);
  it('undoes an interrupted restore before upgrade or import touch the database, and says so', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-cli-'));
    dirs.push(dataDir);
    const env = { ...process.env, ...AUTO, QUORUM_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    expect(spawnSync(process.execPath, [BIN, 'init'], { env, encoding: 'utf8' }).status).toBe(0);
    // What a restore killed while copying the previous content leaves: its journal (owner dead) and the folder
    // the backup's uploads were being written into.
    const interrupted = () => {
      mkdirSync(path.join(dataDir, 'uploads.restoring'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads.restoring', 'half.png'), 'x');
      const journal = { started_at: Math.floor(Date.now() / 1000) - 600, pid: 2 ** 22 + 7, host: os.hostname(), file: '/tmp/site.backup.gz', database: null, write_config: false, phase: 'copying', previous: null, uploads: 'uploads', uploads_new: 'uploads.restoring', uploads_previous: 'uploads.previous' };
      writeFileSync(path.join(dataDir, 'restore-in-progress.json'), JSON.stringify(journal));
    };
    interrupted();
    const upgrade = spawnSync(process.execPath, [BIN, 'upgrade'], { env, encoding: 'utf8' });
    expect(upgrade.status, upgrade.stderr).toBe(0);
    expect(upgrade.stdout).toMatch(/restore of site\.backup\.gz started .* was interrupted while copying the previous content: it was undone/);
    expect(upgrade.stdout).toContain('The database is up to date.');
    expect(existsSync(path.join(dataDir, 'restore-in-progress.json'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'uploads.restoring'))).toBe(false);
    interrupted();
    const imported = spawnSync(process.execPath, [BIN, 'import', 'stackexchange', path.join(dataDir, 'no-dump')], { env, encoding: 'utf8' });
    expect(imported.stdout).toContain('it was undone');
    expect(existsSync(path.join(dataDir, 'restore-in-progress.json'))).toBe(false);
  }, 60_000);
});
