import {
  INVOICE_ACTION_LABELS,
  INVOICE_ACTIONS,
  type FusionInvoice,
  type InvoiceAction,
  type InvoiceSide,
  type PermissionConfig,
} from '@rayworks/contracts';
import {
  allowedInvoiceActions,
  INVOICE_HOLDABLE_STATUSES,
  nextInvoice,
  type InvoiceFacts,
  type InvoiceHoldableStatus,
} from '@rayworks/lifecycles';
import { plural } from '../../../shared/plural';
import {
  AMOUNT_REQUIRED_MESSAGE,
  INVALID_INPUTS_MESSAGE,
  parseAmountMinor,
  type CurrencyCode,
} from '@rayworks/validation';

/**
 * A fusion invoice's action bar (docs/decisions/0287), the way the worklist's row actions are built
 * (shared/cases/worklist-actions.ts): exactly `allowedInvoiceActions` of @rayworks/lifecycles — the function the
 * billing service authorizes with — for the logged-in user's roles and INVOICE privileges, on each side of the invoice
 * the user is on (the invoice's `sides`, decided by the service from the user's organisation), on the invoice's facts.
 * How each action is carried out (its dialog, its route, its body) is decided here too; what it may take is checked
 * with `nextInvoice`, the machine's own answer, before anything is sent.
 */

/** The user's INVOICE privilege codes (module BILLING) from the permission configuration. */
export function invoicePrivilegesOf(config: PermissionConfig | null): string[] {
  if (!config) return [];
  return config
    .filter((entry) => entry.module.toUpperCase() === 'BILLING')
    .flatMap((entry) => entry.submodules.filter((s) => s.type.toUpperCase() === 'INVOICE'))
    .flatMap((s) => s.privileges.map((p) => p.code.toUpperCase()));
}

const isHoldable = (status: string | null): status is InvoiceHoldableStatus =>
  status !== null && (INVOICE_HOLDABLE_STATUSES as readonly string[]).includes(status);

/** The invoice's facts as the invoice machine reads them (the service's factsOf); null while it is not raised. */
export function factsOfInvoice(invoice: FusionInvoice): InvoiceFacts | null {
  if (invoice.status === null || invoice.totalMinor === null) return null;
  return {
    status: invoice.status,
    totalMinor: invoice.totalMinor,
    paidMinor: invoice.paidMinor,
    requestedMinor: invoice.requestedMinor,
    heldFrom: isHoldable(invoice.heldFrom) ? invoice.heldFrom : null,
    heldBy: invoice.heldBy,
    holdReason: invoice.holdReason,
    rejectReason: invoice.rejectReason,
  };
}

/**
 * Actions the console carries out on its own screen. Report download and chat are in the action table but have no
 * route yet (docs/decisions/0277): the bar leaves them out rather than offer a button that does nothing.
 */
export const CARRIED_OUT_ACTIONS: readonly InvoiceAction[] = [
  'RAISE',
  'TAKE_ACTION',
  'CONFIRM_PAYMENT',
  'REJECT_PAYMENT',
  'HOLD',
  'RESUME',
  'COMMENT',
];

export interface BarAction {
  action: InvoiceAction;
  /** The side the user acts for (the first of its sides that may; the holder's for a resume). */
  side: InvoiceSide;
  label: string;
}

/** The user as the action table reads them: role codes and INVOICE privilege codes. */
export interface InvoiceUser {
  roleCodes: readonly string[];
  privileges: readonly string[];
}

/** What the bar offers: every action of any side the user is on, once, in INVOICE_ACTIONS order. */
export function barActions(user: InvoiceUser, invoice: FusionInvoice): BarAction[] {
  const facts = factsOfInvoice(invoice);
  const bySide = invoice.sides.map((side) => ({
    side,
    actions: allowedInvoiceActions({ side, roleCodes: user.roleCodes, privileges: user.privileges }, facts),
  }));
  return INVOICE_ACTIONS.filter((action) => CARRIED_OUT_ACTIONS.includes(action)).flatMap((action) => {
    const side = bySide.find((s) => s.actions.includes(action))?.side;
    return side ? [{ action, side, label: INVOICE_ACTION_LABELS[action] }] : [];
  });
}

/** How an action's dialog asks: a confirmation, an amount (required or not), a reason, a comment. */
export type ActionDialogKind = 'confirm' | 'amount' | 'optionalAmount' | 'reason' | 'comment';

export const ACTION_DIALOGS: Record<InvoiceAction, ActionDialogKind> = {
  RAISE: 'confirm',
  TAKE_ACTION: 'amount',
  CONFIRM_PAYMENT: 'optionalAmount',
  REJECT_PAYMENT: 'reason',
  HOLD: 'reason',
  RESUME: 'confirm',
  COMMENT: 'comment',
  CHAT: 'comment',
  REPORT_DOWNLOAD: 'confirm',
};

export interface ActionValues {
  /** As typed; TAKE_ACTION's amount paid, CONFIRM_PAYMENT's amount received (empty: the whole request). */
  amount: string;
  /** A reason (reject, hold) or a comment. */
  text: string;
}

export const COMMENT_MAX = 2000;
export const REASON_MAX = 500;

/** The amount typed, in minor units: null when empty, or the message of a text that is not an amount. */
function typedAmount(text: string, currency: CurrencyCode): { minor: number | null } | { error: string } {
  if (text.trim() === '') return { minor: null };
  const minor = parseAmountMinor(text, currency);
  return minor === null ? { error: INVALID_INPUTS_MESSAGE } : { minor };
}

/**
 * The dialog's problem, if any, in the machine's words (nextInvoice: 'Please enter the amount', 'The amount cannot
 * exceed the balance due', 'A reason is required', …) or the field's ('Please enter a comment').
 */
export function actionProblem(
  bar: BarAction,
  invoice: FusionInvoice,
  values: ActionValues,
  commentRequired: string,
): string | null {
  const dialog = ACTION_DIALOGS[bar.action];
  if (dialog === 'comment') {
    if (!values.text.trim()) return commentRequired;
    return values.text.trim().length > COMMENT_MAX ? INVALID_INPUTS_MESSAGE : null;
  }
  if (dialog === 'reason' && values.text.trim().length > REASON_MAX) return INVALID_INPUTS_MESSAGE;
  if (bar.action === 'RAISE') return null; // the total is the service's, from the reads' rates
  const amount = typedAmount(values.amount, invoice.currency);
  if ('error' in amount) return amount.error;
  if (dialog === 'amount' && amount.minor === null) return AMOUNT_REQUIRED_MESSAGE;
  const move = nextInvoice(factsOfInvoice(invoice), bar.action, {
    side: bar.side,
    amountMinor: dialog === 'amount' || dialog === 'optionalAmount' ? amount.minor : null,
    reason: dialog === 'reason' ? values.text : null,
  });
  return move.ok ? null : move.message;
}

/** The route and body of an action (the invoice's version read, the side when the user is on both). */
export function actionRequest(bar: BarAction, invoice: FusionInvoice, values: ActionValues) {
  const ref = { id: invoice._id, version: invoice.version };
  const side = invoice.sides.length > 1 ? { side: bar.side } : {};
  const amount = typedAmount(values.amount, invoice.currency);
  const amountMinor = 'minor' in amount ? amount.minor : null;
  const text = values.text.trim();
  switch (bar.action) {
    case 'RAISE':
      return { route: 'raiseFusionInvoice', body: ref } as const;
    case 'TAKE_ACTION':
      return { route: 'payFusionInvoice', body: { ...ref, amountMinor } } as const;
    case 'CONFIRM_PAYMENT':
      return {
        route: 'confirmFusionInvoicePayment',
        body: { ...ref, ...(amountMinor === null ? {} : { amountMinor }) },
      } as const;
    case 'REJECT_PAYMENT':
      return { route: 'rejectFusionInvoicePayment', body: { ...ref, reason: text } } as const;
    case 'HOLD':
      return { route: 'holdFusionInvoice', body: { ...ref, reason: text, ...side } } as const;
    case 'RESUME':
      return { route: 'resumeFusionInvoice', body: { ...ref, ...side } } as const;
    case 'COMMENT':
      return { route: 'commentFusionInvoice', body: { id: invoice._id, text, ...side } } as const;
    default:
      throw new Error(`${bar.action} is not carried out by the console`);
  }
}

/** The sentence of a confirmation. */
export function confirmText(bar: BarAction, invoice: FusionInvoice): string {
  const client = invoice.clientCentreName ?? 'the client centre';
  if (bar.action === 'RAISE')
    return `Raise the ${invoice.month} invoice to ${client} for ${plural(invoice.lineCount, 'read')}? Its reads are priced at their rates and the client can pay it.`;
  if (bar.action === 'RESUME') return `Resume the ${invoice.month} invoice of ${client}?`;
  return `${INVOICE_ACTION_LABELS[bar.action]}: the ${invoice.month} invoice of ${client}.`;
}

/** How a status reads on a badge (a month still gathering its reads is 'NOT RAISED'). */
export const statusLabel = (invoice: Pick<FusionInvoice, 'status'>, notRaised: string): string =>
  invoice.status ?? notRaised;
