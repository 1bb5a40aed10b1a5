import { describe, expect, it } from '@jest/globals';
import { invoiceFiltersFromParams, invoiceFiltersKey, isCalendarDate, withInvoiceFilter } from './invoice-filters';

const CENTRE = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

describe('the invoices list’s filters in the address bar', () => {
  it('reads centre, status and the dates of issue', () => {
    const params = new URLSearchParams({ centre: CENTRE, status: 'PART_PAID', from: '2026-04-01', to: '2026-04-30' });
    expect(invoiceFiltersFromParams(params)).toEqual({
      centreId: CENTRE,
      status: 'PART_PAID',
      issuedFrom: '2026-04-01',
      issuedTo: '2026-04-30',
    });
  });

  it('leaves out what the contract would refuse, and turns a backwards range around', () => {
    const params = new URLSearchParams({ centre: 'apex', status: 'INVOICE RAISED', from: '2026-02-30', to: 'soon' });
    expect(invoiceFiltersFromParams(params)).toEqual({});
    expect(invoiceFiltersFromParams(new URLSearchParams({ from: '2026-05-01', to: '2026-04-01' }))).toEqual({
      issuedFrom: '2026-04-01',
      issuedTo: '2026-05-01',
    });
  });

  it('sets or clears one filter and goes back to the first page, keeping the search', () => {
    const params = new URLSearchParams({ q: 'APX/2026', page: '3', status: 'PAID' });
    const next = withInvoiceFilter(params, 'status', 'UNPAID');
    expect(next.toString()).toBe('q=APX%2F2026&status=UNPAID');
    expect(withInvoiceFilter(next, 'status', null).toString()).toBe('q=APX%2F2026');
    expect(withInvoiceFilter(next, 'issuedFrom', '2026-04-01').get('from')).toBe('2026-04-01');
  });

  it('keys the list by every filter, so a change reads the list again', () => {
    expect(invoiceFiltersKey({})).toBe('|||');
    expect(invoiceFiltersKey({ status: 'PAID', issuedTo: '2026-04-30' })).toBe('|PAID||2026-04-30');
  });

  it('knows a calendar date', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-4-1')).toBe(false);
  });
});
