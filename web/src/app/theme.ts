import { createTheme, localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/** localStorage key of the remembered colour scheme; index.html reads the same key before the first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'rayworks-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'light';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 7 },
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
