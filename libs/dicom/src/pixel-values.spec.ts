import { describe, expect, it } from '@jest/globals';
import { greyDisplayValues, interleavedRgb, type GreyFrame } from './pixel-values.js';

const frame = (over: Partial<GreyFrame>): GreyFrame => ({
  pixels: 4,
  bitsAllocated: 16,
  signed: false,
  bigEndian: false,
  rescaleSlope: 1,
  rescaleIntercept: 0,
  window: null,
  monochrome1: false,
  ...over,
});
const words = (values: number[], bigEndian = false, signed = false) => {
  const view = new DataView(new ArrayBuffer(values.length * 2));
  values.forEach((v, i) => (signed ? view.setInt16(i * 2, v, !bigEndian) : view.setUint16(i * 2, v, !bigEndian)));
  return view;
};

describe('greyDisplayValues', () => {
  it('stretches the frame range to 0–255 without a window', () => {
    expect([...greyDisplayValues(words([100, 200, 300, 500]), frame({}))]).toEqual([0, 64, 128, 255]);
  });

  it('applies the linear VOI window of PS3.3 C.11.2.1.2.1 after the rescale', () => {
    // rescaled: -1000, 0, 40, 1000; window 40/400 → below -160 is 0, above 239.5 is 255
    const out = greyDisplayValues(
      words([0, 1000, 1040, 2000]),
      frame({ rescaleIntercept: -1000, window: { center: 40, width: 400 } }),
    );
    expect([...out]).toEqual([0, Math.round(((0 - 39.5) / 399 + 0.5) * 255), 128, 255]);
  });

  it('ignores a window narrower than 1 and reads signed big-endian words', () => {
    const out = greyDisplayValues(
      words([-10, 0, 10, 30], true, true),
      frame({ signed: true, bigEndian: true, window: { center: 0, width: 0.5 } }),
    );
    expect([...out]).toEqual([0, 64, 128, 255]);
  });

  it('inverts MONOCHROME1 and reads 8-bit samples; a flat frame is black', () => {
    const bytes = new DataView(new Uint8Array([0, 255, 0, 255]).buffer);
    expect([...greyDisplayValues(bytes, frame({ bitsAllocated: 8, monochrome1: true }))]).toEqual([255, 0, 255, 0]);
    expect([...greyDisplayValues(words([7, 7, 7, 7]), frame({}))]).toEqual([0, 0, 0, 0]);
  });
});

describe('interleavedRgb', () => {
  it('interleaves a planar frame and hands an interleaved one back as it is', () => {
    const planar = new Uint8Array([1, 2, 10, 20, 100, 200]);
    expect([...interleavedRgb(planar, 2, true)]).toEqual([1, 10, 100, 2, 20, 200]);
    const interleaved = new Uint8Array([1, 10, 100, 2, 20, 200, 9]);
    expect([...interleavedRgb(interleaved, 2, false)]).toEqual([1, 10, 100, 2, 20, 200]);
  });
});
