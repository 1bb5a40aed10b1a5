import { Injectable } from '@nestjs/common';
import { DEFAULT_CENTRE_TIME_ZONE } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';

/**
 * The time zone a centre's invoices are dated in (their financial year and date of issue: docs/decisions/0242). The
 * one place that answers it: until the centre's billing settings name a zone (the prices module's), every centre is
 * on DEFAULT_CENTRE_TIME_ZONE; then this reads the setting through that module's repository.
 */
@Injectable()
export class CentreClock {
  timeZone(_tx: ReadTx, _centreId: string): Promise<string> {
    return Promise.resolve(DEFAULT_CENTRE_TIME_ZONE);
  }
}
