import { describe, expect, it } from '@jest/globals';
import { outwardOrder } from './load-order';

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
