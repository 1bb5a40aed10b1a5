import { describe, expect, it } from '@jest/globals';
import { INVOICE_ACTIONS, type InvoiceAction, type InvoiceSide } from '@rayworks/contracts';
import { billingDayOf, nextMonth, sideFor } from './fusion-invoice-rules.js';

describe('fusion invoice rules', () => {
  it('bills a read on the day and month it was completed on the hub’s clock (Asia/Kolkata), not in UTC', () => {
    // 31 March 2026, 20:00 UTC is 1 April 01:30 in India: April's invoice
    expect(billingDayOf(new Date('2026-03-31T20:00:00Z'))).toEqual({ date: '2026-04-01', month: '2026-04' });
    expect(billingDayOf(new Date('2026-03-31T18:29:59Z'))).toEqual({ date: '2026-03-31', month: '2026-03' });
    expect(billingDayOf(new Date('2026-03-31T20:00:00Z'), 'UTC')).toEqual({ date: '2026-03-31', month: '2026-03' });
  });

  it.each([
    ['2026-01', '2026-02'],
    ['2026-09', '2026-10'],
    ['2026-12', '2027-01'],
  ])('the month after %s is %s', (month, next) => {
    expect(nextMonth(month)).toBe(next);
  });

  describe('the side a caller acts for', () => {
    const hub: InvoiceSide[] = ['FUSION_HUB'];
    const client: InvoiceSide[] = ['CLIENT_CENTRE'];
    const both: InvoiceSide[] = ['FUSION_HUB', 'CLIENT_CENTRE'];

    it.each(INVOICE_ACTIONS)('on one side it is that side, whatever the action (%s)', (action) => {
      expect(sideFor(hub, action, undefined, null)).toBe('FUSION_HUB');
      expect(sideFor(client, action, undefined, null)).toBe('CLIENT_CENTRE');
      expect(sideFor([], action, undefined, null)).toBeNull();
    });

    it('a side asked for must be one the caller is on', () => {
      expect(sideFor(hub, 'HOLD', 'CLIENT_CENTRE', null)).toBeNull();
      expect(sideFor(client, 'HOLD', 'FUSION_HUB', null)).toBeNull();
      expect(sideFor(both, 'HOLD', 'CLIENT_CENTRE', null)).toBe('CLIENT_CENTRE');
    });

    const onBoth: [InvoiceAction, InvoiceSide | null, InvoiceSide][] = [
      ['RAISE', null, 'FUSION_HUB'],
      ['CONFIRM_PAYMENT', null, 'FUSION_HUB'],
      ['REJECT_PAYMENT', null, 'FUSION_HUB'],
      ['TAKE_ACTION', null, 'CLIENT_CENTRE'],
      ['HOLD', null, 'FUSION_HUB'],
      ['RESUME', 'CLIENT_CENTRE', 'CLIENT_CENTRE'],
      ['RESUME', 'FUSION_HUB', 'FUSION_HUB'],
      ['COMMENT', null, 'FUSION_HUB'],
    ];
    it.each(onBoth)('on both sides, %s (held by %s) is taken for %s', (action, heldBy, expected) => {
      expect(sideFor(both, action, undefined, heldBy)).toBe(expected);
    });
  });
});
