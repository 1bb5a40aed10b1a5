import { describe, expect, it } from '@jest/globals';
import { MPR_TOOLS } from '../cornerstone/mpr';
import { commandLabel, keyOf, shortcutFor, VIEWER_SHORTCUTS } from './shortcuts';

describe('viewer shortcuts', () => {
  it('gives every toolbar tool a key, and no key twice', () => {
    // the toolbar's tools in either mode (cornerstone/mpr.ts, by their Cornerstone names)
    for (const tool of MPR_TOOLS) expect({ tool, key: keyOf({ tool }) }).toEqual({ tool, key: expect.any(String) });
    const keys = VIEWER_SHORTCUTS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds a shortcut by the key pressed, letters in either case', () => {
    expect(shortcutFor('l')?.action).toEqual({ kind: 'tool', tool: 'Length' });
    expect(shortcutFor('L')?.label).toBe('Length');
    expect(shortcutFor('?')?.action).toEqual({ kind: 'command', command: 'shortcuts' });
    expect(shortcutFor('x')?.action).toEqual({ kind: 'tool', tool: 'Crosshairs' });
    expect(shortcutFor('q')).toBeUndefined();
    expect(shortcutFor('ArrowDown')).toBeUndefined();
  });

  it('names a command as the list names it, and refuses one the list lacks', () => {
    expect(commandLabel('flip-h')).toBe('Flip horizontal');
    expect(commandLabel('rotate')).toBe('Rotate 90°');
    expect(() => commandLabel('scroll')).toThrow(/no row/);
  });
});
