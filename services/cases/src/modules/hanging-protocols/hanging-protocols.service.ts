import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { HANGING_MESSAGES, type BodyOf, type CASES_API, type HangingProtocol } from '@rayworks/contracts';
import { centreInReach, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { CaseEntity } from '../cases/case.entity.js';
import { VisibleCases } from '../cases/visible-cases.service.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import type { HangingProtocolEntity } from './hanging-protocol.entity.js';
import { HangingProtocolsRepository } from './hanging-protocols.repository.js';

export const HANGING_AUDIT_ACTIONS = { save: 'HANGING_PROTOCOL_SAVE' } as const;
const CASE_NOT_FOUND = 'Case not found';

/**
 * A centre's hanging protocols (docs/decisions/0359): read by whoever opens one of its cases in the viewer; saved
 * for the case's centre by a caller who may change that centre's configuration (CENTERS › EDIT, in reach).
 */
@Injectable()
export class HangingProtocolsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(HangingProtocolsRepository) private readonly protocols: HangingProtocolsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  async find(
    access: RequestAccess,
    body: BodyOf<typeof CASES_API.findHangingProtocols>,
  ): Promise<{ modality: string | null; bodyPart: string | null; protocols: HangingProtocol[] }> {
    const found = await this.uow.read(access, (tx) => this.visible.load(tx, access, body.caseId));
    const study = { modality: found.modality ?? null, bodyPart: found.bodyPart ?? null };
    if (!found.centreId) return { ...study, protocols: [] };
    const centreId = found.centreId;
    return this.uow.read(
      access,
      async (tx) => ({ ...study, protocols: await this.views(tx, await this.protocols.ofCentre(tx, centreId)) }),
      { inCompany: found.tenantId },
    );
  }

  async save(access: RequestAccess, body: BodyOf<typeof CASES_API.saveHangingProtocol>): Promise<HangingProtocol> {
    const found: CaseEntity = await this.uow.read(access, async (tx) => {
      const c = await this.visible.load(tx, access, body.caseId);
      const centre = c.centreId ? await this.directory.centre(tx, c.centreId) : null;
      // the case's centre must be the caller's to configure (a reader of another company's case is not its admin)
      if (!centre || c.tenantId !== access.principal.tenantId || !centreInReach(access, centre))
        throw new NotFoundException(CASE_NOT_FOUND);
      return c;
    });
    if (!body.rule.modality) throw new BadRequestException(HANGING_MESSAGES.noModality);
    return this.uow.change(access, async (tx) => {
      const { entity, replaced } = await this.protocols.upsert(tx, {
        tenantId: found.tenantId,
        centreId: found.centreId!,
        userId: access.principal.userId,
        rule: body.rule,
      });
      await tx.audit({
        action: HANGING_AUDIT_ACTIONS.save,
        target: { type: 'centre', id: found.centreId! },
        details: { modality: entity.modality, bodyPart: entity.bodyPart, layout: entity.layout, replaced },
      });
      return (await this.views(tx, [entity]))[0]!;
    });
  }

  private async views(tx: ReadTx, rows: readonly HangingProtocolEntity[]): Promise<HangingProtocol[]> {
    const names = await this.directory.names(
      tx,
      rows.map((r) => r.updatedBy),
      [],
    );
    return rows.map((r) => ({
      id: r.id,
      centreId: r.centreId,
      modality: r.modality,
      bodyPart: r.bodyPart,
      layout: r.layout,
      viewports: r.viewports,
      updatedBy: r.updatedBy,
      updatedByName: r.updatedBy ? (names.users.get(r.updatedBy) ?? null) : null,
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}
