/**
 * The `quorum` command line: run | init | demo | upgrade | import | backup | restore.
 * Data directory: --data-dir, else QUORUM_DATA_DIR, else ./data. Port: PORT, else 9080.
 * `run --workers N` (default QUORUM_WORKERS, else the number of cores) serves from N processes (cluster.ts).
 */
import cluster from 'node:cluster';
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { resolveWorkers, runPrimary } from './cluster.js';
import { configPath, databaseInEnv, resolveDataDir } from './config/paths.js';

// Everything else is imported where it is used: the primary process of `run --workers N` only forks, relays and
// restarts (cluster.ts), so it loads no config schema, database layer or application code (docs/OPERATIONS.md
// "Memory"); one-off work that needs them runs in a child process (`prepare`).
const loadApp = () => import('./app.js');
const loadInstall = () => import('./modules/install/index.js');
const loadDb = () => import('./core/db/index.js');
const loadConfig = () => import('./config/config.js');

const program = new Command();
program.name('quorum').description('Quorum community question-and-answer server').option('-d, --data-dir <dir>', 'data directory (default: $QUORUM_DATA_DIR or ./data)');

function dataDir(): string {
  return resolveDataDir(program.opts<{ dataDir?: string }>().dataDir);
}

/** Installs from the environment (answer-compat.md "Installer calls"): AUTO_INSTALL=true and the DB_*, ADMIN_*, SITE_* variables. */
async function autoInstallInput(port: number) {
  const { dbConfigFromEnv } = await loadConfig();
  const env = process.env;
  const missing = ['ADMIN_NAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`AUTO_INSTALL=true needs ${missing.join(', ')}`);
  return {
    db: dbConfigFromEnv(env),
    lang: env.LANGUAGE || 'en_US',
    site_name: env.SITE_NAME || 'Quorum',
    site_url: env.SITE_URL || `http://localhost:${port}`,
    contact_email: env.CONTACT_EMAIL || env.ADMIN_EMAIL!,
    login_required: env.LOGIN_REQUIRED === 'true',
    admin: { name: env.ADMIN_NAME!, email: env.ADMIN_EMAIL!, password: env.ADMIN_PASSWORD! },
  };
}

program
  .command('run')
  .description('start the server (on a data directory that is not installed yet, the installer is served at /install)')
  .option('-w, --workers <n>', 'server processes sharing the port (default: $QUORUM_WORKERS, else the number of cores)')
  .action(async (opts: { workers?: string }) => {
    const dir = dataDir();
    const workers = resolveWorkers(opts.workers);
    if (cluster.isPrimary && workers > 1) {
      const say = (msg: string) => console.log(`[quorum] ${msg}`);
      // A restore that did not finish is finished or undone (modules/backup), and AUTO_INSTALL installs, once,
      // before any worker starts, in a child process: the primary stays free of the app.
      const { restorePending } = await import('./modules/backup/backup.journal.js');
      if (restorePending(dir) || (!existsSync(configPath(dir)) && process.env.AUTO_INSTALL === 'true')) await prepareInChild(dir);
      // Configured: a config file, or the database named by DB_TYPE ... (a node that joins an installed site).
      if (existsSync(configPath(dir)) || databaseInEnv()) {
        say(`starting ${workers} worker processes (--workers or QUORUM_WORKERS to change)`);
        runPrimary(workers, say);
        return;
      }
      say('not installed yet: serving the installer in one process; restart after installing to run several workers');
    }
    const { readConfig, resolvePort } = await loadConfig();
    await serve(dir, resolvePort(readConfig(dir)), cluster.isWorker);
  });

/** Runs `quorum prepare` on `dir` in a child process and waits for it. @throws Error when it fails */
function prepareInChild(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, ['--data-dir', dir, 'prepare'], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing ${dir} failed (exit code ${code})`))));
  });
}

/**
 * Finishes or undoes a restore of `dir` that did not end (modules/backup/backup.recovery.ts), saying so in one
 * line, before a command reads or changes the database: migrating or importing into a half-restored database
 * would make the undo put back content the command never saw.
 * @throws Error when another process is restoring, or the undo fails (the command must not go on)
 */
async function recoverFirst(dir: string): Promise<void> {
  const { finishUnfinishedRestore } = await import('./modules/backup/backup.recovery.js');
  await finishUnfinishedRestore(dir, (msg) => console.log(`[quorum] ${msg}`));
}

program
  .command('prepare', { hidden: true })
  .description('finish or undo an interrupted restore, then install from the environment when AUTO_INSTALL=true and not installed (what `run` does before starting its workers)')
  .action(async () => {
    const dir = dataDir();
    await recoverFirst(dir);
    const { readConfig, resolvePort } = await loadConfig();
    if (!existsSync(configPath(dir)) && process.env.AUTO_INSTALL === 'true') await autoInstall(dir, resolvePort(readConfig(dir)));
  });

/**
 * Serves the site in this process until SIGTERM or SIGINT, then drains: the server stops accepting connections,
 * answers 503 to new requests on open ones, lets in-flight requests finish (at most QUORUM_SHUTDOWN_SECONDS,
 * default 25) and stops background work with a last flush of view counts.
 * @param worker true in a `--workers` worker: joins the cache and event relay of cluster.ts
 */
async function serve(dir: string, port: number, worker: boolean): Promise<void> {
  // QUORUM_RATE_LIMIT=off turns request rate limits off (automated browser tests register many users at once).
  const { buildApp } = await loadApp();
  const app = await buildApp({ dataDir: dir, logger: { level: process.env.LOG_LEVEL || 'info' }, rateLimit: process.env.QUORUM_RATE_LIMIT !== 'off' });
  const ctx = app.quorum;
  if (!ctx.installed && process.env.AUTO_INSTALL === 'true') {
    await (await loadInstall()).installSite(ctx, await autoInstallInput(port));
    app.log.info('installed from the environment (AUTO_INSTALL)');
  } else if (!worker && process.env.AUTO_INSTALL === 'true' && !existsSync(configPath(dir))) {
    console.log(joinedLine(ctx.config?.database));
  }
  if (worker) (await import('./cluster.worker.js')).joinCluster(app, process.env.QUORUM_REDIS_URL || undefined);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const seconds = Number(process.env.QUORUM_SHUTDOWN_SECONDS || 25);
    app.log.info(`${signal}: finishing in-flight requests (at most ${seconds} s)`);
    setTimeout(() => {
      app.log.warn(`requests still running after ${seconds} s: exiting`);
      process.exit(1);
    }, seconds * 1000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  const host = process.env.HOST || '0.0.0.0';
  // Fastify's own "Server listening at" lines (one per address, per worker) give way to the one summary below.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port, host });
  app.log.level = level;
  if (worker && cluster.worker?.id !== 1) return;
  const say = (msg: string) => console.log(`[quorum] ${msg}`);
  if (!ctx.installed) {
    say(`not installed yet: open http://localhost:${port}/install`);
    return;
  }
  say(`running at http://localhost:${port} (listening on ${host}:${port}${host === '0.0.0.0' ? '; HOST=127.0.0.1 for this machine only' : ''})`);
  say(`database: ${describeDatabase(ctx.config?.database)}; data directory ${dir}`);
}

/** `sqlite3 /data/quorum.db`, `postgres quorum@127.0.0.1:5432/quorum`: where the site's rows are, no password. */
function describeDatabase(db: { type: string; file?: string; host?: string; user?: string; name?: string } | undefined): string {
  if (!db) return 'none';
  if (db.type === 'sqlite3') return `SQLite ${db.file || 'quorum.db'}`;
  return `${db.type === 'postgres' ? 'PostgreSQL' : 'MySQL/MariaDB'} ${db.user ? `${db.user}@` : ''}${db.host || ''}/${db.name || ''}`;
}

/** The one line of AUTO_INSTALL on a database that is installed already: the node joins the site, nothing changes. */
function joinedLine(db: Parameters<typeof describeDatabase>[0]): string {
  return `[quorum] AUTO_INSTALL: ${describeDatabase(db)} is installed already: joined the site, nothing was changed`;
}

/** AUTO_INSTALL before the workers start: installs into `dir` in this process. */
async function autoInstall(dir: string, port: number): Promise<void> {
  const app = await (await loadApp()).buildApp({ dataDir: dir });
  try {
    if (app.quorum.installed) {
      console.log(joinedLine(app.quorum.config?.database));
      return;
    }
    await (await loadInstall()).installSite(app.quorum, await autoInstallInput(port));
    console.log('[quorum] installed from the environment (AUTO_INSTALL)');
  } finally {
    await app.close();
  }
}

program
  .command('init')
  .description('install from the environment without starting the server (DB_TYPE, DB_FILE, ADMIN_NAME, ADMIN_PASSWORD, ADMIN_EMAIL, SITE_NAME, SITE_URL ...)')
  .action(async () => {
    const app = await (await loadApp()).buildApp({ dataDir: dataDir() });
    try {
      if (app.quorum.installed) {
        console.log(`${dataDir()} is already installed.`);
        return;
      }
      await (await loadInstall()).installSite(app.quorum, await autoInstallInput((await loadConfig()).resolvePort(null)));
      console.log(`Installed into ${dataDir()}.`);
    } finally {
      await app.close();
    }
  });

program
  .command('demo')
  .description('install a demo site on SQLite into an empty data directory, filled with a community Quorum generates (people, questions, answers, comments, votes, tags)')
  .option('-q, --questions <n>', 'questions to generate (1-5000)', '200')
  .option('--seed <n>', 'seed of the generator: the same seed gives the same community')
  .action(async (opts: { questions: string; seed?: string }) => {
    const { runDemo } = await import('./modules/demo/index.js');
    const { readConfig, resolvePort } = await loadConfig();
    const dir = dataDir();
    await runDemo(dir, { questions: Number(opts.questions), seed: opts.seed === undefined ? undefined : Number(opts.seed) >>> 0, port: resolvePort(readConfig(dir)) });
  });

program
  .command('upgrade')
  .description('apply pending database migrations')
  .action(async () => {
    const dir = dataDir();
    const cfg = (await loadConfig()).readConfig(dir);
    if (!cfg) throw new Error(`${dir} has no config file: install first`);
    await recoverFirst(dir);
    const { openDb, pendingMigrations, migrateToLatest } = await loadDb();
    const db = await openDb(cfg.database, dir);
    try {
      const pending = await pendingMigrations(db);
      if (!pending.length) {
        console.log('The database is up to date.');
        return;
      }
      console.log(`Applying ${pending.length} migration(s): ${pending.join(', ')}`);
      await migrateToLatest(db);
      console.log('Done.');
    } finally {
      await db.close();
    }
  });

program
  .command('import')
  .description('import content from another site')
  .argument('<format>', 'stackexchange | answer')
  .argument('[dir]', 'stackexchange: directory of the data dump (Posts.xml, optionally Users.xml and Comments.xml)')
  .option('--db <dsn>', 'answer: the Apache Answer database, a SQLite file or a postgres:// or mysql:// DSN')
  .option('--uploads <dir>', "answer: Answer's uploads directory, copied into this site's")
  .action(async (format: string, dir: string | undefined, opts: { db?: string; uploads?: string }) => {
    if (format === 'answer') {
      if (!opts.db) throw new Error('quorum import answer needs --db <DSN or SQLite file>');
      const dataDirectory = dataDir();
      const cfg = (await loadConfig()).readConfig(dataDirectory);
      if (!cfg) throw new Error(`${dataDirectory} is not installed: run \`quorum run\` and finish /install, or \`quorum init\`, first`);
      await recoverFirst(dataDirectory);
      const { openDb, IdGenerator } = await loadDb();
      const db = await openDb(cfg.database, dataDirectory);
      try {
        const { runAnswerImportCli } = await import('./modules/answer-import/index.js');
        await runAnswerImportCli(db, new IdGenerator(db), opts.db, { uploads: opts.uploads, dataDir: dataDirectory });
      } finally {
        await db.close();
      }
      return;
    }
    if (format !== 'stackexchange') throw new Error(`unknown import format "${format}" (supported: stackexchange, answer)`);
    if (!dir) throw new Error('quorum import stackexchange needs the dump directory');
    const dataDirectory = dataDir();
    const cfg = (await loadConfig()).readConfig(dataDirectory);
    if (!cfg) throw new Error(`${dataDirectory} is not installed: run \`quorum run\` and finish /install, or \`quorum init\`, first`);
    await recoverFirst(dataDirectory);
    const { openDb, IdGenerator } = await loadDb();
    const db = await openDb(cfg.database, dataDirectory);
    try {
      const { runImportCli } = await import('./modules/import/index.js');
      await runImportCli(db, new IdGenerator(db), dir);
    } finally {
      await db.close();
    }
  });

program
  .command('backup')
  .description('write a backup (database in an engine-neutral form, with the uploads) while the site keeps serving')
  .option('-o, --output <file>', 'backup file (default: quorum-<date>-<time>.backup.gz in the current directory)')
  .action(async (opts: { output?: string }) => {
    const { runBackupCli } = await import('./modules/backup/backup.cli.js');
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    await runBackupCli(dataDir(), opts.output || `quorum-${stamp}.backup.gz`);
  });

program
  .command('restore')
  .description('restore a backup into the configured database (any engine; on a data directory not installed yet, DB_TYPE, DB_FILE, DB_HOST ... as for init)')
  .argument('<file>', 'backup file written by `quorum backup` or the admin console')
  .option('--force', 'replace the content of a database that is not empty')
  .action(async (file: string, opts: { force?: boolean }) => {
    const { runRestoreCli } = await import('./modules/backup/backup.cli.js');
    await runRestoreCli(dataDir(), file, opts);
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
