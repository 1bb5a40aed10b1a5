// One instance's header, for the import worker and STOW-RS: the UIDs and indexed attributes, where the pixel data
// lies, and the DICOM JSON of every element except bulk data. Pure: bytes in, values out (browser and Node).
import type { Element } from 'dicom-parser';
import { dictionaryVr } from './data-dictionary.js';
import { DicomParseError } from './dicom-parse-error.js';
import {
  TRANSFER_SYNTAX,
  parsePart10,
  readIntegerString,
  readString,
  readUint16,
  readWholeString,
  requireUid,
  type ParsedDicom,
} from './dicom-dataset.js';
import { dataSetToJson, DICOM_TAGS, type BulkDataRef, type DicomJsonDataset } from './dicom-json.js';
import { DICM_MARKER_OFFSET } from './import-messages.js';

export { hasDicmMarker, TRANSFER_SYNTAX } from './dicom-dataset.js';

/** Where the pixel data's value lies in the file. */
export interface PixelDataLocation {
  /** Byte offset of the value (for encapsulated data: of the Basic Offset Table item). */
  offset: number;
  /**
   * Byte length of the value; for encapsulated data its items, without the sequence delimiter item. With
   * `headerOnly`, an encapsulated value's length is unknown and this is the rest of the given bytes.
   */
  length: number;
  /** Compressed (JPEG, JPEG 2000, RLE, ...): the value is a sequence of fragments. */
  encapsulated: boolean;
  /** Encapsulated data: each fragment's value, as offsets in the file (absent with `headerOnly`). */
  fragments?: { offset: number; length: number }[];
  /** Encapsulated data: the Basic Offset Table (offsets of each frame's first fragment; often empty). */
  basicOffsetTable?: number[];
}

export interface InstanceHeader {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  /** The PN value as written (component groups joined by '='), '' when absent. */
  patientName: string;
  patientId: string;
  patientBirthDate: string | null;
  patientSex: string | null;
  studyDate: string | null;
  studyTime: string | null;
  accessionNumber: string | null;
  studyId: string | null;
  studyDescription: string | null;
  referringPhysicianName: string | null;
  modality: string;
  seriesNumber: number | null;
  seriesDescription: string | null;
  bodyPartExamined: string | null;
  instanceNumber: number | null;
  rows: number | null;
  columns: number | null;
  numberOfFrames: number;
  samplesPerPixel: number | null;
  bitsAllocated: number | null;
  photometricInterpretation: string | null;
  pixelData: PixelDataLocation | null;
  /** PS3.18 F.2 DICOM JSON of the data set (file meta information and bulk data left out). */
  dicomJson: DicomJsonDataset;
  /** The bulk data left out of `dicomJson` (pixel data included), for BulkDataURIs: see `withBulkDataUris`. */
  bulkData: BulkDataRef[];
}

export interface ParseInstanceHeaderOptions {
  /**
   * The bytes are only the start of the file, up to at least the Pixel Data element's header: parsing stops there
   * and the pixel data's extent is not checked. Default false: the bytes are the whole file, and a file that ends
   * before its data does is refused.
   */
  headerOnly?: boolean;
}

const SEQUENCE_DELIMITER_LENGTH = 8;

function pixelDataLocation(parsed: ParsedDicom, element: Element | undefined, headerOnly: boolean) {
  if (!element) return null;
  const fileLength = parsed.dataSet.byteArray.length;
  const encapsulated = element.hadUndefinedLength === true || element.encapsulatedPixelData === true;
  if (headerOnly) {
    const length = encapsulated ? Math.max(0, fileLength - element.dataOffset) : element.length;
    return { offset: element.dataOffset, length, encapsulated };
  }
  if (element.dataOffset + element.length > fileLength) {
    throw new DicomParseError('pixel data runs past the end of the file (truncated)');
  }
  if (!encapsulated) return { offset: element.dataOffset, length: element.length, encapsulated };
  const fragments = (element.fragments ?? []).map((fragment) => ({
    offset: fragment.position,
    length: fragment.length,
  }));
  if (fragments.some((fragment) => fragment.offset + fragment.length > fileLength)) {
    throw new DicomParseError('a pixel data fragment runs past the end of the file (truncated)');
  }
  return {
    offset: element.dataOffset,
    // dicom-parser counts the sequence delimiter item (8 bytes) in the element; the value ends before it.
    length: element.length - SEQUENCE_DELIMITER_LENGTH,
    encapsulated,
    fragments,
    basicOffsetTable: [...(element.basicOffsetTable ?? [])],
  };
}

/**
 * Parses a DICOM Part 10 file (explicit or implicit VR, little or big endian, native or encapsulated pixel data).
 * Throws DicomParseError (message 'Error parsing DICOM file.', `detail` saying why) when the bytes are not a
 * readable Part 10 file, are truncated, use the deflated transfer syntax, or lack the Study, Series or SOP Instance
 * UID.
 */
export function parseInstanceHeader(bytes: Uint8Array, options: ParseInstanceHeaderOptions = {}): InstanceHeader {
  const headerOnly = options.headerOnly === true;
  const parsed = parsePart10(bytes, { untilPixelData: headerOnly, vrOf: (tag) => dictionaryVr(tag.slice(1)) });
  const t = DICOM_TAGS;
  const studyInstanceUid = requireUid(parsed, t.StudyInstanceUID, 'Study Instance UID');
  const seriesInstanceUid = requireUid(parsed, t.SeriesInstanceUID, 'Series Instance UID');
  const sopInstanceUid = requireUid(parsed, t.SOPInstanceUID, 'SOP Instance UID');
  const pixelData = pixelDataLocation(parsed, parsed.dataSet.elements['x7fe00010'], headerOnly);
  const bulkData: BulkDataRef[] = [];
  let dicomJson: DicomJsonDataset;
  try {
    dicomJson = dataSetToJson(parsed.dataSet, {
      littleEndian: parsed.littleEndian,
      charset: parsed.charset,
      path: [],
      bulk: bulkData,
      implicit: parsed.transferSyntaxUid === TRANSFER_SYNTAX.implicitLittleEndian,
      signedPixels: readUint16(parsed, '00280103') === 1,
    });
  } catch (thrown) {
    if (thrown instanceof DicomParseError) throw thrown;
    throw new DicomParseError(`unreadable value: ${(thrown as Error).message}`, { cause: thrown });
  }
  const fileLength = parsed.dataSet.byteArray.length;
  if (!headerOnly) {
    const past = bulkData.find(
      (ref) => !(ref.path.length === 0 && ref.tag === t.PixelData) && ref.offset + ref.length > fileLength,
    );
    if (past) throw new DicomParseError(`element ${past.tag} runs past the end of the file (truncated)`);
  }
  if (pixelData) {
    const ref = bulkData.find((r) => r.path.length === 0 && r.tag === t.PixelData);
    if (ref) ref.length = pixelData.length;
  }
  return {
    studyInstanceUid,
    seriesInstanceUid,
    sopInstanceUid,
    sopClassUid: readString(parsed, t.SOPClassUID) ?? readString(parsed, '00020002') ?? '',
    transferSyntaxUid: parsed.transferSyntaxUid,
    patientName: readWholeString(parsed, t.PatientName) ?? '',
    patientId: readString(parsed, t.PatientID, { text: true }) ?? '',
    patientBirthDate: readString(parsed, t.PatientBirthDate),
    patientSex: readString(parsed, t.PatientSex),
    studyDate: readString(parsed, t.StudyDate),
    studyTime: readString(parsed, t.StudyTime),
    accessionNumber: readString(parsed, t.AccessionNumber, { text: true }),
    studyId: readString(parsed, t.StudyID, { text: true }),
    studyDescription: readWholeString(parsed, t.StudyDescription),
    referringPhysicianName: readWholeString(parsed, t.ReferringPhysicianName),
    modality: readString(parsed, t.Modality) ?? '',
    seriesNumber: readIntegerString(parsed, t.SeriesNumber),
    seriesDescription: readWholeString(parsed, t.SeriesDescription),
    bodyPartExamined: readString(parsed, t.BodyPartExamined),
    instanceNumber: readIntegerString(parsed, t.InstanceNumber),
    rows: readUint16(parsed, t.Rows),
    columns: readUint16(parsed, t.Columns),
    numberOfFrames: readIntegerString(parsed, t.NumberOfFrames) ?? 1,
    samplesPerPixel: readUint16(parsed, t.SamplesPerPixel),
    bitsAllocated: readUint16(parsed, t.BitsAllocated),
    photometricInterpretation: readString(parsed, t.PhotometricInterpretation),
    pixelData,
    dicomJson,
    bulkData,
  };
}

/**
 * Zeroes a non-empty 128-byte preamble in place and says whether it did (CVE-2019-11687: a preamble can make a
 * DICOM file a valid executable too). Nothing after byte 128 is touched.
 */
export function zeroPreamble(bytes: Uint8Array): boolean {
  const end = Math.min(DICM_MARKER_OFFSET, bytes.length);
  let dirty = false;
  for (let i = 0; i < end; i++) {
    if (bytes[i] !== 0) {
      dirty = true;
      break;
    }
  }
  if (dirty) bytes.fill(0, 0, end);
  return dirty;
}
