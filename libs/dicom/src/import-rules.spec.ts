import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pydicomFile } from '../test/dicom-test-files.js';
import { DicomParseError } from './dicom-parse-error.js';
import { IMPORT_MESSAGES } from './import-messages.js';
import { checkImportPath, hasDicmMarker, isHiddenSystemPath, planImport, readStudyMetadata } from './import-rules.js';

const dicmHead = (): Uint8Array => {
  const head = new Uint8Array(132);
  head.set([0x44, 0x49, 0x43, 0x4d], 128);
  return head;
};

describe('isHiddenSystemPath', () => {
  it.each([
    ['Top/.DS_Store', true],
    ['Top/1.2/3.4/.DS_Store', true],
    ['__MACOSX/1.2/3.4/._5.dcm', true],
    ['Top/__MACOSX/1.2/3.4/5.dcm', true],
    ['Top/.hidden/1.2/3.4/5.dcm', true],
    ['Top/1.2/3.4/.5.dcm', true],
    ['Top\\1.2\\Thumbs.db', true],
    ['Top/THUMBS.DB', true],
    ['Top/desktop.ini', true],
    ['Top/1.2/3.4/5.dcm', false],
    ['1.2/3.4/5.dcm', false],
    ['./1.2/3.4/5.dcm', false],
    ['../1.2/3.4/5.dcm', false],
    ['Top/readme.txt', false],
    ['Top/DICOMDIR', false],
  ])('%s → %s', (path, hidden) => {
    expect(isHiddenSystemPath(path)).toBe(hidden);
  });
});

describe('checkImportPath', () => {
  it.each([
    // webkitRelativePath form: the picked folder first
    ['Top/1.2.840.1/1.2.840.1.2/1.2.840.1.2.3.dcm', '1.2.840.1', '1.2.840.1.2', '1.2.840.1.2.3'],
    // the picked folder is the study folder itself
    ['1/2/3.dcm', '1', '2', '3'],
    // deeper folders, Windows separators, zip entry names, mixed case .DCM
    ['a/b/c/10/20/30.dcm', '10', '20', '30'],
    ['Top\\1.2\\3.4\\5.6.dcm', '1.2', '3.4', '5.6'],
    ['1.2/3.4/5.6.DCM', '1.2', '3.4', '5.6'],
    ['/abs/1.2/3.4/5.6.Dcm', '1.2', '3.4', '5.6'],
    ['Top//1.2/./3.4/5.6.dcm', '1.2', '3.4', '5.6'],
  ])('%s is study %s series %s instance %s', (path, study, series, instance) => {
    expect(checkImportPath(path)).toEqual({ ok: true, study, series, instance, fileName: path.split(/[\\/]/).pop() });
  });

  it.each([
    ['too few segments', '1.2/3.dcm'],
    ['one segment', '3.dcm'],
    ['empty', ''],
    ['not .dcm', 'Top/1.2/3.4/5.6.txt'],
    ['no extension', 'Top/1.2/3.4/5.6'],
    ['.dcm only', 'Top/1.2/3.4/.dcm'],
    ['study not numeric', 'Top/Study/3.4/5.dcm'],
    ['series not numeric', 'Top/1.2/Series1/5.dcm'],
    ['instance not numeric', 'Top/1.2/3.4/IMG0001.dcm'],
    ['empty component', 'Top/1..2/3.4/5.dcm'],
    ['leading dot', 'Top/.1.2/3.4/5.dcm'],
    ['trailing dot', 'Top/1.2./3.4/5.dcm'],
    ['double extension', 'Top/1.2/3.4/5.dcm.dcm'],
    ['space', 'Top/1.2/3 4/5.dcm'],
    ['traversal', '../1.2/3.4/5.dcm'],
    ['traversal in the middle', 'Top/../1.2/3.4/5.dcm'],
  ])('%s (%s) → Invalid file path format.', (_, path) => {
    expect(checkImportPath(path)).toEqual({ ok: false, message: 'Invalid file path format.' });
  });
});

describe('hasDicmMarker', () => {
  it('finds DICM at bytes 128..132', () => {
    expect(hasDicmMarker(dicmHead())).toBe(true);
    expect(hasDicmMarker(pydicomFile('CT_small.dcm'))).toBe(true);
  });

  it.each([
    ['too short', new Uint8Array(131)],
    ['all zero', new Uint8Array(200)],
    [
      'lower case',
      (() => {
        const b = dicmHead();
        b.set([0x64, 0x69, 0x63, 0x6d], 128);
        return b;
      })(),
    ],
    [
      'one byte early',
      (() => {
        const b = new Uint8Array(132);
        b.set([0x44, 0x49, 0x43, 0x4d], 127);
        return b;
      })(),
    ],
    ['a file without preamble (pydicom no_meta.dcm)', pydicomFile('no_meta.dcm')],
  ])('%s → false', (_, bytes) => {
    expect(hasDicmMarker(bytes)).toBe(false);
  });
});

describe('planImport', () => {
  const file = (path: string, size = 1000, head?: Uint8Array) => ({ path, size, ...(head ? { head } : {}) });

  it('refuses an empty selection with "No files found."', () => {
    expect(planImport([])).toEqual({ ok: false, message: IMPORT_MESSAGES.noFiles, skipped: [], invalid: [] });
  });

  it('accepts Study/Series/.dcm files in path order, skips hidden ones, and names the study', () => {
    const plan = planImport([
      file('Top/1.2/3.4/6.dcm'),
      file('Top/.DS_Store'),
      file('Top/1.2/3.4/5.dcm', 2000, dicmHead()),
      file('__MACOSX/1.2/3.4/._5.dcm'),
      file('Top/1.2/3.5/7.dcm'),
    ]);
    expect(plan).toEqual({
      ok: true,
      accepted: [
        { path: 'Top/1.2/3.4/5.dcm', size: 2000, study: '1.2', series: '3.4', instance: '5' },
        { path: 'Top/1.2/3.4/6.dcm', size: 1000, study: '1.2', series: '3.4', instance: '6' },
        { path: 'Top/1.2/3.5/7.dcm', size: 1000, study: '1.2', series: '3.5', instance: '7' },
      ],
      skipped: [
        { path: 'Top/.DS_Store', reason: 'hidden' },
        { path: '__MACOSX/1.2/3.4/._5.dcm', reason: 'hidden' },
      ],
      studyId: '1.2',
      studies: ['1.2'],
    });
  });

  it('refuses the whole selection when one visible file has a bad path', () => {
    const plan = planImport([
      file('Top/1.2/3.4/5.dcm'),
      file('Top/notes.txt'),
      file('Top/.DS_Store'),
      file('Top/DICOMDIR'),
    ]);
    expect(plan).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.invalidPath,
      skipped: [{ path: 'Top/.DS_Store', reason: 'hidden' }],
      invalid: ['Top/notes.txt', 'Top/DICOMDIR'],
    });
  });

  it.each([
    ['only hidden files', [file('Top/.DS_Store'), file('Top/Thumbs.db')]],
    ['files too small for a DICM marker', [file('Top/1.2/3.4/5.dcm', 131)]],
    ['files whose head lacks DICM', [file('Top/1.2/3.4/5.dcm', 5000, new Uint8Array(132))]],
  ])('answers "No valid Study/Series/.dcm files found." for %s', (_, files) => {
    const plan = planImport(files);
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.message).toBe(IMPORT_MESSAGES.noValidFiles);
  });

  it('skips a file without DICM but keeps the valid ones', () => {
    const plan = planImport([file('1/2/3.dcm', 5000, new Uint8Array(132)), file('1/2/4.dcm', 5000, dicmHead())]);
    expect(plan).toMatchObject({
      ok: true,
      accepted: [{ path: '1/2/4.dcm' }],
      skipped: [{ path: '1/2/3.dcm', reason: 'notDicom' }],
    });
  });

  it('names the first study folder in path order when the selection holds several', () => {
    const plan = planImport([file('Top/2.1/1/1.dcm'), file('Top/1.9/1/1.dcm'), file('Top/2.1/1/2.dcm')]);
    expect(plan).toMatchObject({ ok: true, studyId: '1.9', studies: ['1.9', '2.1'] });
  });
});

describe('readStudyMetadata', () => {
  it.each([
    ['CT_small.dcm', 'CompressedSamples^CT1', 'CT', '20040119', '1CT1', '1.3.6.1.4.1.5962.1.2.1.20040119072730.12322'],
    [
      'MR_small_implicit.dcm',
      'CompressedSamples^MR1',
      'MR',
      '20040826',
      '4MR1',
      '1.3.6.1.4.1.5962.1.2.4.20040826185059.5457',
    ],
    [
      'MR_small_bigendian.dcm',
      'CompressedSamples^MR1',
      'MR',
      '20040826',
      '4MR1',
      '1.3.6.1.4.1.5962.1.2.4.20040826185059.5457',
    ],
    ['JPEG2000.dcm', 'CompressedSamples^NM1', 'NM', '20040826', '8NM1', '1.3.6.1.4.1.5962.1.2.8.20040826185059.5457'],
    [
      'rtplan.dcm',
      'Last^First^mid^pre',
      'RTPLAN',
      '20030716',
      'study1',
      '1.22.333.4.555555.6.7777777777777777777777777777',
    ],
    ['693_J2KI.dcm', 'CQ500-CT-310', 'CT', null, null, '1.2.276.0.7230010.3.1.2.296485376.1.1521713414.1800996'],
  ])('reads %s like pydicom does', (name, patientName, modality, studyDate, studyId, studyInstanceUid) => {
    expect(readStudyMetadata(pydicomFile(name))).toEqual({
      patientName,
      modality,
      studyDate,
      studyId,
      studyInstanceUid,
    });
  });

  it('needs only the header: the first bytes of a file are enough', () => {
    const ct = pydicomFile('CT_small.dcm');
    expect(readStudyMetadata(ct.subarray(0, 3000)).studyInstanceUid).toBe(
      '1.3.6.1.4.1.5962.1.2.1.20040119072730.12322',
    );
  });

  it.each([
    ['random bytes', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)],
    ['empty', new Uint8Array(0)],
    ['no Part 10 header (pydicom no_meta.dcm)', pydicomFile('no_meta.dcm')],
    ['no Study Instance UID (pydicom priv_SQ.dcm)', pydicomFile('priv_SQ.dcm')],
    ['a header cut before the study (first 1000 bytes of CT_small.dcm)', pydicomFile('CT_small.dcm').subarray(0, 1000)],
    ['deflated data set (pydicom image_dfl.dcm)', pydicomFile('image_dfl.dcm')],
  ])('throws DicomParseError "Error parsing DICOM file." on %s', (_, bytes) => {
    expect(() => readStudyMetadata(bytes)).toThrow(DicomParseError);
    expect(() => readStudyMetadata(bytes)).toThrow(IMPORT_MESSAGES.parseError);
  });
});

describe('the rules module in the console bundle', () => {
  it('does not load the data dictionary (1 MB that only the instance header needs)', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      const source = readFileSync(join(here, file), 'utf8');
      for (const [, target] of source.matchAll(/from '\.\/([\w-]+)\.js'/g)) visit(`${target}.ts`);
    };
    visit('import-rules.ts');
    expect(reached.has('dicom-dataset.ts')).toBe(true);
    expect(reached.has('data-dictionary.ts')).toBe(false);
  });
});
