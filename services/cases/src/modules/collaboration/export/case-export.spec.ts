import { describe, expect, it } from '@jest/globals';
import type { Case } from '@rayworks/contracts';
import { cellOf, exportColumns, exportFileName, headerOf, inertCell, rowOf } from './case-export.js';

const aCase = {
  patientName: '=HYPERLINK("x")',
  patientId: 'P-1',
  legends: ['Emergency', 'MLC'],
  seriesCount: 3,
  accessionNumber: null,
  receivedAt: '2026-11-26T10:00:00.000Z',
} as unknown as Case;

describe('case export rows', () => {
  it('takes the chosen columns in order, or every column', () => {
    expect(exportColumns(['patientId', 'patientName', 'patientId'])).toEqual(['patientId', 'patientName']);
    expect(exportColumns(undefined)).toContain('dueAt');
    expect(headerOf(['patientName', 'typistName'])).toEqual(['Patient Name', 'Transcriptionist']);
  });

  it('writes cells as the worklist shows them', () => {
    expect(cellOf(aCase, 'legends')).toBe('Emergency; MLC');
    expect(cellOf(aCase, 'seriesCount')).toBe(3);
    expect(cellOf(aCase, 'accessionNumber')).toBeNull();
    expect(cellOf(aCase, 'receivedAt')).toBe('2026-11-26T10:00:00.000Z');
  });

  it('never lets a cell become a formula', () => {
    expect(rowOf(aCase, ['patientName', 'patientId'])).toEqual([`'=HYPERLINK("x")`, 'P-1']);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(inertCell(`${start}1`)).toBe(`'${start}1`);
    expect(inertCell(-1)).toBe(-1);
  });

  it('names the file by format and time', () => {
    expect(exportFileName('xlsx', new Date('2026-11-26T19:05:33Z'))).toBe('worklist-2026-11-26T1905Z.xlsx');
  });
});
