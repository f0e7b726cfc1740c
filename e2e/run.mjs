#!/usr/bin/env node
/**
 * `npm test` of the browser tests: runs `playwright test` (arguments passed through) when Chromium is there.
 * Without it (not at /usr/bin/chromium, or CHROMIUM_PATH) the tests are skipped with one line saying how to
 * install it — as the PostgreSQL and MariaDB legs of the HTTP tests do — except with CI=true, where a missing
 * browser fails the run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const reason = `Chromium not found at ${chromium}; install it with \`apt-get install chromium fonts-wqy-zenhei\` (Debian) or point CHROMIUM_PATH at it`;
  if (process.env.CI === 'true') {
    console.error(`${reason} (CI=true requires the browser tests)`);
    process.exit(1);
  }
  console.warn(`skipping the browser tests: ${reason}`);
  process.exit(0);
}

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
