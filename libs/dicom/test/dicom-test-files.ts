// Real DICOM files published by others (pydicom's test files, Debian package python3-pydicom), read at test time and
// never committed; and a tiny Part 10 writer for the cases no published file has. Tests only.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PYDICOM_TEST_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

/** One of pydicom's test files; fails with a clear message when the package is not installed. */
export function pydicomFile(name: string): Uint8Array {
  if (!existsSync(PYDICOM_TEST_FILES)) {
    throw new Error(
      `pydicom's test files are missing (${PYDICOM_TEST_FILES}): install them with deploy/local/dicom-tools.sh ` +
        '(Debian package python3-pydicom).',
    );
  }
  const path = join(PYDICOM_TEST_FILES, name);
  if (!existsSync(path)) throw new Error(`pydicom test file ${name} is missing from ${PYDICOM_TEST_FILES}`);
  const buffer = readFileSync(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

const LONG_LENGTH_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);

export type TestElement = [tag: string, vr: string, value: Uint8Array | string];

function bytesOf(value: Uint8Array | string, vr: string): Uint8Array {
  let bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  if (bytes.length % 2 === 1) {
    const padded = new Uint8Array(bytes.length + 1);
    padded.set(bytes);
    padded[bytes.length] = vr === 'UI' || vr === 'OB' || vr === 'UN' ? 0 : 0x20;
    bytes = padded;
  }
  return bytes;
}

/** Explicit VR Little Endian elements (sorted by the caller), with undefined-length SQ items for 'SQ' values. */
export function explicitElements(elements: readonly TestElement[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [tag, vr, value] of elements) {
    const bytes = bytesOf(value, vr);
    const long = LONG_LENGTH_VRS.has(vr);
    const header = new DataView(new ArrayBuffer(long ? 12 : 8));
    header.setUint16(0, parseInt(tag.slice(0, 4), 16), true);
    header.setUint16(2, parseInt(tag.slice(4), 16), true);
    header.setUint8(4, vr.charCodeAt(0));
    header.setUint8(5, vr.charCodeAt(1));
    if (long) header.setUint32(8, bytes.length, true);
    else header.setUint16(6, bytes.length, true);
    parts.push(new Uint8Array(header.buffer), bytes);
  }
  return concat(parts);
}

/** An SQ value of items (defined lengths), each item's data set given as explicit VR LE bytes. */
export function sequenceItems(items: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const item of items) {
    const header = new DataView(new ArrayBuffer(8));
    header.setUint16(0, 0xfffe, true);
    header.setUint16(2, 0xe000, true);
    header.setUint32(4, item.length, true);
    parts.push(new Uint8Array(header.buffer), item);
  }
  return concat(parts);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A Part 10 file: zero preamble, DICM, file meta (explicit VR LE), then the data set elements as given. */
export function part10(dataSet: readonly TestElement[], transferSyntax = '1.2.840.10008.1.2.1'): Uint8Array {
  const metaBody = explicitElements([
    ['00020001', 'OB', new Uint8Array([0, 1])],
    ['00020002', 'UI', '1.2.840.10008.5.1.4.1.1.7'],
    ['00020003', 'UI', '1.2.3.4.5.6.7'],
    ['00020010', 'UI', transferSyntax],
  ]);
  const groupLength = explicitElements([['00020000', 'UL', u32(metaBody.length)]]);
  return concat([
    new Uint8Array(128),
    new TextEncoder().encode('DICM'),
    groupLength,
    metaBody,
    explicitElements(dataSet),
  ]);
}

export function u16(...values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 2));
  values.forEach((value, i) => view.setUint16(i * 2, value, true));
  return new Uint8Array(view.buffer);
}

export function u32(...values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((value, i) => view.setUint32(i * 4, value, true));
  return new Uint8Array(view.buffer);
}

/** The UIDs every instance needs, for synthetic files. */
export const REQUIRED_UIDS: readonly TestElement[] = [
  ['00080016', 'UI', '1.2.840.10008.5.1.4.1.1.7'],
  ['00080018', 'UI', '1.2.3.4.5.6.7'],
  ['0020000D', 'UI', '1.2.3.4'],
  ['0020000E', 'UI', '1.2.3.4.5'],
];
