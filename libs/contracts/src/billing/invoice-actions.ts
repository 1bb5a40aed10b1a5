import { GENERIC, SPECIFIC } from '../access/privileges.js';

/**
 * The actions on a fusion invoice (spec §6: "invoice actions (take action, chat, report download, confirm or reject
 * payment, comment) depend on invoice status and role"; RAISE, HOLD and RESUME designed: docs/decisions/0244, 0245).
 * Who may take which action in which status is the invoice action table (libs/lifecycles/src/invoice); whether the
 * invoice may move is the invoice machine. One function answers both: `allowedInvoiceActions` /
 * `authorizeInvoiceAction`.
 */
export const INVOICE_ACTIONS = [
  // the fusion hub's
  'RAISE',
  'CONFIRM_PAYMENT',
  'REJECT_PAYMENT',
  // the client centre's: pay all or part of the balance and ask the hub to confirm it
  'TAKE_ACTION',
  // either side's
  'HOLD',
  'RESUME',
  // no change of the invoice
  'REPORT_DOWNLOAD',
  'CHAT',
  'COMMENT',
] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** Actions that do not change the invoice (no transition, no message): they are still in the action table. */
export const INVOICE_VIEW_ACTIONS: readonly InvoiceAction[] = ['REPORT_DOWNLOAD', 'CHAT', 'COMMENT'];

/** Actions that need a reason (the console asks for one in its dialog; the service refuses without: 400). */
export const INVOICE_ACTIONS_NEEDING_REASON: readonly InvoiceAction[] = ['REJECT_PAYMENT', 'HOLD'];

/** Actions that need an amount in minor units (RAISE: the total; TAKE_ACTION: the amount paid). */
export const INVOICE_ACTIONS_NEEDING_AMOUNT: readonly InvoiceAction[] = ['RAISE', 'TAKE_ACTION'];

/**
 * The privilege (module BILLING, type INVOICE) each action needs (docs/decisions/0246-invoice-privileges.md).
 * Without it the billing service answers 403; with it, an action the table or the machine refuses is 409.
 */
export const INVOICE_ACTION_PRIVILEGES = {
  RAISE: GENERIC.CREATE,
  CONFIRM_PAYMENT: SPECIFIC.CONFIRM_PAYMENT,
  REJECT_PAYMENT: SPECIFIC.REJECT_PAYMENT,
  TAKE_ACTION: SPECIFIC.PAY,
  HOLD: SPECIFIC.HOLD,
  RESUME: SPECIFIC.HOLD,
  REPORT_DOWNLOAD: GENERIC.VIEW,
  CHAT: SPECIFIC.CHAT,
  COMMENT: SPECIFIC.COMMENT,
} as const satisfies Record<InvoiceAction, string>;

/** How the console names each action (buttons, dialogs, the audit trail). */
export const INVOICE_ACTION_LABELS: Record<InvoiceAction, string> = {
  RAISE: 'Raise Invoice',
  CONFIRM_PAYMENT: 'Confirm Payment',
  REJECT_PAYMENT: 'Reject Payment',
  TAKE_ACTION: 'Take Action',
  HOLD: 'Hold',
  RESUME: 'Resume',
  REPORT_DOWNLOAD: 'Report Download',
  CHAT: 'Chat',
  COMMENT: 'Comment',
};

export function isInvoiceAction(value: string): value is InvoiceAction {
  return (INVOICE_ACTIONS as readonly string[]).includes(value);
}
