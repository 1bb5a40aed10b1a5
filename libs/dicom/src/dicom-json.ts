// DICOM JSON (PS3.18 Annex F.2) of a parsed data set: what QIDO-RS answers and WADO-RS /metadata returns.
import type { DicomJsonAttribute, DicomJsonObject } from '@rayworks/contracts';
import type { DataSet, Element } from 'dicom-parser';
import { characterSetLabel, decodeAscii, decodeText, toBase64 } from './dicom-text.js';
import { dictionaryVr, isUsOrSsTag } from './data-dictionary.js';

export { DICOM_TAGS, dicomTag } from './dicom-tags.js';

/** One attribute of a DICOM JSON data set (F.2.2): its VR and at most one of Value, BulkDataURI, InlineBinary. */
export type DicomJsonElement = DicomJsonAttribute;

/** A DICOM JSON data set, keyed by the tag as 8 upper-case hex digits ('0020000D') (contracts' DicomJsonObject). */
export type DicomJsonDataset = DicomJsonObject;

/** A PN value in DICOM JSON (F.2.2): one string per component group that is present. */
export interface DicomJsonPersonName {
  Alphabetic?: string;
  Ideographic?: string;
  Phonetic?: string;
}

/**
 * Bulk data left out of `dicomJson` (pixel data, and OB/OD/OF/OL/OV/OW/UN values over
 * {@link BULK_DATA_THRESHOLD_BYTES}): where its value lies in the file, so the server can give it a BulkDataURI
 * and serve it. `path` leads from the top data set to the one holding the element: [] at the top,
 * ['00880200', 0] in the first item of the Icon Image Sequence.
 */
export interface BulkDataRef {
  path: readonly (string | number)[];
  tag: string;
  vr: string;
  /** Byte offset of the value in the file. */
  offset: number;
  /** Byte length of the value (for encapsulated pixel data: its items, without the sequence delimiter item). */
  length: number;
}

/** Binary values up to this many bytes are kept in the JSON as InlineBinary; longer ones are bulk data. */
export const BULK_DATA_THRESHOLD_BYTES = 1024;

/** Tags that are pixel data whatever their length: always bulk data. */
export const PIXEL_DATA_TAGS: readonly string[] = ['7FE00008', '7FE00009', '7FE00010'];

const BINARY_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);
const SINGLE_TEXT_VRS = new Set(['LT', 'ST', 'UT', 'UR']);
const CHARSET_VRS = new Set(['LO', 'LT', 'PN', 'SH', 'ST', 'UC', 'UT']);
const NUMBER_WIDTH: Record<string, number> = { US: 2, SS: 2, UL: 4, SL: 4, FL: 4, FD: 8, SV: 8, UV: 8 };

/**
 * The data set with a BulkDataURI for each bulk element of `refs` (those of the top data set and of sequence items),
 * `uriFor` giving the URI. The input is not changed.
 */
export function withBulkDataUris(
  dataset: DicomJsonDataset,
  refs: readonly BulkDataRef[],
  uriFor: (ref: BulkDataRef) => string,
): DicomJsonDataset {
  const copy = structuredClone(dataset);
  for (const ref of refs) {
    let target: DicomJsonDataset | undefined = copy;
    for (let i = 0; target && i < ref.path.length; i += 2) {
      const item: unknown = target[String(ref.path[i])]?.Value?.[Number(ref.path[i + 1])];
      target = item && typeof item === 'object' ? (item as DicomJsonDataset) : undefined;
    }
    if (target) target[ref.tag] = { vr: ref.vr, BulkDataURI: uriFor(ref) };
  }
  return copy;
}

// ---- conversion from dicom-parser (internal to the library) ----

export interface JsonContext {
  littleEndian: boolean;
  /** Decoder label of the enclosing data set's Specific Character Set. */
  charset: string;
  path: readonly (string | number)[];
  bulk: BulkDataRef[];
  /** Implicit VR: VRs come from the data dictionary. */
  implicit: boolean;
  /** Pixel Representation (0028,0103) is 1: "US or SS" values are signed. */
  signedPixels: boolean;
}

/** The VR of an element: the file's (explicit VR), else the data dictionary's, else UN (or SQ when it has items). */
export function elementVr(element: Element): string {
  if (element.vr && /^[A-Z]{2}$/.test(element.vr)) return element.vr;
  if (element.items) return 'SQ';
  return dictionaryVr(element.tag.slice(1)) ?? 'UN';
}

function isExcluded(tag: string): boolean {
  const group = tag.slice(0, 4);
  // File meta information (its own header), group lengths, items/delimiters and the trailing padding.
  return group === '0002' || tag.endsWith('0000') || group === 'FFFE' || tag === 'FFFCFFFC';
}

function valueBytes(dataSet: DataSet, element: Element): Uint8Array {
  const array = dataSet.byteArray;
  return new Uint8Array(array.buffer, array.byteOffset + element.dataOffset, element.length);
}

function trimString(value: string, vr: string): string {
  if (vr === 'UI') return value.replace(/[\0 ]+$/, '').trim();
  if (SINGLE_TEXT_VRS.has(vr)) return value.replace(/[\0 ]+$/, '');
  return value.replace(/\0+$/, '').trim();
}

function toNumber(text: string): number | string {
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? n : text;
}

function personName(text: string): DicomJsonPersonName | null {
  const [alphabetic, ideographic, phonetic] = text.split('=').map((group) => group.replace(/[\0 ]+$/, ''));
  const pn: DicomJsonPersonName = {};
  if (alphabetic) pn.Alphabetic = alphabetic;
  if (ideographic) pn.Ideographic = ideographic;
  if (phonetic) pn.Phonetic = phonetic;
  return Object.keys(pn).length ? pn : null;
}

function readNumbers(bytes: Uint8Array, vr: string, littleEndian: boolean): unknown[] {
  const width = NUMBER_WIDTH[vr]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: unknown[] = [];
  for (let at = 0; at + width <= bytes.byteLength; at += width) {
    switch (vr) {
      case 'US':
        values.push(view.getUint16(at, littleEndian));
        break;
      case 'SS':
        values.push(view.getInt16(at, littleEndian));
        break;
      case 'UL':
        values.push(view.getUint32(at, littleEndian));
        break;
      case 'SL':
        values.push(view.getInt32(at, littleEndian));
        break;
      case 'FL':
        values.push(view.getFloat32(at, littleEndian));
        break;
      case 'FD':
        values.push(view.getFloat64(at, littleEndian));
        break;
      default: {
        // SV/UV: a number when it is exact in a double, else its decimal string (F.2.3.1).
        const big = vr === 'SV' ? view.getBigInt64(at, littleEndian) : view.getBigUint64(at, littleEndian);
        const safe = big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER);
        values.push(safe ? Number(big) : big.toString());
      }
    }
  }
  return values;
}

function readAttributeTags(bytes: Uint8Array, littleEndian: boolean): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tags: string[] = [];
  for (let at = 0; at + 4 <= bytes.byteLength; at += 4) {
    const group = view.getUint16(at, littleEndian);
    const element = view.getUint16(at + 2, littleEndian);
    tags.push(((group << 16) | element).toString(16).padStart(8, '0').toUpperCase());
  }
  return tags;
}

function stringValues(bytes: Uint8Array, vr: string, charset: string): unknown[] | undefined {
  const text = CHARSET_VRS.has(vr) ? decodeText(bytes, charset) : decodeAscii(bytes);
  if (SINGLE_TEXT_VRS.has(vr)) {
    const value = trimString(text, vr);
    return value === '' ? undefined : [value];
  }
  const parts = text.split('\\');
  const values = parts.map((part): unknown => {
    if (vr === 'PN') return personName(part);
    const value = trimString(part, vr);
    if (value === '') return null;
    return vr === 'IS' || vr === 'DS' ? toNumber(value) : value;
  });
  return values.every((value) => value === null) ? undefined : values;
}

/** One data set (the top one or a sequence item) as DICOM JSON; bulk data goes to `ctx.bulk`. */
export function dataSetToJson(dataSet: DataSet, ctx: JsonContext): DicomJsonDataset {
  const json: DicomJsonDataset = {};
  const ownCharset = dataSet.elements['x00080005'];
  const charset = ownCharset
    ? characterSetLabel(decodeAscii(valueBytes(dataSet, ownCharset)).replace(/\0/g, ''))
    : ctx.charset;
  for (const key of Object.keys(dataSet.elements).sort()) {
    const element = dataSet.elements[key]!;
    const tag = key.slice(1).toUpperCase();
    if (isExcluded(tag)) continue;
    let vr = elementVr(element);
    if (ctx.implicit && vr === 'US' && ctx.signedPixels && isUsOrSsTag(tag)) vr = 'SS';
    if (vr === 'SQ' || element.items) {
      const items = (element.items ?? []).map((item, index) =>
        item.dataSet
          ? dataSetToJson(item.dataSet, { ...ctx, charset, path: [...ctx.path, tag, index] })
          : ({} as DicomJsonDataset),
      );
      json[tag] = items.length ? { vr: 'SQ', Value: items } : { vr: 'SQ' };
      continue;
    }
    const undefinedLength = element.hadUndefinedLength === true || element.length === 0xffffffff;
    if (
      PIXEL_DATA_TAGS.includes(tag) ||
      (BINARY_VRS.has(vr) && (undefinedLength || element.length > BULK_DATA_THRESHOLD_BYTES))
    ) {
      ctx.bulk.push({ path: ctx.path, tag, vr, offset: element.dataOffset, length: element.length });
      continue;
    }
    if (element.length === 0 || undefinedLength) {
      json[tag] = { vr };
      continue;
    }
    const bytes = valueBytes(dataSet, element);
    if (BINARY_VRS.has(vr)) {
      json[tag] = { vr, InlineBinary: toBase64(bytes) };
    } else if (vr in NUMBER_WIDTH) {
      const values = readNumbers(bytes, vr, ctx.littleEndian);
      json[tag] = values.length ? { vr, Value: values } : { vr };
    } else if (vr === 'AT') {
      json[tag] = { vr, Value: readAttributeTags(bytes, ctx.littleEndian) };
    } else {
      const values = stringValues(bytes, vr, charset);
      json[tag] = values ? { vr, Value: values } : { vr };
    }
  }
  return json;
}
