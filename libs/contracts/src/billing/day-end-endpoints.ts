import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import {
  commissionStatementSchema,
  dayClosingSchema,
  dayEndReportSchema,
  financeDashboardSchema,
  myCollectionSchema,
  outstandingSchema,
} from './day-end-entities.js';
import { DAY_END_MESSAGES } from './day-end-messages.js';
import { AGEING_BUCKET_KEYS, daysBetween, FINANCE_PERIOD_MAX_DAYS, FINANCE_PERIOD_VALUES } from './day-end-rules.js';

const VIEW_FINANCE = requirement('FINANCE', GENERIC.VIEW);
const isoDate = z.iso.date(invalid);

/** A centre and one of its days; without a date, the centre's today. */
const centreDayBody = z.object({ centreId: uuid, date: isoDate.optional() }).strict();

const periodDays = (from: string, to: string): number | null => {
  try {
    return daysBetween(from, to);
  } catch {
    return null;
  }
};

/** From and to, local dates, both included: from ≤ to, at most a year. */
function checkPeriod(b: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = periodDays(b.from, b.to);
  if (days === null) return; // a date the field's own check refused
  if (days < 0) ctx.addIssue({ code: 'custom', message: DAY_END_MESSAGES.periodReversed, path: ['from'] });
  else if (days + 1 > FINANCE_PERIOD_MAX_DAYS)
    ctx.addIssue({ code: 'custom', message: DAY_END_MESSAGES.periodTooLong, path: ['to'] });
}

const commissionBody = z
  .object({
    referralId: uuid,
    from: isoDate,
    to: isoDate,
    page: z.number(invalid).int(invalid).min(1, invalid).default(1),
    pageSize: z.number(invalid).int(invalid).min(1, invalid).max(100, invalid).default(50),
  })
  .strict()
  .superRefine(checkPeriod);

/**
 * A named period, resolved on each centre's clock (the console's: a reader's today is not every centre's), or two
 * local dates, the same for every centre (docs/decisions/0339).
 */
const dashboardBody = z
  .object({
    period: z.enum(FINANCE_PERIOD_VALUES, invalid).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    centreId: uuid.optional(),
  })
  .strict()
  .superRefine(({ period, from, to }, ctx) => {
    if (period === undefined && from !== undefined && to !== undefined) checkPeriod({ from, to }, ctx);
    else if (period === undefined || from !== undefined || to !== undefined)
      ctx.addIssue({ code: 'custom', message: DAY_END_MESSAGES.periodOrDates, path: ['period'] });
  });

const closeBody = z
  .object({
    centreId: uuid,
    /** The centre's date closed (today or an earlier day). */
    date: isoDate,
    /** The cash counted in the drawer, whole minor units (the console reads the typed text with parseAmountMinor). */
    countedCashMinor: z.number(invalid).int(invalid).min(0, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
    note: z
      .string(invalid)
      .trim()
      .max(500, invalid)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict();

/**
 * A centre's day end and cash closing, what it is owed, referral commission statements and the finance dashboard
 * (docs/decisions/0278–0280). Every figure is of the centres the caller reaches: another centre, a group or another
 * company's centre is 404 'Centre not found'.
 */
export const DAY_END_ENDPOINTS = {
  getDayEnd: ep({
    method: 'POST',
    path: '/finance/dayend/get',
    access: VIEW_FINANCE,
    body: centreDayBody,
    data: dayEndReportSchema,
    // 400: a date after the centre's today; 404: a centre not in reach
    errors: [404],
  }),
  closeDay: ep({
    method: 'POST',
    path: '/finance/dayend/close',
    access: requirement('FINANCE', SPECIFIC.DAY_CLOSE),
    body: closeBody,
    data: dayClosingSchema,
    // 400: a date after the centre's today; 404: a centre not in reach; 409: the day is closed already
    errors: [404, 409],
  }),
  getMyCollection: ep({
    method: 'POST',
    path: '/finance/collection/mine',
    // whoever takes payments at the desk sees what they took (docs/decisions/0278)
    access: requirement('BILLING', GENERIC.CREATE),
    body: centreDayBody,
    data: myCollectionSchema,
    errors: [404],
  }),
  getOutstanding: ep({
    method: 'POST',
    path: '/finance/outstanding',
    access: VIEW_FINANCE,
    // `search`: the beginning of an invoice number
    body: listQuery({
      sortBy: ['issuedOn', 'balanceMinor', 'number'],
      filters: { centreId: uuid, bucket: z.enum(AGEING_BUCKET_KEYS, invalid).optional() },
    }),
    data: outstandingSchema,
    errors: [404],
  }),
  getCommissionStatement: ep({
    method: 'POST',
    path: '/finance/commission',
    access: VIEW_FINANCE,
    body: commissionBody,
    data: commissionStatementSchema,
    // 404: a referral not of the caller's company
    errors: [404],
  }),
  getFinanceDashboard: ep({
    method: 'POST',
    path: '/finance/dashboard',
    access: VIEW_FINANCE,
    body: dashboardBody,
    data: financeDashboardSchema,
    // 404: a centre not in reach
    errors: [404],
  }),
};
