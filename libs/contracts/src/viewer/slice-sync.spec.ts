import { describe, expect, it } from '@jest/globals';
import {
  framesOverlap,
  mapSliceBetween,
  mapSliceIndex,
  sliceNormal,
  slicePositions,
  sliceSpacing,
} from './slice-sync.js';

const AXIAL = [1, 0, 0, 0, 1, 0];
const SAGITTAL = [0, 1, 0, 0, 0, -1];
const stack = (z0: number, step: number, n: number) => Array.from({ length: n }, (_, i) => [-100, -100, z0 + i * step]);

describe('slice-sync', () => {
  it('computes the normal of an orientation, null when degenerate', () => {
    expect(sliceNormal(AXIAL)).toEqual([0, 0, 1]);
    expect(sliceNormal([1, 0, 0, 1, 0, 0])).toBeNull();
    expect(sliceNormal([1, 0])).toBeNull();
  });

  it('takes the median gap as the spacing', () => {
    expect(sliceSpacing([0, 5, 10, 15])).toBe(5);
    expect(sliceSpacing([15, 0, 10, 5])).toBe(5);
    expect(sliceSpacing([3])).toBe(0);
  });

  it('maps to the nearest position, not the same index', () => {
    const a = [0, 5, 10, 15, 20];
    const b = [0, 2.5, 5, 7.5, 10, 12.5, 15, 17.5, 20];
    expect(mapSliceIndex(a, 2, b)).toBe(4);
    expect(mapSliceIndex(b, 3, a)).toBe(1); // 7.5 → 5 or 10, the first nearest
  });

  it('follows position when B runs the other way', () => {
    const a = [0, 5, 10, 15, 20];
    const reversed = [20, 15, 10, 5, 0];
    expect(mapSliceIndex(a, 0, reversed)).toBe(4);
    expect(mapSliceIndex(a, 4, reversed)).toBe(0);
  });

  it('answers null outside B by more than half a slice', () => {
    const a = [0, 5, 10, 15, 20, 25, 30];
    const b = [10, 12, 14, 16, 18, 20];
    expect(mapSliceIndex(a, 0, b)).toBeNull();
    expect(mapSliceIndex(a, 6, b)).toBeNull();
    expect(mapSliceIndex([9.2], 0, b)).toBe(0);
    expect(mapSliceIndex([8.9], 0, b)).toBeNull();
    expect(mapSliceIndex(a, 99, b)).toBeNull();
    expect(mapSliceIndex(a, 0, [])).toBeNull();
  });

  it('maps between series through ImagePositionPatient, with an offset study and other spacing', () => {
    const current = { positions: stack(0, 2, 50), orientation: AXIAL };
    const prior = { positions: stack(-20, 5, 30).reverse(), orientation: AXIAL };
    // current index 10 is at z=20; prior positions run from z=125 down to -20 → z=20 is index 29-8=21
    expect(slicePositions(prior.positions, [0, 0, 1])[21]).toBe(20);
    expect(mapSliceBetween(current, 10, prior)).toBe(21);
    expect(mapSliceBetween(current, 10, { positions: stack(0, 2, 50), orientation: SAGITTAL })).toBeNull();
  });

  describe('framesOverlap', () => {
    const current = { positions: stack(0, 2, 50), orientation: AXIAL, frameOfReferenceUid: '1.2.3' };

    it('links one frame of reference, or ranges that overlap along the normal', () => {
      // another frame of reference but the same stretch of the body (the prior of the e2e): linked
      expect(
        framesOverlap(current, { positions: stack(-20, 5, 30), orientation: AXIAL, frameOfReferenceUid: '9' }),
      ).toBe(true);
      // one frame of reference: linked even where the ranges do not meet (a mapped slice is then out of range)
      expect(
        framesOverlap(current, { positions: stack(500, 2, 10), orientation: AXIAL, frameOfReferenceUid: '1.2.3' }),
      ).toBe(true);
    });

    it('does not link another frame whose range lies elsewhere, another orientation, or no positions', () => {
      // another table position: 300 mm beyond the current's last slice
      expect(
        framesOverlap(current, { positions: stack(400, 2, 50), orientation: AXIAL, frameOfReferenceUid: '9' }),
      ).toBe(false);
      // just past the end: 0..98 (±1 mm) against 101..199 (±1 mm) share nothing
      expect(framesOverlap(current, { positions: stack(101, 2, 50), orientation: AXIAL })).toBe(false);
      expect(
        framesOverlap(current, { positions: stack(0, 2, 50), orientation: SAGITTAL, frameOfReferenceUid: '1.2.3' }),
      ).toBe(false);
      expect(framesOverlap(current, { positions: [[0, 0]], orientation: AXIAL })).toBe(false);
      expect(framesOverlap(current, { positions: [], orientation: AXIAL })).toBe(false);
    });
  });
});
