import { describe, expect, it } from '@jest/globals';
import { PLATFORM_SUBMODULE_TYPES, SUBMODULES } from '@rayworks/contracts';
import { grantCount, MATRIX, privilegeLabel, setRow, toggleCode } from './privilege-matrix';

describe('the role privilege matrix', () => {
  it("has every company submodule of the catalogue once, under its module, and none of the platform's", () => {
    const types = MATRIX.flatMap((m) => m.rows.map((r) => r.type));
    const companyTypes = Object.keys(SUBMODULES).filter((t) => !(PLATFORM_SUBMODULE_TYPES as string[]).includes(t));
    expect(types.sort()).toEqual(companyTypes.sort());
    expect(PLATFORM_SUBMODULE_TYPES.length).toBeGreaterThan(0);
    for (const { module, rows } of MATRIX) for (const row of rows) expect(SUBMODULES[row.type].module).toBe(module);
  });

  it('keeps codes in catalogue order and drops empty rows', () => {
    let grants = toggleCode({}, 'GROUP', 'EDIT', true);
    grants = toggleCode(grants, 'GROUP', 'VIEW', true);
    expect(grants).toEqual({ GROUP: ['VIEW', 'EDIT'] });
    grants = toggleCode(grants, 'GROUP', 'VIEW', false);
    grants = toggleCode(grants, 'GROUP', 'EDIT', false);
    expect(grants).toEqual({});
  });

  it('sets or clears a whole row and counts what is selected', () => {
    const grants = setRow({ USER: ['VIEW'] }, 'ROLES', ['VIEW', 'CREATE']);
    expect(grantCount(grants)).toBe(3);
    expect(setRow(grants, 'ROLES', [])).toEqual({ USER: ['VIEW'] });
  });

  it('names codes for people', () => {
    expect(privilegeLabel('HOLIDAY_CALENDAR_VIEW')).toBe('Holiday calendar view');
    expect(privilegeLabel('ISACTIVE')).toBe('Activate');
    expect(privilegeLabel('MAP/UNMAP')).toBe('Map/Unmap');
    expect(privilegeLabel('VIEW')).toBe('View');
  });
});
