import { describe, expect, it } from '@jest/globals';
import { CASES_API, WORKLIST_COLUMNS } from '@rayworks/contracts';
import {
  columnsOfPreference,
  DEFAULT_COLUMNS,
  FIXED_COLUMNS,
  normalizeColumns,
  toggleColumn,
  WORKLIST_COLUMN_CATALOGUE,
} from './worklist-columns';

describe('the worklist column preference', () => {
  it('has the defaults when nothing usable is saved', () => {
    expect(normalizeColumns(undefined)).toEqual(DEFAULT_COLUMNS);
    expect(normalizeColumns({ a: 1 })).toEqual(DEFAULT_COLUMNS);
    expect(normalizeColumns([])).toEqual(DEFAULT_COLUMNS);
    expect(normalizeColumns(['bodyPart', 'nonsense'])).toEqual(DEFAULT_COLUMNS);
  });

  it('keeps the saved order, drops unknown and repeated ids, brings back the fixed columns', () => {
    expect(normalizeColumns(['centreName', 'gone', 'modality', 'centreName'])).toEqual([
      ...FIXED_COLUMNS,
      'centreName',
      'modality',
    ]);
    expect(normalizeColumns(['modality', 'worklistStatus', 'patientName'])).toEqual([
      'modality',
      'worklistStatus',
      'patientName',
    ]);
  });

  it("reads the service's answer: its default is the console's default, a choice is kept", () => {
    expect(columnsOfPreference(undefined)).toEqual(DEFAULT_COLUMNS);
    expect(columnsOfPreference({ columns: ['patientName', 'patientId'], isDefault: true })).toEqual(DEFAULT_COLUMNS);
    expect(columnsOfPreference({ columns: ['patientName', 'worklistStatus', 'typistName'], isDefault: false })).toEqual(
      ['patientName', 'worklistStatus', 'typistName'],
    );
  });

  it('toggles a column off and on again in the catalogue order, never a fixed one', () => {
    const without = toggleColumn(DEFAULT_COLUMNS, 'modality');
    expect(without).not.toContain('modality');
    expect(toggleColumn(without, 'modality')).toEqual(DEFAULT_COLUMNS);
    expect(toggleColumn(DEFAULT_COLUMNS, 'patientName')).toEqual(DEFAULT_COLUMNS);
    const withTypist = toggleColumn(DEFAULT_COLUMNS, 'typistName');
    expect(withTypist.indexOf('typistName')).toBe(withTypist.indexOf('radiologistName') + 1);
  });

  it('every console column is a column the service stores, so a choice is always a valid /preferredcolumn/create', () => {
    for (const { id } of WORKLIST_COLUMN_CATALOGUE) expect(WORKLIST_COLUMNS).toContain(id);
    const every = WORKLIST_COLUMN_CATALOGUE.map((c) => c.id);
    expect(() => CASES_API.createPreferredColumns.body.parse({ screen: 'cases', columns: every })).not.toThrow();
    expect(() =>
      CASES_API.createPreferredColumns.body.parse({ screen: 'cases', columns: DEFAULT_COLUMNS }),
    ).not.toThrow();
  });
});
