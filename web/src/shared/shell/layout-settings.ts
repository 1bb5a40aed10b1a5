/**
 * Layout settings (spec §3 "Layout settings kept in state: layout type, theme, sidebar size"; §9 "Layout
 * defaults: horizontal layout, light mode, fixed position"; §2 breakpoints and top-bar shadow).
 * How they map onto the shell: docs/decisions/0020-console-shell.md.
 */
export const TOP_BAR_SHADOW_AFTER_PX = 50;

/** Below this width the menu is hidden behind a burger (spec §9: 767 px). */
export const SIDEBAR_HIDDEN_BELOW_PX = 767;
/** From SIDEBAR_HIDDEN_BELOW_PX up to this width the menu is narrow: icons with tooltips (spec §9: 1025 px). */
export const SIDEBAR_NARROW_BELOW_PX = 1025;

export type LayoutType = 'horizontal' | 'vertical';
export const LAYOUT_TYPES: readonly LayoutType[] = ['horizontal', 'vertical'];
export const DEFAULT_LAYOUT: LayoutType = 'horizontal';
/** localStorage key; kept when storage is cleared (a device preference, like the colour scheme). */
export const LAYOUT_STORAGE_KEY = 'rayworks-layout';

export type SidebarSize = 'hidden' | 'narrow' | 'full';

/** The sidebar (or menu bar) size for a viewport width. */
export function sidebarSizeFor(width: number): SidebarSize {
  if (width < SIDEBAR_HIDDEN_BELOW_PX) return 'hidden';
  if (width < SIDEBAR_NARROW_BELOW_PX) return 'narrow';
  return 'full';
}

export function parseLayout(value: string | null | undefined): LayoutType {
  return value === 'vertical' || value === 'horizontal' ? value : DEFAULT_LAYOUT;
}
