#!/usr/bin/env node
// Entry of the `quorum` command. Runs the bundled server (dist/main.js, made by `npm run build`) when it is
// newer than every source file; otherwise loads the TypeScript sources through tsx, so a fresh checkout and
// a developer's edits always run the current code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'dist', 'main.js');

function newestSource(dir, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(p, newest);
    else if (/\.(ts|mjs)$/.test(entry.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

function bundleIsCurrent() {
  if (process.env.QUORUM_FROM_SOURCE === '1' || !existsSync(bundle)) return false;
  const built = statSync(bundle).mtimeMs;
  return built >= newestSource(path.join(here, '..', 'src')) && built >= newestSource(path.join(here, '..', '..', 'contract', 'src'));
}

if (bundleIsCurrent()) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
