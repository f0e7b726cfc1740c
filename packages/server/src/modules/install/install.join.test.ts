/**
 * A node with its own empty data directory and only environment variables (AUTO_INSTALL=true, DB_*, ADMIN_*),
 * started against a database that is installed already, joins the site: it serves it, writes no config file,
 * changes nothing in the database and says so in one line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { freePort } from '../../../test/ports.js';

const BIN = fileURLToPath(new URL('../../../bin/quorum.js', import.meta.url));

for (const dialect of DIALECTS) {
  describe(`a node joining an installed ${dialect} site`, () => {
    let site: TestSite | undefined;
    const dirs: string[] = [];
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
    }, 60_000);
    afterAll(async () => {
      await site?.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('with AUTO_INSTALL=true and the DB_* variables: serves the site, writes nothing and says it joined', async (t) => {
      if (!site) return t.skip();
      const db = site.db;
      const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-join-'));
      dirs.push(dir);
      const port = await freePort();
      const env: Record<string, string> = {
        ...process.env, QUORUM_FROM_SOURCE: '1', QUORUM_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error',
        AUTO_INSTALL: 'true', DB_TYPE: db.type,
        // SQLite: the installed site's database file, by its absolute path.
        ...(db.type === 'sqlite3' ? { DB_FILE: path.join(site.dataDir, db.file!) } : { DB_HOST: db.host!, DB_USERNAME: db.user!, DB_NAME: db.name! }),
        ADMIN_NAME: 'other', ADMIN_PASSWORD: 'other-pass-1', ADMIN_EMAIL: 'other@example.com', SITE_NAME: 'Another Name', SITE_URL: 'http://other.example',
      };
      const child = spawn(process.execPath, [BIN, 'run', '--workers', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
      try {
        const until = Date.now() + 90_000;
        let info: { status: number; body: any } | undefined;
        while (Date.now() < until && child.exitCode === null) {
          try {
            const r = await fetch(`http://127.0.0.1:${port}/answer/api/v1/siteinfo`);
            info = { status: r.status, body: await r.json() };
            if (r.status === 200) break;
          } catch {
            // not listening yet
          }
          await new Promise((r) => setTimeout(r, 250));
        }
        expect(child.exitCode, out).toBeNull();
        expect(info?.status, out).toBe(200);
        expect(info!.body.data.general.name).toBe('Test Site');
        const joined = out.split('\n').filter((l) => l.includes('joined'));
        expect(joined, out).toHaveLength(1);
        expect(joined[0]).toMatch(/^\[quorum\] AUTO_INSTALL: .* is installed already: joined the site, nothing was changed$/);
        expect(out).not.toContain('already_installed');
        expect(existsSync(path.join(dir, 'conf', 'config.yaml'))).toBe(false);
        const users = await site.app.quorum.database!.kysely.selectFrom('users').select('username').execute();
        expect(users.map((u) => u.username)).toEqual(['admin']);
      } finally {
        child.kill('SIGKILL');
      }
    }, 120_000);
  });
}
