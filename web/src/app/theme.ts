import {
  createTheme,
  getPrimaryShade,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorScheme,
} from '@mantine/core';

/** localStorage key of the remembered colour scheme; public/color-scheme.js reads the same key before the first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'rayworks-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'light';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA (4.5:1) for white text on filled buttons: blue-8 gives 5.0:1 (blue-7 gave 4.2:1). See ACCESSIBLE_COLORS.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, padding: 'lg' } },
    // Help text under the input, so inputs side by side line up whether or not they have a description.
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
    Badge: { defaultProps: { radius: 'sm' } },
  },
});

/** WCAG 2.1 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = (hex.match(/[0-9a-f]{2}/gi) ?? []).map((x) => {
      const v = parseInt(x, 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.1 AA for normal text, with a little margin for rounding in browsers. */
export const TEXT_CONTRAST = 4.6;

/** `color` darkened in 4 % steps until text of it reads at TEXT_CONTRAST on `background`. */
export function readableOn(color: string, background: string): string {
  let rgb = (color.match(/[0-9a-f]{2}/gi) ?? []).map((x) => parseInt(x, 16));
  const hex = () => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  for (let i = 0; i < 40 && contrastRatio(hex(), background) < TEXT_CONTRAST; i++) rgb = rgb.map((v) => v * 0.96);
  return hex();
}

/**
 * Colours changed from Mantine's defaults so that text meets WCAG 2.1 AA contrast (4.5:1) on the backgrounds it
 * appears on (body, cards, table heads: white/gray-0/gray-1 in light, dark-7/dark-6 in dark). Mantine's dimmed grey
 * (gray-6 #868e96) is 3.3:1 on white; dark-2 (#828282) is 4.0:1 on dark-7. Checked by the axe-core end-to-end
 * spec (web/e2e/specs/accessibility.e2e-spec.ts) on every screen in both themes.
 */
export const ACCESSIBLE_COLORS = {
  light: { dimmed: '#5c636a' },
  dark: { dimmed: '#a3a3a3' },
} as const;

/**
 * In the light scheme Mantine writes coloured text (`c="teal"`, the "light" variant of badges, alerts and buttons, white text on filled badges and buttons)
 * with shades that fall short of 4.5:1 for teal, green, lime, yellow and orange (teal-9 on teal-1 is 4.3:1, yellow
 * 2.7:1). Each colour's text is darkened just enough for its light background (shade 2, the hover) and for the
 * page's grey backgrounds; colours that already pass are unchanged.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // A field's error text (Mantine: red-6 in light, 3.3:1 on white; red-8 in dark, 3.7:1 on dark-7) made readable too.
  const light: Record<string, string> = {
    '--mantine-color-dimmed': ACCESSIBLE_COLORS.light.dimmed,
    '--mantine-color-error': readableOn(t.colors.red[6], t.colors.gray[1]),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': ACCESSIBLE_COLORS.dark.dimmed,
    '--mantine-color-error': t.colors.red[5],
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
    light[`--mantine-color-${name}-text`] = readableOn(shades[8], t.colors.gray[1]);
    // Filled badges and buttons carry white text (Mantine's autoContrast cannot see through the CSS variable).
    for (const [scheme, vars] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      const shade = getPrimaryShade(t, scheme);
      vars[`--mantine-color-${name}-filled`] = readableOn(shades[shade], '#ffffff');
      vars[`--mantine-color-${name}-filled-hover`] = readableOn(shades[Math.min(9, shade + 1)], '#ffffff');
    }
  }
  return { variables: {}, light, dark };
};
