/**
 * The cut Bootstrap stylesheet (purgeBootstrap.ts): the rules the app sets at run time stay (react-bootstrap's
 * prop-built and transition classes, the theme switch), components the app never shows go, and both writing
 * directions keep the same classes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeBootstrap } from './purgeBootstrap';

const dist = (file: string) => readFileSync(createRequire(import.meta.url).resolve(`bootstrap/dist/css/${file}`), 'utf8');

/** Every selector of a stylesheet, as written (minified: `a,b{...}` gives `a` and `b`). */
function selectors(css: string): Set<string> {
  const out = new Set<string>();
  for (const m of css.matchAll(/([^{}@;]+)\{/g)) for (const s of m[1]!.split(',')) out.add(s.trim());
  return out;
}

describe('Bootstrap cut to the rules the pages use', () => {
  let ltr = '';
  let rtl = '';
  beforeAll(async () => {
    [ltr, rtl] = (await purgeBootstrap([dist('bootstrap.min.css'), dist('bootstrap.rtl.min.css')])) as [string, string];
  }, 60_000);

  it('is less than half of the whole sheet in both directions', () => {
    expect(ltr.length).toBeLessThan(dist('bootstrap.min.css').length / 2);
    expect(rtl.length).toBeLessThan(dist('bootstrap.rtl.min.css').length / 2);
  });

  it('keeps what react-bootstrap and the pages set at run time', () => {
    const kept = selectors(ltr);
    for (const s of ['.modal-backdrop', '.modal-backdrop.show', '.fade:not(.show)', '.collapsing', '.dropdown-menu-end', '.bs-tooltip-top .tooltip-arrow',
      '.btn-outline-danger', '.text-bg-warning', '.col-lg-9', '.spinner-border-sm', '.nav-underline .nav-link', '.form-control.is-invalid',
      '.toast', '.visually-hidden', '.navbar-expand-lg .navbar-collapse', '[data-bs-theme=dark]']) {
      expect(kept, s).toContain(s);
    }
    // Elements a post may hold keep the reboot's rules.
    expect(ltr).toMatch(/(^|[},])kbd\{/);
  });

  it('drops components the app does not use', () => {
    for (const name of ['carousel', 'accordion-button', 'offcanvas', 'placeholder-glow', 'form-range']) expect(ltr, name).not.toContain(`.${name}`);
  });

  it('cuts both directions to the same classes', () => {
    const classes = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
    // Of the classes both whole sheets have (Bootstrap's right-to-left build has no `text-break`).
    const wholeRtl = classes(dist('bootstrap.rtl.min.css'));
    const common = (css: string) => [...classes(css)].filter((c) => wholeRtl.has(c)).sort();
    expect(common(rtl)).toEqual(common(ltr));
    // The right-to-left sheet's own rule (e-mail, number and URL fields stay left to right) is kept.
    expect(rtl).toContain('[type=email]');
  });
});
