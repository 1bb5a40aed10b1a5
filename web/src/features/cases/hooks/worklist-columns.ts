/**
 * The worklist's columns and the user's choice of them (docs/decisions/0153-worklist-columns.md). The choice is a
 * list of column ids in display order; what is saved is checked against the catalogue when read back, so a column
 * renamed or removed in a later version never breaks the table (unknown ids are dropped, the fixed columns always
 * come back).
 */
export const WORKLIST_COLUMNS = [
  { id: 'patient', label: 'Patient', fixed: true },
  { id: 'status', label: 'Status', fixed: true },
  { id: 'timeLeft', label: 'Time left' },
  { id: 'priority', label: 'Priority' },
  { id: 'modality', label: 'Modality' },
  { id: 'study', label: 'Study' },
  { id: 'accession', label: 'Accession' },
  { id: 'centre', label: 'Centre' },
  { id: 'radiologist', label: 'Radiologist' },
  { id: 'typist', label: 'Transcriptionist' },
  { id: 'legends', label: 'Legends' },
  { id: 'receivedAt', label: 'Received' },
  { id: 'studyDate', label: 'Study date' },
] as const;
export type WorklistColumnId = (typeof WORKLIST_COLUMNS)[number]['id'];

export const FIXED_COLUMNS: readonly WorklistColumnId[] = WORKLIST_COLUMNS.filter((c) => 'fixed' in c && c.fixed).map(
  (c) => c.id,
);

/** What a user sees before choosing. */
export const DEFAULT_COLUMNS: readonly WorklistColumnId[] = [
  'patient',
  'status',
  'timeLeft',
  'priority',
  'modality',
  'study',
  'centre',
  'radiologist',
  'legends',
  'receivedAt',
];

const isColumnId = (value: unknown): value is WorklistColumnId =>
  typeof value === 'string' && WORKLIST_COLUMNS.some((c) => c.id === value);

/** A saved choice made safe: known ids once each, in the saved order, the fixed columns first if missing. */
export function normalizeColumns(saved: unknown): WorklistColumnId[] {
  if (!Array.isArray(saved)) return [...DEFAULT_COLUMNS];
  const known = [...new Set(saved.filter(isColumnId))];
  if (known.length === 0) return [...DEFAULT_COLUMNS];
  const missingFixed = FIXED_COLUMNS.filter((id) => !known.includes(id));
  return [...missingFixed, ...known];
}

/** Turns one column on or off (a fixed column stays); a new column goes after the columns the catalogue puts before it. */
export function toggleColumn(current: readonly WorklistColumnId[], id: WorklistColumnId): WorklistColumnId[] {
  if (FIXED_COLUMNS.includes(id)) return [...current];
  if (current.includes(id)) return current.filter((c) => c !== id);
  const order: readonly string[] = WORKLIST_COLUMNS.map((c) => c.id);
  const rank = order.indexOf(id);
  let at = 0;
  current.forEach((c, i) => {
    if (order.indexOf(c) < rank) at = i + 1;
  });
  return [...current.slice(0, at), id, ...current.slice(at)];
}

/** Parses what the preference store holds (JSON text), never throwing. */
export function parseSavedColumns(text: string | null): WorklistColumnId[] {
  if (!text) return [...DEFAULT_COLUMNS];
  try {
    return normalizeColumns(JSON.parse(text));
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}
