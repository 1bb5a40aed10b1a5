import { wallClock } from '../time/wall-clock.js';

/**
 * The report page rules of spec §9, pure and shared by the PDF worker, the print view (/report/html/{id}) and the
 * layout screen's live preview, so paper, preview and PDF agree.
 *
 * - The page body budget is 1000 px minus the header, the footer and the patient-details block, minus 250–350 px of
 *   padding (clamped into that range).
 * - The patient-details block shows its rows two per line; it is 70 px for the first row pair and grows 50 px per
 *   further pair, capped at 150 px (1–2 rows 70, 3–4 rows 120, 5 or more 150). No rows: no block (0 px).
 * - Dates are en-GB: day, short month, year, a 12-hour clock with upper-case AM/PM ('27 Nov 2026, 01:05 PM'); one
 *   display helper adds 5 h 30 min (Indian Standard Time) to a UTC instant.
 */

/** The page height the spec budgets in, in CSS px. */
export const REPORT_PAGE_BUDGET_PX = 1000;
export const PATIENT_BLOCK_MIN_PX = 70;
export const PATIENT_BLOCK_MAX_PX = 150;
export const PATIENT_BLOCK_STEP_PX = 50;
export const BODY_PADDING_MIN_PX = 250;
export const BODY_PADDING_MAX_PX = 350;
/** The padding used when a caller gives none (the middle of the range). */
export const BODY_PADDING_DEFAULT_PX = 300;

const finite = (value: number, name: string): number => {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`);
  return value;
};

/** Height in px of the patient-details block for `rowCount` rows (rows sit in pairs, one pair per line). */
export function patientBlockHeight(rowCount: number): number {
  const rows = Math.max(0, Math.floor(finite(rowCount, 'rowCount')));
  if (rows === 0) return 0;
  const pairs = Math.ceil(rows / 2);
  return Math.min(PATIENT_BLOCK_MAX_PX, PATIENT_BLOCK_MIN_PX + (pairs - 1) * PATIENT_BLOCK_STEP_PX);
}

/** The padding clamped into 250..350 px (default 300). */
export function clampBodyPadding(padding: number = BODY_PADDING_DEFAULT_PX): number {
  return Math.min(BODY_PADDING_MAX_PX, Math.max(BODY_PADDING_MIN_PX, finite(padding, 'padding')));
}

export interface BodyBudgetInput {
  /** 0 when the header is disabled. */
  headerHeight: number;
  /** 0 when the footer is disabled (include the footer fields' height when they are shown). */
  footerHeight: number;
  /** From patientBlockHeight. */
  patientBlockHeight: number;
  /** 250..350, clamped; 300 when omitted. */
  padding?: number;
}

/** Height in px left for the report body on a page: 1000 − header − footer − patient block − padding, never below 0. */
export function bodyBudget({
  headerHeight,
  footerHeight,
  patientBlockHeight: block,
  padding,
}: BodyBudgetInput): number {
  const used =
    Math.max(0, finite(headerHeight, 'headerHeight')) +
    Math.max(0, finite(footerHeight, 'footerHeight')) +
    Math.max(0, finite(block, 'patientBlockHeight')) +
    clampBodyPadding(padding);
  return Math.max(0, REPORT_PAGE_BUDGET_PX - used);
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Spec §9 report date: '27 Nov 2026, 01:05 PM' (en-GB day, short month, year; 12-hour clock, upper-case AM/PM;
 * midnight is 12:00 AM, noon 12:00 PM). The instant is shown in `timeZone` (an IANA name; UTC by default, which is
 * what a server renders without a configured zone). An empty or invalid value gives ''.
 */
export function formatReportDate(value: string | number | Date | null | undefined, timeZone = 'UTC'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day, hour, minute } = wallClock(date, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const period = hour < 12 ? 'AM' : 'PM';
  return `${pad2(day)} ${SHORT_MONTHS[month - 1]} ${year}, ${pad2(hour12)}:${pad2(minute)} ${period}`;
}

/** Spec §9 date only: '27 Nov 2026'. */
export function formatReportDay(value: string | number | Date | null | undefined, timeZone = 'UTC'): string {
  const full = formatReportDate(value, timeZone);
  return full ? full.slice(0, full.indexOf(',')) : '';
}

/**
 * The spec §9 display helper that adds 5 h 30 min: a UTC instant shown as Indian Standard Time wall-clock
 * ('2026-11-27T07:35:00Z' → '27 Nov 2026, 01:05 PM'). Fixed offset (IST has no daylight saving).
 */
export function formatReportDateIst(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return formatReportDate(new Date(date.getTime() + IST_OFFSET_MS), 'UTC');
}
