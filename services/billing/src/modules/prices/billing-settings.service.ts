import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_CENTRE_TIME_ZONE,
  localDateTime,
  type BILLING_API,
  type BodyOf,
  type CentreBillingSettings,
  type CentreCalendar,
} from '@rayworks/contracts';
import { companyOf, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { KnownCentre } from '../directory/centres.repository.js';
import { CentreSettingsRepository } from './centre-settings.repository.js';
import { HolidaysRepository } from './holidays.repository.js';
import { discountLimitOf, type CentreTax } from './price-rules.js';
import { PRICE_AUDIT_ACTIONS } from './prices-audit.js';
import { ReachableCentres } from './reachable-centres.js';

/** What a centre that never saved its settings bills by (docs/decisions/0250). */
export const DEFAULT_BILLING_SETTINGS = {
  timeZone: DEFAULT_CENTRE_TIME_ZONE,
  nightWindow: null,
  taxStateCode: null,
  /** GST on a taxable service (diagnostic services are exempt: a test is taxable only when marked). */
  taxRateBasisPoints: 1800,
  discountLimits: [],
} as const satisfies Omit<CentreBillingSettings, 'centreId' | 'saved' | 'updatedAt'>;

/** The calendar and tax a centre bills an instant by. */
export interface BillingClock {
  calendar: CentreCalendar;
  tax: CentreTax;
  /** The instant's local date at the centre. */
  localDate: string;
}

/**
 * A centre's billing settings (docs/decisions/0250): its clock (time zone, night window), its tax and each role's
 * discount limit, read and changed only by those who reach the centre (404 otherwise).
 */
@Injectable()
export class BillingSettingsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentreSettingsRepository) private readonly settings: CentreSettingsRepository,
    @Inject(HolidaysRepository) private readonly holidays: HolidaysRepository,
    @Inject(ReachableCentres) private readonly centres: ReachableCentres,
  ) {}

  get(access: RequestAccess, centreId: string): Promise<CentreBillingSettings> {
    return this.uow.read(access, async (tx) => this.of(tx, (await this.centres.one(tx, access, centreId)).id));
  }

  update(
    access: RequestAccess,
    body: BodyOf<typeof BILLING_API.updateBillingSettings>,
  ): Promise<CentreBillingSettings> {
    return this.uow.change(access, async (tx) => {
      const centre = await this.centres.one(tx, access, body.centreId);
      await this.settings.save(tx, {
        centreId: centre.id,
        tenantId: companyOf(access.principal),
        timeZone: body.timeZone,
        nightStart: body.nightWindow?.start ?? null,
        nightEnd: body.nightWindow?.end ?? null,
        taxStateCode: body.taxStateCode,
        taxRateBasisPoints: body.taxRateBasisPoints,
        discountLimits: Object.fromEntries(body.discountLimits.map((l) => [l.roleCode, l.limitBasisPoints])),
      });
      await tx.audit({
        action: PRICE_AUDIT_ACTIONS.settingsUpdate,
        target: { type: 'centre', id: centre.id },
        details: { ...body },
      });
      return this.of(tx, centre.id);
    });
  }

  /**
   * The largest line discount (basis points) a caller of these roles may give at a centre without a privileged
   * approval: the highest limit of its roles there (none set: 0). For the registration's unit of work, which has
   * checked the centre's reach already.
   */
  async discountLimit(tx: ReadTx, centreId: string, roleCodes: readonly string[]): Promise<number> {
    const row = await this.settings.find(tx, centreId);
    return discountLimitOf(row?.discountLimits ?? {}, roleCodes);
  }

  /** The calendar and tax of a centre (already checked to be in reach) at an instant. */
  async clockAt(tx: ReadTx, centre: KnownCentre, at: Date): Promise<BillingClock> {
    const settings = await this.of(tx, centre.id);
    const localDate = localDateTime(at, settings.timeZone).date;
    return {
      calendar: {
        timeZone: settings.timeZone,
        nightWindow: settings.nightWindow,
        holidays: await this.holidays.datesAt(tx, centre.id, [localDate]),
      },
      tax: { taxStateCode: settings.taxStateCode, taxRateBasisPoints: settings.taxRateBasisPoints },
      localDate,
    };
  }

  /**
   * The time zone of each of several centres (already checked to be in reach), in one read: for reports that need
   * only the centres' clocks, not their prices (a centre that never saved its settings bills by the default zone).
   */
  async timeZones(tx: ReadTx, centreIds: readonly string[]): Promise<Map<string, string>> {
    const saved = new Map((await this.settings.findMany(tx, centreIds)).map((row) => [row.centreId, row.timeZone]));
    return new Map(centreIds.map((id) => [id, saved.get(id) ?? DEFAULT_BILLING_SETTINGS.timeZone]));
  }

  private async of(tx: ReadTx, centreId: string): Promise<CentreBillingSettings> {
    const row = await this.settings.find(tx, centreId);
    return row
      ? row.toSettings()
      : { centreId, ...DEFAULT_BILLING_SETTINGS, discountLimits: [], saved: false, updatedAt: null };
  }
}
