/**
 * Colour contrast after WCAG 2.2 (success criterion 1.4.3, "Contrast (Minimum)"): relative luminance and the
 * contrast ratio of two sRGB colours, and the check the admin theme page runs on a chosen primary colour.
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

/**
 * How a primary colour reads in the default theme: white text on it (buttons, the coloured navigation bar)
 * and it as link text on the light theme's white page are the same pair, so one ratio decides both.
 * @returns the ratio rounded down to two decimals and whether it reaches 4.5:1; null for a malformed colour
 *   (the form's own validation reports that)
 */
export function primaryColorContrast(primary: string): { ratio: number; passes: boolean } | null {
  const ratio = contrastRatio(primary, '#ffffff');
  if (Number.isNaN(ratio)) return null;
  return { ratio: Math.floor(ratio * 100) / 100, passes: ratio >= AA_TEXT_CONTRAST };
}
