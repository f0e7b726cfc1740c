/**
 * `quorum demo`: a living site in one command, for a newcomer who wants to see the product before they have a
 * community of their own. Installs an empty data directory on SQLite (nothing else needed), then imports a
 * home-coffee community the project generates (demo.dump.ts: people, questions, answers, comments, votes, tags
 * with descriptions) through the Stack Exchange importer, so reputation, badges, counts and search are real.
 * The administrator is `admin@example.com` with ADMIN_PASSWORD or a generated password, printed once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app.js';
import { dbConfigFromEnv } from '../../config/config.js';
import { configPath } from '../../config/paths.js';
import { installSite } from '../install/index.js';
import { runImportCli } from '../import/index.js';
import { writeDemoDump } from './demo.dump.js';

/** What `quorum demo` was asked for. */
export interface DemoOptions {
  /** Questions to generate (1-5000; default 200). */
  questions?: number;
  /** Seed of the generator (default: a new one each time). */
  seed?: number;
  /** Port the site will be served on, for its URL (default 9080). */
  port?: number;
}

/** The administrator of a demo site. */
export const DEMO_ADMIN = { name: 'admin', email: 'admin@example.com' } as const;

/**
 * Installs the demo site into `dataDir` and fills it.
 * @returns the administrator's password
 * @throws Error when `dataDir` is already installed (a demo never touches an existing site) or the options are out
 *   of range
 */
export async function runDemo(dataDir: string, opts: DemoOptions = {}, out: NodeJS.WriteStream = process.stdout): Promise<{ password: string }> {
  const questions = opts.questions ?? 200;
  if (!Number.isInteger(questions) || questions < 1 || questions > 5000) throw new Error('--questions must be a whole number from 1 to 5000');
  if (existsSync(configPath(dataDir))) throw new Error(`${dataDir} is already installed: give \`quorum demo\` an empty data directory (--data-dir), it never changes an existing site`);
  const password = process.env.ADMIN_PASSWORD || randomBytes(9).toString('base64url');
  const port = opts.port ?? 9080;
  const app = await buildApp({ dataDir });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-demo-'));
  try {
    out.write(`Installing a demo site into ${dataDir} (SQLite) ...\n`);
    await installSite(app.quorum, {
      db: { ...dbConfigFromEnv({}), type: 'sqlite3' },
      lang: 'en_US',
      site_name: 'Home Coffee (Quorum demo)',
      site_url: `http://localhost:${port}`,
      contact_email: DEMO_ADMIN.email,
      login_required: false,
      admin: { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, password },
    });
    const dump = path.join(tmp, 'coffee.demo.quorum');
    const made = writeDemoDump(dump, { questions, people: Math.max(8, Math.min(400, Math.round(questions / 3))), seed: opts.seed ?? randomBytes(4).readUInt32LE(), now: Math.floor(Date.now() / 1000) });
    out.write(`Generated ${made.people} people, ${made.questions} questions, ${made.answers} answers, ${made.comments} comments and ${made.tags} tags.\n`);
    await runImportCli(app.quorum.database!, app.quorum.ids!, dump, out);
  } finally {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  out.write(
    `\nThe demo site is ready. Start it with\n  npx quorum run --data-dir ${dataDir}\nthen open http://localhost:${port} and log in as ${DEMO_ADMIN.email} with the password ${password}\n`,
  );
  return { password };
}
