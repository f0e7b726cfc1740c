import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from 'yaml';
import { fileURLToPath } from 'node:url';
import { bootstrapCss } from './build/bootstrapCss';
import { ssrRouterCache } from './build/routerCache';

/** Turns `*.yaml` imports into JSON modules at build time, so no YAML parser ships to the browser. */
function yamlPlugin(): Plugin {
  return {
    name: 'quorum-yaml',
    transform(code, id) {
      if (!/\.ya?ml$/.test(id.split('?')[0] ?? '')) return null;
      const value: unknown = parse(code) ?? {};
      return { code: `export default ${JSON.stringify(value)};`, map: null };
    },
  };
}

/**
 * The contract package declares no `sideEffects`; its modules only define values, so let the bundler drop
 * what the web app does not use (the zod schemas stay out of the initial chunk unless a page needs them).
 */
function contractSideEffectFree(): Plugin {
  return {
    name: 'quorum-contract-pure',
    transform(_code, id) {
      if (id.includes('/packages/contract/src/')) return { code: _code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

/**
 * In the SSR build (and in both builds with `always`), the package `pkg` resolves to `file` (the package with
 * cheaper hooks); that file itself gets the real package:
 * - `react-i18next` -> src/lib/i18n-ssr.ts, in both builds: a `useTranslation` made once per language and shared
 *   instead of once per component (a phone's hydration spent much of its time there);
 * - `@tanstack/react-query` -> src/lib/query-ssr.ts: a `useQuery` that reads the seeded cache without an observer.
 */
function ssrShim(pkg: string, file: string, always = false): Plugin {
  const shim = fileURLToPath(new URL(file, import.meta.url));
  return {
    name: `quorum-ssr-shim:${pkg}`,
    enforce: 'pre',
    resolveId(id, importer, options) {
      if (id !== pkg || (!options?.ssr && !always) || importer === shim) return null;
      return shim;
    },
  };
}

const backend = 'http://localhost:9080';

/**
 * react-router publishes its production build (no dev warnings, no extra checks) at dist/production but
 * exports only dist/development under every condition; point both builds at the production files.
 */
const routerDist = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));

/**
 * The runtime, chosen at build time: preact/compat in both builds (the browser's and the server renderer's), the
 * default, or React and react-dom with `QUORUM_WEB_RUNTIME=react npm run build`. preact/compat costs ~10 KB brotli
 * where react-dom alone is ~50 KB, on every public page's first load (docs/BENCHMARKS.md, "First-load JavaScript";
 * what the code must keep to run on both: docs/ARCHITECTURE.md, "Browser runtime"). The code is written and typed
 * against React (@types/react); React stays installed for the types and as the way back.
 */
const runtime = process.env.QUORUM_WEB_RUNTIME ?? 'preact';
if (runtime !== 'react' && runtime !== 'preact') throw new Error(`QUORUM_WEB_RUNTIME must be react or preact, not "${runtime}"`);
const preact = fileURLToPath(new URL('../../node_modules/preact/', import.meta.url));
/**
 * Each name resolves to one ES module file whatever the importer: a CommonJS dependency's `require('react')` would
 * otherwise get preact's CommonJS build, a second preact whose hooks see no current component.
 */
const preactAliases = [
  { find: /^(react|react-dom|preact\/compat)$/, replacement: `${preact}compat/dist/compat.mjs` },
  // preact/compat's client plus React's autoFocus behaviour (the file says why).
  { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/lib/preactClient.ts', import.meta.url)) },
  { find: /^preact\/compat\/client$/, replacement: `${preact}compat/client.mjs` },
  { find: /^react-dom\/server$/, replacement: `${preact}compat/server.mjs` },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: `${preact}compat/jsx-runtime.mjs` },
  { find: /^preact$/, replacement: `${preact}dist/preact.mjs` },
  { find: /^preact\/hooks$/, replacement: `${preact}hooks/dist/hooks.mjs` },
  { find: /^preact\/jsx-runtime$/, replacement: `${preact}jsx-runtime/dist/jsxRuntime.mjs` },
];

/** react-bootstrap's Alert, replaced in both builds (same markup) by one without its fade transition (see the file). */
const alert = fileURLToPath(new URL('./src/components/Alert.tsx', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), yamlPlugin(), contractSideEffectFree(), ssrShim('react-i18next', './src/lib/i18n-ssr.ts', true), ssrShim('@tanstack/react-query', './src/lib/query-ssr.ts'), ssrRouterCache(), bootstrapCss()],
  resolve: {
    alias: [
      ...(runtime === 'preact' ? preactAliases : []),
      { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
      { find: /^react-bootstrap\/Alert$/, replacement: alert },
    ],
  },
  // The server-side renderer bundles React and every other dependency in their production builds, whatever
  // NODE_ENV the server runs with: with the development builds a question page rendered ~3x slower (docs/BENCHMARKS.md).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    manifest: true,
    // Every browser the es2022 target runs in preloads modules itself (a browser without it only loses the
    // preload): the polyfill left the first load.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    // Every page loads the entry's dependencies: they come in one chunk instead of one per set of importers (each
    // compressed on its own), ~3.5 KB brotli less on every public page (docs/BENCHMARKS.md, "First-load JavaScript").
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/, tags: ['$initial'] }] } } },
  },
  ssr: {
    // Everything is bundled (see `define`): TS sources (contract), CJS-default packages that Node's ESM loader
    // would import as `{default}`, and React, react-router, i18next and TanStack Query in production mode.
    noExternal: true,
  },
  server: {
    proxy: {
      '/answer': backend,
      '/installation': backend,
      '/uploads': backend,
    },
  },
}));
