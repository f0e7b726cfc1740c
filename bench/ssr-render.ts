/**
 * Time of React's part of a server-rendered question page, for comparing SSR builds: takes the data the server
 * embeds in BENCH_PAGES question pages of an installed site (BENCH_DATA_DIR), then renders each page with every
 * SSR entry given on the command line, alternating builds, and prints the median and mean milliseconds per render
 * and how many renders differ from the first build's markup (en_US and zh_CN).
 *
 *   BENCH_DATA_DIR=/tmp/site npx tsx bench/ssr-render.ts packages/web/dist/server/entry-server.js /path/to/other/entry-server.js
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../packages/server/src/app.js';
import { get } from './lib.js';
import { questionPages } from './pages.js';

type Render = (input: { url: string; lang: string; data: Record<string, unknown> }) => { html: string };

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  const entries = process.argv.slice(2);
  if (!dataDir || !entries.length) throw new Error('usage: BENCH_DATA_DIR=<installed site> tsx bench/ssr-render.ts <entry-server.js>...');
  const app = await buildApp({ dataDir, rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const pages: Array<{ url: string; data: Record<string, unknown> }> = [];
  for (const page of await questionPages(app, PAGES)) {
    const html = (await get(`${base}${page.path}`)).body;
    const m = /window\.__QUORUM_DATA__=(.*?);window\.__QUORUM_LANG__/.exec(html);
    if (!m) throw new Error(`no embedded data in ${page.path}`);
    pages.push({ url: page.path, data: JSON.parse(m[1]!) as Record<string, unknown> });
  }
  await app.close();
  const renders: Array<{ name: string; render: Render; times: number[] }> = [];
  for (const e of entries) renders.push({ name: e, render: ((await import(pathToFileURL(path.resolve(e)).href)) as { render: Render }).render, times: [] });
  // Every build must produce the same markup as the first one (in both languages).
  let differing = 0;
  for (const p of pages) {
    for (const lang of ['en_US', 'zh_CN']) {
      const first = renders[0]!.render({ url: p.url, lang, data: p.data }).html;
      for (const r of renders.slice(1)) if (r.render({ url: p.url, lang, data: p.data }).html !== first) differing++;
    }
  }
  console.log(`markup differing from the first build: ${differing} of ${pages.length * 2 * (renders.length - 1)} renders`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of pages) {
      for (const r of renders) {
        const t = performance.now();
        r.render({ url: p.url, lang: 'en_US', data: p.data });
        r.times.push(performance.now() - t);
      }
    }
  }
  for (const r of renders) {
    const sorted = [...r.times].sort((a, b) => a - b);
    const mean = r.times.reduce((a, b) => a + b, 0) / r.times.length;
    console.log(`${r.name}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms, mean ${mean.toFixed(2)} ms per render (${r.times.length} renders)`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
