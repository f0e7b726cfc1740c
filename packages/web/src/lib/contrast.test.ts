import { describe, expect, it } from 'vitest';
import { blendColor, contrastRatio, parseHexColor, primaryColorChecks, tintColor } from './contrast';

describe('colour contrast (WCAG 2.x)', () => {
  it('measures the extremes and known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Same pair either way round.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#777777'), 10);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 is just under.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('reads #rgb and #rrggbb and refuses anything else', () => {
    expect(parseHexColor('#03f')).toEqual([0, 51, 255]);
    expect(parseHexColor('#0033FF')).toEqual([0, 51, 255]);
    expect(parseHexColor('blue')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
    expect(contrastRatio('nope', '#ffffff')).toBeNaN();
  });

  it('tints toward white and blends a translucent colour over its background', () => {
    expect(tintColor('#0033FF', 0.45)).toBe('#738fff');
    expect(tintColor('#000000', 1)).toBe('#ffffff');
    expect(tintColor('#123456', 0)).toBe('#123456');
    expect(blendColor('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(blendColor('#ffffff', '#0033ff', 1)).toBe('#ffffff');
  });

  /** The places that fail, with their ratios. */
  const failing = (primary: string, navbar?: string) =>
    Object.fromEntries((primaryColorChecks(primary, navbar) ?? []).filter((c) => !c.passes).map((c) => [c.place, c.ratio]));

  it('checks the primary colour against everything it is drawn with', () => {
    const checks = primaryColorChecks('#0033FF')!;
    expect(checks.map((c) => c.place)).toEqual(['button_text', 'navbar_text', 'link_light', 'link_dark']);
    expect(checks.find((c) => c.place === 'button_text')).toMatchObject({ foreground: '#ffffff', background: '#0033FF', ratio: 7.19, passes: true });
    expect(checks.find((c) => c.place === 'link_dark')).toMatchObject({ foreground: '#738fff', background: '#212529', passes: true });
    expect(failing('#0033FF')).toEqual({});
    // The navbar's text is checked only when the navbar is coloured.
    expect(primaryColorChecks('#0033FF', 'light')!.map((c) => c.place)).toEqual(['button_text', 'link_light', 'link_dark']);
    expect(primaryColorChecks('#12')).toBeNull();
  });

  it('says which places fail: light colours on white, dark colours on the dark page', () => {
    // Yellow: white text and links on white are unreadable; its lightened link on the dark page is fine.
    const yellow = failing('#FFCC00');
    expect(Object.keys(yellow)).toEqual(['button_text', 'navbar_text', 'link_light']);
    expect(yellow.button_text).toBe(1.51);
    expect(yellow.navbar_text).toBeLessThan(yellow.button_text!);
    // Navy: fine on white, but its dark-mode link is too dim on #212529.
    expect(Object.keys(failing('#000066'))).toEqual(['link_dark']);
    // Just under 4.5:1 on white fails there (the ratio is rounded down, never up to a pass).
    expect(failing('#777777', 'dark')).toEqual({ button_text: 4.47, link_light: 4.47 });
    expect(failing('#767676', 'dark')).toEqual({});
  });
});
