import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { IMPORT_CALL_MESSAGES } from '@rayworks/contracts';
import { companyOf, forbidden, UnitOfWork, type Principal, type RequestAccess } from '@rayworks/nest-kit';
import { CentresRepository } from './centres.repository.js';

/** The group and centre new studies are imported for. */
export interface Placement {
  groupId: string | null;
  centreId: string | null;
}

/** May this caller import for this group and centre? Its own group and one of its centres; anything for tenant level. */
export function holdsCentre(principal: Principal, groupId: string | null, centreId: string): boolean {
  if (principal.level === 'tenant') return true;
  if (principal.level !== 'group' && principal.level !== 'centre') return false;
  return principal.groupId === groupId && principal.centreIds.includes(centreId);
}

/**
 * Where an upload or a STOW-RS request puts new studies (docs/decisions/0203-one-ingest-rule.md): a group or centre
 * user names one of the centres it holds (its token says which: 403 otherwise); a company-level user any centre of
 * its company — the company's centres as imaging knows them from auth.org.v1 (403 for a centre of another company,
 * 400 for a group that is not the centre's). Nothing is written before this check.
 */
@Injectable()
export class IngestPlacement {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  /** The import screen names its group and centre (spec §7 `groupId`, `centerId`). */
  async forUpload(access: RequestAccess, groupId: string | null, centreId: string): Promise<Placement> {
    const principal = access.principal;
    companyOf(principal);
    if (!holdsCentre(principal, groupId, centreId)) throw forbidden(IMPORT_CALL_MESSAGES.notYourCentre);
    if (principal.level === 'tenant') await this.companyCentre(access, groupId, centreId);
    return { groupId, centreId };
  }

  /**
   * STOW-RS names no centre: the caller's group and first centre in reach (`x-center-ids` picks another,
   * docs/decisions/0105); a company-level user's studies have neither unless it names a centre of its company, whose
   * group they then take.
   */
  async forStow(access: RequestAccess): Promise<Placement> {
    const p = access.principal;
    companyOf(p);
    if (p.level !== 'tenant')
      return {
        groupId: access.groupFilter ?? p.groupId,
        centreId: access.centreFilter?.[0] ?? (p.level === 'centre' ? (p.centreIds[0] ?? null) : null),
      };
    const centreId = access.centreFilter?.[0] ?? null;
    if (centreId === null) return { groupId: access.groupFilter, centreId: null };
    const centre = await this.companyCentre(access, access.groupFilter ?? undefined, centreId);
    return { groupId: centre.groupId, centreId };
  }

  /** A centre of the caller's company (of `groupId` when one is given; `undefined`: any group). */
  private async companyCentre(access: RequestAccess, groupId: string | null | undefined, centreId: string) {
    const centre = await this.uow.read(access, (tx) => this.centres.centre(tx, centreId));
    if (!centre) throw forbidden(IMPORT_CALL_MESSAGES.unknownCentre);
    if (groupId !== undefined && centre.groupId !== groupId)
      throw new BadRequestException(IMPORT_CALL_MESSAGES.centreNotInGroup);
    return centre;
  }
}
