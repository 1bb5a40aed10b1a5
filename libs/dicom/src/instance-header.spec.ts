import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import {
  concat,
  explicitElements,
  part10,
  pydicomFile,
  REQUIRED_UIDS,
  sequenceItems,
  u16,
  type TestElement,
} from '../test/dicom-test-files.js';
import { pydicomReference } from '../test/pydicom-reference.js';
import { DicomParseError } from './dicom-parse-error.js';
import { withBulkDataUris, type DicomJsonDataset } from './dicom-json.js';
import { IMPORT_MESSAGES } from './import-messages.js';
import { parseInstanceHeader, zeroPreamble } from './instance-header.js';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('parseInstanceHeader on pydicom test files', () => {
  it.each([
    // file, transfer syntax, modality, patient, rows, columns, frames, encapsulated, fragments, instance number
    ['CT_small.dcm', '1.2.840.10008.1.2.1', 'CT', 'CompressedSamples^CT1', 128, 128, 1, false, undefined, 1],
    ['MR_small_implicit.dcm', '1.2.840.10008.1.2', 'MR', 'CompressedSamples^MR1', 64, 64, 1, false, undefined, 1],
    ['MR_small_bigendian.dcm', '1.2.840.10008.1.2.2', 'MR', 'CompressedSamples^MR1', 64, 64, 1, false, undefined, 1],
    ['JPEG-lossy.dcm', '1.2.840.10008.1.2.4.51', 'NM', 'CompressedSamples^NM1', 1024, 256, 1, true, 1, 5],
    ['SC_rgb_jpeg_dcmtk.dcm', '1.2.840.10008.1.2.4.50', 'OT', 'Lestrade^G', 100, 100, 1, true, 1, 1],
    ['JPEG2000.dcm', '1.2.840.10008.1.2.4.91', 'NM', 'CompressedSamples^NM1', 1024, 256, 1, true, 1, 3],
    ['MR_small_jp2klossless.dcm', '1.2.840.10008.1.2.4.90', 'MR', 'CompressedSamples^MR1', 64, 64, 1, true, 1, 1],
    ['MR_small_jpeg_ls_lossless.dcm', '1.2.840.10008.1.2.4.80', 'MR', 'CompressedSamples^MR1', 64, 64, 1, true, 1, 1],
    ['MR_small_RLE.dcm', '1.2.840.10008.1.2.5', 'MR', 'CompressedSamples^MR1', 64, 64, 1, true, 1, 1],
    ['SC_rgb_rle_2frame.dcm', '1.2.840.10008.1.2.5', 'OT', 'Lestrade^G', 100, 100, 2, true, 2, 1],
    ['rtdose_rle.dcm', '1.2.840.10008.1.2.5', 'RTDOSE', 'Lastname^Firstname', 10, 10, 15, true, 15, null],
  ] as const)(
    '%s: %s %s',
    (
      name,
      transferSyntaxUid,
      modality,
      patientName,
      rows,
      columns,
      numberOfFrames,
      encapsulated,
      fragments,
      instanceNumber,
    ) => {
      const header = parseInstanceHeader(pydicomFile(name));
      expect(header).toMatchObject({
        transferSyntaxUid,
        modality,
        patientName,
        rows,
        columns,
        numberOfFrames,
        instanceNumber,
      });
      expect(header.pixelData?.encapsulated).toBe(encapsulated);
      expect(header.pixelData?.fragments?.length).toBe(fragments);
      expect(header.studyInstanceUid).toMatch(/^\d+(\.\d+)+$/);
      expect(header.seriesInstanceUid).toMatch(/^\d+(\.\d+)+$/);
      expect(header.sopInstanceUid).toMatch(/^\d+(\.\d+)+$/);
      expect(header.sopClassUid).toMatch(/^1\.2\.840\.10008\.5\.1\.4\./);
    },
  );

  it('reads the indexed attributes of CT_small.dcm as pydicom does', () => {
    expect(parseInstanceHeader(pydicomFile('CT_small.dcm'))).toMatchObject({
      studyInstanceUid: '1.3.6.1.4.1.5962.1.2.1.20040119072730.12322',
      seriesInstanceUid: '1.3.6.1.4.1.5962.1.3.1.1.20040119072730.12322',
      sopInstanceUid: '1.3.6.1.4.1.5962.1.1.1.1.1.20040119072730.12322',
      sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
      patientId: '1CT1',
      patientSex: 'O',
      studyDate: '20040119',
      studyTime: '072730',
      accessionNumber: null,
      studyId: '1CT1',
      seriesNumber: 1,
      bitsAllocated: 16,
      samplesPerPixel: 1,
      photometricInterpretation: 'MONOCHROME2',
      pixelData: { offset: 6300, length: 32768, encapsulated: false },
    });
  });

  const REFERENCE_FILES = [
    'CT_small.dcm',
    'MR_small.dcm',
    'MR_small_implicit.dcm',
    'MR_small_bigendian.dcm',
    'JPEG-lossy.dcm',
    'JPEG2000.dcm',
    'MR_small_RLE.dcm',
    'SC_rgb_rle_2frame.dcm',
    'rtdose.dcm',
    'rtdose_expb.dcm',
    'rtplan.dcm',
    'waveform_ecg.dcm',
    'test-SR.dcm',
    'liver_1frame.dcm',
    '693_J2KI.dcm',
    'reportsi_with_empty_number_tags.dcm',
  ];
  const reference = pydicomReference(REFERENCE_FILES);

  /** pydicom's JSON with the differences we chose (docs/decisions/0093) taken out. */
  function normalise(json: DicomJsonDataset): DicomJsonDataset {
    const out: DicomJsonDataset = {};
    for (const [tag, element] of Object.entries(json)) {
      if (tag.endsWith('0000') || tag === 'FFFCFFFC') continue; // group lengths, trailing padding: left out
      if (['7FE00008', '7FE00009', '7FE00010'].includes(tag)) {
        out[tag] = { vr: element.vr, BulkDataURI: 'BULK' }; // pixel data is always bulk data
        continue;
      }
      if (element.vr === 'SQ') {
        const items = (element.Value ?? []) as DicomJsonDataset[];
        out[tag] = items.length ? { vr: 'SQ', Value: items.map(normalise) } : { vr: 'SQ' }; // no Value when empty
        continue;
      }
      const textual = !['LT', 'ST', 'UT', 'UR', 'PN'].includes(element.vr);
      out[tag] = element.Value
        ? { ...element, Value: element.Value.map((v) => (textual && typeof v === 'string' ? v.trim() : v)) }
        : element;
    }
    return out;
  }

  it.each(REFERENCE_FILES)('%s: DICOM JSON equals pydicom to_json_dict', (name) => {
    const header = parseInstanceHeader(pydicomFile(name));
    const ours = withBulkDataUris(header.dicomJson, header.bulkData, () => 'BULK');
    expect(ours).toEqual(normalise(reference[name]!.json));
  });

  it.each(
    REFERENCE_FILES.filter(
      (name) =>
        !['rtplan.dcm', 'test-SR.dcm', 'reportsi_with_empty_number_tags.dcm', 'waveform_ecg.dcm'].includes(name),
    ),
  )('%s: the pixel data location holds the bytes pydicom reads as Pixel Data', (name) => {
    const bytes = pydicomFile(name);
    const { pixelData } = parseInstanceHeader(bytes);
    expect(pixelData).not.toBeNull();
    expect(sha256(bytes.subarray(pixelData!.offset, pixelData!.offset + pixelData!.length))).toBe(
      reference[name]!.pixelSha256,
    );
  });

  it('gives the same DICOM JSON for implicit VR, explicit VR little endian and big endian encodings', () => {
    const explicit = parseInstanceHeader(pydicomFile('MR_small.dcm')).dicomJson;
    expect(parseInstanceHeader(pydicomFile('MR_small_implicit.dcm')).dicomJson).toEqual(explicit);
    expect(parseInstanceHeader(pydicomFile('MR_small_bigendian.dcm')).dicomJson).toEqual(explicit);
  });

  it('locates each RLE frame: every fragment starts with an RLE header of 3 segments (RGB, 8 bit)', () => {
    const bytes = pydicomFile('SC_rgb_rle_2frame.dcm');
    const { pixelData } = parseInstanceHeader(bytes);
    for (const fragment of pixelData!.fragments!) {
      expect(new DataView(bytes.buffer, bytes.byteOffset + fragment.offset, 4).getUint32(0, true)).toBe(3);
    }
  });

  it('reads a JPEG fragment that starts with the JPEG SOI marker', () => {
    const bytes = pydicomFile('JPEG-lossy.dcm');
    const [fragment] = parseInstanceHeader(bytes).pixelData!.fragments!;
    expect([bytes[fragment!.offset], bytes[fragment!.offset + 1]]).toEqual([0xff, 0xd8]);
  });

  it('with headerOnly, reads the header from the first bytes and does not need the pixel data', () => {
    const bytes = pydicomFile('CT_small.dcm');
    const whole = parseInstanceHeader(bytes);
    const head = parseInstanceHeader(bytes.subarray(0, 6400), { headerOnly: true });
    expect(head.dicomJson).toEqual(whole.dicomJson);
    expect(head.pixelData).toEqual({ offset: 6300, length: 32768, encapsulated: false });
    expect(() => parseInstanceHeader(bytes.subarray(0, 6400))).toThrow(DicomParseError);
  });

  it.each(['MR_small_implicit.dcm', 'MR_small_bigendian.dcm'])(
    '%s: when native pixel data ends the file, its head parsed with headerOnly describes the file as the whole does',
    (name) => {
      // what the import relies on to send the parse thread a file's head only (docs/decisions/0369)
      const bytes = pydicomFile(name);
      const whole = parseInstanceHeader(bytes);
      expect(whole.pixelData!.offset + whole.pixelData!.length).toBe(bytes.length);
      expect(parseInstanceHeader(bytes.slice(0, whole.pixelData!.offset + 16), { headerOnly: true })).toEqual(whole);
    },
  );

  it('CT_small.dcm has bytes after its pixel data: the import does not take its head for the whole (parsed whole)', () => {
    const bytes = pydicomFile('CT_small.dcm');
    const whole = parseInstanceHeader(bytes);
    expect(whole.pixelData!.offset + whole.pixelData!.length).toBe(39068);
    expect(bytes.length).toBe(39206);
  });
});

describe('parseInstanceHeader refuses what it cannot read', () => {
  const ct = () => pydicomFile('CT_small.dcm');
  const random = Uint8Array.from({ length: 8192 }, (_, i) => (i * 2654435761) % 256);
  const dicmGarbage = concat([new Uint8Array(128), new TextEncoder().encode('DICM'), random.subarray(0, 512)]);
  const without = (tag: string): TestElement[] => REQUIRED_UIDS.filter(([t]) => t !== tag);

  it.each([
    ['random bytes', random],
    ['an empty file', new Uint8Array(0)],
    ['DICM followed by garbage', dicmGarbage],
    ['a file without Part 10 header (pydicom no_meta.dcm)', pydicomFile('no_meta.dcm')],
    [
      'a file whose meta has no transfer syntax (pydicom meta_missing_tsyntax.dcm)',
      pydicomFile('meta_missing_tsyntax.dcm'),
    ],
    ['a truncated file (pydicom MR_truncated.dcm)', pydicomFile('MR_truncated.dcm')],
    ['a truncated implicit VR file (pydicom rtplan_truncated.dcm)', pydicomFile('rtplan_truncated.dcm')],
    ['CT_small.dcm cut inside its pixel data', ct().subarray(0, ct().length - 100)],
    ['CT_small.dcm cut inside its header', ct().subarray(0, 3000)],
    ['JPEG2000.dcm cut inside its fragment', pydicomFile('JPEG2000.dcm').subarray(0, 3200)],
    ['a deflated data set (pydicom image_dfl.dcm)', pydicomFile('image_dfl.dcm')],
    ['a file without Study Instance UID', part10(without('0020000D'))],
    ['a file without Series Instance UID', part10(without('0020000E'))],
    ['a file without SOP Instance UID', part10(without('00080018'))],
  ])('%s → DicomParseError "Error parsing DICOM file."', (_, bytes) => {
    let thrown: unknown;
    try {
      parseInstanceHeader(bytes);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DicomParseError);
    expect((thrown as DicomParseError).message).toBe(IMPORT_MESSAGES.parseError);
    expect((thrown as DicomParseError).detail).not.toBe('');
  });

  it('names the missing UID in the detail', () => {
    expect(() => parseInstanceHeader(part10(without('0020000E')))).toThrow(
      expect.objectContaining({ detail: 'Series Instance UID (0020000E) is missing' }),
    );
  });
});

describe('DICOM JSON values (PS3.18 F.2)', () => {
  const header = (elements: TestElement[]) => parseInstanceHeader(part10([...REQUIRED_UIDS, ...elements].sort()));
  const item = explicitElements([
    ['00080100', 'SH', '1705'],
    ['00400100', 'OB', new Uint8Array(1500).fill(7)],
  ]);
  const { dicomJson, bulkData } = header([
    ['00080005', 'CS', 'ISO_IR 192'],
    ['00080060', 'CS', 'MR'],
    ['00100010', 'PN', 'Yamada^Tarou=山田^太郎=やまだ^たろう'],
    ['00100020', 'LO', ' ID 7 '],
    ['00101030', 'DS', '72.5'],
    ['00181310', 'US', u16(0, 256, 256, 0)],
    ['00200032', 'DS', '-1.5\\2\\3e1'],
    ['00200013', 'IS', '12'],
    ['00201041', 'DS', 'n/a'],
    ['00209165', 'AT', u16(0x0020, 0x9056)],
    ['00209161', 'UI', '1.2.3\0'],
    ['00321060', 'LO', 'A\\\\C'],
    ['00400254', 'LO', ''],
    ['00409096', 'SQ', sequenceItems([item, explicitElements([])])],
    ['00091010', 'UN', new Uint8Array([1, 2, 3, 4])],
    ['00290010', 'LO', 'PRIVATE CREATOR'],
    ['00291010', 'OB', new Uint8Array([9, 8, 7, 6])],
  ]);

  it.each([
    [
      'PN as component groups, decoded as UTF-8',
      '00100010',
      { vr: 'PN', Value: [{ Alphabetic: 'Yamada^Tarou', Ideographic: '山田^太郎', Phonetic: 'やまだ^たろう' }] },
    ],
    ['LO trimmed', '00100020', { vr: 'LO', Value: ['ID 7'] }],
    ['DS as a number', '00101030', { vr: 'DS', Value: [72.5] }],
    ['multi-valued DS as numbers', '00200032', { vr: 'DS', Value: [-1.5, 2, 30] }],
    ['IS as a number', '00200013', { vr: 'IS', Value: [12] }],
    ['a DS that is not a number kept as written', '00201041', { vr: 'DS', Value: ['n/a'] }],
    ['US values as numbers', '00181310', { vr: 'US', Value: [0, 256, 256, 0] }],
    ['AT as tags', '00209165', { vr: 'AT', Value: ['00209056'] }],
    ['UI without its NUL padding', '00209161', { vr: 'UI', Value: ['1.2.3'] }],
    ['an empty component as null', '00321060', { vr: 'LO', Value: ['A', null, 'C'] }],
    ['an empty value without Value', '00400254', { vr: 'LO' }],
    ['a short UN as InlineBinary', '00091010', { vr: 'UN', InlineBinary: 'AQIDBA==' }],
    ['a private creator as LO', '00290010', { vr: 'LO', Value: ['PRIVATE CREATOR'] }],
    ['a short OB as InlineBinary', '00291010', { vr: 'OB', InlineBinary: 'CQgHBg==' }],
  ])('%s', (_, tag, expected) => {
    expect(dicomJson[tag]).toEqual(expected);
  });

  it('nests sequence items, leaving their bulk data out with its path', () => {
    expect(dicomJson['00409096']).toEqual({ vr: 'SQ', Value: [{ '00080100': { vr: 'SH', Value: ['1705'] } }, {}] });
    expect(bulkData).toEqual([
      expect.objectContaining({ path: ['00409096', 0], tag: '00400100', vr: 'OB', length: 1500 }),
    ]);
  });

  it('leaves the file meta information out', () => {
    expect(Object.keys(dicomJson).filter((tag) => tag.startsWith('0002'))).toEqual([]);
  });

  it('withBulkDataUris puts a BulkDataURI where each bulk element was, without changing its input', () => {
    const withUris = withBulkDataUris(dicomJson, bulkData, (ref) => `bulk/${ref.path.join('.')}/${ref.tag}`);
    expect((withUris['00409096']!.Value![0] as DicomJsonDataset)['00400100']).toEqual({
      vr: 'OB',
      BulkDataURI: 'bulk/00409096.0/00400100',
    });
    expect((dicomJson['00409096']!.Value![0] as DicomJsonDataset)['00400100']).toBeUndefined();
  });
});

describe('zeroPreamble (CVE-2019-11687)', () => {
  it('leaves a zero preamble alone and says so', () => {
    const bytes = pydicomFile('JPEG2000.dcm').slice();
    const before = sha256(bytes);
    expect(zeroPreamble(bytes)).toBe(false);
    expect(sha256(bytes)).toBe(before);
  });

  it('zeroes the TIFF header that pydicom CT_small.dcm carries in its preamble', () => {
    const original = pydicomFile('CT_small.dcm');
    const bytes = original.slice();
    expect([...bytes.subarray(0, 4)]).toEqual([0x49, 0x49, 0x2a, 0x00]); // "II*\0": the file is also a TIFF
    expect(zeroPreamble(bytes)).toBe(true);
    expect(bytes.subarray(0, 128).every((b) => b === 0)).toBe(true);
    expect(sha256(bytes.subarray(128))).toBe(sha256(original.subarray(128)));
  });

  it('zeroes an executable preamble in place, touching nothing after byte 128', () => {
    const original = pydicomFile('JPEG2000.dcm');
    const bytes = original.slice();
    bytes.set(new TextEncoder().encode('MZ\x90\x00 This program cannot be run in DOS mode.'), 0);
    bytes[127] = 0xff;
    expect(zeroPreamble(bytes)).toBe(true);
    expect(bytes.subarray(0, 128).every((b) => b === 0)).toBe(true);
    expect(sha256(bytes.subarray(128))).toBe(sha256(original.subarray(128)));
    expect(parseInstanceHeader(bytes).dicomJson).toEqual(parseInstanceHeader(original).dicomJson);
  });

  it.each([
    ['shorter than a preamble', new Uint8Array([0, 0, 1]), true],
    ['empty', new Uint8Array(0), false],
  ])('handles input %s', (_, bytes, changed) => {
    expect(zeroPreamble(bytes)).toBe(changed);
    expect(bytes.every((b) => b === 0)).toBe(true);
  });
});
