import { describe, expect, it } from '@jest/globals';
import {
  INVOICE_ACTIONS,
  INVOICE_ACTIONS_NEEDING_AMOUNT,
  INVOICE_ACTIONS_NEEDING_REASON,
  INVOICE_STATUSES,
  INVOICE_VIEW_ACTIONS,
  type InvoiceAction,
} from '@rayworks/contracts';
import { invoiceTableActions } from './invoice-action-table.js';
import { invoiceBalanceOf, nextInvoice, type InvoiceRefusalReason, type NextInvoiceInput } from './invoice-actions.js';
import type { InvoiceFacts } from './invoice.machine.js';

const TOTAL = 100_000;
const raised: InvoiceFacts = { status: 'INVOICE RAISED', totalMinor: TOTAL, paidMinor: 0 };
const awaiting = (requestedMinor: number, paidMinor = 0): InvoiceFacts => ({
  ...raised,
  status: 'AWAITING PAYMENT CONFIRMATION',
  requestedMinor,
  paidMinor,
});
const partial: InvoiceFacts = { ...raised, status: 'PARTIALLY PAID', paidMinor: 30_000 };
const held = (heldFrom: 'INVOICE RAISED' | 'PAYMENT RE-REQUESTED' | 'PARTIALLY PAID'): InvoiceFacts => ({
  ...raised,
  status: 'INVOICE ON HOLD',
  paidMinor: heldFrom === 'PARTIALLY PAID' ? 30_000 : 0,
  heldFrom,
  heldBy: 'CLIENT_CENTRE',
  holdReason: 'disputed',
});
const CLIENT = { side: 'CLIENT_CENTRE' as const };
const HUB = { side: 'FUSION_HUB' as const };

describe('nextInvoice: the message of every transition', () => {
  const moves: [string, InvoiceFacts | null, InvoiceAction, NextInvoiceInput, string, string][] = [
    ['raise', null, 'RAISE', { ...HUB, amountMinor: TOTAL }, 'INVOICE RAISED', 'Invoice Raised Successfully'],
    [
      'take action: pay part',
      raised,
      'TAKE_ACTION',
      { ...CLIENT, amountMinor: 30_000 },
      'AWAITING PAYMENT CONFIRMATION',
      'Payment Request Sent Successfully',
    ],
    [
      'confirm a partial payment',
      awaiting(30_000),
      'CONFIRM_PAYMENT',
      HUB,
      'PARTIALLY PAID',
      'Payment Request Completed',
    ],
    [
      'confirm less than the request received',
      awaiting(TOTAL),
      'CONFIRM_PAYMENT',
      { ...HUB, amountMinor: 99_000 },
      'PARTIALLY PAID',
      'Payment Request Completed',
    ],
    [
      'confirm the whole balance',
      awaiting(70_000, 30_000),
      'CONFIRM_PAYMENT',
      HUB,
      'COMPLETED',
      'Payment Request Completed',
    ],
    [
      'reject',
      awaiting(30_000),
      'REJECT_PAYMENT',
      { ...HUB, reason: 'Not received' },
      'PAYMENT RE-REQUESTED',
      'Payment Request Rejected',
    ],
    ['hold', partial, 'HOLD', { ...CLIENT, reason: 'disputed' }, 'INVOICE ON HOLD', 'Invoice Put On Hold Successfully'],
    ['resume', held('PARTIALLY PAID'), 'RESUME', CLIENT, 'PARTIALLY PAID', 'Invoice Resumed Successfully'],
  ];
  it.each(moves)('%s', (_, facts, action, input, status, message) => {
    expect(nextInvoice(facts, action, input)).toMatchObject({ ok: true, status, message });
  });

  it('changes nothing and says nothing on report download, chat and comment, in every status', () => {
    for (const status of INVOICE_STATUSES)
      for (const action of INVOICE_VIEW_ACTIONS)
        expect(nextInvoice({ ...raised, status }, action)).toEqual({ ok: true, status, patch: {}, message: null });
  });

  it('walks a month: raised, part paid, rejected, paid again, held and resumed, completed', () => {
    const steps: [InvoiceAction, NextInvoiceInput, string, string][] = [
      ['RAISE', { amountMinor: TOTAL }, 'INVOICE RAISED', 'Invoice Raised Successfully'],
      ['TAKE_ACTION', { amountMinor: 40_000 }, 'AWAITING PAYMENT CONFIRMATION', 'Payment Request Sent Successfully'],
      ['CONFIRM_PAYMENT', {}, 'PARTIALLY PAID', 'Payment Request Completed'],
      ['TAKE_ACTION', { amountMinor: 60_000 }, 'AWAITING PAYMENT CONFIRMATION', 'Payment Request Sent Successfully'],
      ['REJECT_PAYMENT', { reason: 'Cheque bounced' }, 'PAYMENT RE-REQUESTED', 'Payment Request Rejected'],
      ['HOLD', { ...HUB, reason: 'Awaiting bank' }, 'INVOICE ON HOLD', 'Invoice Put On Hold Successfully'],
      ['RESUME', HUB, 'PAYMENT RE-REQUESTED', 'Invoice Resumed Successfully'],
      ['TAKE_ACTION', { amountMinor: 60_000 }, 'AWAITING PAYMENT CONFIRMATION', 'Payment Request Sent Successfully'],
      ['CONFIRM_PAYMENT', {}, 'COMPLETED', 'Payment Request Completed'],
    ];
    let facts: InvoiceFacts | null = null;
    for (const [action, input, status, message] of steps) {
      const move = nextInvoice(facts, action, input);
      expect({ action, move }).toMatchObject({ action, move: { ok: true, status, message } });
      if (!move.ok) return;
      facts = { ...(facts ?? { totalMinor: TOTAL }), ...move.patch, status: move.status } as InvoiceFacts;
    }
    expect(facts).toMatchObject({ status: 'COMPLETED', paidMinor: TOTAL, requestedMinor: null, heldBy: null });
    expect(invoiceBalanceOf(facts!)).toBe(0);
    // a completed invoice moves no more
    for (const action of INVOICE_ACTIONS.filter((a) => !INVOICE_VIEW_ACTIONS.includes(a)))
      expect(nextInvoice(facts, action, { ...CLIENT, amountMinor: 1, reason: 'x' }).ok).toBe(false);
  });

  it('gives the exact patch the billing service writes', () => {
    expect(nextInvoice(null, 'RAISE', { amountMinor: 5 })).toEqual({
      ok: true,
      status: 'INVOICE RAISED',
      patch: {
        paidMinor: 0,
        requestedMinor: null,
        heldFrom: null,
        heldBy: null,
        holdReason: null,
        rejectReason: null,
      },
      message: 'Invoice Raised Successfully',
    });
    expect(nextInvoice(awaiting(70_000, 30_000), 'CONFIRM_PAYMENT', HUB)).toMatchObject({
      patch: { paidMinor: TOTAL, requestedMinor: null },
    });
    expect(nextInvoice(awaiting(30_000), 'REJECT_PAYMENT', { reason: '  Not received ' })).toMatchObject({
      patch: { requestedMinor: null, rejectReason: 'Not received' },
    });
  });
});

describe('nextInvoice: refusals, each with its reason and code', () => {
  const refusals: [
    string,
    InvoiceFacts | null,
    InvoiceAction,
    NextInvoiceInput,
    InvoiceRefusalReason,
    number,
    string,
  ][] = [
    ['raise twice', raised, 'RAISE', { amountMinor: 1 }, 'ALREADY_RAISED', 409, 'The invoice is already raised'],
    ['raise without a total', null, 'RAISE', {}, 'AMOUNT_REQUIRED', 400, 'Please enter the amount'],
    [
      'raise a zero total',
      null,
      'RAISE',
      { amountMinor: 0 },
      'AMOUNT_NOT_POSITIVE',
      400,
      'The amount must be more than zero',
    ],
    ['act on nothing raised', null, 'CHAT', {}, 'NOT_RAISED', 409, 'The invoice is not raised yet'],
    ['pay without an amount', raised, 'TAKE_ACTION', CLIENT, 'AMOUNT_REQUIRED', 400, 'Please enter the amount'],
    [
      'pay a negative amount',
      raised,
      'TAKE_ACTION',
      { amountMinor: -5 },
      'AMOUNT_NOT_POSITIVE',
      400,
      'The amount must be more than zero',
    ],
    [
      'pay a fraction of a paisa',
      raised,
      'TAKE_ACTION',
      { amountMinor: 10.5 },
      'AMOUNT_NOT_POSITIVE',
      400,
      'The amount must be more than zero',
    ],
    [
      'pay beyond the balance',
      partial,
      'TAKE_ACTION',
      { amountMinor: 70_001 },
      'AMOUNT_BEYOND_BALANCE',
      400,
      'The amount cannot exceed the balance due',
    ],
    [
      'pay while a request waits',
      awaiting(1),
      'TAKE_ACTION',
      { amountMinor: 1 },
      'NOT_IN_THIS_STATUS',
      409,
      'Take Action is not allowed on an invoice in AWAITING PAYMENT CONFIRMATION',
    ],
    [
      'confirm beyond the request',
      awaiting(30_000),
      'CONFIRM_PAYMENT',
      { amountMinor: 30_001 },
      'AMOUNT_BEYOND_REQUEST',
      400,
      'The confirmed amount cannot exceed the amount of the payment request',
    ],
    [
      'confirm nothing requested',
      partial,
      'CONFIRM_PAYMENT',
      {},
      'NOT_IN_THIS_STATUS',
      409,
      'Confirm Payment is not allowed on an invoice in PARTIALLY PAID',
    ],
    [
      'reject without a reason',
      awaiting(1),
      'REJECT_PAYMENT',
      { reason: ' ' },
      'REASON_REQUIRED',
      400,
      'A reason is required',
    ],
    ['hold without a reason', raised, 'HOLD', HUB, 'REASON_REQUIRED', 400, 'A reason is required'],
    [
      'hold without a side',
      raised,
      'HOLD',
      { reason: 'x' },
      'SIDE_REQUIRED',
      400,
      'The side of the invoice that acts is required',
    ],
    [
      'hold a waiting request',
      awaiting(1),
      'HOLD',
      { ...HUB, reason: 'x' },
      'NOT_IN_THIS_STATUS',
      409,
      'Hold is not allowed on an invoice in AWAITING PAYMENT CONFIRMATION',
    ],
    [
      "resume the other side's hold",
      held('INVOICE RAISED'),
      'RESUME',
      HUB,
      'NOT_THE_HOLDER',
      409,
      'Only the side that put the invoice on hold can resume it',
    ],
    [
      'resume an invoice not on hold',
      raised,
      'RESUME',
      HUB,
      'NOT_IN_THIS_STATUS',
      409,
      'Resume is not allowed on an invoice in INVOICE RAISED',
    ],
  ];
  it.each(refusals)('refuses to %s', (_, facts, action, input, reason, code, message) => {
    expect(nextInvoice(facts, action, input)).toEqual({ ok: false, code, reason, message });
  });

  it('asks an amount of exactly the actions that say they need one, and a reason likewise', () => {
    // where each action may be taken (by the client, who holds the hold)
    const where: Record<InvoiceAction, InvoiceFacts | null> = {
      RAISE: null,
      CONFIRM_PAYMENT: awaiting(1),
      REJECT_PAYMENT: awaiting(1),
      TAKE_ACTION: raised,
      HOLD: raised,
      RESUME: held('INVOICE RAISED'),
      REPORT_DOWNLOAD: raised,
      CHAT: raised,
      COMMENT: raised,
    };
    const withoutAmount = (a: InvoiceAction) => nextInvoice(where[a], a, { ...CLIENT, reason: 'x' });
    expect(INVOICE_ACTIONS.filter((a) => !withoutAmount(a).ok)).toEqual([...INVOICE_ACTIONS_NEEDING_AMOUNT]);
    for (const action of INVOICE_ACTIONS_NEEDING_AMOUNT)
      expect(withoutAmount(action)).toEqual({
        ok: false,
        code: 400,
        reason: 'AMOUNT_REQUIRED',
        message: 'Please enter the amount',
      });
    const withoutReason = (a: InvoiceAction) => nextInvoice(where[a], a, { ...CLIENT, amountMinor: 1 });
    expect(INVOICE_ACTIONS.filter((a) => !withoutReason(a).ok)).toEqual([...INVOICE_ACTIONS_NEEDING_REASON]);
    for (const action of INVOICE_ACTIONS_NEEDING_REASON)
      expect(withoutReason(action)).toMatchObject({ code: 400, reason: 'REASON_REQUIRED' });
  });

  it('refuses every moving action the table never offers in a status (the machine and the table agree)', () => {
    for (const status of INVOICE_STATUSES)
      for (const action of INVOICE_ACTIONS.filter((a) => a !== 'RAISE' && !INVOICE_VIEW_ACTIONS.includes(a))) {
        const offered =
          invoiceTableActions('FUSION_HUB', status).includes(action) ||
          invoiceTableActions('CLIENT_CENTRE', status).includes(action);
        if (offered) continue;
        const facts = {
          ...raised,
          status,
          requestedMinor: 1,
          heldFrom: 'INVOICE RAISED' as const,
          heldBy: 'FUSION_HUB' as const,
        };
        expect({
          status,
          action,
          move: nextInvoice(facts, action, { ...HUB, amountMinor: 1, reason: 'x' }),
        }).toMatchObject({
          status,
          action,
          move: { ok: false, code: 409, reason: 'NOT_IN_THIS_STATUS' },
        });
      }
  });
});
