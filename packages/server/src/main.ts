/**
 * The `quorum` command line: run | init | upgrade | import.
 * Data directory: --data-dir, else QUORUM_DATA_DIR, else ./data. Port: PORT, else 9080.
 */
import { Command } from 'commander';
import { buildApp } from './app.js';
import { dbConfigFromEnv, readConfig, resolveDataDir, resolvePort } from './config/config.js';
import { openDb, pendingMigrations, migrateToLatest, IdGenerator } from './core/db/index.js';
import { installSite } from './modules/install/index.js';

const program = new Command();
program.name('quorum').description('Quorum community question-and-answer server').option('-d, --data-dir <dir>', 'data directory (default: $QUORUM_DATA_DIR or ./data)');

function dataDir(): string {
  return resolveDataDir(program.opts<{ dataDir?: string }>().dataDir);
}

/** Installs from the environment (answer-compat.md "Installer calls"): AUTO_INSTALL=true and the DB_*, ADMIN_*, SITE_* variables. */
function autoInstallInput(port: number) {
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
  .action(async () => {
    const dir = dataDir();
    const port = resolvePort(readConfig(dir));
    // QUORUM_RATE_LIMIT=off turns request rate limits off (automated browser tests register many users at once).
    const app = await buildApp({ dataDir: dir, logger: { level: process.env.LOG_LEVEL || 'info' }, rateLimit: process.env.QUORUM_RATE_LIMIT !== 'off' });
    const ctx = app.quorum;
    if (!ctx.installed && process.env.AUTO_INSTALL === 'true') {
      await installSite(ctx, autoInstallInput(port));
      app.log.info('installed from the environment (AUTO_INSTALL)');
    }
    const stop = async () => {
      await app.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await app.listen({ port, host: process.env.HOST || '0.0.0.0' });
    app.log.info(ctx.installed ? `Quorum is running at http://localhost:${port}` : `Quorum is not installed yet: open http://localhost:${port}/install`);
  });

program
  .command('init')
  .description('install from the environment without starting the server (DB_TYPE, DB_FILE, ADMIN_NAME, ADMIN_PASSWORD, ADMIN_EMAIL, SITE_NAME, SITE_URL ...)')
  .action(async () => {
    const app = await buildApp({ dataDir: dataDir() });
    try {
      if (app.quorum.installed) {
        console.log(`${dataDir()} is already installed.`);
        return;
      }
      await installSite(app.quorum, autoInstallInput(resolvePort(null)));
      console.log(`Installed into ${dataDir()}.`);
    } finally {
      await app.close();
    }
  });

program
  .command('upgrade')
  .description('apply pending database migrations')
  .action(async () => {
    const dir = dataDir();
    const cfg = readConfig(dir);
    if (!cfg) throw new Error(`${dir} has no config file: install first`);
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
  .argument('<format>', 'stackexchange')
  .argument('<dir>', 'directory of the data dump (Posts.xml, optionally Users.xml and Comments.xml)')
  .action(async (format: string, dir: string) => {
    if (format !== 'stackexchange') throw new Error(`unknown import format "${format}" (supported: stackexchange)`);
    const dataDirectory = dataDir();
    const cfg = readConfig(dataDirectory);
    if (!cfg) throw new Error(`${dataDirectory} is not installed: run \`quorum run\` and finish /install, or \`quorum init\`, first`);
    const db = await openDb(cfg.database, dataDirectory);
    try {
      const { runImportCli } = await import('./modules/import/index.js');
      await runImportCli(db, new IdGenerator(db), dir);
    } finally {
      await db.close();
    }
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
