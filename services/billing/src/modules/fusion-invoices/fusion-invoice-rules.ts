import {
  DEFAULT_CENTRE_TIME_ZONE,
  INVOICE_ACTIONS,
  localDateTime,
  type InvoiceAction,
  type InvoiceSide,
} from '@rayworks/contracts';
import {
  allowedInvoiceActions,
  sideEverMay,
  type InvoiceActor,
  type InvoiceFacts,
  type InvoiceHoldableStatus,
} from '@rayworks/lifecycles';
import type { RequestAccess } from '@rayworks/nest-kit';
import type { FusionInvoiceRow } from './fusion-invoices.repository.js';

/**
 * The fusion hub's clock: a read is billed on the month and day it was completed there (docs/decisions/0275). Until a
 * centre's billing settings name its own zone (the prices module's), every centre keeps DEFAULT_CENTRE_TIME_ZONE, as
 * the patient invoices' CentreClock does.
 */
export const FUSION_HUB_TIME_ZONE = DEFAULT_CENTRE_TIME_ZONE;

/** The hub's local day ('YYYY-MM-DD') and month ('YYYY-MM') of an instant. */
export function billingDayOf(at: Date, timeZone = FUSION_HUB_TIME_ZONE): { date: string; month: string } {
  const { date } = localDateTime(at, timeZone);
  return { date, month: date.slice(0, 7) };
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** An invoice's facts as the invoice machine reads them; null while it is not raised. */
export function factsOf(row: FusionInvoiceRow): InvoiceFacts | null {
  if (row.status === null || row.totalMinor === null) return null;
  return {
    status: row.status,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    requestedMinor: row.requestedMinor,
    heldFrom: row.heldFrom as InvoiceHoldableStatus | null,
    heldBy: row.heldBy,
    holdReason: row.holdReason,
    rejectReason: row.rejectReason,
  };
}

/** The caller as the action table reads it, acting for one side: roles and INVOICE privilege codes. */
export function actorOf(access: RequestAccess, side: InvoiceSide): InvoiceActor {
  return { side, roleCodes: access.principal.roleCodes, privileges: access.principal.grants.INVOICE ?? [] };
}

/**
 * The side a caller acts for. `sides`: the sides its organisation is on (one; both for one company's own fusion
 * contract). A side it asked for must be one of them (null otherwise: refused). On both sides, the action decides:
 * the side that ever takes it (RAISE, CONFIRM and REJECT the hub's, TAKE_ACTION the client's), for RESUME the side
 * that holds the invoice, else the hub.
 */
export function sideFor(
  sides: readonly InvoiceSide[],
  action: InvoiceAction,
  asked: InvoiceSide | undefined,
  heldBy: InvoiceSide | null,
): InvoiceSide | null {
  if (asked !== undefined) return sides.includes(asked) ? asked : null;
  if (sides.length <= 1) return sides[0] ?? null;
  const takers = sides.filter((side) => sideEverMay(side, action));
  if (action === 'RESUME' && heldBy !== null && takers.includes(heldBy)) return heldBy;
  return takers[0] ?? sides[0]!;
}

/** What the caller may do on the invoice now, per side it is on, and all of it (in INVOICE_ACTIONS order). */
export function actionsFor(
  access: RequestAccess,
  sides: readonly InvoiceSide[],
  facts: InvoiceFacts | null,
): { sides: { side: InvoiceSide; actions: InvoiceAction[] }[]; actions: InvoiceAction[] } {
  const perSide = sides.map((side) => ({ side, actions: allowedInvoiceActions(actorOf(access, side), facts) }));
  const any = new Set(perSide.flatMap((s) => s.actions));
  return { sides: perSide, actions: INVOICE_ACTIONS.filter((a) => any.has(a)) };
}
