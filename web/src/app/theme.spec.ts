import { describe, expect, it } from '@jest/globals';
import { DEFAULT_THEME, getPrimaryShade } from '@mantine/core';
import { ACCESSIBLE_COLORS, contrastRatio as contrast, cssVariablesResolver, theme } from './theme';

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

  it('coloured text (light variant, c="…") of every theme colour on its light background and on grey', () => {
    const { light } = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === 'dark' || name === 'gray') continue;
      const lightColor = light[`--mantine-color-${name}-light-color`]!;
      const text = light[`--mantine-color-${name}-text`]!;
      const filled = light[`--mantine-color-${name}-filled`]!;
      expect({
        name,
        onLight: contrast(lightColor, shades[2]!) >= AA,
        onGrey: contrast(text, gray[1]!) >= AA,
        whiteOnFilled: contrast('#ffffff', filled) >= AA,
      }).toEqual({ name, onLight: true, onGrey: true, whiteOnFilled: true });
    }
  });

  it("a field's error text on the backgrounds a form sits on, in both schemes", () => {
    const resolved = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
    for (const background of ['#ffffff', gray[0]!, gray[1]!])
      expect(contrast(resolved.light['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA);
    for (const background of [dark[7]!, dark[6]!, dark[8]!])
      expect(contrast(resolved.dark['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA);
    // Mantine's own error colours fail: the reason for the change
    expect(contrast(DEFAULT_THEME.colors.red[6]!, '#ffffff')).toBeLessThan(AA);
  });

  it("is stricter than Mantine's defaults, which failed (the reason for the change)", () => {
    expect(contrast(gray[6]!, '#ffffff')).toBeLessThan(AA);
    expect(contrast('#ffffff', blue[7]!)).toBeLessThan(AA);
  });
});
