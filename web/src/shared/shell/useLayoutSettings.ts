import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  DEFAULT_LAYOUT,
  LAYOUT_STORAGE_KEY,
  parseLayout,
  SIDEBAR_HIDDEN_BELOW_PX,
  SIDEBAR_NARROW_BELOW_PX,
  type LayoutType,
  type SidebarSize,
} from './layout-settings';

/** The layout type (remembered on this device) and the sidebar size the viewport width gives. */
export function useLayoutSettings() {
  const [stored, setLayout] = useLocalStorage<LayoutType>({
    key: LAYOUT_STORAGE_KEY,
    defaultValue: DEFAULT_LAYOUT,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => parseLayout(value),
  });
  const atLeastNarrow = useMediaQuery(`(min-width: ${SIDEBAR_HIDDEN_BELOW_PX}px)`, true, {
    getInitialValueInEffect: false,
  });
  const atLeastFull = useMediaQuery(`(min-width: ${SIDEBAR_NARROW_BELOW_PX}px)`, true, {
    getInitialValueInEffect: false,
  });
  const sidebarSize: SidebarSize = !atLeastNarrow ? 'hidden' : atLeastFull ? 'full' : 'narrow';
  return { layout: parseLayout(stored), setLayout, sidebarSize };
}
