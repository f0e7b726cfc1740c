/**
 * Test support: the real Stack Exchange dumps (beer and coffee.stackexchange.com) that sit beside the repository
 * in `../shared/fixtures/stackexchange`, not in it. Tests that need them ask `haveFixtures()` first: without the
 * folder they skip with one line saying so, as the PostgreSQL and MariaDB legs do when their server is away;
 * with CI=true the folder is required, unless QUORUM_TEST_BARE=1 says the run is meant to have only the
 * repository (.ci/run's bare-clone leg). What the importer does on any dump is also tested on a generated one
 * (test/se-dump.ts), so a bare clone still tests it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/core/paths.js';

/** The folder of the real dumps. */
export const SE_FIXTURES = path.join(REPO_ROOT, '..', 'shared', 'fixtures', 'stackexchange');
/** beer.stackexchange.com: Posts.xml only (2,354 posts). */
export const BEER = path.join(SE_FIXTURES, 'beer.stackexchange.com');
/** coffee.stackexchange.com: the full dump (Posts, Users, Comments, PostHistory, Votes, PostLinks, Badges, Tags). */
export const COFFEE = path.join(SE_FIXTURES, 'coffee.stackexchange.com');

let said = false;

/**
 * True when the real dumps are there. Otherwise false, after one line on the console (once per test file).
 * @throws Error under CI=true without QUORUM_TEST_BARE=1: a CI run must test on the real data
 */
export function haveFixtures(): boolean {
  if (existsSync(path.join(BEER, 'Posts.xml')) && existsSync(path.join(COFFEE, 'Posts.xml'))) return true;
  const reason = `the Stack Exchange fixtures are not at ${SE_FIXTURES}`;
  if (process.env.CI === 'true' && process.env.QUORUM_TEST_BARE !== '1') throw new Error(`${reason} (CI=true requires them; QUORUM_TEST_BARE=1 marks a run on the repository alone)`);
  if (!said) console.warn(`skipping the tests on real Stack Exchange data: ${reason}`);
  said = true;
  return false;
}
