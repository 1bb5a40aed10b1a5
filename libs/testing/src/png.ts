import { PNG } from 'pngjs';

/**
 * PNG images for tests and the demo (through pngjs): made ones — a signature, a picture — and screenshots read back
 * to measure what a canvas shows.
 */

/** An RGB PNG of width × height whose pixel (x, y) has the colour `pixel` gives. */
export function png(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const image = new PNG({ width, height, colorType: 2, inputColorType: 6 });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      image.data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(image, { colorType: 2 });
}

/** A PNG of a dark wavy stroke on white: a stand-in for a scanned signature (`seed` varies the stroke). */
export function signaturePng(width = 160, height = 40, seed = 0): Buffer {
  const turns = 3 + (seed % 3);
  const strokeY = (x: number) => {
    const t = x / width;
    return Math.round(
      height / 2 + height * 0.3 * Math.sin(t * Math.PI * turns) * Math.cos(t * 5) + height * 0.08 * Math.sin(t * 31),
    );
  };
  return png(width, height, (x, y) =>
    x > 4 && x < width - 4 && Math.abs(y - strokeY(x)) < 2 ? [30, 30, 30] : [255, 255, 255],
  );
}

/** A square PNG of a teal-to-amber diagonal gradient: a stand-in for a user's picture. */
export function picturePng(size = 96): Buffer {
  return png(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    return [Math.round(20 + 220 * t), Math.round(150 - 30 * t), Math.round(140 - 110 * t)];
  });
}

export interface DecodedPng {
  width: number;
  height: number;
  /** Bytes per pixel of `data`: always 4 (RGBA), whatever the file held. */
  channels: number;
  /** The pixels, row by row. */
  data: Buffer;
}

/** Reads a PNG (a screenshot) into RGBA pixels. */
export function decodePng(file: Buffer): DecodedPng {
  const { width, height, data } = PNG.sync.read(file);
  return { width, height, channels: 4, data };
}

export interface PixelStatistics {
  /** Mean and standard deviation of the luminance (0..255). */
  mean: number;
  std: number;
  /** How many different RGB colours appear. */
  colours: number;
}

/** Luminance statistics of a PNG (a screenshot): a blank canvas has std 0 and one colour. */
export function pixelStatistics(file: Buffer): PixelStatistics {
  const { width, height, channels, data } = decodePng(file);
  let sum = 0;
  let squares = 0;
  const colours = new Set<number>();
  const n = width * height;
  for (let i = 0; i < n; i++) {
    const r = data[i * channels]!;
    const g = data[i * channels + 1]!;
    const b = data[i * channels + 2]!;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += l;
    squares += l * l;
    colours.add((r << 16) | (g << 8) | b);
  }
  const mean = sum / n;
  return { mean, std: Math.sqrt(Math.max(0, squares / n - mean * mean)), colours: colours.size };
}

/** The share of pixels (0..1) that differ between two screenshots of the same size. */
export function pixelDifference(a: Buffer, b: Buffer): number {
  const x = decodePng(a);
  const y = decodePng(b);
  if (x.width !== y.width || x.height !== y.height) return 1;
  let differ = 0;
  const n = x.width * x.height;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      if (x.data[i * x.channels + k] !== y.data[i * y.channels + k]) {
        differ += 1;
        break;
      }
    }
  }
  return differ / n;
}
