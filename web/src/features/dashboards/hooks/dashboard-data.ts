import { CASE_STATUSES, type CaseStatus, type StatisticsBreakdown, type WorklistStatistics } from '@rayworks/contracts';

/**
 * The dashboards' figures from /getworklist/statistics (docs/decisions/0157-dashboards.md): the chart rows are
 * derived here, the page only draws them. Colours are Mantine palette names, one per status, the same everywhere.
 */
export const STATUS_COLORS: Record<CaseStatus, string> = {
  'PENDING FOR SCAN': 'gray.5',
  NEW: 'blue.6',
  'PENDING FOR ACCEPTANCE': 'cyan.6',
  'IN PROGRESS': 'indigo.6',
  'PENDING AT TYPIST': 'violet.6',
  'PENDING FOR REVIEW': 'grape.6',
  COMPLETED: 'teal.6',
  REJECTED: 'red.6',
  RECALLED: 'orange.6',
};

/** Open: work still to be done on a case whose study is there (not completed, not waiting for the scan). */
export const OPEN_STATUSES: readonly CaseStatus[] = CASE_STATUSES.filter(
  (s) => s !== 'COMPLETED' && s !== 'PENDING FOR SCAN',
);

/** The time windows the medians may be taken over, in hours. */
export const WINDOWS = [
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: '744', label: 'Last 31 days' },
] as const;

/** One bar per status, in the lifecycle's order. */
export function statusBars(stats: Pick<WorklistStatistics, 'counts'>) {
  return CASE_STATUSES.map((status) => ({ status, cases: stats.counts[status] ?? 0, color: STATUS_COLORS[status] }));
}

/** The statuses that any of the rows has cases in (the series of a stacked chart: no empty legend entries). */
export function presentStatuses(rows: readonly Pick<StatisticsBreakdown, 'counts'>[]): CaseStatus[] {
  return CASE_STATUSES.filter((s) => rows.some((r) => (r.counts[s] ?? 0) > 0));
}

/** A breakdown's label: the directory's name, or what a missing key means (no centre, not assigned). */
export function breakdownLabel(row: Pick<StatisticsBreakdown, 'id' | 'name'>, none: string): string {
  if (row.id === null) return none;
  return row.name ?? `Unknown (${row.id.slice(0, 8)})`;
}

/**
 * Stacked bars of a breakdown: one row per centre or radiologist (the largest first, at most `limit`; the rest
 * summed into "Others"), one key per status present.
 */
export function breakdownBars(rows: readonly StatisticsBreakdown[], none: string, limit = 12) {
  const statuses = presentStatuses(rows);
  const top = rows.slice(0, limit);
  const rest = rows.slice(limit);
  const bar = (label: string, counts: Partial<Record<CaseStatus, number>>) => ({
    name: label,
    ...Object.fromEntries(statuses.map((s) => [s, counts[s] ?? 0])),
  });
  const bars = top.map((r) => bar(breakdownLabel(r, none), r.counts));
  if (rest.length) {
    const sum: Partial<Record<CaseStatus, number>> = {};
    for (const r of rest) for (const s of statuses) sum[s] = (sum[s] ?? 0) + (r.counts[s] ?? 0);
    bars.push(bar(`Others (${rest.length})`, sum));
  }
  return { bars, series: statuses.map((s) => ({ name: s, color: STATUS_COLORS[s] })) };
}

/** Median minutes to complete of the rows that completed cases in the window (largest volume first). */
export function turnaroundBars(rows: readonly StatisticsBreakdown[], none: string, limit = 12) {
  return rows
    .filter((r) => r.completed > 0 && r.medianMinutesToComplete !== null)
    .sort((a, b) => b.completed - a.completed)
    .slice(0, limit)
    .map((r) => ({ name: breakdownLabel(r, none), minutes: r.medianMinutesToComplete!, completed: r.completed }));
}

/** Median minutes per modality (the statistics' own turnaround figures). */
export function modalityTurnaround(stats: Pick<WorklistStatistics, 'turnaround'>) {
  return stats.turnaround.medianMinutesToComplete.map((m) => ({
    name: m.modality ?? 'Unknown',
    minutes: m.medianMinutes,
    completed: m.completed,
  }));
}

/** The headline figures: open cases, overdue, due within the hour, completed in the window. */
export function headline(stats: WorklistStatistics) {
  const open = OPEN_STATUSES.reduce((n, s) => n + (stats.counts[s] ?? 0), 0);
  const completedInWindow = stats.turnaround.medianMinutesToComplete.reduce((n, m) => n + m.completed, 0);
  return {
    total: stats.counts.ALL ?? 0,
    open,
    overdue: stats.turnaround.overdue,
    dueWithinHour: stats.turnaround.dueWithinHour,
    completedInWindow,
  };
}

/** Minutes as people read a turnaround: "45 min", "2 h 05 min", "1 d 3 h". */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '—';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  return `${hours} h ${String(m % 60).padStart(2, '0')} min`;
}
