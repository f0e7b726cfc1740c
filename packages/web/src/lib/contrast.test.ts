import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, primaryColorContrast } from './contrast';

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

  it('passes the default theme colour and warns about light primaries', () => {
    expect(primaryColorContrast('#0033FF')).toEqual({ ratio: 7.19, passes: true });
    const yellow = primaryColorContrast('#FFCC00');
    expect(yellow?.passes).toBe(false);
    expect(yellow?.ratio).toBeLessThan(2);
    expect(primaryColorContrast('#777777')).toEqual({ ratio: 4.47, passes: false });
    expect(primaryColorContrast('#12')).toBeNull();
  });
});
