import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PRICE_MESSAGES } from '@rayworks/contracts';
import { centreInReach, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { CentresRepository, type KnownCentre } from '../directory/centres.repository.js';

/**
 * The centres a caller may price, calendar and assign rate cards at: an active centre of its company in its reach
 * (the kit's centreInReach). Anything else — a group, another centre, another company's, a missing one — is the same
 * 404 'Centre not found'.
 */
@Injectable()
export class ReachableCentres {
  constructor(@Inject(CentresRepository) private readonly centres: CentresRepository) {}

  async one(tx: ReadTx, access: RequestAccess, centreId: string): Promise<KnownCentre> {
    const centre = await this.centres.centre(tx, centreId);
    if (!centre || !centre.isActive || !centreInReach(access, centre))
      throw new NotFoundException(PRICE_MESSAGES.centreNotFound);
    return centre;
  }

  /** Each of these centres, in the order given (each once), or 404 for the first that is not one. */
  async all(tx: ReadTx, access: RequestAccess, centreIds: readonly string[]): Promise<KnownCentre[]> {
    const out: KnownCentre[] = [];
    for (const id of new Set(centreIds)) out.push(await this.one(tx, access, id));
    return out;
  }
}
