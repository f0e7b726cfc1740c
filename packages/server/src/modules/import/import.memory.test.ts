/**
 * Memory of the import does not grow with PostHistory.xml (issue 16: "memory does not grow with the history
 * file"). Two imports of a generated Posts.xml (test/se-dump.ts: 220 questions, 330 answers), each in its own process (import.probe.ts), differ
 * only in a generated PostHistory.xml of 6,000 or 60,000 body edits (~2 KB each: ~12 MB against ~120 MB); the
 * peak RSS of the larger must grow by less than 50 MB, under half the ~108 MB the file grows by. Both run with the V8
 * heap capped at 128 MB: what the import keeps alive must fit, so an import holding on to history rows fails
 * outright; without the cap V8 lets garbage pile up longer when more is allocated (measured: 248 MB against 349 MB
 * peak RSS uncapped, 220 MB against 223 MB capped at 96 MB), which says nothing about what is retained. The young
 * generation is fixed too (semi-spaces of 8 MB): V8 grows it with the allocation rate, and on Node 24 that alone
 * moved the larger import's peak by 36-52 MB (measured 254/290, 256/303 MB; 210/194 and 206/189 MB with it fixed;
 * Node 20: 183/200 MB). Retaining 200 characters of each history row fails it. Memory, not time, is measured.
 * SQLite only: the streaming is the reader's and the writer's, the same on every engine.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../core/paths.js';
import { writeDump as writePosts } from '../../../test/se-dump.js';

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import.probe.ts');

/** Writes a dump whose PostHistory.xml holds the initial body of every post and then `edits` body edits. */
function writeDump(dir: string, edits: number): number {
  writePosts(dir, { questions: 220, users: 40 });
  const posts = Array.from(readFileSync(path.join(dir, 'Posts.xml'), 'utf8').matchAll(/<row Id="(\d+)" PostTypeId="[12]"/g), (m) => m[1]!);
  const fd = openSync(path.join(dir, 'PostHistory.xml'), 'w');
  const filler = 'Tamp evenly and brew at 93 degrees; '.repeat(56); // ~2 KB of body text
  const chunk: string[] = ['<?xml version="1.0" encoding="utf-8"?>\n<posthistory>\n'];
  const out = () => {
    writeSync(fd, chunk.join(''));
    chunk.length = 0;
  };
  let id = 0;
  for (const p of posts) chunk.push(`  <row Id="${++id}" PostHistoryTypeId="2" PostId="${p}" RevisionGUID="i${p}" CreationDate="2015-01-27T20:00:00.000" UserId="7" Text="first ${p}" />\n`);
  for (let e = 0; e < edits; e++) {
    const p = posts[e % posts.length]!;
    chunk.push(`  <row Id="${++id}" PostHistoryTypeId="5" PostId="${p}" RevisionGUID="e${e}" CreationDate="2015-02-01T10:00:00.000" UserId="${8 + (e % 50)}" Comment="edit ${e}" Text="${e} ${filler}" />\n`);
    if (chunk.length >= 1000) out();
  }
  chunk.push('</posthistory>\n');
  out();
  closeSync(fd);
  return statSync(path.join(dir, 'PostHistory.xml')).size;
}

function probe(dumpDir: string, dataDir: string): { peakRssMb: number; summary: { revisions: number } } {
  mkdirSync(dataDir, { recursive: true });
  const r = spawnSync(process.execPath, ['--max-old-space-size=128', '--max-semi-space-size=8', '--import', 'tsx', PROBE, dumpDir, dataDir], { encoding: 'utf8', cwd: REPO_ROOT, timeout: 240_000 });
  if (r.status !== 0) throw new Error(`probe failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { peakRssMb: number; summary: { revisions: number } };
}

const run = !process.env.QUORUM_TEST_DB || process.env.QUORUM_TEST_DB.split(',').includes('sqlite3');

describe.runIf(run)('import memory with a large PostHistory.xml (sqlite3)', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-import-mem-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('peak RSS stays flat when the history file is ten times larger', () => {
    const smallBytes = writeDump(path.join(tmp, 'small', 'mem.stackexchange.com'), 6_000);
    const small = probe(path.join(tmp, 'small', 'mem.stackexchange.com'), path.join(tmp, 'small-data'));
    rmSync(path.join(tmp, 'small'), { recursive: true, force: true });
    const largeBytes = writeDump(path.join(tmp, 'large', 'mem.stackexchange.com'), 60_000);
    const large = probe(path.join(tmp, 'large', 'mem.stackexchange.com'), path.join(tmp, 'large-data'));
    // Every edit became a revision (plus one initial revision per post) ...
    expect(small.summary.revisions).toBe(550 + 6_000);
    expect(large.summary.revisions).toBe(550 + 60_000);
    // ... from a file ~108 MB larger, with a peak RSS that moved by less than half of that.
    expect(largeBytes - smallBytes).toBeGreaterThan(100 * 2 ** 20);
    expect(large.peakRssMb - small.peakRssMb).toBeLessThan(50);
  }, 300_000);
});
