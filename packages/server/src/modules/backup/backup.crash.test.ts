/**
 * A restore killed midway, on each engine (backup.restore.ts, backup.recovery.ts): `quorum restore` runs in a
 * child process that kills itself with SIGKILL at a named point (QUORUM_TEST_RESTORE_CRASH_AT, backup.journal.ts),
 * then the app starts on the data directory. The site must be exactly the old one (killed before the commit) or
 * exactly the restored one (killed after it): users, questions, answers and comments counted, the uploaded files,
 * the search index rows and a search for a post only one of the two has — never a mix — and nothing of the
 * restore is left in the data directory. Also: the start that undoes a restore killed in turn, and a restore into
 * a data directory that is not installed yet.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, testDbConfig, type TestSite } from '../../../test/dialects.js';
import { buildApp } from '../../app.js';
import { readConfig } from '../../config/config.js';
import { dropDatabase } from '../../core/db/index.js';
import { activeUser, answerQuestion, askQuestion } from '../comment/social.testkit.js';
import { countRows } from './backup.repository.js';
import { runBackupCli } from './backup.cli.js';
import { JOURNAL_NAME } from './backup.journal.js';
import { restoreBackup } from './backup.restore.js';

const BIN = fileURLToPath(new URL('../../../bin/quorum.js', import.meta.url));
const V1 = '/answer/api/v1';
const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
/** Uploaded files of the restored site. */
const NEW_FILES = 12;

/** Every file under `dir`, relative, sorted. */
function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(full, base));
    else out.push(path.relative(base, full));
  }
  return out.sort();
}

/** What must be all old or all new. */
async function siteState(app: FastifyInstance, dataDir: string) {
  const db = app.quorum.database!;
  const search = async (q: string) => (await call(app, 'GET', `${V1}/search?q=${encodeURIComponent(q)}&order=newest`)).body.data?.count;
  return {
    users: await countRows(db, 'users'),
    questions: await countRows(db, 'questions'),
    answers: await countRows(db, 'answers'),
    comments: await countRows(db, 'comments'),
    search_docs: await countRows(db, 'search_docs'),
    files: listFiles(path.join(dataDir, 'uploads')),
    penguins: await search('penguins huddle'),
    walruses: await search('walruses tusks'),
  };
}
type SiteState = Awaited<ReturnType<typeof siteState>>;

/** Names in the data directory (and its backups folder) a restore or an interrupted backup may leave. */
function leftovers(dataDir: string): string[] {
  const names = readdirSync(dataDir).filter((n) => /restore|\.partial$|\.tmp$/.test(n));
  const backups = path.join(dataDir, 'backups');
  if (existsSync(backups)) names.push(...readdirSync(backups).filter((n) => n.endsWith('.partial')).map((n) => `backups/${n}`));
  return names;
}

/** Runs the command line in a child process (`env` may name a crash point); resolves with how it ended. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, QUORUM_FROM_SOURCE: '1', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

/** Starts the app on the data directory (which finishes or undoes an unfinished restore), reads its state, stops it. */
async function startAndRead(dataDir: string): Promise<{ state: SiteState; installed: boolean }> {
  const app = await buildApp({ dataDir, rateLimit: false });
  try {
    return { state: app.quorum.installed ? await siteState(app, dataDir) : ({} as SiteState), installed: app.quorum.installed };
  } finally {
    await app.close();
  }
}

/** A site with content, the backup of it (the restored state) and more content after it (the old state). */
async function prepare(site: TestSite, tmp: string): Promise<{ file: string; restored: SiteState; old: SiteState }> {
  const app = site.app;
  const admin = await adminToken(app);
  const asker = await activeUser(app, 'asker', 1000);
  const answerer = await activeUser(app, 'answerer', 1000);
  for (let i = 0; i < 5; i++) {
    const q = await askQuestion(app, i % 2 ? asker.token : admin, `How do penguins keep warm number ${i}`, 'cold');
    const a = await answerQuestion(app, answerer.token, q, `Penguins huddle together, answer ${i}, with feathers`);
    await call(app, 'POST', `${V1}/comment`, { token: asker.token, body: { object_id: a, original_text: `Thanks for answer ${i}, very warm` } });
  }
  const uploads = path.join(site.dataDir, 'uploads', 'post');
  mkdirSync(uploads, { recursive: true });
  for (let i = 0; i < NEW_FILES; i++) writeFileSync(path.join(uploads, `penguin-${i}.png`), Buffer.from([137, 80, 78, 71, i]));
  const restored = await siteState(app, site.dataDir);
  const file = path.join(tmp, 'site.backup.gz');
  await runBackupCli(site.dataDir, file, sink);

  // The old state differs both ways: a member, a question, a comment and a file more, a file less.
  const walrus = await activeUser(app, 'walrus', 1000);
  const q = await askQuestion(app, walrus.token, 'Why do walruses have such long tusks', 'cold');
  await call(app, 'POST', `${V1}/comment`, { token: asker.token, body: { object_id: q, original_text: 'Tusks help them climb onto the ice' } });
  writeFileSync(path.join(uploads, 'walrus.png'), Buffer.from([137, 80, 78, 71, 99]));
  rmSync(path.join(uploads, 'penguin-0.png'));
  const old = await siteState(app, site.dataDir);
  expect(old.users).toBe(restored.users + 1);
  expect(old.questions).toBe(restored.questions + 1);
  expect(old.comments).toBe(restored.comments + 1);
  expect(restored.files).toHaveLength(NEW_FILES);
  expect(restored.penguins).toBeGreaterThan(0);
  expect(restored.walruses).toBe(0);
  expect(old.walruses).toBe(1);
  return { file, restored, old };
}

/** Kill points of a restore and the site the next start must show. */
const KILLS: Array<{ at: string; expect: 'old' | 'restored'; note: string }> = [
  { at: 'copy:1', expect: 'old', note: 'while copying the previous content' },
  { at: 'rows:50', expect: 'old', note: 'in the rows, after the first tables' },
  { at: 'files:5', expect: 'old', note: 'in the files, 5 of 12 written' },
  { at: 'index:1', expect: 'old', note: 'while rebuilding the search index' },
  { at: 'swap', expect: 'old', note: 'between the two renames of the uploads folders' },
  { at: 'committed', expect: 'restored', note: 'after the commit, before tidying up' },
];

for (const dialect of DIALECTS) {
  describe(`a restore killed midway on ${dialect}`, () => {
    let site: TestSite | undefined;
    let tmp: string;
    let file: string;
    let restored: SiteState;
    let old: SiteState;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-crash-'));
      site = await installedSite(dialect);
      ({ file, restored, old } = await prepare(site, tmp));
      // The servers are stopped for a command-line restore.
      await site.app.close();
    }, 120_000);
    afterAll(async () => {
      if (site && dialect !== 'sqlite3') await dropDatabase(site.db);
      if (site) rmSync(site.dataDir, { recursive: true, force: true });
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('a start shows exactly the old site or exactly the restored one, whatever the kill point, and leaves nothing behind', async () => {
      if (!site) return;
      for (const kill of KILLS) {
        const run = await runCli(['--data-dir', site.dataDir, 'restore', file, '--force'], { QUORUM_TEST_RESTORE_CRASH_AT: kill.at });
        expect(run.signal, `${kill.at}: ${run.output}`).toBe('SIGKILL');
        expect(existsSync(path.join(site.dataDir, JOURNAL_NAME)), kill.at).toBe(true);
        if (kill.at === 'swap') expect(existsSync(path.join(site.dataDir, 'uploads'))).toBe(false);
        const { state } = await startAndRead(site.dataDir);
        expect(state, `killed ${kill.note} (${kill.at})`).toEqual(kill.expect === 'old' ? old : restored);
        expect(leftovers(site.dataDir), kill.at).toEqual([]);
      }
    }, 240_000);

    it('a restore killed, then the start undoing it killed too: the next start still shows the old site', async () => {
      if (!site) return;
      // The site before this restore (the restored one of the test above, or the old one when run alone).
      const before = await startAndRead(site.dataDir);
      const run = await runCli(['--data-dir', site.dataDir, 'restore', file, '--force'], { QUORUM_TEST_RESTORE_CRASH_AT: 'files:5' });
      expect(run.signal, run.output).toBe('SIGKILL');
      // `quorum backup` undoes the unfinished restore first; it is killed while rebuilding the previous search index.
      const undo = await runCli(['--data-dir', site.dataDir, 'backup', '-o', path.join(tmp, 'after.backup.gz')], { QUORUM_TEST_RESTORE_CRASH_AT: 'index:1' });
      expect(undo.signal, undo.output).toBe('SIGKILL');
      expect(existsSync(path.join(site.dataDir, JOURNAL_NAME))).toBe(true);
      const after = await startAndRead(site.dataDir);
      expect(after.state).toEqual(before.state);
      expect(leftovers(site.dataDir)).toEqual([]);
    }, 120_000);

    it('a restore running keeps the site from being served (no start, 503 on running nodes) and a second restore out; a stale journal is undone; the leftovers rule', async () => {
      if (!site) return;
      const journal = path.join(site.dataDir, JOURNAL_NAME);
      const running = { started_at: Math.floor(Date.now() / 1000), pid: process.ppid, host: os.hostname(), file, database: site.db, write_config: false, phase: 'copying', previous: 'restore-previous-x.backup.gz', uploads: 'uploads', uploads_new: 'uploads.restore-new-x', uploads_previous: 'uploads.restore-previous-x' };
      writeFileSync(journal, JSON.stringify(running));
      await expect(buildApp({ dataDir: site.dataDir })).rejects.toThrow(/^A restore of site\.backup\.gz started .+ is running in process \d+ on .+: the site is not served until it ends; start Quorum again then\.$/);
      rmSync(journal);
      const app = await buildApp({ dataDir: site.dataDir, rateLimit: false });
      try {
        const admin = await adminToken(app);
        const name = 'quorum-20260101-000000.backup.gz';
        mkdirSync(path.join(site.dataDir, 'backups'), { recursive: true });
        writeFileSync(path.join(site.dataDir, 'backups', name), readFileSync(file));
        // The node holds every request while its own admin-console restore runs, administrators' too ...
        const pending = call(app, 'POST', '/answer/admin/api/backups/restore', { token: admin, body: { name, confirm: 'Test Site' } });
        await new Promise((r) => setTimeout(r, 50));
        const during = await call(app, 'GET', `${V1}/question/page?page=1&page_size=20`, { token: admin });
        expect(during.status).toBe(503);
        expect(during.headers['retry-after']).toBe('300');
        expect(during.body).toMatchObject({ reason: 'base.maintenance', msg: 'The site is under maintenance. Please try again later.' });
        expect((await pending).status).toBe(200);
        expect(await siteState(app, site.dataDir)).toEqual(restored);
        // ... and, within a second, while another process's journal is there; a second restore is refused.
        writeFileSync(journal, JSON.stringify(running));
        await expect(restoreBackup(app.quorum.database!, path.join(site.dataDir, 'uploads'), file, { replace: true })).rejects.toMatchObject({ reason: 'error.backup.restore_running' });
        await new Promise((r) => setTimeout(r, 1100));
        for (const url of [`${V1}/question/page?page=1&page_size=20`, '/answer/api/v1/siteinfo', '/questions', '/']) {
          const held = await app.inject({ method: 'GET', url });
          expect(held.statusCode, url).toBe(503);
          expect(held.body, url).toContain('The site is under maintenance. Please try again later.');
        }
        rmSync(journal);
        await new Promise((r) => setTimeout(r, 1100));
        expect((await call(app, 'GET', `${V1}/question/page?page=1&page_size=20`)).status).toBe(200);
        writeFileSync(journal, JSON.stringify(running));
      } finally {
        await app.close();
      }
      // Not touched for a minute: its owner is gone (or its pid reused), and the next start undoes it.
      const old = new Date(Date.now() - 120_000);
      utimesSync(journal, old, old);
      const partial = path.join(site.dataDir, 'backups', 'quorum-20260101-000001.backup.gz.partial');
      const fresh = path.join(site.dataDir, 'backups', 'quorum-20260101-000002.backup.gz.partial');
      writeFileSync(partial, 'cut short');
      utimesSync(partial, new Date(Date.now() - 20 * 60_000), new Date(Date.now() - 20 * 60_000));
      writeFileSync(fresh, 'being written');
      // Previous content no journal names (an older Quorum kept it when putting back failed): kept 7 days.
      const week = new Date(Date.now() - 8 * 24 * 3600_000);
      writeFileSync(path.join(site.dataDir, 'restore-previous-20250101-000000-7.backup.gz'), 'old copy');
      utimesSync(path.join(site.dataDir, 'restore-previous-20250101-000000-7.backup.gz'), week, week);
      mkdirSync(path.join(site.dataDir, 'uploads.restore-previous-20260101-000000-7'));
      await startAndRead(site.dataDir);
      expect(existsSync(journal)).toBe(false);
      // A backup interrupted 20 minutes ago is removed; one written to just now may be running, and stays.
      expect(leftovers(site.dataDir).sort()).toEqual(['backups/quorum-20260101-000002.backup.gz.partial', 'uploads.restore-previous-20260101-000000-7']);
      rmSync(fresh);
      rmSync(path.join(site.dataDir, 'uploads.restore-previous-20260101-000000-7'), { recursive: true });
    }, 120_000);

    it('a restore into a data directory not installed yet: killed before the commit it leaves the installer, after it the restored site', async () => {
      if (!site) return;
      const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-crash-fresh-'));
      const db = testDbConfig(dialect);
      const env: Record<string, string> = { DB_TYPE: db.type, ...(db.file ? { DB_FILE: db.file } : {}), ...(db.host ? { DB_HOST: db.host } : {}), ...(db.user ? { DB_USERNAME: db.user } : {}), ...(db.name ? { DB_NAME: db.name } : {}) };
      try {
        const killed = await runCli(['--data-dir', dir, 'restore', file], { ...env, QUORUM_TEST_RESTORE_CRASH_AT: 'rows:50' });
        expect(killed.signal, killed.output).toBe('SIGKILL');
        expect(readConfig(dir)).toBeNull();
        expect((await startAndRead(dir)).installed).toBe(false);
        expect(leftovers(dir)).toEqual([]);
        // Undone means empty again: a restore without --force is accepted.
        const committed = await runCli(['--data-dir', dir, 'restore', file], { ...env, QUORUM_TEST_RESTORE_CRASH_AT: 'committed' });
        expect(committed.signal, committed.output).toBe('SIGKILL');
        const after = await startAndRead(dir);
        expect(after.installed).toBe(true);
        expect(readConfig(dir)?.database.type).toBe(dialect);
        expect(after.state).toEqual(restored);
        expect(leftovers(dir)).toEqual([]);
        expect(statSync(path.join(dir, 'conf', 'config.yaml')).mode & 0o777).toBe(0o600);
      } finally {
        if (dialect !== 'sqlite3') await dropDatabase(db);
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  });
}
