import { describe, expect, it } from '@jest/globals';
import { DEFAULT_THEME, getPrimaryShade } from '@mantine/core';
import { ACCESSIBLE_COLORS, theme } from './theme';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = (hex.match(/[0-9a-f]{2}/gi) ?? []).map((x) => {
      const v = parseInt(x, 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const { gray, dark, blue } = DEFAULT_THEME.colors;
const AA = 4.5;

describe('theme contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it('white text on the primary filled colour, in both schemes', () => {
    const merged = { ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME;
    for (const scheme of ['light', 'dark'] as const) {
      const filled = blue[getPrimaryShade(merged, scheme)]!;
      expect({ scheme, ratio: contrast('#ffffff', filled) >= AA }).toEqual({ scheme, ratio: true });
    }
  });

  it.each([
    ['light', ACCESSIBLE_COLORS.light.dimmed, ['#ffffff', gray[0]!, gray[1]!]],
    ['dark', ACCESSIBLE_COLORS.dark.dimmed, [dark[7]!, dark[6]!, dark[8]!]],
  ] as const)('dimmed text in the %s scheme on its page, card and table-head backgrounds', (_, dimmed, backgrounds) => {
    for (const background of backgrounds) expect(contrast(dimmed, background)).toBeGreaterThanOrEqual(AA);
  });

  it("is stricter than Mantine's defaults, which failed (the reason for the change)", () => {
    expect(contrast(gray[6]!, '#ffffff')).toBeLessThan(AA);
    expect(contrast('#ffffff', blue[7]!)).toBeLessThan(AA);
  });
});
