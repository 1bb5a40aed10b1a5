import { describe, expect, it } from '@jest/globals';
import { keyOf, shortcutFor, VIEWER_SHORTCUTS } from './shortcuts';

describe('viewer shortcuts', () => {
  it('gives every toolbar tool a key, and no key twice', () => {
    // the toolbar's tools (engine.ts PRIMARY_TOOLS, by their Cornerstone names)
    const tools = [
      'WindowLevel',
      'Pan',
      'Zoom',
      'StackScroll',
      'Length',
      'Angle',
      'EllipticalROI',
      'RectangleROI',
      'Probe',
    ];
    for (const tool of tools) expect({ tool, key: keyOf({ tool }) }).toEqual({ tool, key: expect.any(String) });
    const keys = VIEWER_SHORTCUTS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds a shortcut by the key pressed, letters in either case', () => {
    expect(shortcutFor('l')?.action).toEqual({ kind: 'tool', tool: 'Length' });
    expect(shortcutFor('L')?.label).toBe('Length');
    expect(shortcutFor('?')?.action).toEqual({ kind: 'command', command: 'shortcuts' });
    expect(shortcutFor('x')).toBeUndefined();
    expect(shortcutFor('ArrowDown')).toBeUndefined();
  });
});
