import { formatReportDate, formatReportDay } from '@rayworks/contracts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Local clock time, e.g. "14:03:12". */
export function formatTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '—';
}

/** Local date and time, for tooltips and machine-readable detail. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** A latency in milliseconds, e.g. "3 ms", "1.2 s". */
export function formatLatency(ms: number): string {
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The browser's own time zone: the console shows instants as the reader's wall clock. */
const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Spec §9: day, short month, year in en-GB with a 12-hour clock and upper-case AM/PM, e.g. "21 Nov 2025, 09:08 AM" —
 * the printed report's own formatter (libs/contracts `formatReportDate`), in the reader's time zone.
 */
export function formatDisplayDateTime(value: string | number | Date | null | undefined): string {
  return formatReportDate(value, localTimeZone()) || '—';
}

/** Spec §9 date only, e.g. "21 Nov 2025". */
export function formatDisplayDate(value: string | number | Date | null | undefined): string {
  return formatReportDay(value, localTimeZone()) || '—';
}

/** Spec §9 size display units: Bytes, KB, MB, GB (1024 each), e.g. "512 Bytes", "1.5 MB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/** A DICOM DA date (YYYYMMDD) shown as spec §9's date ("21 Nov 2025"); the raw text when it is not a date. */
export function formatDicomDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return Number.isNaN(date.getTime()) ? value : formatReportDay(date, 'UTC');
}
