#!/usr/bin/env node
/**
 * Dependency audit that works without npm's advisory service (which this project's machines cannot reach:
 * `npm audit` answers "405 Method Not Allowed" from the registry mirror, see docs/SECURITY.md).
 *
 * What it does, from the installed tree (`npm ls --omit=dev --all --long --json`):
 * - licences: every production package's licence, checked against the allowed list below; an unknown or
 *   disallowed licence fails the run (exit 1) — offline, runs in `npm test`;
 * - `--registry`: asks the registry (through npm's own client) whether any installed production version is
 *   deprecated — the registry's metadata carries the maintainers' deprecation notices, which for security
 *   fixes name the advisory — and tries `npm audit` once, reporting plainly when its endpoint is unavailable;
 * - `--write`: writes the table to docs/DEPENDENCIES.md.
 *
 * Usage: node scripts/deps-audit.mjs [--registry] [--write]
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

/** SPDX identifiers whose terms fit an Apache-2.0 project shipped as source and as a server. */
const ALLOWED = new Set(['MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'Apache-2.0', 'BlueOak-1.0.0', 'PSF-2.0', 'CC0-1.0', 'Unlicense', 'Python-2.0', 'CC-BY-4.0']);
/** Packages allowed with another licence, and why. */
const EXCEPTIONS = {
  '@img/sharp-libvips-linux-x64': 'LGPL-3.0-or-later: libvips, a shared library loaded by sharp at run time (dynamic linking; unmodified)',
  '@img/sharp-libvips-linuxmusl-x64': 'LGPL-3.0-or-later: as above, for musl systems',
};

/** True when an SPDX expression is satisfied by allowed licences (OR: any side; AND: every side). */
function allowed(expr) {
  const e = expr.replace(/[()]/g, ' ').trim();
  if (/\sOR\s/.test(e)) return e.split(/\s+OR\s+/).some((p) => allowed(p));
  if (/\sAND\s/.test(e)) return e.split(/\s+AND\s+/).every((p) => allowed(p));
  return ALLOWED.has(e) || e === 'WTFPL';
}

/** The licence of an installed package: its package.json `license` (string or legacy object/array). */
function licenceOf(node) {
  let lic = node.license;
  if (!lic && node.path) {
    try {
      lic = JSON.parse(readFileSync(path.join(node.path, 'package.json'), 'utf8')).license;
    } catch {
      lic = undefined;
    }
  }
  if (lic && typeof lic === 'object') lic = Array.isArray(lic) ? lic.map((l) => l.type ?? l).join(' OR ') : lic.type;
  return typeof lic === 'string' ? lic : 'UNKNOWN';
}

async function productionTree() {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--long', '--json'], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 }).catch((err) => {
    // npm ls exits 1 on peer-dependency warnings but still prints the tree.
    if (err.stdout) return { stdout: err.stdout };
    throw err;
  });
  const packages = new Map();
  const walk = (node) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (!child.version || child.resolved?.startsWith('file:') || /^packages\/|^e2e$/.test(child.resolved ?? '')) {
        walk(child);
        continue;
      }
      const key = `${name}@${child.version}`;
      if (packages.has(key)) continue;
      packages.set(key, { name, version: child.version, licence: licenceOf(child) });
      walk(child);
    }
  };
  walk(JSON.parse(stdout));
  return [...packages.values()].filter((p) => !p.name.startsWith('@quorum/')).sort((a, b) => a.name.localeCompare(b.name));
}

/** Deprecation notices of installed versions, asked through npm's client 8 at a time. */
async function deprecations(pkgs) {
  const out = new Map();
  let next = 0;
  const worker = async () => {
    while (next < pkgs.length) {
      const p = pkgs[next++];
      try {
        const { stdout } = await run('npm', ['view', `${p.name}@${p.version}`, 'deprecated', '--json'], { cwd: ROOT, timeout: 30_000 });
        const text = stdout.trim();
        if (text) out.set(`${p.name}@${p.version}`, JSON.parse(text));
      } catch {
        out.set(`${p.name}@${p.version}`, '(registry did not answer)');
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

async function tryNpmAudit() {
  try {
    const { stdout } = await run('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, timeout: 60_000 });
    const v = JSON.parse(stdout).metadata?.vulnerabilities ?? {};
    return `npm audit: ${JSON.stringify(v)}`;
  } catch (err) {
    const text = `${err.stdout ?? ''}${err.stderr ?? ''}`;
    if (/audit endpoint returned an error|405|ENOTFOUND|ECONNREFUSED|ETIMEDOUT/.test(text)) return 'npm audit: the advisory endpoint is not available from this machine (no vulnerability data)';
    try {
      return `npm audit: ${JSON.stringify(JSON.parse(err.stdout).metadata?.vulnerabilities ?? {})}`;
    } catch {
      return `npm audit failed: ${text.split('\n').find((l) => l.includes('error')) ?? 'unknown error'}`;
    }
  }
}

const pkgs = await productionTree();
const bad = pkgs.filter((p) => !allowed(p.licence) && !EXCEPTIONS[p.name]);
const counts = {};
for (const p of pkgs) counts[p.licence] = (counts[p.licence] ?? 0) + 1;
console.log(`${pkgs.length} production packages; licences: ${Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', ')}`);
for (const p of pkgs) if (EXCEPTIONS[p.name]) console.log(`allowed by exception: ${p.name}@${p.version} — ${EXCEPTIONS[p.name]}`);

let deprecated = new Map();
let auditLine = '';
if (args.has('--registry')) {
  deprecated = await deprecations(pkgs);
  for (const [k, v] of deprecated) console.log(`deprecated: ${k} — ${v}`);
  if (!deprecated.size) console.log('deprecated: none of the installed production versions');
  auditLine = await tryNpmAudit();
  console.log(auditLine);
}

if (args.has('--write')) {
  const rows = pkgs.map((p) => `| ${p.name} | ${p.version} | ${p.licence} | ${deprecated.get(`${p.name}@${p.version}`) ?? ''} |`);
  const doc = [
    '# Production dependencies',
    '',
    'Generated by `node scripts/deps-audit.mjs --registry --write` (see docs/SECURITY.md, "Dependencies"). Every',
    'package that `npm ls --omit=dev` installs for the server and the web build, with its licence and, when the',
    "registry marks the installed version deprecated, the maintainers' notice.",
    '',
    `${pkgs.length} packages. ${auditLine || 'Registry checks not run.'}`,
    '',
    '| package | version | licence | deprecation notice |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(path.join(ROOT, 'docs', 'DEPENDENCIES.md'), doc);
  console.log('wrote docs/DEPENDENCIES.md');
}

if (bad.length) {
  for (const p of bad) console.error(`licence not allowed: ${p.name}@${p.version} (${p.licence})`);
  process.exit(1);
}
console.log('licences: all allowed');
