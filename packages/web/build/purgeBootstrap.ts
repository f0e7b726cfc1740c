/**
 * Bootstrap's stylesheet cut down to the rules the pages use (issue 32, fast on a phone), with PurgeCSS: a rule
 * stays when a class, element or id of its selector appears as a word in the scanned sources, or matches
 * SAFELIST. The same cut is applied to both dist files (`bootstrap.min.css` and `bootstrap.rtl.min.css`), so the
 * two writing directions keep the same rules.
 *
 * Scanned (CONTENT): the web app's sources and index.html; the plugins' sources; the server's page assembly
 * (modules/ssr, modules/customize) and the markdown whitelist (core/markdown.ts, every element a post may hold,
 * so the reboot's rules for tables, `kbd`, `abbr`, `details`… stay); and react-bootstrap's own modules for the
 * components the app imports, followed through their relative imports (the classes they set at run time:
 * `modal-dialog`, `fade`, `show`, `collapsing`, `dropdown-menu-end`, `bs-tooltip-top`…).
 *
 * SAFELIST keeps the families whose class names are built from props (`variant="outline-danger"` becomes
 * `btn-outline-danger`, `bg="warning"` becomes `text-bg-warning`, `<Col lg={9}>` becomes `col-lg-9`), the state
 * classes Bootstrap's selectors combine (`active`, `disabled`, `show`, `is-invalid`); DYNAMIC_ATTRIBUTES keeps the
 * rules under the theme and placement attributes. An administrator's custom HTML (header, footer, sidebar) gets
 * these rules, every rule the pages use, and the common utilities at their base width (the last SAFELIST group):
 * a class outside them (a per-width utility such as `d-md-none`, a component the app does not use such as
 * `accordion`) needs its rule in the custom CSS (docs/BENCHMARKS.md "CSS and layout shift").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { PurgeCSS, type UserDefinedSafelist } from 'purgecss';

/** The repository root (this file is packages/web/build/purgeBootstrap.ts). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Globs (from the repository root) of the files whose words keep a rule. Tests are left out. */
const CONTENT = [
  'packages/web/index.html',
  'packages/web/src/**/*.{ts,tsx}',
  'plugins/*/src/**/*.{ts,tsx}',
  'packages/server/src/modules/ssr/**/*.ts',
  'packages/server/src/modules/customize/**/*.ts',
  'packages/server/src/core/markdown.ts',
];
const SKIPPED = ['**/*.test.ts', '**/*.test.tsx', '**/testkit/**'];

/** Class families and states kept whatever the sources say (see the file's header). */
const SAFELIST: UserDefinedSafelist = {
  standard: [
    // Names built from props: Button and Alert variants (every one: custom HTML uses them too), Badge, Toast and
    // Card `bg` / `text` / `border`, Spinner, Col, Nav, Modal and Table options, control sizes, Dropdown alignment.
    /^btn/, /^alert/, /^badge/, /^spinner-/, /^text-bg-/, /^bg-/,
    /^text-(primary|secondary|success|danger|warning|info|light|dark|white|black|body|muted)(-emphasis)?$/,
    /^border-(primary|secondary|success|danger|warning|info|light|dark|white)(-subtle)?$/,
    /^col(-(sm|md|lg|xl|xxl))?(-(\d+|auto))?$/, /^g[xy]?-\d$/, /^nav-(tabs|pills|underline|fill|justified)$/,
    /^modal-(sm|lg|xl|dialog-centered|dialog-scrollable)$/, /^table-(sm|striped|hover|bordered|borderless|responsive|active)$/,
    /^(form-control|form-select|input-group)-(sm|lg)$/, /^dropdown-menu-(start|end)$/, /^drop(up|end|start|down)(-center)?$/,
    /^toast/, /^tooltip/, /^bs-tooltip-/, /^progress/,
    // States that Bootstrap's selectors and react-bootstrap's transitions combine.
    /^(active|disabled|show|showing|hiding|fade|collapse|collapsing|collapsed|open)$/,
    /^(is|was)-(in)?valid/, /^(in)?valid-(feedback|tooltip)$/, /^visually-hidden/,
    // What an administrator's header, footer or sidebar HTML is likely to use, without the per-width variants:
    // containers and the grid (above), spacing, display, flex, text and size utilities, images and lists.
    /^[mp][tbsexy]?-([0-5]|auto)$/, /^d-(none|inline|inline-block|block|grid|flex|inline-flex)$/, /^gap-[0-5]$/,
    /^(justify-content|align-items|align-self)-(start|end|center|between|around|evenly|stretch|baseline)$/,
    /^flex-(row|column|wrap|nowrap|fill|grow-[01]|shrink-[01])$/, /^(text-(start|end|center|wrap|nowrap|truncate|decoration-none|uppercase))$/,
    /^(fw|fs|lh)-/, /^(rounded|shadow)/, /^[wh]-(25|50|75|100|auto)$/, /^container/, /^(list-unstyled|list-inline|list-inline-item)$/,
    /^(img-fluid|img-thumbnail|lead|small|mark|opacity-\d+|overflow-(auto|hidden)|position-(relative|absolute|sticky))$/,
  ],
};
/** Attributes treated as present on every element: the theme switch and the tooltip's placement. */
const DYNAMIC_ATTRIBUTES = ['data-bs-theme', 'data-popper-placement'];

/** react-bootstrap's module names the app imports (`react-bootstrap/Modal`, or `{ Button } from 'react-bootstrap'`). */
function importedComponents(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const text of sources) {
    for (const m of text.matchAll(/from\s+'react-bootstrap\/(\w+)'/g)) names.add(m[1]!);
    for (const m of text.matchAll(/import\s+\{([^}]+)\}\s+from\s+'react-bootstrap'/g)) {
      for (const name of m[1]!.split(',')) names.add(name.trim().split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/**
 * Modules an imported component pulls in for parts the app does not use (Form's range and floating labels, the
 * overlay's popover offsets): not scanned, so their rules go.
 */
const NOT_SCANNED = new Set(['FormRange.js', 'FormFloating.js', 'FloatingLabel.js', 'useOverlayOffset.js']);

/**
 * The class names a react-bootstrap module builds from its prefix: each default prefix it names
 * (`useBootstrapPrefix(bsPrefix, 'modal')`) joined to each suffix of its templates (`${bsPrefix}-backdrop`), so
 * `modal-backdrop` counts as used. Some pairs are not real classes; they keep nothing.
 */
function prefixedNames(source: string): string[] {
  const prefixes = [...source.matchAll(/useBootstrapPrefix\(\w+,\s*'([\w-]+)'\)/g)].map((m) => m[1]!);
  const suffixes = [...source.matchAll(/\$\{\w*[pP]refix\}-([\w-]+)/g)].map((m) => m[1]!);
  return prefixes.flatMap((p) => suffixes.map((x) => `${p}-${x}`));
}

/** The react-bootstrap ES modules of `names` and every module they import relatively, as raw content. */
function reactBootstrapModules(names: Set<string>): { raw: string; extension: string }[] {
  const dir = path.dirname(createRequire(import.meta.url).resolve('react-bootstrap/esm/index.js'));
  const seen = new Set<string>();
  const queue = [...names].map((n) => `${n}.js`);
  const out: { raw: string; extension: string }[] = [];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || NOT_SCANNED.has(file)) continue;
    seen.add(file);
    const full = path.join(dir, file);
    if (!existsSync(full)) continue;
    const raw = readFileSync(full, 'utf8');
    out.push({ raw: `${raw}\n${prefixedNames(raw).join(' ')}`, extension: 'js' });
    for (const m of raw.matchAll(/from\s+['"]\.\/([\w.]+?)(\.js)?['"]/g)) queue.push(`${m[1]}.js`);
  }
  return out;
}

/** The text of every `.ts`/`.tsx` file under `dir` (recursively; none when it does not exist). */
function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...sourcesUnder(full));
    else if (/\.tsx?$/.test(entry.name)) out.push(readFileSync(full, 'utf8'));
  }
  return out;
}

/**
 * Cuts each stylesheet to the rules the scanned sources use.
 * @param sheets CSS texts (Bootstrap's minified dist files)
 * @returns the cut texts, in the same order
 */
export async function purgeBootstrap(sheets: string[]): Promise<string[]> {
  const pluginDirs = readdirSync(path.join(ROOT, 'plugins')).map((p) => path.join(ROOT, 'plugins', p, 'src'));
  const sources = [path.join(ROOT, 'packages/web/src'), ...pluginDirs].flatMap(sourcesUnder);
  const result = await new PurgeCSS().purge({
    content: [...CONTENT.map((g) => path.join(ROOT, g)), ...reactBootstrapModules(importedComponents(sources))],
    skippedContentGlobs: SKIPPED.map((g) => path.join(ROOT, g)),
    css: sheets.map((raw) => ({ raw })),
    safelist: SAFELIST,
    dynamicAttributes: DYNAMIC_ATTRIBUTES,
    keyframes: true,
    fontFace: true,
  });
  return result.map((r) => r.css);
}
