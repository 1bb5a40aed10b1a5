import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  FUSION_INVOICE_MESSAGES,
  FusionInvoiceChangedV1,
  type BILLING_API,
  type BodyOf,
  type FusionInvoice,
  type FusionInvoiceActions,
  type FusionInvoiceActivity,
  type FusionInvoiceDetail,
  type InvoiceAction,
  type InvoiceSide,
  type Page,
} from '@rayworks/contracts';
import { authorizeInvoiceAction, nextInvoice } from '@rayworks/lifecycles';
import { forbidden, UnitOfWork, type AuditClient, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { FUSION_AUDIT_ACTIONS } from './fusion-invoice-audit.js';
import { invoiceNotFound, refusalOf, staleInvoice } from './fusion-invoice.errors.js';
import { actionsFor, actorOf, factsOf, sideFor } from './fusion-invoice-rules.js';
import { FusionInvoicesRepository, type FusionInvoiceRow } from './fusion-invoices.repository.js';
import { FusionRatesRepository } from './fusion-rates.repository.js';

/** An invoice as the API shows it. */
function invoiceView(row: FusionInvoiceRow): FusionInvoice {
  return {
    _id: row.id,
    version: row.version,
    month: row.month,
    status: row.status,
    fusionTenantId: row.tenantId,
    fusionCentreId: row.fusionCentreId,
    fusionCentreName: row.fusionCentreName,
    clientTenantId: row.clientTenantId,
    clientCentreId: row.clientCentreId,
    clientCentreName: row.clientCentreName,
    currency: row.currency,
    lineCount: row.lineCount,
    unpricedLineCount: row.unpricedLineCount,
    linesTotalMinor: row.linesTotalMinor,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    balanceMinor: row.totalMinor === null ? null : row.totalMinor - row.paidMinor,
    requestedMinor: row.requestedMinor,
    heldFrom: row.heldFrom,
    heldBy: row.heldBy,
    holdReason: row.holdReason,
    rejectReason: row.rejectReason,
    raisedAt: row.raisedAt,
    completedAt: row.completedAt,
    sides: row.sides,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What an action asks of the invoice: the invoice and version the caller read, and what the action gives. */
export interface InvoiceActionRequest {
  id: string;
  version: number;
  side?: InvoiceSide;
  amountMinor?: number | null;
  reason?: string | null;
}

/**
 * Fusion invoices (docs/decisions/0275–0277): a fusion hub's monthly invoice to a client centre, seen by the hub's
 * company (the fusion centres its users reach) and, once raised, by the client's company (its client centres in
 * reach) — nobody else (row-level security, then the reach: 404). Every action goes through the invoice machine of
 * libs/lifecycles, as the console shows it: `authorizeInvoiceAction` (the privilege, the side's roles, the action
 * table: 403 / 409) then `nextInvoice` (the machine: 409 / 400), in one unit of work with the version the caller read
 * (409 when it moved on), an entry in the invoice's history, an audit entry and FusionInvoiceChanged. The client's
 * actions are written in the hub's company as the client's user (`inCompany`, docs/decisions/0225), after it reached
 * and locked the invoice under its own row-level security.
 */
@Injectable()
export class FusionInvoicesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(FusionInvoicesRepository) private readonly invoices: FusionInvoicesRepository,
    @Inject(FusionRatesRepository) private readonly rates: FusionRatesRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findFusionInvoices>): Promise<Page<FusionInvoice>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.invoices.list(tx, access, q);
      return { items: items.map(invoiceView), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<FusionInvoiceDetail> {
    return this.uow.read(access, async (tx) => {
      const row = await this.invoices.findVisible(tx, access, id);
      if (!row) throw invoiceNotFound();
      const [lines, activity] = await Promise.all([this.invoices.lines(tx, id), this.invoices.activity(tx, id)]);
      return {
        ...invoiceView(row),
        lines: lines.map(({ completedOn: _, ...line }) => line),
        activity,
        allowedActions: actionsFor(access, row.sides, factsOf(row)).actions,
      };
    });
  }

  actions(access: RequestAccess, id: string): Promise<FusionInvoiceActions> {
    return this.uow.read(access, async (tx) => {
      const row = await this.invoices.findVisible(tx, access, id);
      if (!row) throw invoiceNotFound();
      return { _id: row.id, version: row.version, ...actionsFor(access, row.sides, factsOf(row)) };
    });
  }

  /**
   * One action that moves the invoice (RAISE, TAKE_ACTION, CONFIRM_PAYMENT, REJECT_PAYMENT, HOLD, RESUME): the invoice
   * after it and the machine's message ('Invoice Raised Successfully', 'Payment Request Completed', …).
   */
  async act(
    access: RequestAccess,
    action: InvoiceAction,
    request: InvoiceActionRequest,
    client: AuditClient,
  ): Promise<{ invoice: FusionInvoice; message: string }> {
    const seen = await this.reach(access, request.id);
    return this.uow.change(
      access,
      async (tx) => {
        const row = await this.locked(tx, access, request.id);
        const side = this.sideOf(row, action, request.side);
        if (row.version !== request.version) throw staleInvoice();
        const facts = factsOf(row);
        const allowed = authorizeInvoiceAction(actorOf(access, side), facts, action);
        if (!allowed.ok) throw refusalOf(allowed);

        const amountMinor = action === 'RAISE' ? await this.raisedTotal(tx, row) : (request.amountMinor ?? null);
        const move = nextInvoice(facts, action, { side, amountMinor, reason: request.reason ?? null });
        if (!move.ok) throw refusalOf(move);
        const raise = action === 'RAISE' ? { totalMinor: amountMinor!, by: access.principal.userId } : undefined;
        // a raise read the lines again (priced them): the invoice's version is still the one locked above
        if (!(await this.invoices.move(tx, row.id, row.version, { status: move.status, patch: move.patch, raise })))
          throw staleInvoice();

        const text = action === 'REJECT_PAYMENT' || action === 'HOLD' ? (request.reason?.trim() ?? null) : null;
        const amount = this.amountOf(action, amountMinor, row.requestedMinor);
        await this.invoices.addActivity(tx, {
          tenantId: row.tenantId,
          clientTenantId: row.clientTenantId,
          invoiceId: row.id,
          kind: 'ACTION',
          action,
          side,
          actorId: access.principal.userId,
          actorName: access.principal.loginName,
          text,
          amountMinor: amount,
          status: move.status,
        });
        const after = await tx.asCaller((own) => this.invoices.findVisible(own, access, row.id));
        if (!after) throw invoiceNotFound();
        await tx.audit({
          action: FUSION_AUDIT_ACTIONS.invoice(action),
          target: { type: 'fusion-invoice', id: row.id },
          details: {
            side,
            from: row.status,
            to: move.status,
            version: after.version,
            amountMinor: amount,
            reason: text,
          },
          client,
        });
        await tx.publish(FusionInvoiceChangedV1, row.id, {
          invoiceId: row.id,
          action,
          status: move.status,
          previousStatus: row.status,
          month: row.month,
          fusionTenantId: row.tenantId,
          fusionCentreId: row.fusionCentreId,
          clientTenantId: row.clientTenantId,
          clientCentreId: row.clientCentreId,
          side,
          currency: row.currency,
          totalMinor: after.totalMinor ?? 0,
          paidMinor: after.paidMinor,
          requestedMinor: after.requestedMinor,
        });
        return { invoice: invoiceView(after), message: move.message ?? '' };
      },
      { inCompany: seen.tenantId },
    );
  }

  /** A comment on the invoice (either side; it moves nothing): the history's new entry. */
  async comment(
    access: RequestAccess,
    body: BodyOf<typeof BILLING_API.commentFusionInvoice>,
    client: AuditClient,
  ): Promise<FusionInvoiceActivity> {
    const seen = await this.reach(access, body.id);
    return this.uow.change(
      access,
      async (tx) => {
        const row = await this.locked(tx, access, body.id);
        const side = this.sideOf(row, 'COMMENT', body.side);
        const allowed = authorizeInvoiceAction(actorOf(access, side), factsOf(row), 'COMMENT');
        if (!allowed.ok) throw refusalOf(allowed);
        const entry = await this.invoices.addActivity(tx, {
          tenantId: row.tenantId,
          clientTenantId: row.clientTenantId,
          invoiceId: row.id,
          kind: 'COMMENT',
          action: 'COMMENT',
          side,
          actorId: access.principal.userId,
          actorName: access.principal.loginName,
          text: body.text,
          amountMinor: null,
          status: null,
        });
        await tx.audit({
          action: FUSION_AUDIT_ACTIONS.invoice('COMMENT'),
          target: { type: 'fusion-invoice', id: row.id },
          details: { side },
          client,
        });
        return entry;
      },
      { inCompany: seen.tenantId },
    );
  }

  /** The amount an action's history entry names: the raised total, the payment, the confirmed amount. */
  private amountOf(action: InvoiceAction, amountMinor: number | null, requestedMinor: number | null): number | null {
    if (action === 'RAISE' || action === 'TAKE_ACTION') return amountMinor;
    if (action === 'CONFIRM_PAYMENT') return amountMinor ?? requestedMinor;
    return null;
  }

  /** The invoice the caller sees, under its own row-level security and reach (404 otherwise). */
  private async reach(access: RequestAccess, id: string): Promise<FusionInvoiceRow> {
    const seen = await this.uow.read(access, (tx) => this.invoices.findVisible(tx, access, id));
    if (!seen) throw invoiceNotFound();
    return seen;
  }

  /** The invoice locked for this change, reached again under the caller's own context (it may have moved away). */
  private async locked(tx: ChangeTx, access: RequestAccess, id: string): Promise<FusionInvoiceRow> {
    const row = await tx.asCaller((own) => this.invoices.findVisible(own, access, id, true));
    if (!row) throw invoiceNotFound();
    return row;
  }

  /** The side the caller acts for on this invoice (403 for a side it is not on). */
  private sideOf(row: FusionInvoiceRow, action: InvoiceAction, asked: InvoiceSide | undefined): InvoiceSide {
    const side = sideFor(row.sides, action, asked, row.heldBy);
    if (side === null) throw forbidden(FUSION_INVOICE_MESSAGES.notYourSide);
    return side;
  }

  /**
   * The total an invoice is raised at: its reads, each at the rate version in force on the day it was completed —
   * a read recorded before its rate existed is priced now (a priced read keeps its rate). 409 while a read has no
   * rate, or when the reads come to nothing.
   */
  private async raisedTotal(tx: ChangeTx, row: FusionInvoiceRow): Promise<number> {
    const lines = await this.invoices.lines(tx, row.id);
    let total = 0;
    let unpriced = 0;
    for (const line of lines) {
      let unit = line.unitMinor;
      if (unit === null) {
        const rate = await this.rates.inForce(tx, {
          fusionCentreId: row.fusionCentreId,
          clientCentreId: row.clientCentreId,
          modality: line.modality,
          on: line.completedOn,
        });
        if (rate) {
          await this.invoices.priceLine(tx, line._id, rate.versionId, rate.rateMinor);
          unit = rate.rateMinor;
        }
      }
      if (unit === null) unpriced += 1;
      else total += unit;
    }
    if (unpriced > 0) throw new ConflictException(FUSION_INVOICE_MESSAGES.unpricedReads(unpriced));
    if (total <= 0) throw new ConflictException(FUSION_INVOICE_MESSAGES.nothingToInvoice);
    return total;
  }
}
