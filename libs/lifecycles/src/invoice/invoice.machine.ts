// The invoice machine (docs/decisions/0244-invoice-machine.md, 0245-invoice-hold.md): a fusion hub's monthly
// invoice to a client centre. Its state is the invoice's status, word for word (INVOICE_STATUSES); the amounts (in
// minor units: docs/decisions/0079), the pending payment request and the hold are its context. Raising it is the
// machine's start (`initialTransition` with the total: 'Invoice Raised Successfully'); every other transition names
// the message the billing service answers (the `message` action), and the service never moves an invoice the machine
// does not move — the console shows only the actions the machine (and the action table) allows.
import { INVOICE_MESSAGES, type InvoiceSide, type InvoiceStatus } from '@rayworks/contracts';
import { and, assign, not, setup, type SnapshotFrom } from 'xstate';

/** The statuses an invoice may be put on hold from (and returns to on resume): a balance is due, no request waits. */
export const INVOICE_HOLDABLE_STATUSES = ['INVOICE RAISED', 'PAYMENT RE-REQUESTED', 'PARTIALLY PAID'] as const;
export type InvoiceHoldableStatus = (typeof INVOICE_HOLDABLE_STATUSES)[number];

/** What the lifecycle needs to know of an invoice (an invoice row carries all of it). */
export interface InvoiceFacts {
  status: InvoiceStatus;
  /** The invoice's total, in minor units (positive). */
  totalMinor: number;
  /** What the hub confirmed as paid so far, in minor units (0 ≤ paid ≤ total). */
  paidMinor: number;
  /** AWAITING PAYMENT CONFIRMATION: the amount the client paid and asks the hub to confirm; else null. */
  requestedMinor?: number | null;
  /** INVOICE ON HOLD: the status it was held from (it returns there on resume); else null. */
  heldFrom?: InvoiceHoldableStatus | null;
  /** INVOICE ON HOLD: the side that put it on hold (only that side resumes it); else null. */
  heldBy?: InvoiceSide | null;
  holdReason?: string | null;
  /** The hub's reason for rejecting the last payment request (PAYMENT RE-REQUESTED). */
  rejectReason?: string | null;
}

/** The machine's context: an invoice's facts except its status (which is the state). */
export interface InvoiceContext {
  totalMinor: number;
  paidMinor: number;
  requestedMinor: number | null;
  heldFrom: InvoiceHoldableStatus | null;
  heldBy: InvoiceSide | null;
  holdReason: string | null;
  rejectReason: string | null;
}

/** The fields a transition may change (the billing service writes exactly these, with the status). */
export type InvoicePatch = Partial<Omit<InvoiceContext, 'totalMinor'>>;

/** What raising an invoice takes: its total. */
export interface InvoiceInput {
  totalMinor: number;
}

/** What an event carries besides its type: which side acts, and what it gave. */
export interface InvoiceEventInput {
  /** The side acting; null for the system. */
  side: InvoiceSide | null;
  /** PAY: the amount paid; CONFIRM_PAYMENT: the amount received (the request's amount when omitted). */
  amountMinor?: number | null;
  /** REJECT_PAYMENT and HOLD (required). */
  reason?: string | null;
}

/** The machine's events: `invoice.<verb>` (CONVENTIONS), one per action that moves the invoice. */
export type InvoiceMachineEventType =
  'invoice.pay' | 'invoice.confirmPayment' | 'invoice.rejectPayment' | 'invoice.hold' | 'invoice.resume';

export type InvoiceMachineEvent = { type: InvoiceMachineEventType } & InvoiceEventInput;

const message = (text: string) => ({ type: 'message' as const, params: { message: text } });
const balanceOf = (context: InvoiceContext) => context.totalMinor - context.paidMinor;
/** The amount a confirmation confirms: what the hub says it received, else the whole request. */
const confirmedOf = (context: InvoiceContext, event: InvoiceEventInput) =>
  event.amountMinor ?? context.requestedMinor ?? 0;
const isPositiveInteger = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceMachineEvent,
    input: {} as InvoiceInput,
  },
  guards: {
    /** A payment of more than nothing and no more than the balance due. */
    withinBalance: ({ context, event }) =>
      isPositiveInteger(event.amountMinor) && event.amountMinor <= balanceOf(context),
    /** A confirmation of more than nothing and no more than the request. */
    withinRequest: ({ context, event }) => {
      const confirmed = confirmedOf(context, event);
      return isPositiveInteger(confirmed) && confirmed <= (context.requestedMinor ?? 0);
    },
    /** The confirmed amount pays the invoice in full. */
    settles: ({ context, event }) => context.paidMinor + confirmedOf(context, event) === context.totalMinor,
    /** A hold or a rejection needs a reason. */
    reasonGiven: ({ event }) => Boolean(event.reason?.trim()),
    /** A side acts (the system never holds or resumes). */
    bySide: ({ event }) => event.side !== null,
    /** The side resuming is the side that put the invoice on hold. */
    holder: ({ context, event }) => event.side !== null && event.side === context.heldBy,
    heldFromReRequest: ({ context }) => context.heldFrom === 'PAYMENT RE-REQUESTED',
    heldFromPartial: ({ context }) => context.heldFrom === 'PARTIALLY PAID',
  },
  actions: {
    /** The billing service answers (and the console shows) this message for the transition. */
    message: (_, _params: { message: string }) => {},
    request: assign(({ event }) => ({ requestedMinor: event.amountMinor ?? null })),
    confirm: assign(({ context, event }) => ({
      paidMinor: context.paidMinor + confirmedOf(context, event),
      requestedMinor: null,
      rejectReason: null,
    })),
    reject: assign(({ event }) => ({ requestedMinor: null, rejectReason: event.reason?.trim() ?? null })),
    hold: assign(({ event }, params: { from: InvoiceHoldableStatus }) => ({
      heldFrom: params.from,
      heldBy: event.side,
      holdReason: event.reason?.trim() ?? null,
    })),
    resume: assign({ heldFrom: null, heldBy: null, holdReason: null }),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({
    totalMinor: input.totalMinor,
    paidMinor: 0,
    requestedMinor: null,
    heldFrom: null,
    heldBy: null,
    holdReason: null,
    rejectReason: null,
  }),
  // Raising the invoice starts the machine (the root's entry runs once, at the start).
  entry: message(INVOICE_MESSAGES.raised),
  initial: 'INVOICE RAISED',
  states: {
    'INVOICE RAISED': {
      on: {
        'invoice.pay': {
          guard: 'withinBalance',
          target: 'AWAITING PAYMENT CONFIRMATION',
          actions: ['request', message(INVOICE_MESSAGES.paymentRequested)],
        },
        'invoice.hold': {
          guard: and(['bySide', 'reasonGiven']),
          target: 'INVOICE ON HOLD',
          actions: [{ type: 'hold', params: { from: 'INVOICE RAISED' } }, message(INVOICE_MESSAGES.held)],
        },
      },
    },
    'AWAITING PAYMENT CONFIRMATION': {
      on: {
        'invoice.confirmPayment': [
          {
            guard: and(['withinRequest', 'settles']),
            target: 'COMPLETED',
            actions: ['confirm', message(INVOICE_MESSAGES.paymentConfirmed)],
          },
          {
            guard: and(['withinRequest', not('settles')]),
            target: 'PARTIALLY PAID',
            actions: ['confirm', message(INVOICE_MESSAGES.paymentConfirmed)],
          },
        ],
        'invoice.rejectPayment': {
          guard: 'reasonGiven',
          target: 'PAYMENT RE-REQUESTED',
          actions: ['reject', message(INVOICE_MESSAGES.paymentRejected)],
        },
      },
    },
    'PAYMENT RE-REQUESTED': {
      on: {
        'invoice.pay': {
          guard: 'withinBalance',
          target: 'AWAITING PAYMENT CONFIRMATION',
          actions: ['request', message(INVOICE_MESSAGES.paymentRequested)],
        },
        'invoice.hold': {
          guard: and(['bySide', 'reasonGiven']),
          target: 'INVOICE ON HOLD',
          actions: [{ type: 'hold', params: { from: 'PAYMENT RE-REQUESTED' } }, message(INVOICE_MESSAGES.held)],
        },
      },
    },
    'PARTIALLY PAID': {
      on: {
        'invoice.pay': {
          guard: 'withinBalance',
          target: 'AWAITING PAYMENT CONFIRMATION',
          actions: ['request', message(INVOICE_MESSAGES.paymentRequested)],
        },
        'invoice.hold': {
          guard: and(['bySide', 'reasonGiven']),
          target: 'INVOICE ON HOLD',
          actions: [{ type: 'hold', params: { from: 'PARTIALLY PAID' } }, message(INVOICE_MESSAGES.held)],
        },
      },
    },
    'INVOICE ON HOLD': {
      on: {
        'invoice.resume': [
          {
            guard: and(['holder', 'heldFromPartial']),
            target: 'PARTIALLY PAID',
            actions: ['resume', message(INVOICE_MESSAGES.resumed)],
          },
          {
            guard: and(['holder', 'heldFromReRequest']),
            target: 'PAYMENT RE-REQUESTED',
            actions: ['resume', message(INVOICE_MESSAGES.resumed)],
          },
          { guard: 'holder', target: 'INVOICE RAISED', actions: ['resume', message(INVOICE_MESSAGES.resumed)] },
        ],
      },
    },
    COMPLETED: { type: 'final' },
  },
});

export type InvoiceMachine = typeof invoiceMachine;
export type InvoiceSnapshot = SnapshotFrom<InvoiceMachine>;

/** The machine's context from an invoice's facts. */
export function invoiceContextOf(facts: InvoiceFacts): InvoiceContext {
  return {
    totalMinor: facts.totalMinor,
    paidMinor: facts.paidMinor,
    requestedMinor: facts.requestedMinor ?? null,
    heldFrom: facts.heldFrom ?? null,
    heldBy: facts.heldBy ?? null,
    holdReason: facts.holdReason ?? null,
    rejectReason: facts.rejectReason ?? null,
  };
}

/** A snapshot of the machine standing where the invoice stands. */
export function invoiceSnapshotOf(facts: InvoiceFacts): InvoiceSnapshot {
  return invoiceMachine.resolveState({ value: facts.status, context: invoiceContextOf(facts) });
}
