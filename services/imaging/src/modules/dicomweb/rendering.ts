import sharp, { type Sharp } from 'sharp';
import type { DicomJsonObject } from '@rayworks/contracts';
import { greyDisplayValues, interleavedRgb } from '@rayworks/dicom';
import { TAGS } from './qido-params.js';

/**
 * Rendered images (PS3.18 10.4.1.1.3, 8.3.5.1): one frame as an 8-bit JPEG or PNG a person can look at, encoded by
 * sharp (libvips; docs/decisions/0104-dicomweb-rendering.md).
 * - native grey pixel data (8 or 16 bits, signed or not, either byte order): Modality LUT (rescale slope and
 *   intercept), then the VOI window the file gives (WindowCenter / WindowWidth, PS3.3 C.11.2.1.2 linear), else the
 *   frame's min–max; MONOCHROME1 is inverted;
 * - native RGB 8 bits (interleaved or planar);
 * - JPEG baseline (8-bit, transfer syntax .4.50) — and other JPEG sharp decodes: the frame is decoded by sharp;
 * anything else (JPEG 2000, JPEG-LS, RLE, 12-bit JPEG) is NotRenderableError here: WadoService.render decodes such
 * an instance to native data first (transcoder.ts) and renders that.
 */
export class NotRenderableError extends Error {}

export type RenderedType = 'image/jpeg' | 'image/png';

export interface RenderOptions {
  type: RenderedType;
  /** Fit inside this box (thumbnails, the `viewport` parameter). */
  fit?: { width: number; height: number };
  quality?: number;
  /** A window asked for by the `window` parameter (center, width), overriding the file's. */
  window?: { center: number; width: number };
}

const num = (json: DicomJsonObject, tag: string): number | null => {
  const v = json[tag]?.Value?.[0];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const str = (json: DicomJsonObject, tag: string): string | null => {
  const v = json[tag]?.Value?.[0];
  return typeof v === 'string' ? v : null;
};

const JPEG_DECODABLE = new Set(['1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.51', '1.2.840.10008.1.2.4.70']);
const NATIVE = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.2', '1.2.840.10008.1.2.1.99']);

export const canRender = (transferSyntax: string): boolean =>
  NATIVE.has(transferSyntax) || JPEG_DECODABLE.has(transferSyntax);

export async function renderFrame(
  frame: Buffer,
  transferSyntax: string,
  metadata: DicomJsonObject,
  options: RenderOptions,
): Promise<Buffer> {
  let image: Sharp;
  if (JPEG_DECODABLE.has(transferSyntax)) {
    image = sharp(frame, { failOn: 'error' });
    try {
      await image.metadata();
    } catch (error) {
      throw new NotRenderableError(`the JPEG frame cannot be decoded: ${(error as Error).message}`);
    }
  } else if (NATIVE.has(transferSyntax)) {
    image = nativeImage(frame, transferSyntax === '1.2.840.10008.1.2.2', metadata, options.window);
  } else {
    throw new NotRenderableError(`frames of transfer syntax ${transferSyntax} cannot be rendered`);
  }
  if (options.fit) image = image.resize(options.fit.width, options.fit.height, { fit: 'inside' });
  try {
    return await (options.type === 'image/png'
      ? image.png().toBuffer()
      : image.jpeg({ quality: options.quality ?? 90, mozjpeg: false }).toBuffer());
  } catch (error) {
    // libvips reads 8-bit JPEG only ("Unsupported JPEG data precision 12"): the caller decodes it another way
    if (JPEG_DECODABLE.has(transferSyntax))
      throw new NotRenderableError(`the JPEG frame cannot be decoded: ${(error as Error).message}`);
    throw error;
  }
}

function nativeImage(
  frame: Buffer,
  bigEndian: boolean,
  metadata: DicomJsonObject,
  asked: RenderOptions['window'],
): Sharp {
  const rows = num(metadata, TAGS.Rows);
  const columns = num(metadata, TAGS.Columns);
  const samples = num(metadata, TAGS.SamplesPerPixel) ?? 1;
  const bits = num(metadata, TAGS.BitsAllocated) ?? 16;
  const signed = num(metadata, TAGS.PixelRepresentation) === 1;
  const photometric = str(metadata, TAGS.PhotometricInterpretation) ?? 'MONOCHROME2';
  if (!rows || !columns) throw new NotRenderableError('the image has no Rows or Columns');
  const pixels = rows * columns;
  if (samples === 3 && bits === 8 && photometric.startsWith('RGB')) {
    if (frame.length < pixels * 3) throw new NotRenderableError('the frame is shorter than its image');
    const rgb = interleavedRgb(frame, pixels, num(metadata, '00280006') === 1);
    return sharp(rgb, { raw: { width: columns, height: rows, channels: 3 } });
  }
  if (samples !== 1 || (bits !== 8 && bits !== 16))
    throw new NotRenderableError(`${samples} samples of ${bits} bits (${photometric}) cannot be rendered`);
  if (frame.length < pixels * (bits / 8)) throw new NotRenderableError('the frame is shorter than its image');
  const center = asked?.center ?? num(metadata, TAGS.WindowCenter);
  const width = asked?.width ?? num(metadata, TAGS.WindowWidth);
  const out = greyDisplayValues(new DataView(frame.buffer, frame.byteOffset, frame.byteLength), {
    pixels,
    bitsAllocated: bits,
    signed,
    bigEndian,
    rescaleSlope: num(metadata, TAGS.RescaleSlope) ?? 1,
    rescaleIntercept: num(metadata, TAGS.RescaleIntercept) ?? 0,
    window: center !== null && width !== null ? { center, width } : null,
    monochrome1: photometric === 'MONOCHROME1',
  });
  return sharp(out, { raw: { width: columns, height: rows, channels: 1 } });
}
