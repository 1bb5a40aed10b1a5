import { CASE_STATUSES, type CaseStatus, type StatisticsBreakdown } from '@rayworks/contracts';

export interface BreakdownCountRow {
  key: string | null;
  name: string | null;
  status: CaseStatus;
  n: number;
}

export interface BreakdownMedianRow {
  key: string | null;
  completed: number;
  median_minutes: number;
}

/**
 * Folds the per-(key, status) counts and the per-key medians of a statistics breakdown into one entry per centre
 * or radiologist (every status present, 0 where none), the largest totals first, then by name. A key with
 * completed cases in the window but no count row left (cannot happen while counts are maintained) still shows.
 */
export function foldBreakdown(counts: readonly BreakdownCountRow[], medians: readonly BreakdownMedianRow[]) {
  const byKey = new Map<string | null, StatisticsBreakdown>();
  const entry = (key: string | null, name: string | null) => {
    let found = byKey.get(key);
    if (!found) {
      found = {
        id: key,
        name,
        counts: Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>,
        total: 0,
        completed: 0,
        medianMinutesToComplete: null,
      };
      byKey.set(key, found);
    }
    if (found.name === null && name !== null) found.name = name;
    return found;
  };
  for (const row of counts) {
    const e = entry(row.key, row.name);
    e.counts[row.status] += row.n;
    e.total += row.n;
  }
  for (const row of medians) {
    const e = entry(row.key, null);
    e.completed = row.completed;
    e.medianMinutesToComplete = Math.round(row.median_minutes * 10) / 10;
  }
  return [...byKey.values()]
    .filter((e) => e.total > 0 || e.completed > 0)
    .sort((a, b) => b.total - a.total || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff'));
}
