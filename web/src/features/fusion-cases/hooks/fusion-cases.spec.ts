import { describe, expect, it } from '@jest/globals';
import { fusionStatusFromParams, fusionStatusLabel, pageFromParams } from './fusion-cases';

describe('fusion cases URL state', () => {
  it('reads the fusion status tab and ignores anything else', () => {
    expect(fusionStatusFromParams(new URLSearchParams('fs=PENDING_FOR_ACCEPTANCE'))).toBe('PENDING_FOR_ACCEPTANCE');
    expect(fusionStatusFromParams(new URLSearchParams('fs=nope'))).toBeNull();
    expect(fusionStatusFromParams(new URLSearchParams(''))).toBeNull();
  });

  it('reads a page number, 1 when missing or out of range', () => {
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromParams(new URLSearchParams('page=0'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=x'))).toBe(1);
    expect(pageFromParams(new URLSearchParams(''))).toBe(1);
  });

  it('reads fusion statuses as words', () => {
    expect(fusionStatusLabel('IN_PROGRESS')).toBe('IN PROGRESS');
  });
});
