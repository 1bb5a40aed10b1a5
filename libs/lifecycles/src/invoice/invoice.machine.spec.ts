import { describe, expect, it } from '@jest/globals';
import { INVOICE_MESSAGES, INVOICE_STATUSES, type InvoiceStatus } from '@rayworks/contracts';
import { initialTransition, transition } from 'xstate';
import {
  invoiceMachine,
  invoiceSnapshotOf,
  type InvoiceFacts,
  type InvoiceMachineEvent,
  type InvoiceMachineEventType,
  type InvoicePatch,
} from './invoice.machine.js';

const BASE: InvoiceFacts = { status: 'INVOICE RAISED', totalMinor: 100_000, paidMinor: 0 };
const awaiting = (requestedMinor: number, paidMinor = 0): Partial<InvoiceFacts> & { status: InvoiceStatus } => ({
  status: 'AWAITING PAYMENT CONFIRMATION',
  requestedMinor,
  paidMinor,
});

/**
 * Every transition of the invoice machine, written out by hand: from (with facts), event → to, patch, message.
 * The machine must agree with each row, and has no transition the rows do not name (checked below).
 */
type Row = {
  name: string;
  facts: Partial<InvoiceFacts> & { status: InvoiceStatus };
  event: InvoiceMachineEventType;
  input?: Partial<InvoiceMachineEvent>;
  to: InvoiceStatus;
  patch: InvoicePatch;
  message: string;
};
const ROWS: Row[] = [
  {
    name: 'the client pays part of a raised invoice and asks for confirmation',
    facts: { status: 'INVOICE RAISED' },
    event: 'invoice.pay',
    input: { side: 'CLIENT_CENTRE', amountMinor: 40_000 },
    to: 'AWAITING PAYMENT CONFIRMATION',
    patch: { requestedMinor: 40_000 },
    message: 'Payment Request Sent Successfully',
  },
  {
    name: 'the client pays again after a rejection',
    facts: { status: 'PAYMENT RE-REQUESTED', rejectReason: 'not received' },
    event: 'invoice.pay',
    input: { side: 'CLIENT_CENTRE', amountMinor: 100_000 },
    to: 'AWAITING PAYMENT CONFIRMATION',
    patch: { requestedMinor: 100_000 },
    message: 'Payment Request Sent Successfully',
  },
  {
    name: 'the client pays the rest of a partially paid invoice',
    facts: { status: 'PARTIALLY PAID', paidMinor: 40_000 },
    event: 'invoice.pay',
    input: { side: 'CLIENT_CENTRE', amountMinor: 60_000 },
    to: 'AWAITING PAYMENT CONFIRMATION',
    patch: { requestedMinor: 60_000 },
    message: 'Payment Request Sent Successfully',
  },
  {
    name: 'the hub confirms a payment of the whole balance',
    facts: awaiting(60_000, 40_000),
    event: 'invoice.confirmPayment',
    input: { side: 'FUSION_HUB' },
    to: 'COMPLETED',
    patch: { paidMinor: 100_000, requestedMinor: null },
    message: 'Payment Request Completed',
  },
  {
    name: 'the hub confirms a partial payment',
    facts: awaiting(40_000),
    event: 'invoice.confirmPayment',
    input: { side: 'FUSION_HUB' },
    to: 'PARTIALLY PAID',
    patch: { paidMinor: 40_000, requestedMinor: null },
    message: 'Payment Request Completed',
  },
  {
    name: 'the hub rejects the payment request',
    facts: awaiting(40_000),
    event: 'invoice.rejectPayment',
    input: { side: 'FUSION_HUB', reason: ' not received ' },
    to: 'PAYMENT RE-REQUESTED',
    patch: { requestedMinor: null, rejectReason: 'not received' },
    message: 'Payment Request Rejected',
  },
  {
    name: 'the hub holds a raised invoice',
    facts: { status: 'INVOICE RAISED' },
    event: 'invoice.hold',
    input: { side: 'FUSION_HUB', reason: 'lines under review' },
    to: 'INVOICE ON HOLD',
    patch: { heldFrom: 'INVOICE RAISED', heldBy: 'FUSION_HUB', holdReason: 'lines under review' },
    message: 'Invoice Put On Hold Successfully',
  },
  {
    name: 'the client holds a re-requested invoice',
    facts: { status: 'PAYMENT RE-REQUESTED' },
    event: 'invoice.hold',
    input: { side: 'CLIENT_CENTRE', reason: 'disputed' },
    to: 'INVOICE ON HOLD',
    patch: { heldFrom: 'PAYMENT RE-REQUESTED', heldBy: 'CLIENT_CENTRE', holdReason: 'disputed' },
    message: 'Invoice Put On Hold Successfully',
  },
  {
    name: 'the client holds a partially paid invoice',
    facts: { status: 'PARTIALLY PAID', paidMinor: 40_000 },
    event: 'invoice.hold',
    input: { side: 'CLIENT_CENTRE', reason: 'disputed' },
    to: 'INVOICE ON HOLD',
    patch: { heldFrom: 'PARTIALLY PAID', heldBy: 'CLIENT_CENTRE', holdReason: 'disputed' },
    message: 'Invoice Put On Hold Successfully',
  },
  {
    name: 'the holder resumes: back to PARTIALLY PAID',
    facts: { status: 'INVOICE ON HOLD', paidMinor: 40_000, heldFrom: 'PARTIALLY PAID', heldBy: 'CLIENT_CENTRE' },
    event: 'invoice.resume',
    input: { side: 'CLIENT_CENTRE' },
    to: 'PARTIALLY PAID',
    patch: { heldFrom: null, heldBy: null },
    message: 'Invoice Resumed Successfully',
  },
  {
    name: 'the holder resumes: back to PAYMENT RE-REQUESTED',
    facts: { status: 'INVOICE ON HOLD', heldFrom: 'PAYMENT RE-REQUESTED', heldBy: 'FUSION_HUB', holdReason: 'x' },
    event: 'invoice.resume',
    input: { side: 'FUSION_HUB' },
    to: 'PAYMENT RE-REQUESTED',
    patch: { heldFrom: null, heldBy: null, holdReason: null },
    message: 'Invoice Resumed Successfully',
  },
  {
    name: 'the holder resumes: back to INVOICE RAISED',
    facts: { status: 'INVOICE ON HOLD', heldFrom: 'INVOICE RAISED', heldBy: 'FUSION_HUB', holdReason: 'x' },
    event: 'invoice.resume',
    input: { side: 'FUSION_HUB' },
    to: 'INVOICE RAISED',
    patch: { heldFrom: null, heldBy: null, holdReason: null },
    message: 'Invoice Resumed Successfully',
  },
];

function run(facts: Partial<InvoiceFacts> & { status: InvoiceStatus }, type: InvoiceMachineEventType, input = {}) {
  const snapshot = invoiceSnapshotOf({ ...BASE, ...facts });
  const event = { type, side: null, ...input } as InvoiceMachineEvent;
  const can = snapshot.can(event);
  const [next, actions] = transition(invoiceMachine, snapshot, event);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next.context))
    if (value !== snapshot.context[key as keyof typeof snapshot.context]) patch[key] = value;
  const said = actions.find((a) => a.type === 'message')?.params as { message: string } | undefined;
  return { can, to: next.value, patch, message: said?.message ?? null };
}

describe('invoice machine: every transition', () => {
  it('has exactly the invoice statuses, starting at INVOICE RAISED, ending at COMPLETED', () => {
    expect(Object.keys(invoiceMachine.states)).toEqual([...INVOICE_STATUSES]);
    expect(invoiceMachine.config.initial).toBe('INVOICE RAISED');
    expect(invoiceMachine.states.COMPLETED!.type).toBe('final');
  });

  it("raises an invoice: the machine's start, with its total and the specification's message", () => {
    const [raised, actions] = initialTransition(invoiceMachine, { totalMinor: 250_000 });
    expect(raised.value).toBe('INVOICE RAISED');
    expect(raised.context).toEqual({
      totalMinor: 250_000,
      paidMinor: 0,
      requestedMinor: null,
      heldFrom: null,
      heldBy: null,
      holdReason: null,
      rejectReason: null,
    });
    expect(actions.filter((a) => a.type === 'message').map((a) => a.params)).toEqual([
      { message: 'Invoice Raised Successfully' },
    ]);
  });

  it.each(ROWS.map((r) => [r.facts.status, r.name, r] as const))('%s: %s', (_, __, row) => {
    expect(run(row.facts, row.event, row.input)).toEqual({
      can: true,
      to: row.to,
      patch: row.patch,
      message: row.message,
    });
  });

  it('names every transition of the machine in the rows above (nothing untested)', () => {
    const defined = new Set<string>();
    for (const status of INVOICE_STATUSES)
      for (const type of Object.keys(invoiceMachine.states[status]!.on)) defined.add(`${status}|${type}`);
    expect(Object.keys(invoiceMachine.root.on)).toEqual([]);
    const tested = new Set(ROWS.map((r) => `${r.facts.status}|${r.event}`));
    expect([...defined].filter((k) => !tested.has(k))).toEqual([]);
    expect([...tested].filter((k) => !defined.has(k))).toEqual([]);
  });

  it("answers the specification's words on raising, confirming and rejecting", () => {
    expect(INVOICE_MESSAGES.raised).toBe('Invoice Raised Successfully');
    expect(ROWS.filter((r) => r.event === 'invoice.confirmPayment').map((r) => r.message)).toEqual([
      'Payment Request Completed',
      'Payment Request Completed',
    ]);
    expect(ROWS.filter((r) => r.event === 'invoice.rejectPayment').map((r) => r.message)).toEqual([
      'Payment Request Rejected',
    ]);
  });
});

describe('invoice machine: refusals', () => {
  const refused: [string, Partial<InvoiceFacts> & { status: InvoiceStatus }, InvoiceMachineEventType, object?][] = [
    ['pay nothing', { status: 'INVOICE RAISED' }, 'invoice.pay', { amountMinor: 0 }],
    ['pay without an amount', { status: 'INVOICE RAISED' }, 'invoice.pay'],
    ['pay a fraction of a minor unit', { status: 'INVOICE RAISED' }, 'invoice.pay', { amountMinor: 0.5 }],
    [
      'pay more than the balance',
      { status: 'PARTIALLY PAID', paidMinor: 40_000 },
      'invoice.pay',
      { amountMinor: 60_001 },
    ],
    ['pay while a request waits', awaiting(10), 'invoice.pay', { amountMinor: 10 }],
    ['pay a completed invoice', { status: 'COMPLETED', paidMinor: 100_000 }, 'invoice.pay', { amountMinor: 1 }],
    [
      'pay a held invoice',
      { status: 'INVOICE ON HOLD', heldFrom: 'INVOICE RAISED' },
      'invoice.pay',
      { amountMinor: 1 },
    ],
    ['confirm with no request', { status: 'INVOICE RAISED' }, 'invoice.confirmPayment'],
    ['confirm more than requested', awaiting(10), 'invoice.confirmPayment', { amountMinor: 11 }],
    ['confirm nothing', awaiting(10), 'invoice.confirmPayment', { amountMinor: 0 }],
    ['reject with no request', { status: 'PARTIALLY PAID', paidMinor: 1 }, 'invoice.rejectPayment', { reason: 'x' }],
    ['reject without a reason', awaiting(10), 'invoice.rejectPayment', { reason: '  ' }],
    ['hold while a request waits', awaiting(10), 'invoice.hold', { side: 'FUSION_HUB', reason: 'x' }],
    ['hold a completed invoice', { status: 'COMPLETED' }, 'invoice.hold', { side: 'FUSION_HUB', reason: 'x' }],
    ['hold twice', { status: 'INVOICE ON HOLD' }, 'invoice.hold', { side: 'FUSION_HUB', reason: 'x' }],
    ['hold without a reason', { status: 'INVOICE RAISED' }, 'invoice.hold', { side: 'FUSION_HUB' }],
    ['hold by nobody', { status: 'INVOICE RAISED' }, 'invoice.hold', { reason: 'x' }],
    [
      "resume the other side's hold",
      { status: 'INVOICE ON HOLD', heldFrom: 'INVOICE RAISED', heldBy: 'CLIENT_CENTRE' },
      'invoice.resume',
      { side: 'FUSION_HUB' },
    ],
    [
      'resume by nobody',
      { status: 'INVOICE ON HOLD', heldFrom: 'INVOICE RAISED', heldBy: 'CLIENT_CENTRE' },
      'invoice.resume',
    ],
    ['resume an invoice not on hold', { status: 'INVOICE RAISED' }, 'invoice.resume', { side: 'FUSION_HUB' }],
  ];
  it.each(refused)('refuses to %s', (_, facts, type, input = {}) => {
    expect(run(facts, type, input)).toMatchObject({ can: false, to: facts.status, patch: {}, message: null });
  });
});
