import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_CENTRE_TIME_ZONE } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { CentreSettingsRepository } from '../prices/centre-settings.repository.js';

/**
 * The time zone a centre's invoices, credit notes and receipts are dated in (their financial year and date of issue:
 * docs/decisions/0242): the centre's billing settings (0250), DEFAULT_CENTRE_TIME_ZONE until they are saved.
 */
@Injectable()
export class CentreClock {
  constructor(@Inject(CentreSettingsRepository) private readonly settings: CentreSettingsRepository) {}

  async timeZone(tx: ReadTx, centreId: string): Promise<string> {
    return (await this.settings.find(tx, centreId))?.timeZone ?? DEFAULT_CENTRE_TIME_ZONE;
  }
}
