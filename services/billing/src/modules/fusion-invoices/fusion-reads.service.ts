import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, FusionCaseChangedPayload } from '@rayworks/contracts';
import { companyOfEvent, UnitOfWork } from '@rayworks/nest-kit';
import { CentresRepository } from '../directory/centres.repository.js';
import { billingDayOf, nextMonth } from './fusion-invoice-rules.js';
import { FusionInvoicesRepository } from './fusion-invoices.repository.js';
import { FusionRatesRepository } from './fusion-rates.repository.js';

/** The fusion side's status of a completed read (the fusion machine's final state). */
const COMPLETED = 'COMPLETED';

/**
 * A completed fusion read becomes one line on the client centre's invoice of the month (docs/decisions/0275): from
 * cases' FusionCaseChanged (cases.fusion.v1) that moves the fusion status to COMPLETED — the fusion side completed
 * the read, the sender's case is COMPLETED with it. Billed exactly once: the kit's inbox applies an event once, and
 * a line per case (case_id UNIQUE) keeps a second event of the same read from billing it again.
 * - Month: the day the read was completed on the hub's clock; if that month's invoice is raised already, the next
 *   month whose invoice is not (a read is never added to a raised invoice).
 * - Price: the rate version in force that day (the client centre's own rate for the modality, else the fusion
 *   centre's rate for every client centre); without one the line waits unpriced and is priced when the invoice is
 *   raised (a rate added later, dated back, covers it).
 * The line is written in the fusion hub's company (the invoice's); the client centre's name is read in the client's
 * company (the event's), where billing's read model of its centres is.
 */
@Injectable()
export class FusionReadsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(FusionInvoicesRepository) private readonly invoices: FusionInvoicesRepository,
    @Inject(FusionRatesRepository) private readonly rates: FusionRatesRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  /** Whether the change is the completion of a read that billing can address (older events lack its centre). */
  static isBillableCompletion(p: FusionCaseChangedPayload): boolean {
    return (
      p.fusionStatus === COMPLETED &&
      p.previousFusionStatus !== COMPLETED &&
      p.fusionTenantId !== null &&
      p.fusionCentreId !== null &&
      typeof p.centreId === 'string'
    );
  }

  /** Bills one completed read (in the consumer's transaction, with its inbox entry). Answers whether a line was added. */
  async completed(manager: EntityManager, e: EventEnvelope<FusionCaseChangedPayload>): Promise<boolean> {
    const p = e.payload;
    if (!FusionReadsService.isBillableCompletion(p)) return false;
    const clientTenantId = companyOfEvent(e);
    const hubTenantId = p.fusionTenantId!;
    const fusionCentreId = p.fusionCentreId!;
    const clientCentreId = p.centreId!;
    const client = await this.uow.join(manager, { tenantId: clientTenantId, actor: e.actor }, (tx) =>
      this.centres.describe(tx, clientCentreId),
    );
    return this.uow.join(manager, { tenantId: hubTenantId, actor: e.actor }, async (tx) => {
      if (await this.invoices.caseBilled(tx, p.caseId)) return false;
      const hub = await this.centres.describe(tx, fusionCentreId);
      const completedAt = new Date(e.occurredAt);
      const day = billingDayOf(completedAt);
      const modality = p.modality?.trim().toUpperCase() || null;
      const rate = await this.rates.inForce(tx, { fusionCentreId, clientCentreId, modality, on: day.date });
      const key = {
        tenantId: hubTenantId,
        fusionCentreId,
        fusionCentreName: hub?.name ?? null,
        clientTenantId,
        clientCentreId,
        clientCentreName: client?.name ?? null,
        currency: rate?.currency ?? 'INR',
      } as const;
      let invoice = await this.invoices.monthInvoice(tx, key, day.month);
      for (let month = day.month; invoice.raised;) {
        month = nextMonth(month);
        invoice = await this.invoices.monthInvoice(tx, key, month);
      }
      const added = await this.invoices.insertLine(tx, {
        tenantId: hubTenantId,
        clientTenantId,
        invoiceId: invoice.id,
        caseId: p.caseId,
        modality,
        completedAt,
        completedOn: day.date,
        radiologistId: p.radiologistId,
        rateVersionId: rate?.versionId ?? null,
        unitMinor: rate?.rateMinor ?? null,
        currency: key.currency,
        eventId: e.id,
      });
      if (!added) {
        await this.invoices.dropIfEmpty(tx, invoice.id);
        return false;
      }
      await this.invoices.lineAdded(tx, invoice.id);
      return true;
    });
  }
}
