/**
 * Test support: one more app node in its own OS process. Opens the installed site of a data directory (the
 * same database as the test's app), runs mail job passes at the given time and its mail worker until the
 * outbox has nothing due, prints the pass results as JSON and exits.
 * Usage: tsx test/mail-jobs-node.ts <data dir> <now (unix seconds)> <passes>
 */
import { buildApp } from '../src/app.js';
import { mailWorker } from '../src/modules/mail/index.js';
import { runMailJobs } from '../src/modules/digest/index.js';

const [dataDir, now, passes] = process.argv.slice(2);
const app = await buildApp({ dataDir: dataDir!, rateLimit: false });
const results = [];
for (let i = 0; i < Number(passes || 1); i++) results.push(await runMailJobs(app.quorum, Number(now)));
await mailWorker(app.quorum)?.runOnce();
await app.close();
process.stdout.write(JSON.stringify(results));
