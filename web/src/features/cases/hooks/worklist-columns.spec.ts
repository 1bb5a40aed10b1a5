import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_COLUMNS,
  FIXED_COLUMNS,
  normalizeColumns,
  parseSavedColumns,
  toggleColumn,
  WORKLIST_COLUMNS,
} from './worklist-columns';

describe('the worklist column preference', () => {
  it('has the defaults when nothing or garbage is saved', () => {
    expect(parseSavedColumns(null)).toEqual(DEFAULT_COLUMNS);
    expect(parseSavedColumns('not json')).toEqual(DEFAULT_COLUMNS);
    expect(parseSavedColumns('{"a":1}')).toEqual(DEFAULT_COLUMNS);
    expect(parseSavedColumns('[]')).toEqual(DEFAULT_COLUMNS);
  });

  it('keeps the saved order, drops unknown and repeated ids, brings back the fixed columns', () => {
    expect(normalizeColumns(['centre', 'gone', 'modality', 'centre'])).toEqual([
      ...FIXED_COLUMNS,
      'centre',
      'modality',
    ]);
    expect(normalizeColumns(['modality', 'status', 'patient'])).toEqual(['modality', 'status', 'patient']);
  });

  it('toggles a column off and on again in the catalogue order, never a fixed one', () => {
    const without = toggleColumn(DEFAULT_COLUMNS, 'modality');
    expect(without).not.toContain('modality');
    const back = toggleColumn(without, 'modality');
    expect(back).toEqual(DEFAULT_COLUMNS);
    expect(toggleColumn(DEFAULT_COLUMNS, 'patient')).toEqual(DEFAULT_COLUMNS);
    const withTypist = toggleColumn(DEFAULT_COLUMNS, 'typist');
    expect(withTypist.indexOf('typist')).toBe(withTypist.indexOf('radiologist') + 1);
  });

  it('offers only catalogue columns by default', () => {
    const ids = WORKLIST_COLUMNS.map((c) => c.id as string);
    for (const id of DEFAULT_COLUMNS) expect(ids).toContain(id);
  });
});
