import { deflateSync, inflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of width × height whose pixel (x, y) has the colour `pixel` gives. */
export function png(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG of a dark wavy stroke on white: a stand-in for a scanned signature. */
export function signaturePng(width = 160, height = 40): Buffer {
  return png(width, height, (x, y) =>
    Math.abs(y - height / 2 - Math.round(12 * Math.sin(x / 9))) < 2 ? [30, 30, 30] : [255, 255, 255],
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
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA). */
  channels: number;
  /** The pixels, row by row, unfiltered. */
  data: Buffer;
}

/**
 * Decodes the PNGs Chromium's screenshots are: 8-bit RGB or RGBA, not interlaced (anything else throws). Enough to
 * measure what a canvas shows without an image library.
 */
export function decodePng(file: Buffer): DecodedPng {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('ascii', offset + 4, offset + 8);
    const data = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = data.subarray(8, 13);
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
      channels = colour === 2 ? 3 : 4;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  return { width, height, channels, data: out };
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
