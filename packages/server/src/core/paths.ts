/**
 * Locations inside the repository (translations, migrations, the web build), found from this module's own
 * location by walking up to the folder that holds `i18n/` and `packages/`. Works the same from the TypeScript
 * sources and from the bundled server in packages/server/dist.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'i18n')) && existsSync(path.join(dir, 'packages'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find the Quorum repository root above ${start}`);
  }
}

/** The repository root. */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** Translation files: i18n/<lang>/*.yaml. */
export const I18N_DIR = path.join(REPO_ROOT, 'i18n');
/** Migration sources (their names are read from here; the modules are bundled or loaded through tsx). */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'packages', 'server', 'src', 'migrations');
/** The web build: dist/client (assets, index.html template) and dist/server (SSR entry). */
export const WEB_DIST = path.join(REPO_ROOT, 'packages', 'web', 'dist');
