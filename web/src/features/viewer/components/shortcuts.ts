/**
 * The viewer's keyboard shortcuts (issue 25 item 8): one table for the key handler, the toolbar's hints and the `?`
 * list. Keys are KeyboardEvent.key values, case-insensitive for letters; none needs a modifier.
 */
export type ShortcutAction = { kind: 'tool'; tool: string } | { kind: 'command'; command: ViewerCommand };

export type ViewerCommand =
  'invert' | 'rotate' | 'flip-h' | 'flip-v' | 'reset' | 'cine' | 'key-image' | 'overlay' | 'shortcuts' | 'scroll';

export interface Shortcut {
  key: string;
  label: string;
  action: ShortcutAction;
}

export const VIEWER_SHORTCUTS: readonly Shortcut[] = [
  { key: 'W', label: 'Window/level', action: { kind: 'tool', tool: 'WindowLevel' } },
  { key: 'P', label: 'Pan', action: { kind: 'tool', tool: 'Pan' } },
  { key: 'Z', label: 'Zoom', action: { kind: 'tool', tool: 'Zoom' } },
  { key: 'S', label: 'Scroll', action: { kind: 'tool', tool: 'StackScroll' } },
  { key: 'L', label: 'Length', action: { kind: 'tool', tool: 'Length' } },
  { key: 'A', label: 'Angle', action: { kind: 'tool', tool: 'Angle' } },
  { key: 'E', label: 'Ellipse', action: { kind: 'tool', tool: 'EllipticalROI' } },
  { key: 'T', label: 'Rectangle', action: { kind: 'tool', tool: 'RectangleROI' } },
  { key: 'B', label: 'Probe', action: { kind: 'tool', tool: 'Probe' } },
  { key: 'X', label: 'Crosshairs (MPR)', action: { kind: 'tool', tool: 'Crosshairs' } },
  { key: 'I', label: 'Invert', action: { kind: 'command', command: 'invert' } },
  { key: 'R', label: 'Rotate 90°', action: { kind: 'command', command: 'rotate' } },
  { key: 'H', label: 'Flip horizontal', action: { kind: 'command', command: 'flip-h' } },
  { key: 'V', label: 'Flip vertical', action: { kind: 'command', command: 'flip-v' } },
  { key: '0', label: 'Reset', action: { kind: 'command', command: 'reset' } },
  { key: 'C', label: 'Cine play/stop', action: { kind: 'command', command: 'cine' } },
  { key: 'K', label: 'Key image', action: { kind: 'command', command: 'key-image' } },
  { key: 'O', label: 'Show/hide patient and study lines', action: { kind: 'command', command: 'overlay' } },
  { key: '?', label: 'This list', action: { kind: 'command', command: 'shortcuts' } },
];

/** Listed in `?` only: the keys that scroll (handled beside the table). */
export const SCROLL_KEYS: readonly { key: string; label: string }[] = [
  { key: '↑ ↓ ← →', label: 'Previous / next image' },
  { key: 'PgUp PgDn', label: 'Ten images back / on' },
];

/** The shortcut of a key press, if any (letters either case; `?` as typed). */
export function shortcutFor(key: string): Shortcut | undefined {
  const k = key.length === 1 ? key.toUpperCase() : key;
  return VIEWER_SHORTCUTS.find((s) => s.key === k);
}

/** A tool's or command's row of the table, if it has one. */
function shortcutOf(action: { tool: string } | { command: ViewerCommand }): Shortcut | undefined {
  return VIEWER_SHORTCUTS.find((s) =>
    'tool' in action
      ? s.action.kind === 'tool' && s.action.tool === action.tool
      : s.action.kind === 'command' && s.action.command === action.command,
  );
}

/** A tool's or command's key, for the toolbar's hint. */
export function keyOf(action: { tool: string } | { command: ViewerCommand }): string | undefined {
  return shortcutOf(action)?.key;
}

/** A command's name as the `?` list gives it, so a menu names it in the same words ('Flip horizontal'). */
export function commandLabel(command: ViewerCommand): string {
  const shortcut = shortcutOf({ command });
  if (!shortcut) throw new Error(`the viewer command ${command} has no row in VIEWER_SHORTCUTS`);
  return shortcut.label;
}
