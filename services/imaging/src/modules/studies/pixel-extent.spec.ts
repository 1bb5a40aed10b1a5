import { describe, expect, it } from '@jest/globals';
import { EncapsulatedExtent } from './pixel-extent.js';

const item = (group: number, element: number, length: number, value = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(group, 0);
  header.writeUInt16LE(element, 2);
  header.writeUInt32LE(length, 4);
  return Buffer.concat([header, value]);
};
const fragment = (bytes: number) => item(0xfffe, 0xe000, bytes, Buffer.alloc(bytes, 7));

/** A file: `prefix` bytes, then the encapsulated value (an empty offset table, two fragments), the delimiter, a tail. */
function file(prefix: number) {
  const value = Buffer.concat([item(0xfffe, 0xe000, 0), fragment(1000), fragment(33)]);
  return {
    bytes: Buffer.concat([Buffer.alloc(prefix, 1), value, item(0xfffe, 0xe0dd, 0), Buffer.alloc(20, 9)]),
    length: value.length,
  };
}

function walk(bytes: Buffer, offset: number, chunk: number) {
  const extent = new EncapsulatedExtent(offset);
  for (let at = 0; at < bytes.length; at += chunk) extent.push(bytes.subarray(at, at + chunk), at);
  return extent.result();
}

describe('EncapsulatedExtent', () => {
  it.each([1, 3, 7, 8, 100, 4096])('finds the end of the items whatever the chunks (%i bytes)', (chunk) => {
    const { bytes, length } = file(300);
    expect(walk(bytes, 300, chunk)).toEqual({ ok: true, length });
  });

  it('reports a value cut before its delimiter as truncated', () => {
    const { bytes } = file(300);
    expect(walk(bytes.subarray(0, 900), 300, 64)).toEqual({
      ok: false,
      detail: 'the encapsulated pixel data has no sequence delimiter (truncated)',
    });
  });

  it('reports something that is not an item', () => {
    const bytes = Buffer.concat([Buffer.alloc(10), item(0x0008, 0x0018, 4, Buffer.from('1234'))]);
    expect(walk(bytes, 10, 5)).toEqual({
      ok: false,
      detail: 'an encapsulated pixel data item at byte 10 is not an item',
    });
  });
});
