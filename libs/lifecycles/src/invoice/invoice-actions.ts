// The one pair of functions the billing service and the console both call (docs/decisions/0244, 0245, 0246):
// `allowedInvoiceActions` — what this user, on this side of the invoice, may do to it now (the action table ∩ the
// machine ∩ who holds it ∩ the user's INVOICE privileges) — and `nextInvoice` — where an action takes the invoice
// (status, the fields it changes, the message to answer) or why it may not. `authorizeInvoiceAction` answers one
// action with the status code the service returns and why: 403 for a missing privilege, a role that does not act for
// the side or an action the side never takes; 409 for an action the table or the machine refuses in the invoice's
// status (or a resume by the side that did not hold it); 400 (from `nextInvoice`) for a missing reason or amount.
import {
  AUTH_MESSAGES,
  INVOICE_ACTION_LABELS,
  INVOICE_ACTION_PRIVILEGES,
  INVOICE_ACTIONS,
  INVOICE_ACTIONS_NEEDING_REASON,
  INVOICE_MESSAGES,
  INVOICE_VIEW_ACTIONS,
  normalizeRoleCode,
  type InvoiceAction,
  type InvoiceSide,
  type InvoiceStatus,
  type RoleCode,
} from '@rayworks/contracts';
import { initialTransition, transition } from 'xstate';
import { INVOICE_SIDE_ROLES, invoiceTableActions, sideEverMay } from './invoice-action-table.js';
import {
  invoiceMachine,
  invoiceSnapshotOf,
  type InvoiceContext,
  type InvoiceFacts,
  type InvoiceMachineEventType,
  type InvoicePatch,
} from './invoice.machine.js';

/** Who acts: the side of the invoice they act for, their role codes (long or short forms), and their INVOICE codes. */
export interface InvoiceActor {
  side: InvoiceSide;
  roleCodes: readonly string[];
  /**
   * The user's privilege codes of module BILLING, type INVOICE. When given, an action whose privilege
   * (INVOICE_ACTION_PRIVILEGES) is missing is refused with 403; when omitted, the caller checked it.
   */
  privileges?: readonly string[];
}

/** Why an action is refused (the code the service answers follows from it). */
export type InvoiceRefusalReason =
  | 'NO_PRIVILEGE'
  | 'NOT_A_ROLE_OF_THE_SIDE'
  | 'NOT_THE_SIDES_ACTION'
  | 'NOT_IN_THIS_STATUS'
  | 'NOT_RAISED'
  | 'ALREADY_RAISED'
  | 'NOT_THE_HOLDER'
  | 'SIDE_REQUIRED'
  | 'REASON_REQUIRED'
  | 'AMOUNT_REQUIRED'
  | 'AMOUNT_NOT_POSITIVE'
  | 'AMOUNT_BEYOND_BALANCE'
  | 'AMOUNT_BEYOND_REQUEST';

export const INVOICE_REFUSAL_CODES = {
  NO_PRIVILEGE: 403,
  NOT_A_ROLE_OF_THE_SIDE: 403,
  NOT_THE_SIDES_ACTION: 403,
  NOT_IN_THIS_STATUS: 409,
  NOT_RAISED: 409,
  ALREADY_RAISED: 409,
  NOT_THE_HOLDER: 409,
  SIDE_REQUIRED: 400,
  REASON_REQUIRED: 400,
  AMOUNT_REQUIRED: 400,
  AMOUNT_NOT_POSITIVE: 400,
  AMOUNT_BEYOND_BALANCE: 400,
  AMOUNT_BEYOND_REQUEST: 400,
} as const satisfies Record<InvoiceRefusalReason, 400 | 403 | 409>;

export interface InvoiceRefusal {
  ok: false;
  code: 400 | 403 | 409;
  reason: InvoiceRefusalReason;
  message: string;
}
export type InvoiceDecision = { ok: true } | InvoiceRefusal;

/** Where an action takes an invoice. `message` null: nothing changed (a view action), nothing to answer. */
export type InvoiceMove =
  | {
      ok: true;
      status: InvoiceStatus;
      /** The fields that change (besides the status), exactly; RAISE: every field of the new invoice but its total. */
      patch: InvoicePatch;
      message: string | null;
    }
  | InvoiceRefusal;

export interface NextInvoiceInput {
  /** The side acting (HOLD and RESUME need it: the hold remembers it, only that side resumes). */
  side?: InvoiceSide | null;
  /** RAISE: the total; TAKE_ACTION: the amount paid; CONFIRM_PAYMENT: the amount received (default: the request's). */
  amountMinor?: number | null;
  /** REJECT_PAYMENT and HOLD. */
  reason?: string | null;
}

const INVOICE_EVENT_OF: Partial<Record<InvoiceAction, InvoiceMachineEventType>> = {
  TAKE_ACTION: 'invoice.pay',
  CONFIRM_PAYMENT: 'invoice.confirmPayment',
  REJECT_PAYMENT: 'invoice.rejectPayment',
  HOLD: 'invoice.hold',
  RESUME: 'invoice.resume',
};

/** The machine event of an action (for the diagrams and tests); RAISE starts the machine, view actions send none. */
export function invoiceMachineEventOf(action: InvoiceAction): InvoiceMachineEventType | undefined {
  return INVOICE_EVENT_OF[action];
}

/** What is still to pay, in minor units. */
export function invoiceBalanceOf(facts: Pick<InvoiceFacts, 'totalMinor' | 'paidMinor'>): number {
  return facts.totalMinor - facts.paidMinor;
}

const refuse = (reason: InvoiceRefusalReason, message: string): InvoiceRefusal => ({
  ok: false,
  code: INVOICE_REFUSAL_CODES[reason],
  reason,
  message,
});
const notInStatus = (action: InvoiceAction, status: InvoiceStatus) =>
  refuse('NOT_IN_THIS_STATUS', INVOICE_MESSAGES.actionNotAllowed(INVOICE_ACTION_LABELS[action], status));
const notRaised = () => refuse('NOT_RAISED', INVOICE_MESSAGES.notRaised);
const alreadyRaised = () => refuse('ALREADY_RAISED', INVOICE_MESSAGES.alreadyRaised);
const isView = (action: InvoiceAction) => INVOICE_VIEW_ACTIONS.includes(action);
const isPositiveInteger = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/** Whether the machine handles the action's event in this status at all (whatever the guards say). */
function handledIn(status: InvoiceStatus, action: InvoiceAction): boolean {
  const type = INVOICE_EVENT_OF[action];
  return type !== undefined && type in invoiceMachine.states[status]!.on;
}

/** Whether the machine lets the invoice move by this action now, for this side (view actions always may). */
function machineAllows(facts: InvoiceFacts, action: InvoiceAction, side: InvoiceSide): boolean {
  if (isView(action)) return true;
  const type = INVOICE_EVENT_OF[action];
  if (!type) return false;
  // The probe stands for "some valid input": a payment of the smallest unit, the whole request, a reason.
  return invoiceSnapshotOf(facts).can({ type, side, amountMinor: action === 'TAKE_ACTION' ? 1 : null, reason: '-' });
}

const rolesOf = (actor: InvoiceActor): RoleCode[] => [
  ...new Set(actor.roleCodes.map(normalizeRoleCode).filter((r): r is RoleCode => r !== undefined)),
];

/**
 * Whether this user, acting for this side, may take this action on this invoice now (null: not raised yet), with
 * the answer the billing service gives and why (see the file's head).
 */
export function authorizeInvoiceAction(
  actor: InvoiceActor,
  facts: InvoiceFacts | null,
  action: InvoiceAction,
): InvoiceDecision {
  const privilege = INVOICE_ACTION_PRIVILEGES[action];
  if (actor.privileges && !actor.privileges.some((p) => p.toUpperCase() === privilege))
    return refuse('NO_PRIVILEGE', AUTH_MESSAGES.forbidden);
  if (!rolesOf(actor).some((role) => INVOICE_SIDE_ROLES[actor.side].includes(role)))
    return refuse('NOT_A_ROLE_OF_THE_SIDE', AUTH_MESSAGES.forbidden);
  if (!sideEverMay(actor.side, action))
    return refuse('NOT_THE_SIDES_ACTION', INVOICE_MESSAGES.notYourSide(INVOICE_ACTION_LABELS[action]));
  if (facts === null) return action === 'RAISE' ? { ok: true } : notRaised();
  if (action === 'RAISE') return alreadyRaised();
  if (!invoiceTableActions(actor.side, facts.status).includes(action)) return notInStatus(action, facts.status);
  if (action === 'RESUME' && facts.heldBy !== actor.side)
    return refuse('NOT_THE_HOLDER', INVOICE_MESSAGES.notTheHolder);
  if (!machineAllows(facts, action, actor.side)) return notInStatus(action, facts.status);
  return { ok: true };
}

/** Every action this user may take on this invoice now (null: not raised yet), in INVOICE_ACTIONS order. */
export function allowedInvoiceActions(actor: InvoiceActor, facts: InvoiceFacts | null): InvoiceAction[] {
  const row = invoiceTableActions(actor.side, facts === null ? null : facts.status);
  return INVOICE_ACTIONS.filter((action) => row.includes(action) && authorizeInvoiceAction(actor, facts, action).ok);
}

const PATCH_KEYS = [
  'paidMinor',
  'requestedMinor',
  'heldFrom',
  'heldBy',
  'holdReason',
  'rejectReason',
] as const satisfies readonly (keyof InvoicePatch)[];

function diff(before: InvoiceContext | null, after: InvoiceContext): InvoicePatch {
  const patch: Record<string, unknown> = {};
  for (const key of PATCH_KEYS) if (before === null || before[key] !== after[key]) patch[key] = after[key];
  return patch as InvoicePatch;
}

const messageOf = (actions: readonly { type: string; params?: unknown }[]): string | null => {
  const said = actions.find((a) => a.type === 'message');
  return said ? (said.params as { message: string }).message : null;
};

/** The amount rules of an action, checked before the machine's guards so each gets its clear 400. */
function amountRefusal(facts: InvoiceFacts, action: InvoiceAction, amount: number | null | undefined) {
  if (action === 'TAKE_ACTION') {
    if (amount === null || amount === undefined) return refuse('AMOUNT_REQUIRED', INVOICE_MESSAGES.amountRequired);
    if (!isPositiveInteger(amount)) return refuse('AMOUNT_NOT_POSITIVE', INVOICE_MESSAGES.amountNotPositive);
    if (amount > invoiceBalanceOf(facts)) return refuse('AMOUNT_BEYOND_BALANCE', INVOICE_MESSAGES.amountBeyondBalance);
  }
  if (action === 'CONFIRM_PAYMENT' && amount !== null && amount !== undefined) {
    if (!isPositiveInteger(amount)) return refuse('AMOUNT_NOT_POSITIVE', INVOICE_MESSAGES.amountNotPositive);
    if (amount > (facts.requestedMinor ?? 0))
      return refuse('AMOUNT_BEYOND_REQUEST', INVOICE_MESSAGES.amountBeyondRequest);
  }
  return null;
}

/**
 * Where an action takes the invoice (null: not raised yet — only RAISE, with its total): its new status, the fields
 * that change and the message to answer; or why not (400: a reason, an amount or the side is missing or wrong; 409:
 * not in this status, not the holder). Who may is `authorizeInvoiceAction`'s question; the service asks both, in one
 * unit of work with the invoice's version.
 */
export function nextInvoice(
  facts: InvoiceFacts | null,
  action: InvoiceAction,
  input: NextInvoiceInput = {},
): InvoiceMove {
  if (action === 'RAISE') {
    if (facts !== null) return alreadyRaised();
    if (input.amountMinor === null || input.amountMinor === undefined)
      return refuse('AMOUNT_REQUIRED', INVOICE_MESSAGES.amountRequired);
    if (!isPositiveInteger(input.amountMinor)) return refuse('AMOUNT_NOT_POSITIVE', INVOICE_MESSAGES.amountNotPositive);
    const [raised, actions] = initialTransition(invoiceMachine, { totalMinor: input.amountMinor });
    return {
      ok: true,
      status: raised.value as InvoiceStatus,
      patch: diff(null, raised.context),
      message: messageOf(actions),
    };
  }
  if (facts === null) return notRaised();
  if (isView(action)) return { ok: true, status: facts.status, patch: {}, message: null };
  if (!handledIn(facts.status, action)) return notInStatus(action, facts.status);
  const side = input.side ?? null;
  if ((action === 'HOLD' || action === 'RESUME') && side === null)
    return refuse('SIDE_REQUIRED', INVOICE_MESSAGES.sideRequired);
  if (action === 'RESUME' && side !== facts.heldBy) return refuse('NOT_THE_HOLDER', INVOICE_MESSAGES.notTheHolder);
  if (INVOICE_ACTIONS_NEEDING_REASON.includes(action) && !input.reason?.trim())
    return refuse('REASON_REQUIRED', INVOICE_MESSAGES.reasonRequired);
  const amountRefused = amountRefusal(facts, action, input.amountMinor);
  if (amountRefused) return amountRefused;

  const snapshot = invoiceSnapshotOf(facts);
  const event = {
    type: INVOICE_EVENT_OF[action]!,
    side,
    amountMinor: input.amountMinor ?? null,
    reason: input.reason?.trim() || null,
  };
  if (!snapshot.can(event)) return notInStatus(action, facts.status);
  const [next, actions] = transition(invoiceMachine, snapshot, event);
  return {
    ok: true,
    status: next.value as InvoiceStatus,
    patch: diff(snapshot.context, next.context),
    message: messageOf(actions),
  };
}
