import {
  MODULES,
  PLATFORM_MODULE,
  SUBMODULES,
  SUBMODULE_TYPES,
  type Module,
  type PrivilegeGrants,
  type SubmoduleType,
} from '@rayworks/contracts';

/** The matrix editor's rows: submodule types grouped by module, in catalogue order (libs/contracts SUBMODULES). */
export interface MatrixRow {
  type: SubmoduleType;
  label: string;
  codes: readonly string[];
}

/** A company's role editor: the platform module is never a company's (docs/decisions/0085). */
export const MATRIX: readonly { module: Module; rows: MatrixRow[] }[] = MODULES.filter(
  (module) => module !== PLATFORM_MODULE,
).map((module) => ({
  module,
  rows: SUBMODULE_TYPES.filter((type) => SUBMODULES[type].module === module).map((type) => ({
    type,
    label: SUBMODULES[type].label,
    codes: SUBMODULES[type].privileges,
  })),
}));

export const MODULE_LABELS: Record<Module, string> = {
  PACS: 'PACS',
  BILLING: 'Billing',
  OTHERS: 'Others',
  PLATFORM: 'Platform',
};

/** "HOLIDAY_CALENDAR_VIEW" → "Holiday calendar view"; "MAP/UNMAP" → "Map/Unmap"; "ISACTIVE" → "Activate". */
export function privilegeLabel(code: string): string {
  const special: Record<string, string> = {
    ISACTIVE: 'Activate',
    ISUNBLOCK: 'Unblock',
    'MAP/UNMAP': 'Map/Unmap',
    FLAG_EMERGENCY_MLC: 'Flag emergency / MLC',
  };
  if (special[code]) return special[code];
  const words = code.toLowerCase().split('_');
  return words.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

export type Grants = Record<string, string[]>;

export function toggleCode(grants: Grants, type: string, code: string, on: boolean): Grants {
  const current = new Set(grants[type] ?? []);
  if (on) current.add(code);
  else current.delete(code);
  const next = { ...grants };
  if (current.size === 0) delete next[type];
  else next[type] = SUBMODULES[type as SubmoduleType].privileges.filter((c: string) => current.has(c));
  return next;
}

export function setRow(grants: Grants, type: string, codes: readonly string[]): Grants {
  const next = { ...grants };
  if (codes.length === 0) delete next[type];
  else next[type] = [...codes];
  return next;
}

export const grantCount = (grants: Grants | PrivilegeGrants): number =>
  Object.values(grants).reduce((sum, codes) => sum + (codes?.length ?? 0), 0);
