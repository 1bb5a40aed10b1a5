// dicom-parser behind one function: the Part 10 checks, the implicit-VR dictionary, and every failure as a
// DicomParseError. Internal to the library.
import dicomParser from 'dicom-parser';
import type { DataSet, Element } from 'dicom-parser';
import { DicomParseError, describeParserFailure } from './dicom-parse-error.js';
import { characterSetLabel, decodeAscii, decodeText } from './dicom-text.js';
import { DICM_HEADER_LENGTH, DICM_MARKER, DICM_MARKER_OFFSET } from './import-messages.js';

export const TRANSFER_SYNTAX = {
  implicitLittleEndian: '1.2.840.10008.1.2',
  explicitLittleEndian: '1.2.840.10008.1.2.1',
  deflatedExplicitLittleEndian: '1.2.840.10008.1.2.1.99',
  explicitBigEndian: '1.2.840.10008.1.2.2',
} as const;

/** Whether bytes 128..132 spell DICM (a Part 10 file; spec §5: only such a file counts). */
export function hasDicmMarker(bytes: Uint8Array): boolean {
  if (bytes.length < DICM_HEADER_LENGTH) return false;
  for (let i = 0; i < DICM_MARKER.length; i++) {
    if (bytes[DICM_MARKER_OFFSET + i] !== DICM_MARKER.charCodeAt(i)) return false;
  }
  return true;
}

export interface ParsedDicom {
  dataSet: DataSet;
  transferSyntaxUid: string;
  littleEndian: boolean;
  /** Decoder label of the top data set's Specific Character Set. */
  charset: string;
}

export interface ParsePart10Options {
  /** Stop at the Pixel Data element (its value is neither read nor required: for the first bytes of a file). */
  untilPixelData: boolean;
  /**
   * The VR of an implicit-VR element (dicom-parser's `vrCallback`, 'x'-prefixed tag); undefined lets dicom-parser
   * look for sequence items itself. Passed by the instance header only, so the rules never load the dictionary.
   */
  vrOf?: (tag: string) => string | undefined;
}

/** Parses a Part 10 file. Anything unreadable throws DicomParseError. */
export function parsePart10(bytes: Uint8Array, options: ParsePart10Options): ParsedDicom {
  if (!(bytes instanceof Uint8Array)) throw new DicomParseError('not a byte array');
  if (!hasDicmMarker(bytes)) throw new DicomParseError('no DICM marker at byte 128: not a DICOM Part 10 file');
  let transferSyntaxUid: string;
  try {
    const meta = dicomParser.readPart10Header(bytes);
    transferSyntaxUid = meta.string('x00020010') ?? '';
  } catch (thrown) {
    throw new DicomParseError(`file meta information: ${describeParserFailure(thrown)}`, { cause: thrown });
  }
  if (!transferSyntaxUid) throw new DicomParseError('file meta information has no Transfer Syntax UID');
  if (transferSyntaxUid === TRANSFER_SYNTAX.deflatedExplicitLittleEndian) {
    // See docs/decisions/0093: a deflated data set could inflate without bound before any limit applies.
    throw new DicomParseError('deflated transfer syntax (1.2.840.10008.1.2.1.99) is not accepted');
  }
  let dataSet: DataSet;
  try {
    dataSet = dicomParser.parseDicom(bytes, {
      ...(options.vrOf ? { vrCallback: options.vrOf as (tag: string) => string } : {}),
      ...(options.untilPixelData ? { untilTag: 'x7fe00010' } : {}),
    });
  } catch (thrown) {
    const partial = options.untilPixelData ? partialDataSet(thrown) : undefined;
    if (!partial) throw new DicomParseError(describeParserFailure(thrown), { cause: thrown });
    dataSet = partial;
  }
  const damaged = dataSet.warnings.find((warning) => /missing sequence delimiter|unexpected tag|eof/i.test(warning));
  if (damaged && !options.untilPixelData) throw new DicomParseError(`damaged data set: ${damaged}`);
  const charsetElement = dataSet.elements['x00080005'];
  return {
    dataSet,
    transferSyntaxUid,
    littleEndian: transferSyntaxUid !== TRANSFER_SYNTAX.explicitBigEndian,
    charset: characterSetLabel(charsetElement ? readAscii(dataSet, charsetElement) : undefined),
  };
}

/**
 * The bytes given may be only the start of a file: when dicom-parser stops at their end, the elements it had read
 * completely still stand (those running past the end are dropped; the one being read was never added).
 */
function partialDataSet(thrown: unknown): DataSet | undefined {
  if (!thrown || typeof thrown !== 'object' || !('dataSet' in thrown)) return undefined;
  const dataSet = (thrown as { dataSet?: DataSet }).dataSet;
  if (!dataSet?.elements) return undefined;
  for (const [key, element] of Object.entries(dataSet.elements)) {
    if (key !== 'x7fe00010' && !inBounds(dataSet, element)) delete dataSet.elements[key];
  }
  return Object.keys(dataSet.elements).some((key) => !key.startsWith('x0002')) ? dataSet : undefined;
}

function inBounds(dataSet: DataSet, element: Element): boolean {
  return element.dataOffset + element.length <= dataSet.byteArray.length;
}

function rawBytes(dataSet: DataSet, element: Element): Uint8Array {
  if (!inBounds(dataSet, element)) throw new DicomParseError(`element ${element.tag} runs past the end of the file`);
  const array = dataSet.byteArray;
  return new Uint8Array(array.buffer, array.byteOffset + element.dataOffset, element.length);
}

function readAscii(dataSet: DataSet, element: Element): string {
  return decodeAscii(rawBytes(dataSet, element)).replace(/\0/g, '').trim();
}

/** A single string value (its first value when multi-valued), trimmed; null when absent or empty. */
export function readString(parsed: ParsedDicom, tag: string, options: { text?: boolean } = {}): string | null {
  const element = parsed.dataSet.elements[`x${tag.toLowerCase()}`];
  if (!element || element.length === 0 || element.hadUndefinedLength) return null;
  const bytes = rawBytes(parsed.dataSet, element);
  const text = options.text ? decodeText(bytes, parsed.charset) : decodeAscii(bytes);
  const first = text.split('\\')[0]!.replace(/\0/g, '').trim();
  return first === '' ? null : first;
}

/** A whole string value, backslashes kept (e.g. a PN with its component groups), trimmed; null when empty. */
export function readWholeString(parsed: ParsedDicom, tag: string): string | null {
  const element = parsed.dataSet.elements[`x${tag.toLowerCase()}`];
  if (!element || element.length === 0 || element.hadUndefinedLength) return null;
  const text = decodeText(rawBytes(parsed.dataSet, element), parsed.charset).replace(/\0/g, '').trim();
  return text === '' ? null : text;
}

/** An IS value as an integer; null when absent, empty or not a number. */
export function readIntegerString(parsed: ParsedDicom, tag: string): number | null {
  const text = readString(parsed, tag);
  if (text === null) return null;
  const n = Number(text);
  return Number.isInteger(n) ? n : null;
}

/** A US value; null when absent. */
export function readUint16(parsed: ParsedDicom, tag: string): number | null {
  const element = parsed.dataSet.elements[`x${tag.toLowerCase()}`];
  if (!element || element.length < 2) return null;
  const bytes = rawBytes(parsed.dataSet, element);
  return new DataView(bytes.buffer, bytes.byteOffset, 2).getUint16(0, parsed.littleEndian);
}

/** A UID that must be there: throws DicomParseError naming it when it is not. */
export function requireUid(parsed: ParsedDicom, tag: string, name: string): string {
  const uid = readString(parsed, tag);
  if (!uid) throw new DicomParseError(`${name} (${tag}) is missing`);
  return uid;
}
