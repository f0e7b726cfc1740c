#!/usr/bin/env node
/**
 * Per-page budgets of the JavaScript a public page loads before it is interactive, from the Vite manifest of the
 * client build: the entry chunk, the page's route chunk(s) and the strings files that page waits for (the lazily
 * loaded en_US files its `withStrings` names, lib/i18n.ts), each with every chunk it imports statically. Those are the
 * files the server names in the page's `<link rel="modulepreload">` tags (packages/server/src/modules/ssr/
 * ssr.renderer.ts) and the client awaits before hydrating (app/pages.ts).
 *
 * Sizes are brotli at quality 11 — the `.br` copies scripts/precompress.mjs writes and the server sends to every
 * browser that accepts brotli — with gzip level 9 printed beside them. 1 KB = 1024 bytes. Budgets sit just above
 * what the build reaches (docs/BENCHMARKS.md, "First-load JavaScript"): React 19, react-dom, react-router,
 * TanStack Query and i18next alone are ~91 KB brotli (~105 KB gzip), so the 80/90 KB cannot be met by
 * splitting the app's own code (a trial on preact/compat met them for five of the pages: same section).
 *
 * Usage: node scripts/bundle-size.mjs [--json] [--dir <client build>]   (default dist/client) Exits 1 when a page is over its budget, 2 when the build or a
 * page's route module is missing from the manifest (a renamed page must be renamed here too).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dirArg = process.argv.indexOf('--dir');
const root = dirArg > 0 ? process.argv[dirArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');

/** The manifest key of the lazily loaded en_US strings file `name` (lib/i18n.ts `withStrings`). */
const strings = (name) => `../../i18n/en_US/${name}.yaml`;

/**
 * The public pages: their route module(s) and the strings files they hydrate with (manifest keys; as in
 * app/routes.tsx), and the budget in KB of brotli (the preact/compat build, vite.config.ts). The question page's
 * budget is the 90 KB target and the list pages' the 80 KB target where the page meets it; a page over it has a
 * budget ~1.5 KB above its measured figure (docs/BENCHMARKS.md, "First-load JavaScript").
 */
const PAGES = [
  { page: 'question page', path: '/questions/:id', modules: ['src/features/questions/QuestionPage.tsx', strings('ui-wiki')], budget: 90 },
  { page: 'question list', path: '/', modules: ['src/features/questions/QuestionListPage.tsx', strings('ui-people'), strings('ui-tags')], budget: 82 },
  { page: 'tags', path: '/tags', modules: ['src/features/tags/TagsPage.tsx', strings('ui-tags')], budget: 80 },
  { page: 'users', path: '/users', modules: ['src/features/users/UserListPage.tsx', strings('ui-members')], budget: 80 },
  { page: 'tag page', path: '/tags/:name', modules: ['src/features/tags/TagPage.tsx', strings('ui-tags')], budget: 81.5 },
  { page: 'profile', path: '/users/:name', modules: ['src/features/users/ProfilePage.tsx', strings('ui-people'), strings('ui-badges'), strings('ui-review')], budget: 83 },
  { page: 'search', path: '/search', modules: ['src/features/search/SearchPage.tsx', strings('ui-tags')], budget: 86 },
  { page: 'login', path: '/users/login', modules: ['src/features/auth/LoginPage.tsx', strings('ui-account'), strings('ui-auth'), strings('ui-plugins'), strings('server')], budget: 109 },
];

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

/** Adds `key` and every chunk it imports statically to `into`. */
function walk(key, into) {
  if (into.has(key)) return;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) walk(dep, into);
}

const sizes = new Map();
/** Brotli-11 and gzip-9 bytes of one output file (cached). */
function sizeOf(file) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = readFileSync(join(root, file));
    s = {
      br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length,
      gz: gzipSync(bytes, { level: 9 }).length,
    };
    sizes.set(file, s);
  }
  return s;
}

const kb = (n) => (n / 1024).toFixed(1);
const results = [];
let missing = false;
for (const page of PAGES) {
  const keys = new Set();
  walk(entryKey, keys);
  for (const key of page.modules) {
    if (!manifest[key]) {
      console.error(`${page.page}: ${key} is not a chunk of the build (renamed, or no longer split off?).`);
      missing = true;
    }
    walk(key, keys);
  }
  const files = [...keys].map((k) => manifest[k]?.file).filter((f) => f?.endsWith('.js'));
  const total = files.reduce((acc, f) => ({ br: acc.br + sizeOf(f).br, gz: acc.gz + sizeOf(f).gz }), { br: 0, gz: 0 });
  results.push({ ...page, files: files.length, br: total.br, gz: total.gz });
}
if (missing) process.exit(2);

if (process.argv.includes('--json')) console.log(JSON.stringify(results.map(({ page, path, files, br, gz, budget }) => ({ page, path, files, brKB: +kb(br), gzKB: +kb(gz), budgetKB: budget }))));
else {
  console.log(`${'page'.padEnd(16)}${'path'.padEnd(17)}${'files'.padStart(6)}${'brotli KB'.padStart(11)}${'gzip KB'.padStart(9)}${'budget'.padStart(8)}`);
  for (const r of results) console.log(`${r.page.padEnd(16)}${r.path.padEnd(17)}${String(r.files).padStart(6)}${kb(r.br).padStart(11)}${kb(r.gz).padStart(9)}${String(r.budget).padStart(8)}`);
}
const over = results.filter((r) => r.br / 1024 > r.budget);
for (const r of over) console.error(`${r.page} (${r.path}): ${kb(r.br)} KB brotli, over its budget of ${r.budget} KB by ${kb(r.br - r.budget * 1024)} KB.`);
if (over.length) process.exit(1);
