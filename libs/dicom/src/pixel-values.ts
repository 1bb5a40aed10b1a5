/**
 * Native pixel data to 8-bit display values, one rule for the server's rendered images (imaging's WADO-RS
 * /rendered, /thumbnail) and the console's import preview (docs/decisions/0104, 0110):
 * - grey (8 or 16 bits, signed or not, either byte order): the Modality LUT (rescale slope and intercept), then
 *   the VOI window (PS3.3 C.11.2.1.2.1, linear) when one is given with a width of at least 1, else the frame's
 *   min–max; MONOCHROME1 is inverted;
 * - RGB 8 bits: interleaved, whether the frame is interleaved or planar.
 * Browser-safe: typed arrays only.
 */
export interface GreyFrame {
  /** Rows × Columns. */
  pixels: number;
  /** 8 or 16. */
  bitsAllocated: number;
  /** PixelRepresentation 1. */
  signed: boolean;
  /** Explicit VR big endian. */
  bigEndian: boolean;
  rescaleSlope: number;
  rescaleIntercept: number;
  /** The window (WindowCenter / WindowWidth, or one asked for); null or a width under 1: the frame's range. */
  window: { center: number; width: number } | null;
  /** PhotometricInterpretation MONOCHROME1: the lowest value is white. */
  monochrome1: boolean;
}

/** The frame's grey values as one display byte per pixel. `data` starts at the frame's first pixel. */
export function greyDisplayValues(data: DataView, frame: GreyFrame): Uint8Array {
  const { pixels, bitsAllocated, signed, bigEndian, rescaleSlope, rescaleIntercept } = frame;
  const values = new Float64Array(pixels);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < pixels; i++) {
    const raw =
      bitsAllocated === 8
        ? signed
          ? data.getInt8(i)
          : data.getUint8(i)
        : signed
          ? data.getInt16(i * 2, !bigEndian)
          : data.getUint16(i * 2, !bigEndian);
    const v = raw * rescaleSlope + rescaleIntercept;
    values[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const window = frame.window && frame.window.width >= 1 ? frame.window : null;
  const out = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) {
    const v = values[i]!;
    let y: number;
    if (window) {
      const { center, width } = window;
      if (v <= center - 0.5 - (width - 1) / 2) y = 0;
      else if (v > center - 0.5 + (width - 1) / 2) y = 255;
      else y = ((v - (center - 0.5)) / (width - 1) + 0.5) * 255;
    } else y = max > min ? ((v - min) / (max - min)) * 255 : 0;
    out[i] = frame.monochrome1 ? 255 - Math.round(y) : Math.round(y);
  }
  return out;
}

/** An 8-bit RGB frame as interleaved RGB (a planar frame, PlanarConfiguration 1, is interleaved; else a view). */
export function interleavedRgb(data: Uint8Array, pixels: number, planar: boolean): Uint8Array {
  if (!planar) return data.subarray(0, pixels * 3);
  const rgb = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i]!;
    rgb[i * 3 + 1] = data[pixels + i]!;
    rgb[i * 3 + 2] = data[2 * pixels + i]!;
  }
  return rgb;
}
