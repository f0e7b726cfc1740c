/**
 * `quorum import answer` through the command line itself (bin/quorum.js) on an installed SQLite site: the
 * summary on stdout, the errors of a missing --db and a missing file, and the questions in the database after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { installedSite } from '../../../test/dialects.js';
import { openDb } from '../../core/db/index.js';
import { buildAnswerFixture, FIXTURE } from './answer-fixture.js';

const BIN = fileURLToPath(new URL('../../../bin/quorum.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('quorum import answer', () => {
  it('imports from the command line and prints what was and was not carried over', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-answer-cli-'));
    dirs.push(tmp);
    const file = path.join(tmp, 'answer.db');
    buildAnswerFixture(file);
    const site = await installedSite('sqlite3');
    await site.app.close();
    dirs.push(site.dataDir);
    const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, 'import', 'answer', ...args], { env: { ...process.env, QUORUM_DATA_DIR: site.dataDir }, encoding: 'utf8', timeout: 60_000 });

    const noDb = cli();
    expect(noDb.status).toBe(1);
    expect(noDb.stderr).toContain('Error: quorum import answer needs --db <DSN or SQLite file>');
    const missing = cli('--db', path.join(tmp, 'nope.db'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^Error: .*nope\.db: file not found/);

    const r = cli('--db', file);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Imported \d+\/\d+ rows \(100%/);
    expect(r.stdout).toMatch(/questions\s+2\s+2\s+0\s+0/);
    expect(r.stdout).toContain('activity: 1 not carried over: following a person (Quorum follows questions and tags only)');
    const db = await openDb(site.db, site.dataDir);
    try {
      const q = await db.kysely.selectFrom('questions').select('title').where('id', '=', FIXTURE.q1.id).executeTakeFirst();
      expect(q).toEqual({ title: FIXTURE.q1.title });
    } finally {
      await db.close();
    }
  }, 120_000);
});
