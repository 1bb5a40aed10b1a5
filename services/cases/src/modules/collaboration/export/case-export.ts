import {
  WORKLIST_COLUMN_LABELS,
  WORKLIST_COLUMNS,
  type Case,
  type ExportFormat,
  type WorklistColumn,
} from '@rayworks/contracts';

/** One exported cell: text, a number, or empty. */
export type Cell = string | number | null;

/** The columns of an export: the chosen ones (in order, no repeats), or every worklist column. */
export const exportColumns = (chosen: readonly WorklistColumn[] | undefined): WorklistColumn[] =>
  chosen && chosen.length > 0 ? [...new Set(chosen)] : [...WORKLIST_COLUMNS];

/** The cell of one column of a case, as the worklist shows it (times ISO 8601 UTC, legends joined). */
export function cellOf(c: Case, column: WorklistColumn): Cell {
  const value = c[column];
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join('; ');
  return typeof value === 'number' ? value : String(value);
}

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) is prefixed with
 * an apostrophe (OWASP's CSV injection advice): a patient name can never become a formula in the admin's Excel.
 */
export function inertCell(value: Cell): Cell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One export row of a case: the cells of the columns, made inert. */
export const rowOf = (c: Case, columns: readonly WorklistColumn[]): Cell[] =>
  columns.map((column) => inertCell(cellOf(c, column)));

export const headerOf = (columns: readonly WorklistColumn[]): string[] => columns.map((c) => WORKLIST_COLUMN_LABELS[c]);

/** `worklist-2026-11-26T1905Z.csv`. */
export function exportFileName(format: ExportFormat, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replaceAll(':', '');
  return `worklist-${stamp}Z.${format}`;
}
