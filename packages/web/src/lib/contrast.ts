/**
 * Colour contrast after WCAG 2.2 (success criterion 1.4.3, "Contrast (Minimum)"): relative luminance and the
 * contrast ratio of two sRGB colours, and the checks the admin theme page runs on a chosen primary colour against
 * everything it is drawn with (issue 13, accessibility).
 */

/** The least contrast WCAG AA asks of normal-size text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

/** `#rrggbb` (or `#rgb`) -> [r, g, b] in 0..255; null when the text is no such colour. */
export function parseHexColor(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const n = parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Relative luminance (0 = black .. 1 = white) of an sRGB colour, as WCAG 2.x defines it. */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio (1..21) of two `#rrggbb` colours; NaN when either is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (!ca || !cb) return NaN;
  const [hi, lo] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Page backgrounds of Bootstrap 5.3's light and dark colour modes (`--bs-body-bg`). */
export const LIGHT_PAGE_BG = '#ffffff';
export const DARK_PAGE_BG = '#212529';
/** How far toward white links and outline buttons are lightened in the dark mode (app/themeStyle.ts). */
export const DARK_LINK_TINT = 0.45;
/** Opacity of the navigation links' white on the coloured navbar (app/app.css `--bs-navbar-color`). */
export const NAVBAR_TEXT_ALPHA = 0.92;

function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** `color` moved `amount` (0..1) of the way toward white, as `#rrggbb`; a malformed colour is returned as given. */
export function tintColor(color: string, amount: number): string {
  const c = parseHexColor(color);
  return c ? hex(c.map((v) => Math.round(v + (255 - v) * amount)) as [number, number, number]) : color;
}

/** `foreground` drawn with opacity `alpha` (0..1) over `background`, as the opaque `#rrggbb` one sees. */
export function blendColor(foreground: string, background: string, alpha: number): string {
  const f = parseHexColor(foreground);
  const b = parseHexColor(background);
  if (!f || !b) return foreground;
  return hex(f.map((v, i) => Math.round(v * alpha + b[i]! * (1 - alpha))) as [number, number, number]);
}

/** Where the primary colour meets text: white text on it, or it (lightened in dark mode) as text on a page. */
export type ContrastPlace = 'button_text' | 'navbar_text' | 'link_light' | 'link_dark';

/** One pair the theme draws with the primary colour, measured. */
export interface ContrastCheck {
  place: ContrastPlace;
  foreground: string;
  background: string;
  /** Contrast ratio rounded down to two decimals (so 4.499 never shows as a passing 4.5). */
  ratio: number;
  /** Whether the ratio reaches {@link AA_TEXT_CONTRAST}. */
  passes: boolean;
}

/**
 * Every pair the default theme draws with a primary colour (app/themeStyle.ts, app/app.css): white text on
 * primary buttons; the navigation's 92% white on the coloured navbar (only when the navbar style is 'colored');
 * primary links on the light page's white; and the dark mode's links, the colour lightened by 45%, on its
 * #212529 page. WCAG 2.2 SC 1.4.3 asks 4.5:1 of each.
 * @param primary `#rrggbb` or `#rgb`
 * @param navbarStyle the theme's navbar style: colored, light or dark
 * @returns the checks in that order; null for a malformed colour (the form's own validation reports that)
 */
export function primaryColorChecks(primary: string, navbarStyle = 'colored'): ContrastCheck[] | null {
  if (!parseHexColor(primary)) return null;
  const pairs: [ContrastPlace, string, string][] = [
    ['button_text', '#ffffff', primary],
    ...(navbarStyle === 'colored' ? [['navbar_text', blendColor('#ffffff', primary, NAVBAR_TEXT_ALPHA), primary] as [ContrastPlace, string, string]] : []),
    ['link_light', primary, LIGHT_PAGE_BG],
    ['link_dark', tintColor(primary, DARK_LINK_TINT), DARK_PAGE_BG],
  ];
  return pairs.map(([place, foreground, background]) => {
    const ratio = contrastRatio(foreground, background);
    return { place, foreground, background, ratio: Math.floor(ratio * 100) / 100, passes: ratio >= AA_TEXT_CONTRAST };
  });
}
