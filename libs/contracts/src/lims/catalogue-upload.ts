import type { z } from 'zod';
import { catalogueCode } from '../billing/catalogue-endpoints.js';
import { DEFAULT_LAB_DEPARTMENTS, FIELD_MODES, PARAMETER_TYPES } from './catalogue-constants.js';
import { labTestDefinitionSchema } from './catalogue-endpoints.js';
import { LAB_UPLOAD_MAX_ROWS, type LabUploadKind } from './catalogue-entities.js';
import { LAB_TEST_MESSAGES } from './catalogue-messages.js';
import { AGE_UNITS, RANGE_SEXES, testParametersSchema, type Parameter } from './parameter.js';

/**
 * The bulk upload's two files, as rows of text cells by column name (the service reads CSV with csv-parse and XLSX
 * with exceljs into these), turned into definitions and parameters with every bad row named — the header is row 1,
 * as a spreadsheet numbers it, so row N is the N-th line of the file. Layout and rules: docs/decisions/0295.
 */

/** Tests file: one row a test (the code is billing's; name and the rest are the laboratory's definition). */
export const LAB_TEST_COLUMNS = [
  'code',
  'name',
  'department',
  'subDepartmentCode',
  'subDepartmentName',
  'sampleType',
  'container',
  'turnaroundHours',
  'method',
  'loincCode',
] as const;

/** The parameter's own columns (given on its first row; later rows of the same parameter leave them empty). */
const PARAMETER_COLUMNS = [
  'parameterName',
  'type',
  'fieldMode',
  'unit',
  'decimals',
  'possibleMin',
  'possibleMax',
  'criticalLow',
  'criticalHigh',
  'formula',
  'options',
  'deltaAbsolute',
  'deltaPercent',
] as const;
/** A reference range's columns: a row with any of them adds a range to its parameter. */
const RANGE_COLUMNS = [
  'rangeLabel',
  'sex',
  'ageUnit',
  'ageFrom',
  'ageTo',
  'low',
  'high',
  'rangeCriticalLow',
  'rangeCriticalHigh',
] as const;

/**
 * Measurements file: one row a parameter's reference range (or a parameter without ranges). The rows of one test
 * are its whole parameter list, in report order (a parameter is where its first row is); the test's next version.
 */
export const MEASUREMENT_COLUMNS = ['testCode', 'parameterCode', ...PARAMETER_COLUMNS, ...RANGE_COLUMNS] as const;

export const LAB_UPLOAD_COLUMNS = { tests: LAB_TEST_COLUMNS, measurements: MEASUREMENT_COLUMNS } as const;
/** Columns the header must have (the others may be left out). */
export const LAB_UPLOAD_REQUIRED_COLUMNS = {
  tests: ['code', 'name', 'subDepartmentCode', 'sampleType', 'container', 'turnaroundHours'],
  measurements: ['testCode', 'parameterCode', 'parameterName', 'type'],
} as const satisfies Record<LabUploadKind, readonly string[]>;

/** A choice's separator in the options column, and the mark of an abnormal choice ('Negative|Positive*'). */
export const OPTION_SEPARATOR = '|';
export const ABNORMAL_MARK = '*';

/** A data row: its number in the file (the header is 1) and its cells by column name (trimmed; '' when empty). */
export interface UploadRow {
  readonly row: number;
  readonly cells: Readonly<Record<string, string>>;
}
export interface UploadRowError {
  readonly row: number;
  readonly field: string;
  readonly message: string;
}

const squash = (name: string): string => name.replace(/[\s_-]/g, '').toLowerCase();

/**
 * The header's cells as column names ('Sub Department Code', 'subdepartmentcode' → subDepartmentCode), or the row-1
 * errors: a required column missing, a column not of the layout. Empty header cells are ignored (null).
 */
export function readHeader(
  kind: LabUploadKind,
  header: readonly string[],
): { columns: (string | null)[]; errors: UploadRowError[] } {
  const known = new Map<string, string>(LAB_UPLOAD_COLUMNS[kind].map((c) => [squash(c), c]));
  const columns = header.map((h) => (h.trim() === '' ? null : (known.get(squash(h)) ?? `?${h.trim()}`)));
  const errors: UploadRowError[] = [];
  const unknown = columns.filter((c): c is string => c !== null && c.startsWith('?')).map((c) => c.slice(1));
  if (unknown.length > 0) errors.push({ row: 1, field: 'header', message: LAB_TEST_MESSAGES.unknownColumns(unknown) });
  const missing = LAB_UPLOAD_REQUIRED_COLUMNS[kind].filter((c) => !columns.includes(c));
  if (missing.length > 0) errors.push({ row: 1, field: 'header', message: LAB_TEST_MESSAGES.missingColumns(missing) });
  return { columns, errors };
}

/** The data rows as cells by column name; fully empty rows are skipped (a spreadsheet's trailing lines). */
export function rowsOf(columns: readonly (string | null)[], lines: readonly (readonly string[])[]): UploadRow[] {
  const rows: UploadRow[] = [];
  lines.forEach((line, n) => {
    if (line.every((cell) => cell.trim() === '')) return;
    const cells: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column !== null) cells[column] = (line[i] ?? '').trim();
    });
    rows.push({ row: n + 2, cells });
  });
  return rows;
}

/** Row-count cap (a 400 naming the limit). */
export function tooManyRows(rows: readonly UploadRow[]): UploadRowError | null {
  return rows.length > LAB_UPLOAD_MAX_ROWS
    ? {
        row: (rows[LAB_UPLOAD_MAX_ROWS] as UploadRow).row,
        field: 'rows',
        message: LAB_TEST_MESSAGES.tooManyRows(LAB_UPLOAD_MAX_ROWS),
      }
    : null;
}

const cell = (row: UploadRow, column: string): string => row.cells[column] ?? '';
/** An empty cell is absent (the schema's default applies). */
const text = (row: UploadRow, column: string): string | undefined => cell(row, column) || undefined;
/** A whole number cell as a number; anything else stays text for the schema to refuse by name. */
const whole = (row: UploadRow, column: string): number | string | undefined => {
  const value = cell(row, column);
  if (value === '') return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : value;
};
/** A word of a closed list, whatever its case ('numeric unbound' → 'Numeric unbound'). */
const word = <T extends string>(row: UploadRow, column: string, list: readonly T[]): string | undefined => {
  const value = cell(row, column);
  if (value === '') return undefined;
  return list.find((w) => w.toLowerCase() === value.toLowerCase()) ?? value;
};

const issueField = (issue: z.core.$ZodIssue): string => String(issue.path[0] ?? 'row');

/** The definitions of a tests file, or every bad row (a code twice in the file is bad on its second row). */
export function readTestRows(rows: readonly UploadRow[]): {
  tests: { row: number; value: z.output<typeof labTestDefinitionSchema> }[];
  errors: UploadRowError[];
} {
  const tests: { row: number; value: z.output<typeof labTestDefinitionSchema> }[] = [];
  const errors: UploadRowError[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const subDepartmentCode = cell(r, 'subDepartmentCode');
    const known = DEFAULT_LAB_DEPARTMENTS.find((d) => d.subDepartmentCode === subDepartmentCode.toUpperCase());
    const parsed = labTestDefinitionSchema.safeParse({
      code: cell(r, 'code'),
      name: cell(r, 'name'),
      department: text(r, 'department'),
      subDepartmentCode,
      subDepartmentName: text(r, 'subDepartmentName') ?? known?.subDepartmentName ?? '',
      sampleType: cell(r, 'sampleType').toUpperCase(),
      container: cell(r, 'container').toUpperCase(),
      turnaroundHours: whole(r, 'turnaroundHours'),
      method: text(r, 'method') ?? null,
      loincCode: text(r, 'loincCode') ?? null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ row: r.row, field: issueField(issue), message: issue.message });
      continue;
    }
    const first = seen.get(parsed.data.code);
    if (first !== undefined) {
      errors.push({ row: r.row, field: 'code', message: LAB_TEST_MESSAGES.duplicateInFile(parsed.data.code, first) });
      continue;
    }
    seen.set(parsed.data.code, r.row);
    tests.push({ row: r.row, value: parsed.data });
  }
  return { tests, errors };
}

/** One test's parameters read from a measurements file: what the next version would hold, with the rows it came from. */
export interface UploadedParameters {
  readonly code: string;
  readonly row: number;
  readonly parameters: Parameter[];
}

interface DraftParameter {
  code: string;
  row: UploadRow;
  rangeRows: number[];
  ranges: Record<string, unknown>[];
}

const RANGE_FIELD_COLUMN: Record<string, string> = {
  label: 'rangeLabel',
  criticalLow: 'rangeCriticalLow',
  criticalHigh: 'rangeCriticalHigh',
};
const PARAMETER_FIELD_COLUMN: Record<string, string> = {
  code: 'parameterCode',
  name: 'parameterName',
  ranges: 'low',
};

/** The issue of a test's parameter list, named by the row and column it came from. */
function parameterIssue(issue: z.core.$ZodIssue, drafts: readonly DraftParameter[], testRow: number): UploadRowError {
  const [at, key, index, field] = issue.path;
  const draft = typeof at === 'number' ? drafts[at] : undefined;
  if (!draft) return { row: testRow, field: 'parameterCode', message: issue.message };
  if (key === 'ranges' && typeof index === 'number') {
    const column = typeof field === 'string' ? (RANGE_FIELD_COLUMN[field] ?? field) : 'low';
    return { row: draft.rangeRows[index] ?? draft.row.row, field: column, message: issue.message };
  }
  if (key === 'delta')
    return {
      row: draft.row.row,
      field: index === 'percent' ? 'deltaPercent' : 'deltaAbsolute',
      message: issue.message,
    };
  const column = typeof key === 'string' ? (PARAMETER_FIELD_COLUMN[key] ?? key) : 'parameterCode';
  return { row: draft.row.row, field: column, message: issue.message };
}

function parameterInput(d: DraftParameter): Record<string, unknown> {
  const r = d.row;
  const options = cell(r, 'options');
  const deltaAbsolute = text(r, 'deltaAbsolute');
  const deltaPercent = text(r, 'deltaPercent');
  return {
    code: d.code,
    name: cell(r, 'parameterName'),
    type: word(r, 'type', PARAMETER_TYPES) ?? '',
    fieldMode: word(r, 'fieldMode', FIELD_MODES),
    unit: text(r, 'unit'),
    decimals: whole(r, 'decimals'),
    possibleMin: text(r, 'possibleMin'),
    possibleMax: text(r, 'possibleMax'),
    criticalLow: text(r, 'criticalLow'),
    criticalHigh: text(r, 'criticalHigh'),
    formula: text(r, 'formula'),
    options:
      options === ''
        ? undefined
        : options.split(OPTION_SEPARATOR).map((o) => {
            const value = o.trim();
            const abnormal = value.endsWith(ABNORMAL_MARK);
            return { value: abnormal ? value.slice(0, -ABNORMAL_MARK.length).trim() : value, abnormal };
          }),
    delta:
      deltaAbsolute === undefined && deltaPercent === undefined
        ? undefined
        : { absolute: deltaAbsolute ?? null, percent: deltaPercent ?? null },
    ranges: d.ranges,
  };
}

/**
 * The parameters of each test a measurements file names, in the file's order, or every bad row. A parameter's
 * columns are read from its first row; a later row of the same parameter that gives one differently is bad.
 */
export function readMeasurementRows(rows: readonly UploadRow[]): {
  tests: UploadedParameters[];
  errors: UploadRowError[];
} {
  const errors: UploadRowError[] = [];
  const byTest = new Map<string, { row: number; drafts: DraftParameter[] }>();
  for (const r of rows) {
    const code = catalogueCode.safeParse(cell(r, 'testCode'));
    if (!code.success) {
      errors.push({ row: r.row, field: 'testCode', message: code.error.issues[0]?.message ?? '' });
      continue;
    }
    const parameterCode = cell(r, 'parameterCode');
    if (parameterCode === '') {
      errors.push({ row: r.row, field: 'parameterCode', message: 'Required' });
      continue;
    }
    const test = byTest.get(code.data) ?? { row: r.row, drafts: [] };
    byTest.set(code.data, test);
    let draft = test.drafts.find((d) => d.code === parameterCode);
    if (!draft) {
      draft = { code: parameterCode, row: r, rangeRows: [], ranges: [] };
      test.drafts.push(draft);
    } else {
      for (const column of PARAMETER_COLUMNS) {
        const value = cell(r, column);
        if (value !== '' && value !== cell(draft.row, column))
          errors.push({ row: r.row, field: column, message: `already given on row ${draft.row.row}` });
      }
    }
    if (RANGE_COLUMNS.some((c) => cell(r, c) !== '')) {
      draft.rangeRows.push(r.row);
      draft.ranges.push({
        label: text(r, 'rangeLabel'),
        sex: word(r, 'sex', RANGE_SEXES),
        ageUnit: word(r, 'ageUnit', AGE_UNITS),
        ageFrom: whole(r, 'ageFrom'),
        ageTo: whole(r, 'ageTo'),
        low: text(r, 'low'),
        high: text(r, 'high'),
        criticalLow: text(r, 'rangeCriticalLow'),
        criticalHigh: text(r, 'rangeCriticalHigh'),
      });
    }
  }
  const tests: UploadedParameters[] = [];
  for (const [code, test] of byTest) {
    const parsed = testParametersSchema.safeParse(test.drafts.map(parameterInput));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(parameterIssue(issue, test.drafts, test.row));
      continue;
    }
    tests.push({ code, row: test.row, parameters: parsed.data });
  }
  return { tests, errors };
}

/** How many bad rows the 400's message names (the rest are counted). */
export const UPLOAD_ERRORS_NAMED = 50;

/** The 400's message: 'Unable Update Test Details: row 3: sampleType: …; row 7: …', in row order. */
export function uploadErrorMessage(errors: readonly UploadRowError[]): string {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const named = sorted.slice(0, UPLOAD_ERRORS_NAMED).map((e) => LAB_TEST_MESSAGES.row(e.row, e.field, e.message));
  return LAB_TEST_MESSAGES.badRows(named, sorted.length - named.length);
}

/** Example rows of the downloadable templates (a lipid profile with Friedewald's LDL, and a serology test). */
const TEMPLATE_ROWS: Record<LabUploadKind, readonly (readonly string[])[]> = {
  tests: [
    ['LIPID', 'Lipid Profile', 'Laboratory', 'BIOC', 'Biochemistry', 'SERUM', 'GOLD_SST', '24', 'Enzymatic', '57698-3'],
    ['HBSAG', 'Hepatitis B Surface Antigen', 'Laboratory', 'SERO', '', 'SERUM', 'RED_PLAIN', '48', 'ELISA', ''],
  ],
  measurements: [
    [
      'LIPID',
      'TCHOL',
      'Total Cholesterol',
      'Numeric',
      '',
      'mg/dL',
      '0',
      '0',
      '1000',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Any',
      'years',
      '0',
      '',
      '',
      '200',
      '',
      '',
    ],
    [
      'LIPID',
      'HDL',
      'HDL Cholesterol',
      'Numeric',
      '',
      'mg/dL',
      '0',
      '0',
      '300',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Male',
      'years',
      '0',
      '',
      '40',
      '',
      '',
      '',
    ],
    [
      'LIPID',
      'HDL',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Female',
      'years',
      '0',
      '',
      '50',
      '',
      '',
      '',
    ],
    [
      'LIPID',
      'TG',
      'Triglycerides',
      'Numeric',
      '',
      'mg/dL',
      '0',
      '0',
      '5000',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Any',
      'years',
      '0',
      '',
      '',
      '150',
      '',
      '',
    ],
    [
      'LIPID',
      'LDL',
      'LDL Cholesterol (calculated)',
      'Numeric',
      '',
      'mg/dL',
      '0',
      '',
      '',
      '',
      '',
      'TCHOL - HDL - TG / 5',
      '',
      '',
      '',
      '',
      'Any',
      'years',
      '0',
      '',
      '',
      '100',
      '',
      '',
    ],
    [
      'HBSAG',
      'HBSAG',
      'HBsAg',
      'Custom',
      'single',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Non-reactive|Reactive*',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  ],
};

const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The downloadable template: the header and example rows, as CSV (Excel opens it; the upload takes CSV or XLSX). */
export function uploadTemplateCsv(kind: LabUploadKind): string {
  const lines = [LAB_UPLOAD_COLUMNS[kind], ...TEMPLATE_ROWS[kind]];
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
