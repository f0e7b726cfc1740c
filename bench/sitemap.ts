/**
 * `npx tsx bench/sitemap.ts`: sitemap generation at scale. Builds a SQLite site of BENCH_QUESTIONS questions
 * (default 120,000, no answers) by importing a generated Stack Exchange dump, then times the sitemap index and
 * every sitemap file uncached (each file is one primary-key range read), checks every file against the
 * sitemap schema (packages/server/src/modules/sitemap/schema) and prints the numbers for docs/BENCHMARKS.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { buildApp } from '../packages/server/src/app.js';
import { installSite } from '../packages/server/src/modules/install/index.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { clearSitemapCache } from '../packages/server/src/modules/sitemap/index.js';
import { generateDump } from './generate.js';
import { machine } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 120_000);
const SCHEMA = path.join(ROOT, 'packages/server/src/modules/sitemap/schema');

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-sitemap-'));
  try {
    const dataDir = path.join(tmp, 'data');
    const dumpDir = path.join(tmp, 'dump');
    mkdirSync(dumpDir, { recursive: true });
    generateDump(dumpDir, { questions: QUESTIONS, answersPerQuestion: 0, users: 2000, tags: 500 });
    const app = await buildApp({ dataDir, rateLimit: false });
    await installSite(app.quorum, { db: { type: 'sqlite3' }, lang: 'en_US', site_name: 'Bench', site_url: 'http://127.0.0.1', contact_email: 'bench@example.com', admin: { name: 'admin', email: 'admin@example.com', password: 'bench-pass-1' } });
    const summary = await importStackExchange(app.quorum.database!, app.quorum.ids!, dumpDir, {});
    console.log(`Imported ${summary.questions} questions, ${summary.tags} tags in ${summary.seconds} s`);
    const urlset = readFileSync(path.join(SCHEMA, 'sitemap.xsd'), 'utf8');
    const siteindex = readFileSync(path.join(SCHEMA, 'siteindex.xsd'), 'utf8');
    const timed = async (url: string) => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url });
      return { ms: performance.now() - t, body: res.body, status: res.statusCode };
    };
    clearSitemapCache(app.quorum);
    const index = await timed('/sitemap.xml');
    const files = [...index.body.matchAll(/<loc>http:\/\/127\.0\.0\.1(\/sitemap\/[^<]+)<\/loc>/g)].map((x) => x[1]!);
    console.log(`index: ${index.ms.toFixed(1)} ms, ${files.length} files`);
    const valid = async (xml: string, xsd: string) => (await validateXML({ xml: [{ fileName: 'f.xml', contents: xml }], schema: [{ fileName: 's.xsd', contents: xsd }] })).valid;
    if (!(await valid(index.body, siteindex))) throw new Error('the index is not valid');
    let urls = 0;
    let total = index.ms;
    for (const file of files) {
      const r = await timed(file);
      const count = (r.body.match(/<url>/g) ?? []).length;
      urls += count;
      total += r.ms;
      const ok = await valid(r.body, urlset);
      console.log(`${file}: ${r.ms.toFixed(0)} ms, ${count} URLs, ${(r.body.length / 2 ** 20).toFixed(1)} MB, ${ok ? 'valid' : 'INVALID'}`);
      if (!ok || count > 50_000) throw new Error(`${file} is not a valid sitemap of at most 50,000 URLs`);
    }
    const cachedStart = performance.now();
    await timed(files[0]!);
    console.log(`all files uncached: ${total.toFixed(0)} ms for ${urls} URLs; a cached file: ${(performance.now() - cachedStart).toFixed(1)} ms; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    await app.close();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
