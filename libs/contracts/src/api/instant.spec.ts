import { describe, expect, it } from '@jest/globals';
import { instant, INSTANT_MESSAGES } from './instant.js';

describe('instant', () => {
  it.each([
    '2026-11-28T10:00:00Z',
    '2026-11-28T10:00:00.123+05:30',
    '2026-11-28T10:00:00-14:00',
    '1900-01-01T00:00:00+14:00',
  ])('accepts %s', (value) => expect(instant().safeParse(value).success).toBe(true));

  it.each([
    ['2026-11-28T10:00:00+14:01', INSTANT_MESSAGES.offset],
    ['2026-11-28T10:00:00-16:00', INSTANT_MESSAGES.offset],
    ['2026-11-28T10:00:00+23:59', INSTANT_MESSAGES.offset],
    ['0999-12-31T23:00:00Z', INSTANT_MESSAGES.year],
    ['0001-01-01T00:00:00Z', INSTANT_MESSAGES.year],
    ['1899-12-31T23:59:59Z', INSTANT_MESSAGES.year],
  ])('refuses %s: %s', (value, message) => {
    const parsed = instant().safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('refuses what is not an ISO instant with an offset', () => {
    expect(instant().safeParse('2026-11-28 10:00').success).toBe(false);
    expect(instant().safeParse('2026-11-28T10:00:00').success).toBe(false);
  });
});
