import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { addDays, DAY_END_MESSAGES, localDateTime } from '@rayworks/contracts';
import { centreInReach, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { CentresRepository, type KnownCentre } from '../directory/centres.repository.js';
import { BillingSettingsService } from '../prices/billing-settings.service.js';
import { FinanceFiguresRepository, midnightKey } from './finance-figures.repository.js';

/** A centre the caller reaches, on its own clock: its time zone and its date now. */
export interface CentreClockNow {
  centre: KnownCentre;
  timeZone: string;
  /** The centre's date now, 'YYYY-MM-DD'. */
  today: string;
}

/** One local day of a centre and the instants it begins and ends: [startsAt, endsAt). */
export interface CentreDay extends CentreClockNow {
  date: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The centres a day end reads, on their own clocks (the time zone of their billing settings: docs/decisions/0250,
 * 0278). A centre the caller does not reach — another centre, a group, another company's, a missing one — is the
 * same 404; a centre no longer active is still reported on (its past days stay readable and closable).
 */
@Injectable()
export class CentreDays {
  constructor(
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(BillingSettingsService) private readonly settings: BillingSettingsService,
    @Inject(FinanceFiguresRepository) private readonly figures: FinanceFiguresRepository,
  ) {}

  /** The centre, if the caller reaches it (404 otherwise), with its clock now. */
  async now(tx: ReadTx, access: RequestAccess, centreId: string): Promise<CentreClockNow> {
    const centre = await this.centres.centre(tx, centreId);
    if (!centre || !centreInReach(access, centre)) throw new NotFoundException(DAY_END_MESSAGES.centreNotFound);
    return this.clockOf(tx, centre);
  }

  /** A centre's clock now (a centre already checked to be in reach). */
  async clockOf(tx: ReadTx, centre: KnownCentre): Promise<CentreClockNow> {
    return (await this.clocksOf(tx, [centre]))[0]!;
  }

  /** Centres' clocks now (centres already checked to be in reach), their time zones read at once. */
  async clocksOf(tx: ReadTx, centres: readonly KnownCentre[]): Promise<CentreClockNow[]> {
    const zones = await this.settings.timeZones(
      tx,
      centres.map((c) => c.id),
    );
    const now = new Date();
    return centres.map((centre) => {
      const timeZone = zones.get(centre.id)!;
      return { centre, timeZone, today: localDateTime(now, timeZone).date };
    });
  }

  /** One of the centre's days (today when none is named); a day after today at the centre is a 400. */
  async day(tx: ReadTx, access: RequestAccess, centreId: string, date: string | undefined): Promise<CentreDay> {
    const now = await this.now(tx, access, centreId);
    const day = date ?? now.today;
    if (day > now.today) throw new BadRequestException(DAY_END_MESSAGES.futureDay);
    const next = addDays(day, 1);
    const midnights = await this.figures.midnights(tx, [
      { date: day, zone: now.timeZone },
      { date: next, zone: now.timeZone },
    ]);
    return {
      ...now,
      date: day,
      startsAt: midnights.get(midnightKey(day, now.timeZone))!,
      endsAt: midnights.get(midnightKey(next, now.timeZone))!,
    };
  }
}
