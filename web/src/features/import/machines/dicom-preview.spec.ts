/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { decodePreview, NO_PREVIEW_COMPRESSED, NO_PREVIEW_UNREADABLE } from './dicom-preview';

/** Real DICOM files published by others (Debian's python3-pydicom), never committed. */
const TEST_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files/';
const read = (name: string) => new Uint8Array(readFileSync(TEST_FILES + name));

describe('decodePreview', () => {
  it('renders an uncompressed 16-bit CT (explicit little endian) with its window', () => {
    const preview = decodePreview(read('CT_small.dcm'));
    if (preview.kind !== 'image') throw new Error(preview.reason);
    expect([preview.width, preview.height]).toEqual([128, 128]);
    expect(preview.rgba).toHaveLength(128 * 128 * 4);
    const greys = new Set<number>();
    for (let i = 0; i < preview.rgba.length; i += 4) greys.add(preview.rgba[i]!);
    // a real picture, not a flat square
    expect(greys.size).toBeGreaterThan(50);
  });

  it('renders the same MR in implicit little endian and explicit big endian to the same pixels', () => {
    const little = decodePreview(read('MR_small_implicit.dcm'));
    const big = decodePreview(read('MR_small_bigendian.dcm'));
    if (little.kind !== 'image' || big.kind !== 'image') throw new Error('no image');
    expect(big.width).toBe(little.width);
    expect(Buffer.from(big.rgba).equals(Buffer.from(little.rgba))).toBe(true);
  });

  it('renders 8-bit RGB', () => {
    const preview = decodePreview(read('SC_rgb_small_odd.dcm'));
    expect(preview.kind).toBe('image');
  });

  it('says "no preview" for compressed pixel data (JPEG, JPEG 2000, RLE)', () => {
    for (const name of ['JPEG-lossy.dcm', 'MR_small_jp2klossless.dcm', 'MR_small_RLE.dcm'])
      expect(decodePreview(read(name))).toEqual({ kind: 'none', reason: NO_PREVIEW_COMPRESSED });
  });

  it('says the image could not be read for a truncated file or bytes that are not DICOM', () => {
    expect(decodePreview(read('MR_truncated.dcm'))).toEqual({ kind: 'none', reason: NO_PREVIEW_UNREADABLE });
    expect(decodePreview(new Uint8Array(300))).toEqual({ kind: 'none', reason: NO_PREVIEW_UNREADABLE });
  });
});
