import { addDays } from '@rayworks/contracts';

/**
 * The periods the dashboard's finance figures are read for (/finance/dashboard: local dates, both included, at most a
 * year): the day, the month so far, the last 30 days. Dates are the browser's today; each centre's own clock decides
 * which payments fall in them (docs/decisions/0280).
 */
export const FINANCE_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'month', label: 'This month' },
  { value: '30d', label: 'Last 30 days' },
] as const;
export type FinancePeriod = (typeof FINANCE_PERIODS)[number]['value'];

export const isFinancePeriod = (v: string | null): v is FinancePeriod => FINANCE_PERIODS.some((p) => p.value === v);

export function periodDates(period: FinancePeriod, today: string): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
  }
}
