/**
 * An operator imports a real Stack Exchange site and browses it: `quorum init` and
 * `quorum import stackexchange` on a data directory of this spec's own, then `quorum run`, then the browser.
 * The dump is beer.stackexchange.com's real Posts.xml with small Users, Tags, PostHistory, Votes, PostLinks and
 * Badges files written here: the revision timeline, a duplicate's close notice, a tag description and a badge
 * on a profile are looked at in the browser.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/test';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BEER = path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'stackexchange', 'beer.stackexchange.com');
const BIN = path.join(REPO_ROOT, 'packages', 'server', 'bin', 'quorum.js');
// The real dump sits beside the repository, not in it: without it this spec skips with one line, except under
// CI=true (unless QUORUM_TEST_BARE=1 marks a run on the repository alone), as the unit tests' fixtures rule.
const HAVE_BEER = existsSync(path.join(BEER, 'Posts.xml'));
const NO_BEER = `the Stack Exchange fixtures are not at ${path.dirname(BEER)}`;
if (!HAVE_BEER && process.env.CI === 'true' && process.env.QUORUM_TEST_BARE !== '1') throw new Error(`${NO_BEER} (CI=true requires them)`);

/** One dump file of `rows` (attribute values already XML-escaped where needed). */
function dumpFile(root: string, rows: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${rows.map((r) => `  <row ${r} />`).join('\n')}\n</${root}>\n`;
}

/** beer.stackexchange.com with the other dump files: question 1 is edited by user 900, 115 is a duplicate of 47. */
function writeDump(dir: string): void {
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(BEER, 'Posts.xml'), path.join(dir, 'Posts.xml'));
  const d = 'CreationDate="2014-01-21T20:26:05.383"';
  writeFileSync(path.join(dir, 'Users.xml'), dumpFile('users', [`Id="7" Reputation="900" ${d} DisplayName="Citra Fan"`, `Id="900" Reputation="5000" ${d} DisplayName="Hop Editor"`]));
  writeFileSync(path.join(dir, 'Tags.xml'), dumpFile('tags', ['Id="1" TagName="poland" Count="3" ExcerptPostId="281" WikiPostId="280"']));
  writeFileSync(
    path.join(dir, 'PostHistory.xml'),
    dumpFile('posthistory', [
      `Id="1" PostHistoryTypeId="1" PostId="1" RevisionGUID="a" ${d} UserId="7" Text="What is a citra hop?"`,
      `Id="2" PostHistoryTypeId="2" PostId="1" RevisionGUID="a" ${d} UserId="7" Text="How does it differ from other hops?"`,
      `Id="3" PostHistoryTypeId="3" PostId="1" RevisionGUID="a" ${d} UserId="7" Text="&lt;hops&gt;"`,
      'Id="4" PostHistoryTypeId="4" PostId="1" RevisionGUID="b" CreationDate="2014-01-22T08:00:00.000" UserId="900" Comment="Clearer title" Text="What is a citra hop, and how does it differ from other hops?"',
      'Id="5" PostHistoryTypeId="25" PostId="1" RevisionGUID="c" CreationDate="2014-01-22T09:00:00.000" Text="tweeted"',
    ]),
  );
  writeFileSync(path.join(dir, 'PostLinks.xml'), dumpFile('postlinks', ['Id="1" CreationDate="2014-02-01T10:00:00.000" PostId="115" RelatedPostId="47" LinkTypeId="3"']));
  writeFileSync(path.join(dir, 'Votes.xml'), dumpFile('votes', ['Id="1" PostId="1" VoteTypeId="5" UserId="900" CreationDate="2014-01-23T00:00:00.000"', 'Id="2" PostId="1" VoteTypeId="2" CreationDate="2014-01-23T00:00:00.000"']));
  writeFileSync(path.join(dir, 'Badges.xml'), dumpFile('badges', ['Id="1" UserId="7" Name="Student" Date="2014-01-22T00:00:00.000" Class="3" TagBased="False"', 'Id="2" UserId="7" Name="Yearling" Date="2015-01-22T00:00:00.000" Class="2" TagBased="False"']));
}

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
  test.skip(!HAVE_BEER, NO_BEER);
  let dataDir = '';
  let server: ChildProcess | undefined;
  let site = '';
  let importOutput = '';

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-e2e-import-'));
    const dump = path.join(dataDir, 'dump', 'beer.stackexchange.com');
    writeDump(dump);
    const env = { ...process.env, QUORUM_DATA_DIR: dataDir, DB_TYPE: 'sqlite3', ADMIN_NAME: 'admin', ADMIN_PASSWORD: 'admin-password-1', ADMIN_EMAIL: 'admin@example.com', SITE_NAME: 'Beer Archive' };
    const init = spawnSync(process.execPath, [BIN, 'init'], { env, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    const imported = spawnSync(process.execPath, [BIN, 'import', 'stackexchange', dump], { env, encoding: 'utf8' });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/663 questions/);
    importOutput = imported.stdout;
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
    // Nothing in the dump is from this week: the sidebar shows the most recently active questions instead.
    const sidebar = page.getByRole('heading', { name: 'Recently active questions' });
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recently active questions' }).getByRole('listitem')).toHaveCount(6);
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

  test('prints per file what was imported and skipped, and why', () => {
    expect(importOutput).toMatch(/PostHistory\.xml\s+imported 4, skipped 1/);
    expect(importOutput).toMatch(/1\s+history type 25 \(post tweeted\): no counterpart/);
    expect(importOutput).toMatch(/Votes\.xml\s+imported 1, skipped 1/);
    expect(importOutput).toMatch(/Badges\.xml\s+imported 1, skipped 1/);
  });

  test('shows the history, a duplicate, a tag description and badges from the dump', async ({ page, shot }) => {
    const login = await (await page.request.post(`${site}/answer/api/v1/user/login/email`, { data: { e_mail: 'admin@example.com', pass: 'admin-password-1' } })).json();
    await page.goto(`${site}/`);
    await page.evaluate((token) => localStorage.setItem('quorum.token', token), login.data.access_token as string);
    const idOf = async (title: string) => {
      const found = await (await page.request.get(`${site}/answer/api/v1/search?q=${encodeURIComponent(title)}&size=5`)).json();
      return (found.data.list as { object_type: string; object: { id: string; title: string } }[]).find((h) => h.object_type === 'question' && h.object.title === title)!.object.id;
    };

    const citra = await idOf('What is a citra hop, and how does it differ from other hops?');
    await page.goto(`${site}/posts/${citra}/timeline`);
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
    const edited = page.locator('li[data-activity="edited"]');
    await expect(edited).toContainText('Clearer title');
    await expect(edited).toContainText('Hop Editor');
    await expect(page.locator('li[data-activity="asked"]')).toContainText('Citra Fan');
    await shot('imported revision history in the timeline');

    const duplicate = await idOf('What styles of beer can you age?');
    const original = await idOf('At what point/percentage can beer properly "age"?');
    await page.goto(`${site}/questions/${duplicate}`);
    await expect(page.getByText('a duplicate', { exact: true })).toBeVisible();
    // The close notice links the original by its title (the sidebar may list it too, as a linked question).
    await expect(page.getByRole('alert').getByRole('link', { name: 'At what point/percentage can beer properly "age"?' })).toHaveAttribute('href', new RegExp(`/questions/${original}(/|$)`));
    await shot('imported duplicate with its close notice');

    await page.goto(`${site}/tags/poland/info`);
    await expect(page.getByText('Questions about Polish beers, as well as about beer consumption/availability in Poland.')).toBeVisible();
    await shot('imported tag description');

    await page.goto(`${site}/users/citra-fan`);
    // Stack Exchange's "Student" is Quorum's "Curious" (a first question).
    await expect(page.getByTestId('profile-badges')).toContainText('Curious');
    await shot('imported badge on a profile');
  });
});
