// The fusion invoice's action table (spec §6: "invoice actions (take action, chat, report download, confirm or reject
// payment, comment) depend on invoice status and role"), as data beside the machine (docs/decisions/0244-invoice-
// machine.md): side × status → the actions a user of that side may take. A side is the fusion hub that raised the
// invoice or the client centre that pays it; INVOICE_SIDE_ROLES says which roles act for each side, and each action's
// privilege (INVOICE_ACTION_PRIVILEGES, docs/decisions/0246) says which of those users may. `spec` holds the actions
// spec §6 names, `designed` what the lifecycle adds (raise, hold, resume). The table says WHO may; the machine says
// whether the invoice may move; `allowedInvoiceActions` (./invoice-actions.ts) is both.
import {
  INVOICE_SIDES,
  INVOICE_STATUSES,
  ROLE_CODES,
  type InvoiceAction,
  type InvoiceSide,
  type InvoiceStatus,
  type RoleCode,
} from '@rayworks/contracts';

const R = ROLE_CODES;

/**
 * The roles that act for each side: the fusion hub's billing roles (its group admin, group-centre and centre admins)
 * and the client centre's administrators (centre, group, group-centre admin); a company's own administrators act for
 * whichever side their company is. Which side a user is on for one invoice is decided by the billing service (the
 * user's organisation is the invoice's issuer or its client), never by the role alone.
 */
export const INVOICE_SIDE_ROLES: Record<InvoiceSide, readonly RoleCode[]> = {
  FUSION_HUB: [R.FUSION_GROUP_ADMIN, R.FUSION_GROUP_CENTER, R.FUSION_CENTER, R.ADMIN, R.SUPER_ADMIN],
  CLIENT_CENTRE: [R.CENTER_ADMIN, R.GROUP_ADMIN, R.GROUP_CENTER_ADMIN, R.ADMIN, R.SUPER_ADMIN],
};

/** How the console and the docs name each side. */
export const INVOICE_SIDE_LABELS: Record<InvoiceSide, string> = {
  FUSION_HUB: 'Fusion hub',
  CLIENT_CENTRE: 'Client centre',
};

/** An invoice not raised yet (the only action on it is RAISE). */
export const NOT_RAISED = null;
/** Where an invoice stands: a status, or not raised yet. */
export type InvoiceStanding = InvoiceStatus | typeof NOT_RAISED;

/** One rule of the invoice table: this side, in these statuses, may take these actions. */
export interface InvoiceTableRule {
  side: InvoiceSide;
  statuses: readonly InvoiceStanding[];
  /** The actions spec §6 names. */
  spec: readonly InvoiceAction[];
  /** The actions the lifecycle adds (docs/decisions/0244, 0245). */
  designed: readonly InvoiceAction[];
}

/** Report download, chat and comment: in every status, for both sides (they move nothing). */
const LOOK: readonly InvoiceAction[] = ['REPORT_DOWNLOAD', 'CHAT', 'COMMENT'];
/** A balance is due and no payment request waits: the client may pay, either side may hold. */
const PAYABLE: readonly InvoiceStatus[] = ['INVOICE RAISED', 'PAYMENT RE-REQUESTED', 'PARTIALLY PAID'];

export const INVOICE_TABLE_RULES: readonly InvoiceTableRule[] = [
  // The fusion hub: raises the invoice, confirms or rejects the client's payment request, holds and resumes
  { side: 'FUSION_HUB', statuses: [NOT_RAISED], spec: [], designed: ['RAISE'] },
  { side: 'FUSION_HUB', statuses: PAYABLE, spec: LOOK, designed: ['HOLD'] },
  {
    side: 'FUSION_HUB',
    statuses: ['AWAITING PAYMENT CONFIRMATION'],
    spec: ['CONFIRM_PAYMENT', 'REJECT_PAYMENT', ...LOOK],
    designed: [],
  },
  { side: 'FUSION_HUB', statuses: ['INVOICE ON HOLD'], spec: LOOK, designed: ['RESUME'] },
  { side: 'FUSION_HUB', statuses: ['COMPLETED'], spec: LOOK, designed: [] },
  // The client centre: takes action (pays all or part of the balance and asks for confirmation), holds and resumes
  { side: 'CLIENT_CENTRE', statuses: PAYABLE, spec: ['TAKE_ACTION', ...LOOK], designed: ['HOLD'] },
  { side: 'CLIENT_CENTRE', statuses: ['AWAITING PAYMENT CONFIRMATION'], spec: LOOK, designed: [] },
  { side: 'CLIENT_CENTRE', statuses: ['INVOICE ON HOLD'], spec: LOOK, designed: ['RESUME'] },
  { side: 'CLIENT_CENTRE', statuses: ['COMPLETED'], spec: LOOK, designed: [] },
];

/** One expanded row of the invoice table. */
export interface InvoiceTableRow {
  side: InvoiceSide;
  status: InvoiceStanding;
  actions: readonly InvoiceAction[];
}

const keyOf = (side: InvoiceSide, status: InvoiceStanding) => `${side}|${status ?? ''}`;
const STANDINGS: readonly InvoiceStanding[] = [NOT_RAISED, ...INVOICE_STATUSES];

/** Every (side, status) the rules name, with its actions (rules naming the same row add up). */
export const INVOICE_ACTION_TABLE: readonly InvoiceTableRow[] = (() => {
  const rows = new Map<string, InvoiceTableRow>();
  for (const rule of INVOICE_TABLE_RULES)
    for (const status of rule.statuses) {
      const key = keyOf(rule.side, status);
      const actions = new Set([...(rows.get(key)?.actions ?? []), ...rule.spec, ...rule.designed]);
      rows.set(key, { side: rule.side, status, actions: [...actions] });
    }
  return [...rows.values()].sort(
    (a, b) =>
      INVOICE_SIDES.indexOf(a.side) - INVOICE_SIDES.indexOf(b.side) ||
      STANDINGS.indexOf(a.status) - STANDINGS.indexOf(b.status),
  );
})();

const ROWS = new Map(INVOICE_ACTION_TABLE.map((r) => [keyOf(r.side, r.status), r.actions]));
const EVER = new Map<InvoiceSide, Set<InvoiceAction>>();
for (const row of INVOICE_ACTION_TABLE)
  for (const action of row.actions) EVER.set(row.side, (EVER.get(row.side) ?? new Set()).add(action));

/** What the table lets a side do on an invoice in this status (NOT_RAISED: before it exists). */
export function invoiceTableActions(side: InvoiceSide, status: InvoiceStanding): readonly InvoiceAction[] {
  return ROWS.get(keyOf(side, status)) ?? [];
}

/** Whether the side has the action anywhere in the table (else asking for it is a 403, not a 409). */
export function sideEverMay(side: InvoiceSide, action: InvoiceAction): boolean {
  return EVER.get(side)?.has(action) ?? false;
}
