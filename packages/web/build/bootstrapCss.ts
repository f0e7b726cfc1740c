/**
 * Bootstrap's stylesheet as its own file, in both writing directions (issue 13, right-to-left readiness): the
 * installed package's `bootstrap.min.css` and `bootstrap.rtl.min.css` are copied into the client build as
 * `assets/bootstrap-{hash}.css` and `assets/bootstrap.rtl-{hash}.css` (content hash, so the server's immutable
 * caching of /assets/ holds), and index.html's `<!--bootstrap-css-->` marker becomes
 * `<link rel="stylesheet" id="q-bootstrap" href="{ltr}" data-ltr="{ltr}" data-rtl="{rtl}">`.
 * The server renders right-to-left pages with the `data-rtl` file in `href` (modules/ssr/ssr.renderer.ts); the
 * browser swaps it on a language switch (src/lib/direction.ts). Nothing comes from a CDN. `vite dev` serves the
 * same two addresses from node_modules.
 *
 * A build ships the sheets cut to the rules the pages use (build/purgeBootstrap.ts, issue 32); `vite dev` serves
 * them whole, so a class added while developing works before the next build.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { purgeBootstrap } from './purgeBootstrap';

const MARKER = '<!--bootstrap-css-->';

interface Sheet {
  /** Address under the site root, e.g. `/assets/bootstrap-1a2b3c4d.css`. */
  href: string;
  source: Buffer;
}

/** One of the package's stylesheets, without its source map comment (the map is not copied). */
function packageSheet(file: string): string {
  const text = readFileSync(createRequire(import.meta.url).resolve(`bootstrap/dist/css/${file}`), 'utf8');
  return text.replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '\n');
}

/** A stylesheet's text under its content-hashed address. */
function sheet(text: string, name: string): Sheet {
  const source = Buffer.from(text);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return { href: `/assets/${name}-${hash}.css`, source };
}

/** The Vite plugin described in this file's header. */
export function bootstrapCss(): Plugin {
  const whole = [packageSheet('bootstrap.min.css'), packageSheet('bootstrap.rtl.min.css')];
  let ltr = sheet(whole[0]!, 'bootstrap');
  let rtl = sheet(whole[1]!, 'bootstrap.rtl');
  let ssrBuild = false;
  let serving = false;
  return {
    name: 'quorum-bootstrap-css',
    configResolved(config) {
      ssrBuild = !!config.build.ssr;
      serving = config.command === 'serve';
    },
    async buildStart() {
      if (serving || ssrBuild) return;
      const [l, r] = await purgeBootstrap(whole);
      ltr = sheet(l!, 'bootstrap');
      rtl = sheet(r!, 'bootstrap.rtl');
    },
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`index.html has no ${MARKER} marker for Bootstrap's stylesheet`);
      return html.replace(MARKER, () => `<link rel="stylesheet" id="q-bootstrap" href="${ltr.href}" data-ltr="${ltr.href}" data-rtl="${rtl.href}" />`);
    },
    generateBundle() {
      if (ssrBuild) return;
      for (const s of [ltr, rtl]) this.emitFile({ type: 'asset', fileName: s.href.slice(1), source: s.source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const s = [ltr, rtl].find((x) => x.href === req.url?.split('?')[0]);
        if (!s) return next();
        res.setHeader('content-type', 'text/css; charset=utf-8');
        res.end(s.source);
      });
    },
  };
}
