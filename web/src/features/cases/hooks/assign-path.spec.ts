import { describe, expect, it } from '@jest/globals';
import { assignPath, idsOfPath, MAX_ASSIGN } from './assign-path';

const A = '0190d1a2-3b4c-7d5e-8f60-0000000000aa';
const B = '0190d1a2-3b4c-7d5e-8f60-0000000000bb';

describe('the assign page path', () => {
  it('carries the ids, and reads them back', () => {
    expect(assignPath([A, B])).toBe(`/worklist/edit/${A},${B}`);
    expect(idsOfPath(assignPath([A, B]).replace('/worklist/edit/', ''))).toEqual([A, B]);
  });

  it('reads only UUIDs, once each', () => {
    expect(idsOfPath(`${A},nonsense,${A},,${B}`)).toEqual([A, B]);
    expect(idsOfPath(undefined)).toEqual([]);
    expect(idsOfPath('x')).toEqual([]);
  });

  it('stops at what one assignment takes', () => {
    const many = Array.from({ length: 120 }, (_, i) => `0190d1a2-3b4c-7d5e-8f60-${String(i).padStart(12, '0')}`);
    expect(idsOfPath(many.join(','))).toHaveLength(MAX_ASSIGN);
    expect(assignPath(many).split(',')).toHaveLength(MAX_ASSIGN);
  });
});
