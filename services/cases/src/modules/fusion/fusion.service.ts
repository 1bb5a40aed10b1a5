import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import {
  CASE_ACTION_PRIVILEGES,
  CASE_MESSAGES,
  FUSION_MESSAGES,
  FusionCaseChangedV1,
  type Case,
  type FusionCasesBody,
  type FusionContract,
  type fusionContractCreateBody,
  type fusionSendBody,
  type fusionUpdateBody,
  type FusionUpdateAction,
} from '@rayworks/contracts';
import { UnitOfWork, type AuditClient, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { CaseEntity } from '../cases/case.entity.js';
import { CaseMapper } from '../cases/case.mapper.js';
import { CasesRepository } from '../cases/cases.repository.js';
import { VisibleCases } from '../cases/visible-cases.service.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { AssigneesRepository } from '../transitions/assignees.repository.js';
import { CaseActionsService, type Actor } from '../transitions/case-actions.service.js';
import {
  TransitionRunner,
  type CaseChange,
  type CaseRefusal,
  type TransitionResult,
} from '../transitions/transition-runner.service.js';
import { FusionContractsRepository, contractView } from './fusion-contracts.repository.js';

type SendBody = z.output<typeof fusionSendBody>;
type UpdateBody = z.output<typeof fusionUpdateBody>;
type ContractBody = z.output<typeof fusionContractCreateBody>;

const actorOf = (access: RequestAccess): Actor => ({
  userId: access.principal.userId,
  roleCodes: access.principal.roleCodes,
});

/** The answer of each fusion action. */
const MESSAGE: Record<FusionUpdateAction, string> = {
  ASSIGN: CASE_MESSAGES.assigned,
  REASSIGN: CASE_MESSAGES.assigned,
  UNASSIGN: CASE_MESSAGES.unassigned,
  ACCEPT: CASE_MESSAGES.accepted,
  REJECT: CASE_MESSAGES.rejected,
  COMPLETE: CASE_MESSAGES.completed,
  RECALL_FROM_FUSION: FUSION_MESSAGES.recalled,
};

/**
 * Fusion (docs/decisions/0149-fusion-contracts.md, 0150-fusion-reach.md): contracts, sending a case to a contracted
 * fusion centre, the fusion side's actions (the fusion machine and the fusion rows of the action table, through
 * CaseActionsService.move and the one runner), the sender's recall, and the fusion centre's cases (fccases). Each
 * change also writes FusionCaseChanged on cases.fusion.v1 in its unit of work.
 */
@Injectable()
export class FusionService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(TransitionRunner) private readonly runner: TransitionRunner,
    @Inject(CaseActionsService) private readonly actions: CaseActionsService,
    @Inject(AssigneesRepository) private readonly assignees: AssigneesRepository,
    @Inject(FusionContractsRepository) private readonly contracts: FusionContractsRepository,
    @Inject(CaseMapper) private readonly mapper: CaseMapper,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  /** The contracts the caller's company is a party to (sender or fusion side). */
  contractsOf(access: RequestAccess): Promise<FusionContract[]> {
    return this.uow.read(access, async (tx) => (await this.contracts.all(tx)).map(contractView));
  }

  /** A one-company contract: a group of the caller's company may send to a fusion centre of it. */
  createContract(access: RequestAccess, body: ContractBody): Promise<FusionContract> {
    return this.uow.change(access, async (tx) => {
      const tenantId = access.principal.tenantId;
      if (tenantId === null || access.principal.level !== 'tenant')
        throw new NotFoundException(FUSION_MESSAGES.notAFusionCentre);
      const group = await this.directory.group(tx, body.senderGroupId);
      const centre = await this.directory.fusionCentre(tx, body.fusionCentreId);
      if (!group || !centre) throw new NotFoundException(FUSION_MESSAGES.notAFusionCentre);
      const made = await this.contracts.create(tx, {
        senderTenantId: tenantId,
        senderGroupId: group.id,
        fusionTenantId: tenantId,
        fusionCentreId: centre.id,
        fusionCentreName: centre.name,
        createdBy: access.principal.userId,
      });
      if (!made) throw new ConflictException(FUSION_MESSAGES.contractExists);
      await tx.audit({ action: 'fusion.contract.create', target: { type: 'fusion-contract', id: made.id } });
      return contractView(made);
    });
  }

  /** Sends a NEW case of the caller's company to a fusion centre its group has an active contract with (else 409). */
  send(access: RequestAccess, body: SendBody, client: AuditClient): Promise<Case> {
    return this.uow.change(access, async (tx) => {
      let contractId: string | null = null;
      const done = await this.runner.within(
        tx,
        { access },
        {
          caseId: body._id,
          version: body.version,
          privileges: [CASE_ACTION_PRIVILEGES.SEND_TO_FUSION],
          decide: async (row, t) => {
            const contract = row.groupId ? await this.contracts.active(t, row.groupId, body.fusionCentreId) : null;
            const change = await this.actions.move(t, row, actorOf(access), 'SEND_TO_FUSION', {
              fusionCentreId: body.fusionCentreId,
            });
            if ('refused' in change) return change;
            if (!contract) throw new ConflictException(FUSION_MESSAGES.noContract);
            contractId = contract.id;
            return { ...change, patch: { ...change.patch, fusionTenantId: contract.fusion_tenant_id } };
          },
        },
        client,
      );
      await this.publishFusion(tx, done, access.principal.userId, contractId, null);
      return done.view;
    });
  }

  /**
   * One fusion action. RECALL_FROM_FUSION is the sender's (its own reach); the others the fusion side's, whose reach
   * of the case is row-level security's fusion policy narrowed by fusionReachSql; their writes run in the case's
   * company (TransitionRunner with caseTenantId).
   */
  async update(access: RequestAccess, body: UpdateBody, client: AuditClient): Promise<{ case: Case; message: string }> {
    const actor = actorOf(access);
    const decide = async (row: CaseEntity, t: ChangeTx): Promise<CaseChange | CaseRefusal> => {
      const previous = row.fusionStatus;
      const change = await this.actions.move(t, row, actor, body.action, {
        radiologistId: body.radiologistId ?? null,
        fusionCentreId: body.fusionCentreId ?? null,
        reason: body.reason ?? null,
      });
      if ('refused' in change) return change;
      const patch = { ...change.patch };
      if (patch.fusionCentreId === null || patch.fusionStatus === 'RECALLED') patch.fusionTenantId = null;
      return { ...change, patch, details: { ...change.details, previousFusionStatus: previous } };
    };
    const request = {
      caseId: body._id,
      version: body.version,
      privileges: [CASE_ACTION_PRIVILEGES[body.action]],
      decide,
    };

    // RECALL_FROM_FUSION is the sender's (its own reach, VisibleCases); the rest the fusion side's (fusion reach)
    const recall = body.action === 'RECALL_FROM_FUSION';
    const load = recall ? undefined : (tx: ReadTx, a: RequestAccess) => this.loadFusionCase(tx, a, body._id, true);
    // the case's company, under the caller's row-level security; the radiologist of the fusion centre
    const seen = await this.uow.read(access, async (tx) => {
      const row = recall
        ? await this.visible.load(tx, access, body._id)
        : await this.loadFusionCase(tx, access, body._id, false);
      if (row && body.radiologistId) {
        const centreId = body.fusionCentreId ?? row.fusionCentreId;
        const [reader] = centreId
          ? await this.assignees.ofCentre(tx, centreId, 'radiologist', { userId: body.radiologistId })
          : [];
        if (!reader) throw new ConflictException(CASE_MESSAGES.notARadiologistOfCentre);
      }
      return row;
    });
    if (!seen) throw new NotFoundException(CASE_MESSAGES.notFound);
    const caller = { access, caseTenantId: seen.tenantId };
    const done = await this.uow.change(
      caller.access,
      async (tx) => {
        const result = await this.runner.within(tx, caller, load ? { ...request, load } : request, client);
        await this.publishFusion(tx, result, actor.userId, null, recall ? 'recall' : 'update');
        return result;
      },
      { inCompany: caller.caseTenantId },
    );
    return { case: done.view, message: MESSAGE[body.action] };
  }

  /** The cases sent to the caller's fusion centres (fccases), newest first. */
  fusionCases(access: RequestAccess, body: FusionCasesBody): Promise<{ cases: Case[]; total: number }> {
    return this.uow.read(access, async (tx) => {
      const [rows, total] = await this.cases.fusionSentPage(tx, access, body);
      return { cases: await this.mapper.many(tx, rows), total };
    });
  }

  /** A case sent to the caller's fusion side, or null. */
  private loadFusionCase(tx: ReadTx, access: RequestAccess, caseId: string, lock: boolean): Promise<CaseEntity | null> {
    return this.cases.findFusionSent(tx, access, caseId, lock);
  }

  /** FusionCaseChanged on cases.fusion.v1, in the transition's unit of work. */
  private async publishFusion(
    tx: ChangeTx,
    done: TransitionResult,
    actorId: string | null,
    contractId: string | null,
    _kind: 'send' | 'update' | 'recall' | null,
  ): Promise<void> {
    const row = done.case;
    const previous = (done.change.details?.previousFusionStatus as string | null | undefined) ?? null;
    await tx.publish(FusionCaseChangedV1, row.id, {
      caseId: row.id,
      contractId,
      action: done.change.action,
      fusionStatus: row.fusionStatus,
      previousFusionStatus: previous,
      senderTenantId: row.tenantId,
      fusionTenantId: row.fusionTenantId,
      fusionCentreId: row.fusionCentreId,
      radiologistId: row.radiologistId,
      actorId,
      // the sender's centre and the modality: what the fusion hub bills a completed read by (docs/decisions/0275)
      centreId: row.centreId,
      groupId: row.groupId,
      modality: row.modality,
    });
  }
}
