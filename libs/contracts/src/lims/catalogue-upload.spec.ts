import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { loincCheckDigitOk } from './catalogue-endpoints.js';
import { LAB_UPLOAD_MAX_ROWS } from './catalogue-entities.js';
import { LAB_TEST_MESSAGES } from './catalogue-messages.js';
import {
  LAB_UPLOAD_COLUMNS,
  readHeader,
  readMeasurementRows,
  readTestRows,
  rowsOf,
  tooManyRows,
  uploadErrorMessage,
  uploadTemplateCsv,
  type UploadRow,
} from './catalogue-upload.js';
import { PARAMETER_MESSAGES } from './parameter.js';

const sheet = (kind: 'tests' | 'measurements', csv: string): { rows: UploadRow[]; headerErrors: unknown[] } => {
  const [header = [], ...lines] = parse(csv, { relax_column_count: true }) as string[][];
  const { columns, errors } = readHeader(kind, header);
  return { rows: rowsOf(columns, lines), headerErrors: errors };
};

describe('LOINC codes', () => {
  it('checks the mod-10 check digit', () => {
    for (const good of ['2093-3', '2345-7', '57698-3', '1751-7', '2885-2']) expect(loincCheckDigitOk(good)).toBe(true);
    for (const bad of ['2093-4', '2345-1', '57698-2']) expect(loincCheckDigitOk(bad)).toBe(false);
  });
});

describe('the templates', () => {
  it('read back without an error, every row as wide as the header', () => {
    for (const kind of ['tests', 'measurements'] as const) {
      const lines = parse(uploadTemplateCsv(kind)) as string[][];
      for (const line of lines) expect(line).toHaveLength(LAB_UPLOAD_COLUMNS[kind].length);
    }
    const tests = readTestRows(sheet('tests', uploadTemplateCsv('tests')).rows);
    expect(tests.errors).toEqual([]);
    expect(tests.tests.map((t) => [t.row, t.value.code, t.value.subDepartmentName])).toEqual([
      [2, 'LIPID', 'Biochemistry'],
      [3, 'HBSAG', 'Serology & Immunology'],
    ]);
    const m = readMeasurementRows(sheet('measurements', uploadTemplateCsv('measurements')).rows);
    expect(m.errors).toEqual([]);
    expect(m.tests.map((t) => [t.code, t.parameters.map((p) => p.code)])).toEqual([
      ['LIPID', ['TCHOL', 'HDL', 'TG', 'LDL']],
      ['HBSAG', ['HBSAG']],
    ]);
    const hdl = m.tests[0]!.parameters[1]!;
    expect(hdl.ranges.map((r) => [r.sex, r.low])).toEqual([
      ['Male', '40'],
      ['Female', '50'],
    ]);
    expect(m.tests[1]!.parameters[0]!.options).toEqual([
      { value: 'Non-reactive', abnormal: false },
      { value: 'Reactive', abnormal: true },
    ]);
  });
});

describe('reading a file', () => {
  it('takes header names whatever their case and spacing, and names missing or unknown columns on row 1', () => {
    expect(
      readHeader('tests', ['Code', 'NAME', 'Sub Department Code', 'sample_type', 'container', 'turnaround hours', '']),
    ).toEqual({
      columns: ['code', 'name', 'subDepartmentCode', 'sampleType', 'container', 'turnaroundHours', null],
      errors: [],
    });
    expect(readHeader('tests', ['code', 'colour']).errors).toEqual([
      { row: 1, field: 'header', message: LAB_TEST_MESSAGES.unknownColumns(['colour']) },
      {
        row: 1,
        field: 'header',
        message: LAB_TEST_MESSAGES.missingColumns([
          'name',
          'subDepartmentCode',
          'sampleType',
          'container',
          'turnaroundHours',
        ]),
      },
    ]);
  });

  it('names each bad row of a tests file by its line (the header is row 1), and a code twice', () => {
    const csv = [
      'code,name,subDepartmentCode,sampleType,container,turnaroundHours,loincCode',
      'GLU,Glucose Fasting,BIOC,PLASMA_FLUORIDE,GREY_FLUORIDE,4,1558-6',
      'CBC,Complete Blood Count,HAEM,WB_EDTA,RED_PLAIN,4,',
      ',,,,,,',
      'TSH,TSH,ENDO,SERUM,GOLD_SST,soon,2093-4',
      'glu,Glucose again,BIOC,PLASMA_FLUORIDE,GREY_FLUORIDE,4,',
    ].join('\n');
    const { tests, errors } = readTestRows(sheet('tests', csv).rows);
    expect(tests.map((t) => t.value.code)).toEqual(['GLU']);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'container'],
      [5, 'turnaroundHours'],
      [5, 'loincCode'],
      [6, 'code'],
    ]);
    expect(errors[0]!.message).toBe(
      LAB_TEST_MESSAGES.containerMismatch('Red top (plain / clot activator)', 'Whole Blood (EDTA)'),
    );
    expect(errors[3]!.message).toBe(LAB_TEST_MESSAGES.duplicateInFile('GLU', 2));
    expect(uploadErrorMessage(errors)).toMatch(
      /^Unable Update Test Details: row 3: container: .*; row 5: turnaroundHours: /,
    );
  });

  it('names the row of a bad range, and of a parameter given differently twice', () => {
    const header = LAB_UPLOAD_COLUMNS.measurements.join(',');
    const line = (cells: Record<string, string>) =>
      LAB_UPLOAD_COLUMNS.measurements.map((c) => cells[c] ?? '').join(',');
    const csv = [
      header,
      line({
        testCode: 'GLU',
        parameterCode: 'GLU',
        parameterName: 'Glucose',
        type: 'numeric',
        unit: 'mg/dL',
        low: '70',
        high: '100',
      }),
      line({ testCode: 'GLU', parameterCode: 'GLU', sex: 'female', ageFrom: '0', ageTo: '18', low: '120', high: '60' }),
      line({ testCode: 'GLU', parameterCode: 'GLU', unit: 'mmol/L' }),
      line({ testCode: 'TSH', parameterCode: 'TSH', parameterName: 'TSH', type: 'Numeric', unit: 'furlong' }),
    ].join('\n');
    const { tests, errors } = readMeasurementRows(sheet('measurements', csv).rows);
    expect(tests).toEqual([]);
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'high', message: PARAMETER_MESSAGES.lowAboveHigh },
        { row: 4, field: 'unit', message: 'already given on row 2' },
        { row: 5, field: 'unit', message: PARAMETER_MESSAGES.unknownUnit },
      ]),
    );
  });

  it('caps the rows', () => {
    const rows = Array.from({ length: LAB_UPLOAD_MAX_ROWS + 1 }, (_, n) => ({ row: n + 2, cells: {} }));
    expect(tooManyRows(rows)?.message).toBe(LAB_TEST_MESSAGES.tooManyRows(LAB_UPLOAD_MAX_ROWS));
    expect(tooManyRows(rows.slice(1))).toBeNull();
  });
});
