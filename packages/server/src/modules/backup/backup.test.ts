/**
 * Backups and restores through the admin calls and the command-line functions: cross-engine round trips
 * (SQLite -> PostgreSQL, PostgreSQL -> MariaDB, MariaDB -> SQLite) with row counts, a question page and a search
 * result identical; a newer backup refused, an older one migrated; the typed confirmation; a damaged file refused
 * before anything changes, and a restore that fails midway undone (previous rows and uploads back).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbType } from '@quorum/contract';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { openDb } from '../../core/db/index.js';
import { activeUser, answerQuestion, askQuestion } from '../comment/social.testkit.js';
import { listTables, countRows } from './backup.repository.js';
import { runBackupCli, runRestoreCli } from './backup.cli.js';
import { runScheduledBackup } from './backup.scheduler.js';
import { readHeader } from './backup.format.js';

const V1 = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

/** Quiet stdout for the command-line functions. */
const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

/** Writes some content: members, questions with answers and comments, a vote, an uploaded file. */
async function generate(site: TestSite): Promise<{ questionId: string; answerer: { token: string } }> {
  const admin = await adminToken(site.app);
  const asker = await activeUser(site.app, 'asker', 1000);
  const answerer = await activeUser(site.app, 'answerer', 1000);
  let questionId = '';
  for (let i = 0; i < 6; i++) {
    const q = await askQuestion(site.app, i % 2 ? asker.token : admin, `How do penguins keep warm number ${i}`, i % 2 ? 'birds' : 'cold');
    if (!questionId) questionId = q;
    const a = await answerQuestion(site.app, answerer.token, q, `Penguins huddle together, answer ${i}, with feathers`);
    await call(site.app, 'POST', `${V1}/comment`, { token: asker.token, body: { object_id: a, original_text: `Thanks for answer ${i}, very warm` } });
    await call(site.app, 'POST', `${V1}/vote/up`, { token: asker.token, body: { object_id: a, is_cancel: false } });
  }
  mkdirSync(path.join(site.dataDir, 'uploads', 'post'), { recursive: true });
  writeFileSync(path.join(site.dataDir, 'uploads', 'post', 'penguin.png'), Buffer.from([137, 80, 78, 71, 1, 2, 3]));
  return { questionId, answerer };
}

async function rowCounts(site: TestSite): Promise<Record<string, number>> {
  const db = site.app.quorum.database!;
  const out: Record<string, number> = {};
  for (const t of await listTables(db.kysely)) out[t.name] = await countRows(db, t.name);
  // Not in backups (a restore rebuilds it from the posts), but a site's content all the same.
  out.search_docs = await countRows(db, 'search_docs');
  return out;
}

/**
 * The question page's data, view counts left out: views are summed in memory and written every 5 s, so the
 * source may write views counted before the backup after it.
 */
async function questionPage(site: TestSite, id: string) {
  const info = await call(site.app, 'GET', `${V1}/question/info?id=${id}`);
  const answers = await call(site.app, 'GET', `${V1}/answer/page?question_id=${id}&page=1&page_size=20&order=default`);
  const { view_count: _views, unique_view_count: _unique, ...rest } = info.body.data;
  return { info: rest, answers: answers.body.data };
}

async function search(site: TestSite) {
  return (await call(site.app, 'GET', `${V1}/search?q=penguins%20huddle&order=newest`)).body.data;
}

/** Takes a backup of a site's database and uploads with the command-line function. */
async function backupOf(site: TestSite, dir: string): Promise<string> {
  const file = path.join(dir, `${path.basename(site.dataDir)}.backup.gz`);
  await runBackupCli(site.dataDir, file, sink);
  return file;
}

/** Puts a backup file into a site's backups folder under a name the admin calls accept. */
function intoBackups(site: TestSite, file: string, name = 'quorum-20260101-000000.backup.gz'): string {
  mkdirSync(path.join(site.dataDir, 'backups'), { recursive: true });
  copyFileSync(file, path.join(site.dataDir, 'backups', name));
  return name;
}

/** Rewrites a backup: its header through `header`, and without the sections of the tables in `dropTables`. */
function rewrite(file: string, out: string, header: (h: Record<string, any>) => void, dropTables: string[] = []): void {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const h = JSON.parse(lines[0]!);
  header(h);
  const kept: string[] = [JSON.stringify(h)];
  let skipping = false;
  for (const line of lines.slice(1)) {
    if (line.startsWith('{"table":')) skipping = dropTables.includes(JSON.parse(line).table);
    else if (!line.startsWith('[')) skipping = false;
    if (!skipping) kept.push(line);
  }
  writeFileSync(out, gzipSync(kept.join('\n')));
}

/** Rewrites a backup with the first row of `table` written twice (header and end line counting it): a file that
 * reads as complete but whose restore fails midway, when that table's rows are inserted. */
function duplicateRow(file: string, out: string, table: string): void {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const h = JSON.parse(lines[0]!);
  h.tables.find((t: { name: string }) => t.name === table).rows++;
  const kept: string[] = [JSON.stringify(h)];
  let inTable = false;
  let done = false;
  for (const line of lines.slice(1)) {
    if (line.startsWith('{"table":')) inTable = JSON.parse(line).table === table;
    if (line.startsWith('{"end":')) {
      const end = JSON.parse(line);
      kept.push(JSON.stringify({ ...end, rows: end.rows + 1 }));
      continue;
    }
    kept.push(line);
    if (inTable && !done && line.startsWith('[')) {
      kept.push(line);
      done = true;
    }
  }
  writeFileSync(out, gzipSync(kept.join('\n')));
}

const PAIRS: Array<[DbType, DbType]> = [
  ['sqlite3', 'postgres'],
  ['postgres', 'mysql'],
  ['mysql', 'sqlite3'],
];

for (const [from, to] of PAIRS) {
  if (!DIALECTS.includes(from) || !DIALECTS.includes(to)) continue;
  describe(`backup on ${from}, restore on ${to}`, () => {
    let source: TestSite | undefined;
    let target: TestSite | undefined;
    let tmp: string;
    let file: string;
    let questionId: string;
    let answererToken: string;
    beforeAll(async () => {
      if (!(await shouldRun(from)) || !(await shouldRun(to))) return;
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-backup-'));
      source = await installedSite(from);
      target = await installedSite(to);
      const made = await generate(source);
      questionId = made.questionId;
      answererToken = made.answerer.token;
      file = await backupOf(source, tmp);
    }, 120_000);
    afterAll(async () => {
      await source?.close();
      await target?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('restores from the admin console with the site name typed: same rows, question page, search and uploads', async () => {
      if (!source || !target) return;
      const admin = await adminToken(target.app);
      const name = intoBackups(target, file);
      const list = await call(target.app, 'GET', `${ADMIN_API}/backups`, { token: admin });
      expect(list.status).toBe(200);
      expect(list.body.data.backups).toEqual([expect.objectContaining({ name, size: readFileSync(file).length })]);

      const wrong = await call(target.app, 'POST', `${ADMIN_API}/backups/restore`, { token: admin, body: { name, confirm: 'Not the site' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.reason).toBe('error.backup.confirm_mismatch');
      expect(wrong.body.msg).toBe('Type the site name exactly to confirm the restore.');
      expect(await countRows(target.app.quorum.database!, 'questions')).toBe(0);

      const r = await call(target.app, 'POST', `${ADMIN_API}/backups/restore`, { token: admin, body: { name, confirm: 'Test Site' } });
      expect(r.status).toBe(200);
      expect(r.body.data.files).toBe(1);

      // Every table as the backup's snapshot had it. Background workers (e-mail outbox, digest jobs) of both sites
      // may write on their own timers after the snapshot, so their tables are compared as restored.
      const snapshot = Object.fromEntries((await readHeader(file)).tables.map((t) => [t.name, t.rows]));
      expect(Object.fromEntries(r.body.data.tables.map((t: { name: string; rows: number }) => [t.name, t.rows]))).toEqual(snapshot);
      const BACKGROUND = ['mail_jobs', 'outbox'];
      const quiet = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).filter(([t]) => !BACKGROUND.includes(t)));
      // The search index is not in the backup: the restore rebuilt it, a row for every question and answer.
      expect(snapshot.search_docs).toBeUndefined();
      const { search_docs: rebuilt, ...restored } = await rowCounts(target);
      expect(quiet(restored)).toEqual(quiet(snapshot));
      expect(rebuilt).toBe(snapshot.questions! + snapshot.answers!);
      const content = ['users', 'questions', 'answers', 'comments', 'votes', 'tags', 'tag_rel', 'revisions', 'activity', 'search_docs'];
      const pick = (c: Record<string, number>) => Object.fromEntries(content.map((t) => [t, c[t]]));
      expect(pick(await rowCounts(target))).toEqual(pick(await rowCounts(source)));
      expect(snapshot.questions).toBe(6);
      expect(await questionPage(target, questionId)).toEqual(await questionPage(source, questionId));
      const found = await search(target);
      expect(found.count).toBe(6);
      expect(found).toEqual(await search(source));
      expect(readFileSync(path.join(target.dataDir, 'uploads', 'post', 'penguin.png'))).toEqual(Buffer.from([137, 80, 78, 71, 1, 2, 3]));
    }, 120_000);

    it('keeps sessions and hands out new ids after the restored ones', async () => {
      if (!source || !target) return;
      const q = await askQuestion(target.app, answererToken, 'A question asked after the restore', 'cold');
      const restoredIds = (await target.app.quorum.database!.kysely.selectFrom('questions').select('id').execute()).map((r) => r.id);
      expect(restoredIds.filter((id) => id === q)).toHaveLength(1);
      expect(restoredIds.every((id) => id === q || id < q)).toBe(true);
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`backup versions and access on ${dialect}`, () => {
    let site: TestSite | undefined;
    let tmp: string;
    let file: string;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-backup-'));
      site = await installedSite(dialect);
      await generate(site);
      file = await backupOf(site, tmp);
    }, 120_000);
    afterAll(async () => {
      await site?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('refuses a backup from a newer Quorum with a clear message, leaving the database alone', async () => {
      if (!site) return;
      const newer = path.join(tmp, 'newer.backup.gz');
      rewrite(file, newer, (h) => (h.schema = '999_future'));
      await expect(runRestoreCli(site.dataDir, newer, { force: true }, sink)).rejects.toThrow(/comes from a newer Quorum \(schema 999_future; this Quorum knows up to \d{3}_\w+\): upgrade Quorum, then restore it/);
      const admin = await adminToken(site.app);
      const r = await call(site.app, 'POST', `${ADMIN_API}/backups/restore`, { token: admin, body: { name: intoBackups(site, newer, 'quorum-20260101-000001.backup.gz'), confirm: 'Test Site' } });
      expect(r.status).toBe(400);
      expect(r.body.reason).toBe('error.backup.newer');
      expect(await countRows(site.app.quorum.database!, 'questions')).toBe(6);
    });

    it('refuses to overwrite a database with content unless told to', async () => {
      if (!site) return;
      await expect(runRestoreCli(site.dataDir, file, {}, sink)).rejects.toThrow('The target database is not empty: run the restore again with --force to replace its content.');
    });

    it('migrates an older backup after restoring it', async () => {
      if (!site) return;
      const older = path.join(tmp, 'older.backup.gz');
      rewrite(file, older, (h) => (h.schema = '011_plugins'), ['backup_runs']);
      const dbConfig = { ...site.app.quorum.config!.database };
      const summary = await runRestoreCli(site.dataDir, older, { force: true }, sink);
      expect(summary.schema).toBe('011_plugins');
      const db = await openDb(dbConfig, site.dataDir);
      try {
        const applied = await db.kysely.selectFrom('quorum_migrations' as any).select('name' as any).execute();
        expect(applied.map((r: any) => r.name)).toContain('012_backup_runs');
        expect(await countRows(db, 'backup_runs')).toBe(0);
        expect(await countRows(db, 'questions')).toBe(6);
      } finally {
        await db.close();
      }
    });

    it('refuses a damaged or cut-short file before touching anything', async () => {
      if (!site) return;
      const bytes = readFileSync(file);
      const cut = path.join(tmp, 'cut.backup.gz');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      await expect(runRestoreCli(site.dataDir, cut, { force: true }, sink)).rejects.toThrow(/^cut\.backup\.gz is damaged or incomplete \(.+\); nothing was changed\.$/);
      const miscounted = path.join(tmp, 'miscounted.backup.gz');
      rewrite(file, miscounted, (h) => h.tables.find((t: { name: string }) => t.name === 'questions').rows++);
      await expect(runRestoreCli(site.dataDir, miscounted, { force: true }, sink)).rejects.toThrow('miscounted.backup.gz is damaged or incomplete (questions has 6 rows where the header says 7); nothing was changed.');
      const admin = await adminToken(site.app);
      const r = await call(site.app, 'POST', `${ADMIN_API}/backups/restore`, { token: admin, body: { name: intoBackups(site, cut, 'quorum-20260101-000002.backup.gz'), confirm: 'Test Site' } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ reason: 'error.backup.damaged', msg: 'This backup file is damaged or incomplete. Nothing was changed.' });
      expect(await countRows(site.app.quorum.database!, 'questions')).toBe(6);
    });

    it('undoes a restore that fails midway: the previous rows and uploads are back, with a clear error', async () => {
      if (!site) return;
      const admin = await adminToken(site.app);
      const extra = await askQuestion(site.app, admin, 'A question asked after the backup was taken', 'cold');
      const uploads = path.join(site.dataDir, 'uploads', 'post');
      mkdirSync(uploads, { recursive: true });
      writeFileSync(path.join(uploads, 'after.png'), Buffer.from([1, 2, 3]));
      const broken = path.join(tmp, 'broken.backup.gz');
      duplicateRow(file, broken, 'users');
      const content = ['users', 'questions', 'answers', 'comments', 'votes', 'tags', 'revisions', 'search_docs', 'id_sequences'];
      const pick = (c: Record<string, number>) => Object.fromEntries(content.map((t) => [t, c[t]]));
      const before = pick(await rowCounts(site));
      expect(before.questions).toBe(7);
      const unchanged = async () => {
        expect(pick(await rowCounts(site!))).toEqual(before);
        expect((await call(site!.app, 'GET', `${V1}/question/info?id=${extra}`)).body.data.title).toBe('A question asked after the backup was taken');
        expect(readFileSync(path.join(uploads, 'after.png'))).toEqual(Buffer.from([1, 2, 3]));
        expect(existsSync(path.join(uploads, 'penguin.png'))).toBe(true);
        // Nothing left behind: no copy of the previous rows, no uploads folder set aside.
        expect(readdirSync(site!.dataDir).filter((n) => n.includes('restore-previous'))).toEqual([]);
      };

      await expect(runRestoreCli(site.dataDir, broken, { force: true }, sink)).rejects.toThrow(/^The restore failed \(.+\); the previous content was put back: nothing changed\.$/);
      await unchanged();

      const r = await call(site.app, 'POST', `${ADMIN_API}/backups/restore`, { token: admin, body: { name: intoBackups(site, broken, 'quorum-20260101-000003.backup.gz'), confirm: 'Test Site' } });
      expect(r.status).toBe(500);
      expect(r.body).toMatchObject({ reason: 'error.backup.restore_failed', msg: "The restore failed and was undone: the site's content is as it was before. The server log says what failed." });
      await unchanged();
      // The site goes on: the administrator's session survived, and new ids follow the old ones.
      const next = await askQuestion(site.app, admin, 'A question asked after the failed restore', 'cold');
      expect(BigInt(next) > BigInt(extra)).toBe(true);
    }, 120_000);

    it('starts a backup, lists it with size and time, downloads it, and runs the daily one once', async () => {
      if (!site) return;
      const admin = await adminToken(site.app);
      const started = await call(site.app, 'POST', `${ADMIN_API}/backups`, { token: admin });
      expect(started.status).toBe(200);
      const name = started.body.data.name as string;
      let listed: any;
      for (let i = 0; i < 100; i++) {
        listed = (await call(site.app, 'GET', `${ADMIN_API}/backups`, { token: admin })).body.data;
        if (!listed.running) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(listed.last_error).toBeNull();
      const entry = listed.backups.find((b: any) => b.name === name);
      expect(entry.size).toBeGreaterThan(100);
      expect(Math.abs(entry.created_at - Date.now() / 1000)).toBeLessThan(120);
      const dl = await site.app.inject({ method: 'GET', url: `${ADMIN_API}/backups/download?name=${name}`, headers: { authorization: admin } });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(dl.rawPayload.length).toBe(entry.size);
      expect((await call(site.app, 'GET', `${ADMIN_API}/backups/download?name=../conf/config.yaml`, { token: admin })).status).toBe(404);

      expect(await runScheduledBackup(site.app.quorum, new Date('2026-03-01T03:00:00Z'))).toBeNull();
      expect((await call(site.app, 'PUT', `${ADMIN_API}/backups/schedule`, { token: admin, body: { daily: true, keep: 1 } })).status).toBe(200);
      const first = await runScheduledBackup(site.app.quorum, new Date('2026-03-01T03:00:00Z'));
      expect(first).toMatch(/-scheduled\.backup\.gz$/);
      expect(await runScheduledBackup(site.app.quorum, new Date('2026-03-01T09:00:00Z'))).toBeNull();
      await new Promise((r) => setTimeout(r, 1100));
      const second = await runScheduledBackup(site.app.quorum, new Date('2026-03-02T03:00:00Z'));
      expect(second).not.toBe(first);
      const after = (await call(site.app, 'GET', `${ADMIN_API}/backups`, { token: admin })).body.data;
      expect(after.schedule).toEqual({ daily: true, keep: 1 });
      expect(after.backups.filter((b: any) => b.scheduled).map((b: any) => b.name)).toEqual([second]);
      expect(existsSync(path.join(site.dataDir, 'backups', name))).toBe(true);
    }, 60_000);
  });
}
