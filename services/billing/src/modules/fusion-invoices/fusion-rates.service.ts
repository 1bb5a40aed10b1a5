import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  FUSION_INVOICE_MESSAGES,
  normalizeRoleCode,
  type BILLING_API,
  type BodyOf,
  type FusionRate,
  type FusionRateVersion,
  type Page,
} from '@rayworks/contracts';
import { INVOICE_SIDE_ROLES } from '@rayworks/lifecycles';
import { centreInReach, companyOf, forbidden, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { CentresRepository, type DescribedCentre } from '../directory/centres.repository.js';
import { FUSION_AUDIT_ACTIONS } from './fusion-invoice-audit.js';
import { fusionCentreNotFound, rateNotFound, staleRate } from './fusion-invoice.errors.js';
import { billingDayOf } from './fusion-invoice-rules.js';
import { FusionRatesRepository, type FusionRateRow } from './fusion-rates.repository.js';

/** The currency of fusion rates (the platform's one currency so far: docs/decisions/0079). */
const CURRENCY = 'INR';

/** A rate as the API shows it: its versions, and the one in force on `today`. */
function rateView(row: FusionRateRow, versions: readonly FusionRateVersion[], today: string): FusionRate {
  const started = versions.filter((v) => v.validFrom <= today);
  return {
    _id: row.id,
    version: row.version,
    fusionCentreId: row.fusionCentreId,
    fusionCentreName: row.fusionCentreName,
    clientCentreId: row.clientCentreId,
    modality: row.modality,
    current: started.at(-1) ?? null,
    versions: [...versions],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * A fusion centre's rates per client centre and modality (docs/decisions/0274): kept by the fusion hub's
 * administrators only — the INVOICE privilege the route names (VIEW to read, CREATE to set: whoever raises the hub's
 * invoices sets what they charge) and a role that acts for the hub's side of an invoice (INVOICE_SIDE_ROLES.FUSION_HUB),
 * else 403 — for the fusion centres of their company in their reach (404 otherwise). A rate is versioned: an update
 * adds a version starting on a later day, and a read is billed at the version in force on the day it was completed.
 */
@Injectable()
export class FusionRatesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(FusionRatesRepository) private readonly rates: FusionRatesRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findFusionRates>): Promise<Page<FusionRate>> {
    this.hubAdmin(access);
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.rates.list(tx, access, q);
      return { items: await this.views(tx, items), total, page: q.page, pageSize: q.pageSize };
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createFusionRate>): Promise<FusionRate> {
    this.hubAdmin(access);
    const tenantId = companyOf(access.principal);
    return this.uow.change(access, async (tx) => {
      await this.fusionCentre(tx, access, body.fusionCentreId);
      const by = access.principal.userId;
      const id = await this.rates.insert(tx, {
        tenantId,
        fusionCentreId: body.fusionCentreId,
        clientCentreId: body.clientCentreId,
        modality: body.modality,
        by,
      });
      if (id === null) throw new ConflictException(FUSION_INVOICE_MESSAGES.rateExists);
      await this.rates.addVersion(tx, {
        tenantId,
        rateId: id,
        rateMinor: body.rateMinor,
        currency: CURRENCY,
        validFrom: body.validFrom,
        by,
      });
      await tx.audit({
        action: FUSION_AUDIT_ACTIONS.rateCreate,
        target: { type: 'fusion-rate', id },
        details: { rateMinor: body.rateMinor, validFrom: body.validFrom, modality: body.modality },
      });
      return this.view(tx, access, id);
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof BILLING_API.updateFusionRate>): Promise<FusionRate> {
    this.hubAdmin(access);
    const tenantId = companyOf(access.principal);
    return this.uow.change(access, async (tx) => {
      const rate = await this.rates.findInReach(tx, access, body.id, true);
      if (!rate) throw rateNotFound();
      if (rate.version !== body.version) throw staleRate();
      const latest = (await this.rates.versionsOf(tx, [rate.id])).get(rate.id)?.at(-1);
      if (latest && body.validFrom <= latest.validFrom)
        throw new ConflictException(FUSION_INVOICE_MESSAGES.rateStartsTooEarly(latest.validFrom));
      await this.rates.addVersion(tx, {
        tenantId,
        rateId: rate.id,
        rateMinor: body.rateMinor,
        currency: CURRENCY,
        validFrom: body.validFrom,
        by: access.principal.userId,
      });
      await this.rates.bump(tx, rate.id);
      await tx.audit({
        action: FUSION_AUDIT_ACTIONS.rateUpdate,
        target: { type: 'fusion-rate', id: rate.id },
        details: { rateMinor: body.rateMinor, validFrom: body.validFrom, previous: latest ?? null },
      });
      return this.view(tx, access, rate.id);
    });
  }

  /** Only a role of the hub's side keeps its rates (403 otherwise, whatever INVOICE privilege it holds). */
  private hubAdmin(access: RequestAccess): void {
    const roles = access.principal.roleCodes.map(normalizeRoleCode);
    if (!roles.some((role) => role !== undefined && INVOICE_SIDE_ROLES.FUSION_HUB.includes(role))) throw forbidden();
  }

  /** A fusion centre of the caller's company in its reach, or 404. */
  private async fusionCentre(tx: ReadTx, access: RequestAccess, id: string): Promise<DescribedCentre> {
    const centre = await this.centres.describe(tx, id);
    if (!centre || !centre.isFusion || !centreInReach(access, centre)) throw fusionCentreNotFound();
    return centre;
  }

  private async view(tx: ReadTx, access: RequestAccess, id: string): Promise<FusionRate> {
    const row = await this.rates.findInReach(tx, access, id);
    if (!row) throw rateNotFound();
    const [view] = await this.views(tx, [row]);
    return view!;
  }

  private async views(tx: ReadTx, rows: readonly FusionRateRow[]): Promise<FusionRate[]> {
    const versions = await this.rates.versionsOf(
      tx,
      rows.map((r) => r.id),
    );
    const today = billingDayOf(new Date()).date;
    return rows.map((row) => rateView(row, versions.get(row.id) ?? [], today));
  }
}
