import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LAYOUT, parseLayout, sidebarSizeFor } from './layout-settings';

describe('layout settings (spec §9)', () => {
  it('hides the menu below 767 px, narrows it up to 1025 px and shows it full above', () => {
    expect(sidebarSizeFor(320)).toBe('hidden');
    expect(sidebarSizeFor(766)).toBe('hidden');
    expect(sidebarSizeFor(767)).toBe('narrow');
    expect(sidebarSizeFor(1024)).toBe('narrow');
    expect(sidebarSizeFor(1025)).toBe('full');
    expect(sidebarSizeFor(1920)).toBe('full');
  });

  it('defaults to the horizontal layout', () => {
    expect(DEFAULT_LAYOUT).toBe('horizontal');
    expect(parseLayout(null)).toBe('horizontal');
    expect(parseLayout('sideways')).toBe('horizontal');
    expect(parseLayout('vertical')).toBe('vertical');
  });
});
