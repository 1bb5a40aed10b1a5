import { describe, expect, it } from '@jest/globals';
import { plural } from './plural';

describe('a count with its noun', () => {
  it('is singular for one only', () => {
    expect(plural(1, 'invoice')).toBe('1 invoice');
    expect(plural(0, 'refund')).toBe('0 refunds');
    expect(plural(3, 'read')).toBe('3 reads');
    expect(plural(2, 'day', 'days')).toBe('2 days');
    expect(plural(1, 'order')).toBe('1 order');
    expect(plural(3, 'series', 'series')).toBe('3 series');
  });
});
