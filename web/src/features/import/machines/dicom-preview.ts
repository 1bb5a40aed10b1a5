import { greyDisplayValues, interleavedRgb } from '@rayworks/dicom';
import dicomParser, { type DataSet } from 'dicom-parser';

/**
 * The import screen's preview of one image (spec §2), decoded in the browser with dicom-parser: uncompressed pixel
 * data (implicit or explicit VR little endian, explicit big endian), monochrome 8/16-bit (rescale, then the file's
 * window or the image's range) or 8-bit RGB — display values by libs/dicom's pixel-values, as imaging renders them. Compressed transfer syntaxes (JPEG, JPEG-LS, JPEG 2000, RLE) are the
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
    const rgb = interleavedRgb(bytes.subarray(pixelData.dataOffset), pixels, dataSet.uint16('x00280006') === 1);
    for (let i = 0; i < pixels; i += 1) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    return { kind: 'image', width: columns, height: rows, rgba };
  }
  if (samples !== 1 || !photometric.startsWith('MONOCHROME') || (bitsAllocated !== 8 && bitsAllocated !== 16))
    return none(NO_PREVIEW_UNSUPPORTED);

  const center = dataSet.floatString('x00281050');
  const width = dataSet.floatString('x00281051');
  const greys = greyDisplayValues(new DataView(bytes.buffer, bytes.byteOffset + pixelData.dataOffset, frameBytes), {
    pixels,
    bitsAllocated,
    signed,
    bigEndian,
    rescaleSlope: dataSet.floatString('x00281053') ?? 1,
    rescaleIntercept: dataSet.floatString('x00281052') ?? 0,
    window: center !== undefined && width !== undefined ? { center, width } : null,
    monochrome1: photometric === 'MONOCHROME1',
  });
  for (let i = 0; i < pixels; i += 1) rgba.set([greys[i]!, greys[i]!, greys[i]!, 255], i * 4);
  return { kind: 'image', width: columns, height: rows, rgba };
}
