// Turnaround time (docs/decisions/0117-turnaround.md): each case is due a number of minutes after its study was
// received, by priority and modality (the centre's settings; DEFAULT_TURNAROUND_MINUTES otherwise). Due times are
// UTC instants: a centre in Asia/Kolkata and a radiologist in America/New_York see the same due time and the same
// time left; only the display is in the reader's zone (`formatDueAt`).
import { DEFAULT_TURNAROUND_MINUTES, type CasePriority } from '@rayworks/contracts';

/** A centre's turnaround settings: minutes per priority, and per modality and priority (which wins). */
export interface TurnaroundSettings {
  /** Minutes per priority for every modality. */
  minutes?: Partial<Record<CasePriority, number>>;
  /** Minutes per modality (DICOM code: CT, MR, CR …) and priority; overrides `minutes`. */
  byModality?: Readonly<Record<string, Partial<Record<CasePriority, number>>>>;
}

const MINUTE = 60_000;

const valid = (minutes: number | undefined): minutes is number =>
  minutes !== undefined && Number.isFinite(minutes) && minutes > 0;

/** The minutes a case of this priority and modality has, by the centre's settings (else the defaults). */
export function turnaroundMinutesOf(
  priority: CasePriority,
  modality: string | null | undefined,
  settings?: TurnaroundSettings | null,
): number {
  const code = modality?.trim().toUpperCase();
  const byModality = code ? settings?.byModality?.[code]?.[priority] : undefined;
  if (valid(byModality)) return byModality;
  const centre = settings?.minutes?.[priority];
  if (valid(centre)) return centre;
  return DEFAULT_TURNAROUND_MINUTES[priority];
}

const instant = (value: string | Date): Date => {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${String(value)}`);
  return date;
};

/** When the case is due (ISO 8601, UTC), from when its study was received. */
export function dueAtOf(
  receivedAt: string | Date,
  priority: CasePriority,
  modality: string | null | undefined,
  settings?: TurnaroundSettings | null,
): string {
  return new Date(
    instant(receivedAt).getTime() + turnaroundMinutesOf(priority, modality, settings) * MINUTE,
  ).toISOString();
}

export interface TimeLeft {
  /** Milliseconds until the due time; negative once overdue. */
  ms: number;
  overdue: boolean;
  /** "2h 05m", "3d 4h", "45m"; "Overdue 15m" once overdue. */
  label: string;
}

/** How long is left until a due time (the same wherever the reader is: both are instants). */
export function timeLeft(dueAt: string | Date, now: string | Date = new Date()): TimeLeft {
  const ms = instant(dueAt).getTime() - instant(now).getTime();
  const overdue = ms < 0;
  const total = Math.floor(Math.abs(ms) / MINUTE);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const span = days > 0 ? `${days}d ${hours}h` : hours > 0 ? `${hours}h ${pad(minutes)}m` : `${minutes}m`;
  return { ms, overdue, label: overdue ? `Overdue ${span}` : span };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A due time (or any instant) in the reader's time zone, as the console shows dates (spec §9: day, short month,
 * year in en-GB with a 12-hour clock and upper-case AM/PM), e.g. "09 Mar 2025, 11:30 PM".
 */
export function formatDueAt(value: string | Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    formats.set(timeZone, format);
  }
  return format.format(instant(value)).replace(/\b(am|pm)\b/i, (m) => m.toUpperCase());
}
