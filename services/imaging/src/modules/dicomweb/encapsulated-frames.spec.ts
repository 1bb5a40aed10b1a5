import { describe, expect, it } from '@jest/globals';
import { EncapsulatedDataError, frameBytes, framesOf } from './encapsulated-frames.js';

const item = (bytes: number[]) => {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(0xfffe, 0);
  head.writeUInt16LE(0xe000, 2);
  head.writeUInt32LE(bytes.length, 4);
  return Buffer.concat([head, Buffer.from(bytes)]);
};
const delimiter = Buffer.from([0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0]);
const table = (offsets: number[]) => {
  const b = Buffer.alloc(offsets.length * 4);
  offsets.forEach((o, i) => b.writeUInt32LE(o, i * 4));
  return item([...b]);
};

describe('encapsulated frames', () => {
  it('joins every fragment of a single frame', () => {
    const value = Buffer.concat([item([]), item([0xff, 0xd8, 1]), item([2, 0xff, 0xd9]), delimiter]);
    const frames = framesOf(value, 1);
    expect(frameBytes(value, frames[0]!)).toEqual(Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0xd9]));
  });

  it('splits by the Basic Offset Table (offsets from the first fragment item)', () => {
    const f1a = item([0xff, 0xd8, 1, 1]);
    const f1b = item([2, 2]);
    const f2 = item([0xff, 0xd8, 3, 3]);
    const value = Buffer.concat([table([0, f1a.length + f1b.length]), f1a, f1b, f2, delimiter]);
    const frames = framesOf(value, 2);
    expect(frames.map((f) => [...frameBytes(value, f)])).toEqual([
      [0xff, 0xd8, 1, 1, 2, 2],
      [0xff, 0xd8, 3, 3],
    ]);
  });

  it('takes one fragment per frame when they are as many, else splits at JPEG starts', () => {
    const one = Buffer.concat([item([]), item([1, 2]), item([3, 4]), delimiter]);
    expect(framesOf(one, 2).map((f) => [...frameBytes(one, f)])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const split = Buffer.concat([
      item([]),
      item([0xff, 0xd8, 1, 1]),
      item([5, 5]),
      item([0xff, 0xd8, 2, 2]),
      delimiter,
    ]);
    expect(framesOf(split, 2).map((f) => [...frameBytes(split, f)])).toEqual([
      [0xff, 0xd8, 1, 1, 5, 5],
      [0xff, 0xd8, 2, 2],
    ]);
  });

  it('refuses data that is not a sequence of items or does not hold its frames', () => {
    expect(() => framesOf(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]), 1)).toThrow(EncapsulatedDataError);
    const short = Buffer.concat([item([]), item([1, 2]), delimiter]).subarray(0, 12);
    expect(() => framesOf(short, 1)).toThrow(EncapsulatedDataError);
    const three = Buffer.concat([item([]), item([1]), item([2]), item([3]), delimiter]);
    expect(() => framesOf(three, 2)).toThrow(EncapsulatedDataError);
  });
});
