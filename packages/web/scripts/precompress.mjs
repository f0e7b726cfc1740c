#!/usr/bin/env node
/**
 * Post-build step of `npm run build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside
 * every text asset of the client build (.js .mjs .css .svg .json .html .txt .xml .map) of at least MIN_BYTES, so the
 * server sends them as they are (@fastify/static `preCompressed`) and never compresses an asset per request. A copy
 * that does not come out smaller than the file is not written (the server then sends the file itself).
 * Usage: node scripts/precompress.mjs [dir]   (default dist/client/assets, the files served under /assets/; subfolders too)
 * Prints the files, bytes before and after; exits 2 when the directory is missing.
 */
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this are left alone: one packet either way. */
const MIN_BYTES = 1024;
const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml', '.map']);

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client', 'assets');
if (!existsSync(root)) {
  console.error(`precompress: ${root} does not exist; run the client build first.`);
  process.exit(2);
}

/**
 * Every file under `dir` (recursively, skipping `.vite` folders), as absolute paths.
 * @param {string} dir
 * @returns {string[]}
 */
function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') out.push(...walk(file));
    } else if (entry.isFile()) out.push(file);
  }
  return out;
}

/**
 * Writes `target` when `data` is smaller than `size`, else removes a stale copy a previous build left.
 * @returns {number} the bytes written (0 when none)
 */
function writeIfSmaller(target, data, size) {
  if (data.length < size) {
    writeFileSync(target, data);
    return data.length;
  }
  if (existsSync(target)) unlinkSync(target);
  return 0;
}

let files = 0;
let before = 0;
let afterBr = 0;
let afterGz = 0;
for (const file of walk(root)) {
  if (!TEXT.has(extname(file))) continue;
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const gz = gzipSync(data, { level: 9 });
  const brBytes = writeIfSmaller(`${file}.br`, br, size);
  const gzBytes = writeIfSmaller(`${file}.gz`, gz, size);
  files += 1;
  before += size;
  afterBr += brBytes || size;
  afterGz += gzBytes || size;
  if (size >= 50 * 1024) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB -> br ${(brBytes / 1024).toFixed(1).padStart(6)} KB, gzip ${(gzBytes / 1024).toFixed(1).padStart(6)} KB  ${relative(root, file)}`);
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompress: ${files} files of ${kb(before)} -> brotli ${kb(afterBr)}, gzip ${kb(afterGz)}`);
