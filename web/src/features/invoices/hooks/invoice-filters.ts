import { PATIENT_INVOICE_STATUSES, type PatientInvoiceStatus } from '@rayworks/contracts';

/**
 * The invoices list's filters (/invoice/find: centre, status, the centre's dates of issue) kept in the address bar
 * beside the list's own search, sort and page (shared/ui/list-query.ts), so a filtered list can be reloaded and
 * shared. The number prefix is the list's search. What the address holds that the contract would refuse (a status
 * that is not one, a date that is not a date) is left out rather than sent for a 400.
 */
export interface InvoiceFilters {
  centreId?: string;
  status?: PatientInvoiceStatus;
  issuedFrom?: string;
  issuedTo?: string;
}

export const INVOICE_FILTER_PARAMS = {
  centreId: 'centre',
  status: 'status',
  issuedFrom: 'from',
  issuedTo: 'to',
} as const satisfies Record<keyof InvoiceFilters, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date 'YYYY-MM-DD' that exists. */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const isStatus = (text: string): text is PatientInvoiceStatus =>
  (PATIENT_INVOICE_STATUSES as readonly string[]).includes(text);

export function invoiceFiltersFromParams(params: URLSearchParams): InvoiceFilters {
  const filters: InvoiceFilters = {};
  const centre = params.get(INVOICE_FILTER_PARAMS.centreId);
  if (centre && UUID.test(centre)) filters.centreId = centre;
  const status = params.get(INVOICE_FILTER_PARAMS.status);
  if (status && isStatus(status)) filters.status = status;
  let from = params.get(INVOICE_FILTER_PARAMS.issuedFrom);
  let to = params.get(INVOICE_FILTER_PARAMS.issuedTo);
  if (from && !isCalendarDate(from)) from = null;
  if (to && !isCalendarDate(to)) to = null;
  // a range typed backwards is the same range
  if (from && to && from > to) [from, to] = [to, from];
  if (from) filters.issuedFrom = from;
  if (to) filters.issuedTo = to;
  return filters;
}

/** The address with one filter set or cleared; the list goes back to its first page. */
export function withInvoiceFilter(
  params: URLSearchParams,
  key: keyof InvoiceFilters,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(INVOICE_FILTER_PARAMS[key], value);
  else next.delete(INVOICE_FILTER_PARAMS[key]);
  next.delete('page');
  return next;
}

/** A stable part of the list's query key: the filters in a fixed order. */
export const invoiceFiltersKey = (f: InvoiceFilters): string =>
  [f.centreId ?? '', f.status ?? '', f.issuedFrom ?? '', f.issuedTo ?? ''].join('|');
