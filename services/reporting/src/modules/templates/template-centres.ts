import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { CentresRepository } from '../directory/centres.repository.js';
import { centreInTemplateReach, type TemplateReach } from './template-reach.js';

/**
 * A centre that a template, a macro, a layout or a layout image names must be the caller's (docs/decisions/0214): in
 * its reach (template-reach.ts: a group user's group centres, a centre user's own, a company-level user's any) and a
 * centre of its own company. The centres of the caller's token are its company's for certain; any other id — what a
 * company-level user names — must be in reporting's read model of auth's centres, which row-level security keeps to
 * the caller's company: another company's centre, or an id that names no centre, is refused like one out of reach.
 */
@Injectable()
export class TemplateCentres {
  constructor(@Inject(CentresRepository) private readonly centres: CentresRepository) {}

  async held(tx: ReadTx, reach: TemplateReach, centreId: string): Promise<boolean> {
    if (reach.tenantId === null || !centreInTemplateReach(reach, centreId)) return false;
    return reach.ownCentreIds.includes(centreId) || (await this.centres.centre(tx, centreId)) !== null;
  }

  /** Refuses (by default 403, 'The centre is not one of yours') a centre that is not the caller's; no centre passes. */
  async check(
    tx: ReadTx,
    reach: TemplateReach,
    centreId: string | null,
    refuse: () => Error = () => new ForbiddenException(M.centreOutOfReach),
  ): Promise<void> {
    if (centreId !== null && !(await this.held(tx, reach, centreId))) throw refuse();
  }
}
