import { describe, expect, it } from '@jest/globals';
import { batchesOf, outwardOrder, prefetchWindow } from './load-order';

describe('outwardOrder', () => {
  it('starts at the image shown and alternates outwards, each image once', () => {
    expect(outwardOrder(5, 2)).toEqual([2, 3, 1, 4, 0]);
    expect(outwardOrder(4, 0)).toEqual([0, 1, 2, 3]);
    expect(outwardOrder(4, 3)).toEqual([3, 2, 1, 0]);
    const order = outwardOrder(1000, 500);
    expect(new Set(order).size).toBe(1000);
    expect(order.slice(0, 3)).toEqual([500, 501, 499]);
  });

  it('clamps the start and is empty for an empty stack', () => {
    expect(outwardOrder(3, 9)).toEqual([2, 1, 0]);
    expect(outwardOrder(3, -1)).toEqual([0, 1, 2]);
    expect(outwardOrder(0, 0)).toEqual([]);
  });
});

describe('prefetchWindow', () => {
  it('is the whole stack outwards from the image shown when it fits the cache', () => {
    expect(prefetchWindow(5, 2, 10, 0, true)).toEqual([2, 3, 1, 4, 0]);
    expect(prefetchWindow(5, 2, 10, 1, true)).toEqual([2, 3, 1, 4, 0]);
  });

  it('holds at most the capacity around the image shown when the stack is larger than the cache', () => {
    expect(prefetchWindow(5000, 2500, 4, 0, true)).toEqual([2500, 2501, 2499, 2502]);
    const window = prefetchWindow(5000, 2500, 800, 0, true);
    expect(window).toHaveLength(800);
    expect(Math.min(...window)).toBe(2101);
    expect(Math.max(...window)).toBe(2900);
  });

  it('runs three quarters ahead of a playing cine, wrapping to the start when it loops, a quarter behind', () => {
    expect(prefetchWindow(5000, 100, 8, 1, true)).toEqual([100, 101, 102, 103, 104, 105, 99, 98]);
    expect(prefetchWindow(5000, 4998, 8, 1, true)).toEqual([4998, 4999, 0, 1, 2, 3, 4997, 4996]);
    expect(prefetchWindow(5000, 4998, 8, 1, false)).toEqual([4998, 4999, 4997, 4996, 4995, 4994, 4993, 4992]);
    expect(prefetchWindow(5000, 100, 8, -1, true)).toEqual([100, 99, 98, 97, 96, 95, 101, 102]);
    const window = prefetchWindow(5000, 2500, 800, 1, true);
    expect(new Set(window).size).toBe(800);
  });
});

describe('batchesOf', () => {
  it('cuts the order into batches of at most `size` instances, keeping an instance’s frames together', () => {
    const sopOf = (i: number) => `sop${Math.floor(i / 2)}`; // two frames per instance
    expect(batchesOf([0, 1, 2, 3, 4, 5], sopOf, 2)).toEqual([
      [0, 1, 2, 3],
      [4, 5],
    ]);
    expect(batchesOf([5, 4, 3], (i) => `s${i}`, 24)).toEqual([[5, 4, 3]]);
    expect(batchesOf([], (i) => `s${i}`, 24)).toEqual([]);
  });
});
