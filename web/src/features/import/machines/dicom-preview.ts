import dicomParser, { type DataSet } from 'dicom-parser';

/**
 * The import screen's preview of one image (spec §2), decoded in the browser with dicom-parser: uncompressed pixel
 * data (implicit or explicit VR little endian, explicit big endian), monochrome 8/16-bit (rescale, then the file's
 * window or the image's range) or 8-bit RGB. Compressed transfer syntaxes (JPEG, JPEG-LS, JPEG 2000, RLE) are the
 * viewer's (Cornerstone3D, a later issue): they give a "no preview" answer, never a wrong picture
 * (docs/decisions/0110-import-preview-and-window.md).
 */
export type Preview =
  { kind: 'image'; width: number; height: number; rgba: Uint8ClampedArray } | { kind: 'none'; reason: string };

const UNCOMPRESSED = new Map([
  ['1.2.840.10008.1.2', false],
  ['1.2.840.10008.1.2.1', false],
  ['1.2.840.10008.1.2.2', true],
]);

export const NO_PREVIEW_COMPRESSED = 'No preview: the image is compressed; it is imported as it is.';
export const NO_PREVIEW_UNSUPPORTED = 'No preview for this kind of image; it is imported as it is.';
export const NO_PREVIEW_UNREADABLE = 'No preview: the image could not be read.';

const none = (reason: string): Preview => ({ kind: 'none', reason });

/** Decodes the first frame of a DICOM Part 10 file for the preview. */
export function decodePreview(bytes: Uint8Array): Preview {
  let dataSet: DataSet;
  try {
    dataSet = dicomParser.parseDicom(bytes);
  } catch {
    return none(NO_PREVIEW_UNREADABLE);
  }
  const syntax = (dataSet.string('x00020010') ?? '1.2.840.10008.1.2').replace(/\0/g, '').trim();
  const bigEndian = UNCOMPRESSED.get(syntax);
  if (bigEndian === undefined) return none(NO_PREVIEW_COMPRESSED);
  const pixelData = dataSet.elements.x7fe00010;
  if (!pixelData || pixelData.encapsulatedPixelData) return none(NO_PREVIEW_UNREADABLE);
  const rows = dataSet.uint16('x00280010') ?? 0;
  const columns = dataSet.uint16('x00280011') ?? 0;
  const bitsAllocated = dataSet.uint16('x00280100') ?? 0;
  const samples = dataSet.uint16('x00280002') ?? 1;
  const signed = dataSet.uint16('x00280103') === 1;
  const photometric = (dataSet.string('x00280004') ?? 'MONOCHROME2').trim();
  if (!rows || !columns) return none(NO_PREVIEW_UNREADABLE);
  const pixels = rows * columns;
  const frameBytes = pixels * samples * (bitsAllocated / 8);
  if (pixelData.length < frameBytes || pixelData.dataOffset + frameBytes > bytes.length)
    return none(NO_PREVIEW_UNREADABLE);
  const rgba = new Uint8ClampedArray(pixels * 4);

  if (samples === 3 && bitsAllocated === 8 && photometric === 'RGB') {
    const planar = dataSet.uint16('x00280006') === 1;
    const at = pixelData.dataOffset;
    for (let i = 0; i < pixels; i += 1) {
      const [r, g, b] = planar
        ? [bytes[at + i], bytes[at + pixels + i], bytes[at + 2 * pixels + i]]
        : [bytes[at + 3 * i], bytes[at + 3 * i + 1], bytes[at + 3 * i + 2]];
      rgba.set([r ?? 0, g ?? 0, b ?? 0, 255], i * 4);
    }
    return { kind: 'image', width: columns, height: rows, rgba };
  }
  if (samples !== 1 || !photometric.startsWith('MONOCHROME') || (bitsAllocated !== 8 && bitsAllocated !== 16))
    return none(NO_PREVIEW_UNSUPPORTED);

  const view = new DataView(bytes.buffer, bytes.byteOffset + pixelData.dataOffset, frameBytes);
  const slope = dataSet.floatString('x00281053') ?? 1;
  const intercept = dataSet.floatString('x00281052') ?? 0;
  const values = new Float32Array(pixels);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < pixels; i += 1) {
    const raw =
      bitsAllocated === 8
        ? signed
          ? view.getInt8(i)
          : view.getUint8(i)
        : signed
          ? view.getInt16(i * 2, !bigEndian)
          : view.getUint16(i * 2, !bigEndian);
    const value = raw * slope + intercept;
    values[i] = value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const center = dataSet.floatString('x00281050');
  const width = dataSet.floatString('x00281051');
  const [low, high] =
    center !== undefined && width !== undefined && width > 1
      ? [center - width / 2, center + width / 2]
      : [min, max === min ? min + 1 : max];
  const invert = photometric === 'MONOCHROME1';
  const scale = 255 / (high - low);
  for (let i = 0; i < pixels; i += 1) {
    const v = values[i]!;
    let grey = v <= low ? 0 : v >= high ? 255 : Math.round((v - low) * scale);
    if (invert) grey = 255 - grey;
    rgba.set([grey, grey, grey, 255], i * 4);
  }
  return { kind: 'image', width: columns, height: rows, rgba };
}
