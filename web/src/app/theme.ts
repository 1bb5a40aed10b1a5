import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorScheme,
} from '@mantine/core';

/** localStorage key of the remembered colour scheme; index.html reads the same key before the first paint. */
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

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': ACCESSIBLE_COLORS.light.dimmed },
  dark: { '--mantine-color-dimmed': ACCESSIBLE_COLORS.dark.dimmed },
});
