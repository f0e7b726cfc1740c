#!/usr/bin/env node
// `npm start`: builds the web interface and the server bundle only when a source is newer than the build (the
// first start, or after an edit or a pull), quietly, with the build's output shown only when it fails; then runs
// `quorum run` in this process's place (signals pass through, the exit code is the server's).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...p) => path.join(root, ...p);

/** Newest modification time (ms) of the files under each path; 0 for paths that do not exist. */
function newest(paths) {
  let t = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (!s.isDirectory()) {
      t = Math.max(t, s.mtimeMs);
      return;
    }
    for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') walk(path.join(p, e));
  };
  paths.forEach(walk);
  return t;
}

/** Oldest modification time (ms) of the given build outputs; 0 when one is missing. */
function oldest(files) {
  return files.every(existsSync) ? Math.min(...files.map((f) => statSync(f).mtimeMs)) : 0;
}

const shared = [at('packages/contract/src'), at('i18n'), at('plugins')];
const webCurrent = oldest([at('packages/web/dist/client/index.html'), at('packages/web/dist/server/entry-server.js')]) >= newest([at('packages/web/src'), at('packages/web/index.html'), at('packages/web/vite.config.ts'), at('packages/web/package.json'), ...shared]);
const serverCurrent = oldest([at('packages/server/dist/main.js')]) >= newest([at('packages/server/src'), at('packages/server/scripts'), ...shared]);

if (!webCurrent || !serverCurrent) {
  const what = [!webCurrent && 'the web interface', !serverCurrent && 'the server'].filter(Boolean).join(' and ');
  console.log(`[quorum] building ${what} (first start or changed sources; about a minute)`);
  const steps = [!webCurrent && ['run', 'build', '-w', '@quorum/web'], !serverCurrent && ['run', 'build', '-w', '@quorum/server']].filter(Boolean);
  for (const args of steps) {
    const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) {
      process.stdout.write(r.stdout ?? '');
      process.stderr.write(r.stderr ?? '');
      console.error(`[quorum] the build failed (npm ${args.join(' ')}); the server was not started`);
      process.exit(r.status ?? 1);
    }
  }
}

const server = spawn(process.execPath, [at('packages/server/bin/quorum.js'), 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
