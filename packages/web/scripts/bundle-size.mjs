#!/usr/bin/env node
/**
 * Prints the gzip size of the JavaScript a question page loads up front (the client entry chunk plus its
 * static imports, from the Vite manifest) and fails when it is over the budget.
 * Usage: node scripts/bundle-size.mjs [budgetKB]   (default 151 KB gzip: 150 until the web client named itself to
 * the server, X-Quorum-Client, and learned of logins from the CSRF cookie; route-level chunks are what brings it
 * down from here)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');
const budgetKB = Number(process.argv[2] ?? 151);

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(`No Vite manifest in ${root}/.vite; run "npm run build -w @quorum/web" first.`);
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}

/** Entry chunk plus every chunk reachable through static imports. */
const seen = new Set();
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) walk(dep);
};
walk(entryKey);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
const totalKB = total / 1024;
console.log(`${totalKB.toFixed(1).padStart(8)} KB  initial JS of the question page (gzip), budget ${budgetKB} KB`);
if (totalKB > budgetKB) {
  console.error(`Over budget by ${(totalKB - budgetKB).toFixed(1)} KB.`);
  process.exit(1);
}
