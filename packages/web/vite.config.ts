import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from 'yaml';

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

const backend = 'http://localhost:9080';

export default defineConfig({
  plugins: [react(), yamlPlugin(), contractSideEffectFree()],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  ssr: {
    // TS sources (contract) and CJS-default packages that Node's ESM loader would import as `{default}`.
    noExternal: ['@quorum/contract', 'react-bootstrap', /^@restart\//, 'react-transition-group', 'dom-helpers', 'uncontrollable', '@popperjs/core'],
  },
  server: {
    proxy: {
      '/answer': backend,
      '/installation': backend,
      '/uploads': backend,
    },
  },
});
