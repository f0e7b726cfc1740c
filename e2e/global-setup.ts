/**
 * Starts `quorum run` on a free port with a fresh, empty data directory (so the installer is served) and
 * waits until GET /answer/api/v1/siteinfo answers. The returned function stops the server and removes the
 * directory. Set QUORUM_E2E_BASE_URL to test a server that is already running instead.
 * The server's output is kept in e2e/artifacts/server.log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(E2E_DIR, '..');
const ARTIFACTS = path.join(E2E_DIR, 'artifacts');
const START_TIMEOUT_MS = 60_000;

/** A TCP port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls siteinfo until it answers, the server exits, or the time is up. */
async function waitUntilUp(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Quorum server exited with code ${child.exitCode}; see e2e/artifacts/server.log`);
    try {
      const res = await fetch(`${baseURL}/answer/api/v1/siteinfo`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Quorum server did not answer within ${START_TIMEOUT_MS / 1000}s (${last}); see e2e/artifacts/server.log`);
}

/** Stops the child: SIGTERM, then SIGKILL after a grace period. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(ARTIFACTS, { recursive: true });
  if (process.env.QUORUM_E2E_BASE_URL) return async () => {};

  if (!existsSync(path.join(REPO_ROOT, 'packages/web/dist/client'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first (or `npm run test:e2e` from the repository root)');
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-e2e-'));
  const log = createWriteStream(path.join(ARTIFACTS, 'server.log'));
  const child = spawn(process.execPath, ['packages/server/bin/quorum.js', 'run'], {
    cwd: REPO_ROOT,
    // Rate limits off: the specs register many users from one address within a minute.
    env: { ...process.env, QUORUM_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL || 'warn', QUORUM_RATE_LIMIT: 'off',
      // The browser reaches the server over loopback as if through a local reverse proxy, so a spec can act as its
      // own client address with X-Forwarded-For (20-accounts.spec.ts).
      QUORUM_TRUSTED_PROXIES: 'loopback',
      // The right-to-left pseudo-locale (ar-XB) is served only when asked for (85-rtl.spec.ts).
      QUORUM_PSEUDO_LOCALE: 'on',
      // Webhooks may reach the specs' receivers on 127.0.0.1 (86-integrations.spec.ts).
      QUORUM_WEBHOOK_ALLOW_PRIVATE: 'on' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });

  const cleanup = async () => {
    await stop(child);
    log.end();
    if (process.env.QUORUM_E2E_KEEP_DATA) console.log(`Quorum e2e data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(baseURL, child);
  } catch (err) {
    await cleanup();
    throw err;
  }
  // Workers inherit the environment of the runner, which is set here before they start.
  process.env.QUORUM_E2E_BASE_URL = baseURL;
  process.env.QUORUM_E2E_DATA_DIR = dataDir;
  return cleanup;
}
