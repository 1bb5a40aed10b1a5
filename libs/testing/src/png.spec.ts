import { describe, expect, it } from '@jest/globals';
import { decodePng, pixelDifference, pixelStatistics, png, signaturePng } from './png.js';

describe('PNG images for tests (pngjs)', () => {
  it('decodes what the encoder wrote, pixel for pixel', () => {
    const colour = (x: number, y: number) => [x * 7, y * 11, (x * y) % 256] as const;
    const decoded = decodePng(png(23, 17, colour));
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([23, 17, 4]);
    expect([...decoded.data.subarray((5 * 23 + 9) * 4, (5 * 23 + 9) * 4 + 4)]).toEqual([...colour(9, 5), 255]);
  });

  it('tells a blank image from a drawn one, and how much two images differ', () => {
    const blank = png(20, 20, () => [0, 0, 0]);
    const disc = png(20, 20, (x, y) => ((x - 10) ** 2 + (y - 10) ** 2 < 25 ? [200, 200, 200] : [0, 0, 0]));
    expect(pixelStatistics(blank)).toEqual({ mean: 0, std: 0, colours: 1 });
    const drawn = pixelStatistics(disc);
    expect(drawn.std).toBeGreaterThan(10);
    expect(drawn.colours).toBe(2);
    expect(pixelDifference(blank, blank)).toBe(0);
    expect(pixelDifference(blank, disc)).toBeCloseTo(69 / 400, 5);
  });

  it('makes a signature with ink on white, different for another seed', () => {
    const one = pixelStatistics(signaturePng(240, 80, 0));
    expect(one.colours).toBe(2);
    expect(one.mean).toBeGreaterThan(200);
    expect(pixelDifference(signaturePng(240, 80, 0), signaturePng(240, 80, 1))).toBeGreaterThan(0);
  });
});
