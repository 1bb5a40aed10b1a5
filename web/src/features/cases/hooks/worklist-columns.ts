import type { WorklistColumn } from '@rayworks/contracts';

/**
 * The worklist's columns as the console shows them, and the user's choice of them (docs/decisions/0153). A column's
 * id is the contract's column name (`WORKLIST_COLUMNS` of libs/contracts, what `/preferredcolumn/*` stores and
 * export takes); one console column may show more than its own field (Patient shows the patient ID beneath the
 * name, Status the case status beneath the display status). What is saved is checked against this catalogue when
 * read back, so a column renamed or removed never breaks the table (unknown ids are dropped, the fixed columns
 * always come back).
 */
export const WORKLIST_COLUMN_CATALOGUE = [
  { id: 'patientName', label: 'Patient', fixed: true },
  { id: 'worklistStatus', label: 'Status', fixed: true },
  { id: 'dueAt', label: 'Time left' },
  { id: 'priority', label: 'Priority' },
  { id: 'modality', label: 'Modality' },
  { id: 'studyDescription', label: 'Study' },
  { id: 'accessionNumber', label: 'Accession' },
  { id: 'centreName', label: 'Centre' },
  { id: 'radiologistName', label: 'Radiologist' },
  { id: 'typistName', label: 'Transcriptionist' },
  { id: 'legends', label: 'Legends' },
  { id: 'receivedAt', label: 'Received' },
  { id: 'studyDate', label: 'Study date' },
] as const satisfies readonly { id: WorklistColumn; label: string; fixed?: boolean }[];
export type WorklistColumnId = (typeof WORKLIST_COLUMN_CATALOGUE)[number]['id'];

export const FIXED_COLUMNS: readonly WorklistColumnId[] = WORKLIST_COLUMN_CATALOGUE.filter(
  (c) => 'fixed' in c && c.fixed,
).map((c) => c.id);

/** What a user sees before choosing (the service's answer then says isDefault). */
export const DEFAULT_COLUMNS: readonly WorklistColumnId[] = [
  'patientName',
  'worklistStatus',
  'dueAt',
  'priority',
  'modality',
  'studyDescription',
  'centreName',
  'radiologistName',
  'legends',
  'receivedAt',
];

const isColumnId = (value: unknown): value is WorklistColumnId =>
  typeof value === 'string' && WORKLIST_COLUMN_CATALOGUE.some((c) => c.id === value);

/** A saved choice made safe: known ids once each, in the saved order, the fixed columns first if missing. */
export function normalizeColumns(saved: unknown): WorklistColumnId[] {
  if (!Array.isArray(saved)) return [...DEFAULT_COLUMNS];
  const known = [...new Set(saved.filter(isColumnId))];
  if (known.length === 0) return [...DEFAULT_COLUMNS];
  const missingFixed = FIXED_COLUMNS.filter((id) => !known.includes(id));
  return [...missingFixed, ...known];
}

/** The columns of the service's answer: the console's default while the user has not chosen. */
export function columnsOfPreference(answer: { columns: readonly string[]; isDefault: boolean } | undefined) {
  return !answer || answer.isDefault ? [...DEFAULT_COLUMNS] : normalizeColumns(answer.columns);
}

/** Turns one column on or off (a fixed column stays); a new column goes after the columns the catalogue puts before it. */
export function toggleColumn(current: readonly WorklistColumnId[], id: WorklistColumnId): WorklistColumnId[] {
  if (FIXED_COLUMNS.includes(id)) return [...current];
  if (current.includes(id)) return current.filter((c) => c !== id);
  const order: readonly string[] = WORKLIST_COLUMN_CATALOGUE.map((c) => c.id);
  const rank = order.indexOf(id);
  let at = 0;
  current.forEach((c, i) => {
    if (order.indexOf(c) < rank) at = i + 1;
  });
  return [...current.slice(0, at), id, ...current.slice(at)];
}
