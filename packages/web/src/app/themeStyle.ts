/**
 * CSS that applies the site's primary colour (siteinfo.theme.theme_config[theme].primary_color, default
 * #0033FF) to Bootstrap's variables. Rendered as a <style> element by the layout, so SSR pages carry it. The
 * dark mode's lightened link colour is the one the theme page's contrast check measures (lib/contrast.ts).
 */
import { DARK_LINK_TINT, tintColor } from '../lib/contrast';

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function shade(hex: string, factor: number): string {
  const [r, g, b] = rgb(hex).map((c) => Math.max(0, Math.min(255, Math.round(c * factor))));
  return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
}

/** The last colour's CSS: every page renders it, and a site has one primary colour at a time. */
let last: { primary: string; css: string } | null = null;

/** Builds the theme CSS for a validated `#rrggbb` colour (the last one's is kept). */
export function themeCss(primary: string): string {
  if (last?.primary !== primary) last = { primary, css: buildThemeCss(primary) };
  return last.css;
}

function buildThemeCss(primary: string): string {
  const p = primary;
  const dark = shade(p, 0.85);
  const darker = shade(p, 0.75);
  const light = tintColor(p, DARK_LINK_TINT);
  const lighter = tintColor(p, 0.6);
  return [
    `:root{--q-primary:${p};--bs-primary:${p};--bs-primary-rgb:${rgb(p).join(',')};--bs-link-color:${p};--bs-link-color-rgb:${rgb(p).join(',')};--bs-link-hover-color:${dark};--bs-link-hover-color-rgb:${rgb(dark).join(',')}}`,
    `[data-bs-theme=dark]{--bs-link-color:${light};--bs-link-color-rgb:${rgb(light).join(',')};--bs-link-hover-color:${lighter};--bs-link-hover-color-rgb:${rgb(lighter).join(',')};--q-primary-text:${light}}`,
    `.btn-primary{--bs-btn-bg:${p};--bs-btn-border-color:${p};--bs-btn-hover-bg:${dark};--bs-btn-hover-border-color:${dark};--bs-btn-active-bg:${darker};--bs-btn-active-border-color:${darker};--bs-btn-disabled-bg:${p};--bs-btn-disabled-border-color:${p}}`,
    `.btn-outline-primary{--bs-btn-color:${p};--bs-btn-border-color:${p};--bs-btn-hover-bg:${p};--bs-btn-hover-border-color:${p};--bs-btn-active-bg:${dark};--bs-btn-active-border-color:${dark}}`,
    `[data-bs-theme=dark] .btn-outline-primary{--bs-btn-color:${light};--bs-btn-border-color:${light}}`,
    `.pagination{--bs-pagination-active-bg:${p};--bs-pagination-active-border-color:${p}}`,
    `.nav-pills{--bs-nav-pills-link-active-bg:${p}}`,
    `.text-primary{color:${p}!important}[data-bs-theme=dark] .text-primary{color:${light}!important}`,
    `.bg-primary{background-color:${p}!important}`,
  ].join('\n');
}
