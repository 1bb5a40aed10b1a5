import { BadRequestException, ConflictException, HttpException, Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  CASE_ACTION_PRIVILEGES,
  CASE_MESSAGES,
  ROLE_CODES,
  type AssignResult,
  type Case,
  type CaseAction,
  type CaseLegend,
  type CaseSystemEvent,
  type CentreSettings,
  type assignCasesBody,
  type caseAssigneesBody,
  type CaseAssignee,
  type caseLegendBody,
  type splitCaseBody,
  type worklistUpdateBody,
  type WorklistUpdateAction,
} from '@rayworks/contracts';
import {
  authorizeCaseAction,
  dueAtOf,
  nextCase,
  type CaseLifecycleFacts,
  type CaseRefusal as LifecycleRefusal,
  type NextCaseInput,
} from '@rayworks/lifecycles';
import {
  forbidden,
  UnitOfWork,
  type AuditClient,
  type ChangeTx,
  type RequestAccess,
  type TenantScope,
} from '@rayworks/nest-kit';
import { unworked, type CaseEntity, type NewCase } from '../cases/case.entity.js';
import { CentreSettingsService } from '../settings/centre-settings.service.js';
import { AssigneesRepository, filterAssignees, readsCase, specializationsOf } from './assignees.repository.js';
import { TransitionRunner, type CaseChange, type CaseRefusal } from './transition-runner.service.js';
import { ActionRefusedException } from './transitions.errors.js';
import type { CasePatch } from './transitions.repository.js';

type AssignBody = z.output<typeof assignCasesBody>;
type AssigneesBody = z.output<typeof caseAssigneesBody>;
type UpdateBody = z.output<typeof worklistUpdateBody>;
type SplitBody = z.output<typeof splitCaseBody>;
type LegendBody = z.output<typeof caseLegendBody>;

/** Who acts on a case: a user (their id and roles), or the system (auto-assignment). */
export interface Actor {
  userId: string | null;
  roleCodes: readonly string[];
}

/** The answer of each action of /cases/worklistupdate (spec §8 where it has words; CASE_MESSAGES). */
const MESSAGE: Record<WorklistUpdateAction, string> = {
  REASSIGN: CASE_MESSAGES.assigned,
  UNASSIGN: CASE_MESSAGES.unassigned,
  RECALL: CASE_MESSAGES.recallRequested,
  ROLLBACK: CASE_MESSAGES.rollbacked,
  FLAG_EMERGENCY: CASE_MESSAGES.flagged,
  FLAG_MLC: CASE_MESSAGES.flagged,
  ACCEPT: CASE_MESSAGES.accepted,
  REJECT: CASE_MESSAGES.rejected,
  ACCEPT_RECALL: CASE_MESSAGES.recallAccepted,
  REJECT_RECALL: CASE_MESSAGES.recallRejected,
  HOLD: CASE_MESSAGES.held,
  UNHOLD: CASE_MESSAGES.holdReleased,
  REVERT: CASE_MESSAGES.reverted,
  SEND_TO_TYPIST: CASE_MESSAGES.sentToTypist,
  SUBMIT_FOR_REVIEW: CASE_MESSAGES.sentForReview,
  COMPLETE: CASE_MESSAGES.completed,
  ADDENDUM: CASE_MESSAGES.addendumStarted,
  TRANSCRIBE: CASE_MESSAGES.transcriptionStarted,
};

const actorOf = (access: RequestAccess): Actor => ({
  userId: access.principal.userId,
  roleCodes: access.principal.roleCodes,
});

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const dateOf = (s: string | null | undefined): Date | null => (s ? new Date(s) : null);

/** A refusal of the lifecycle as the runner answers it: 403 and 400 thrown, 409 returned as a refusal. */
function refusalOf(refusal: LifecycleRefusal): CaseRefusal {
  if (refusal.code === 403) throw forbidden();
  if (refusal.code === 400) throw new BadRequestException(refusal.message);
  return { refused: refusal.message };
}

/**
 * The worklist's actions on cases (spec §7 /cases/assign, /cases/worklistupdate, split, flags and legends), each a
 * transition of the one runner (docs/decisions/0122), decided by libs/lifecycles — `authorizeCaseAction` (the action
 * table and who the case is assigned to) and `nextCase` (the machine: new status, changed fields, event type), the
 * same functions the console shows its actions from — and auto-assignment (docs/decisions/0123).
 */
@Injectable()
export class CaseActionsService {
  constructor(
    @Inject(TransitionRunner) private readonly runner: TransitionRunner,
    @Inject(AssigneesRepository) private readonly assignees: AssigneesRepository,
    @Inject(CentreSettingsService) private readonly settings: CentreSettingsService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /**
   * A centre's radiologists or typists to choose from (the assign page, the typist picker), with their open work, kept
   * to the picker's specialization and availability; and every specialization of the centre's people of that kind.
   */
  assigneesOf(
    access: RequestAccess,
    body: AssigneesBody,
  ): Promise<{ assignees: CaseAssignee[]; specializations: string[] }> {
    return this.uow.read(access, async (tx) => {
      await this.settings.centreInReach(tx, access, body.centreId);
      const rows = await this.assignees.ofCentre(tx, body.centreId, body.as);
      const kept = filterAssignees(rows, { specialization: body.specialization, availability: body.availability });
      return {
        assignees: kept.map((r) => ({
          id: r.id,
          fullName: r.full_name,
          specializations: r.specializations,
          isAvailable: r.is_available,
          openWork: r.open_work,
        })),
        specializations: specializationsOf(rows),
      };
    });
  }

  /**
   * Assigns each case (its own unit of work) to the radiologist or the typist. At least one assigned: 200 with
   * every case's result. None: the refusal itself — 'There are no patients available to assign to the case.' when
   * the lifecycle refused every case, otherwise the first case's error (a conflict, a case out of reach, …).
   */
  async assign(access: RequestAccess, body: AssignBody, client: AuditClient): Promise<AssignResult[]> {
    const actor = actorOf(access);
    const results: AssignResult[] = [];
    const failures: HttpException[] = [];
    for (const ref of body.cases) {
      try {
        const done = await this.runner.run(
          { access },
          {
            caseId: ref._id,
            version: ref.version,
            privileges: [CASE_ACTION_PRIVILEGES.ASSIGN, CASE_ACTION_PRIVILEGES.REASSIGN],
            decide: (row, tx) =>
              body.radiologistId !== undefined
                ? this.toRadiologist(tx, row, actor, body.radiologistId, row.status === 'NEW' ? 'ASSIGN' : 'REASSIGN')
                : this.assignTypist(tx, row, actor, body.typistId!),
          },
          client,
        );
        results.push({ _id: ref._id, status: 'success', code: 200, message: CASE_MESSAGES.assigned, case: done.view });
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        failures.push(error);
        results.push({ _id: ref._id, status: 'error', code: error.getStatus(), message: error.message, case: null });
      }
    }
    if (failures.length === body.cases.length) {
      if (failures.every((f) => f instanceof ActionRefusedException))
        throw new ConflictException(CASE_MESSAGES.noPatientsToAssign);
      throw failures[0];
    }
    return results;
  }

  /** One action on one case (/cases/worklistupdate). */
  async update(access: RequestAccess, body: UpdateBody, client: AuditClient): Promise<{ case: Case; message: string }> {
    const actor = actorOf(access);
    const done = await this.runner.run(
      { access },
      {
        caseId: body._id,
        version: body.version,
        privileges: [CASE_ACTION_PRIVILEGES[body.action]],
        decide: (row, tx) => {
          if (body.action === 'REASSIGN')
            return body.radiologistId === undefined
              ? { refused: CASE_MESSAGES.radiologistRequired }
              : this.toRadiologist(tx, row, actor, body.radiologistId, 'REASSIGN');
          if (body.action === 'SEND_TO_TYPIST') return this.sendToTypist(tx, row, actor, body.typistId);
          return this.move(tx, row, actor, body.action, { reason: body.reason ?? null });
        },
      },
      client,
    );
    const message =
      body.action === 'COMPLETE' && done.case.status !== 'COMPLETED'
        ? CASE_MESSAGES.sentForReview
        : MESSAGE[body.action];
    return { case: done.view, message };
  }

  /**
   * Splits a case by series before it is read: the case keeps the first part, each other part becomes a new case
   * (NEW, parent = this case) of the same study, patient, centre and priority.
   */
  async split(access: RequestAccess, body: SplitBody, client: AuditClient): Promise<{ case: Case; children: Case[] }> {
    const actor = actorOf(access);
    const done = await this.runner.run(
      { access },
      {
        caseId: body._id,
        version: body.version,
        privileges: [CASE_ACTION_PRIVILEGES.SPLIT],
        decide: async (row, tx) => {
          const all = body.parts.flat();
          const known = row.seriesInstanceUids;
          if (new Set(all).size !== all.length || (known !== null && all.some((uid) => !known.includes(uid))))
            throw new BadRequestException(CASE_MESSAGES.seriesNotOfCase);
          const change = await this.move(tx, row, actor, 'SPLIT', {});
          if ('refused' in change) return change;
          const [first, ...rest] = body.parts;
          return {
            ...change,
            patch: { ...change.patch, seriesInstanceUids: first, seriesCount: first!.length },
            children: rest.map((series) => ({
              ...this.copyOf(row),
              seriesInstanceUids: series,
              seriesCount: series.length,
            })),
            details: { parts: body.parts.length },
          };
        },
      },
      client,
    );
    return { case: done.view, children: done.childViews };
  }

  /** Sets or clears a reader's legend (Interested, Mark as Research) on a case the caller can see. */
  async legend(access: RequestAccess, body: LegendBody, client: AuditClient): Promise<Case> {
    const done = await this.runner.run(
      { access },
      {
        caseId: body._id,
        version: body.version,
        privileges: ['VIEW'],
        decide: (row) => ({
          action: 'LEGEND',
          event: 'CaseUpdated',
          patch: { legends: withLegend(row.legends, body.legend, body.on) },
          details: { legend: body.legend, on: body.on },
        }),
      },
      client,
    );
    return done.view;
  }

  /**
   * Auto-assignment of a NEW case (centre setting autoAssign, off by default): to the online radiologist of its
   * centre who reads its modality or body part and has the least open work. The setting off, nobody online, or the
   * case moved on meanwhile: nothing happens. Returns the radiologist it went to, or null.
   */
  async autoAssign(scope: TenantScope, caseId: string, version: number): Promise<string | null> {
    let chosen: string | null = null;
    try {
      await this.runner.run(
        { system: scope },
        {
          caseId,
          version,
          privileges: [],
          decide: async (row, tx) => {
            const settings = await this.settings.of(tx, row.centreId);
            if (!settings?.autoAssign || row.status !== 'NEW' || row.workflowType !== 'Center')
              return { refused: 'auto-assignment is off' };
            const online = await this.assignees.ofCentre(tx, row.centreId!, 'radiologist', { onlineOnly: true });
            const pick = online.find((u) => readsCase(u.specializations, row));
            if (!pick) return { refused: 'no radiologist online' };
            chosen = pick.id;
            const change = await this.toRadiologist(tx, row, { userId: null, roleCodes: [] }, pick.id, 'ASSIGN');
            return 'refused' in change ? change : { ...change, action: 'AUTO_ASSIGN' };
          },
        },
      );
    } catch (error) {
      // the case moved on, or the lifecycle refused: it stays for an admin
      if (error instanceof HttpException) return null;
      throw error;
    }
    return chosen;
  }

  /**
   * An action through the lifecycle: who may (the action table and the case's assignee; skipped for the system and
   * where the caller checked it), then where it takes the case (the machine), as a patch of the row. The marketplace
   * and fusion modules decide through it too.
   */
  async move(
    tx: ChangeTx,
    row: CaseEntity,
    actor: Actor,
    action: CaseAction | CaseSystemEvent,
    input: NextCaseInput,
    options: { authorize?: boolean } = {},
  ): Promise<CaseChange | CaseRefusal> {
    const settings = await this.settings.of(tx, row.centreId);
    const facts = await this.factsOf(tx, row, settings);
    if (actor.userId !== null && (options.authorize ?? true)) {
      const decision = authorizeCaseAction(
        { userId: actor.userId, roleCodes: actor.roleCodes },
        facts,
        action as CaseAction,
      );
      if (!decision.ok) return refusalOf(decision);
    }
    const move = nextCase(facts, action, { ...input, actorId: actor.userId });
    if (!move.ok) return refusalOf(move);
    const p = move.patch;
    const patch: CasePatch = { status: move.status, fusionStatus: move.fusionStatus };
    if (p.workflowType !== undefined) patch.workflowType = p.workflowType;
    if (p.onHold !== undefined) patch.onHold = p.onHold;
    if (p.recallRequested !== undefined) {
      patch.recallRequestedAt = p.recallRequested ? new Date() : null;
      patch.recallRequestedBy = p.recallRequested ? actor.userId : null;
    }
    if (p.radiologistId !== undefined) patch.radiologistId = p.radiologistId;
    if (p.typistId !== undefined) patch.typistId = p.typistId;
    if (p.legends !== undefined) patch.legends = p.legends;
    if (p.rejectReason !== undefined) patch.rejectReason = p.rejectReason;
    if (p.fusionCentreId !== undefined) patch.fusionCentreId = p.fusionCentreId;
    if (p.assignedAt !== undefined) patch.assignedAt = dateOf(p.assignedAt);
    if (p.completedAt !== undefined) patch.completedAt = dateOf(p.completedAt);
    if (p.priority !== undefined) {
      patch.priority = p.priority;
      const turnaround = settings
        ? { minutes: settings.turnaroundMinutes, byModality: settings.turnaroundByModality }
        : null;
      patch.dueAt = new Date(dueAtOf(row.receivedAt ?? row.createdAt, p.priority, row.modality, turnaround));
    }
    return {
      action,
      event: move.eventType ?? 'CaseUpdated',
      patch,
      reason: input.reason ?? null,
    };
  }

  /** Assign or reassign to a radiologist: an active user of the case's centre with a radiologist role. */
  private async toRadiologist(
    tx: ChangeTx,
    row: CaseEntity,
    actor: Actor,
    radiologistId: string,
    action: 'ASSIGN' | 'REASSIGN',
  ): Promise<CaseChange | CaseRefusal> {
    // a registration whose study has not arrived has nothing to read yet
    if (row.status === 'PENDING FOR SCAN') return { refused: CASE_MESSAGES.noPatientsToAssign };
    const [radiologist] =
      row.centreId === null
        ? []
        : await this.assignees.ofCentre(tx, row.centreId, 'radiologist', { userId: radiologistId });
    const change = await this.move(tx, row, actor, action, {
      radiologistId,
      radiologistIsJunior: radiologist?.role_codes.includes(ROLE_CODES.JUNIOR_RADIOLOGIST) ?? false,
    });
    if ('refused' in change) return change;
    if (!radiologist) throw new ConflictException(CASE_MESSAGES.notARadiologistOfCentre);
    return { ...change, details: { radiologistId } };
  }

  /**
   * SEND_TO_TYPIST: to the chosen typist, or (centre setting AUTOMATIC) the centre's typist who is online with the
   * least open work — nobody online: the least loaded of them, who finds it on coming back; MANUAL must choose.
   */
  private async sendToTypist(
    tx: ChangeTx,
    row: CaseEntity,
    actor: Actor,
    typistId: string | undefined,
  ): Promise<CaseChange | CaseRefusal> {
    const settings = await this.settings.of(tx, row.centreId);
    const decision = authorizeCaseAction(
      { userId: actor.userId!, roleCodes: actor.roleCodes },
      await this.factsOf(tx, row, settings),
      'SEND_TO_TYPIST',
    );
    if (!decision.ok) return refusalOf(decision);
    return this.toTypist(tx, row, actor, typistId);
  }

  /**
   * The machine's SEND_TO_TYPIST once the caller may: to the chosen typist or the centre's automatic pick (typistFor);
   * a case a typist already holds: 'A Transcriptionist is already working on the case'. The report's step of the same
   * name goes this way too (ReportStepsService).
   */
  async toTypist(
    tx: ChangeTx,
    row: CaseEntity,
    actor: Actor,
    typistId: string | undefined,
  ): Promise<CaseChange | CaseRefusal> {
    if (row.status === 'PENDING AT TYPIST' && row.typistId !== null)
      return { refused: CASE_MESSAGES.transcriptionistWorking };
    const typist = await this.typistFor(tx, row, typistId);
    if (typeof typist !== 'string') return typist;
    const change = await this.move(tx, row, actor, 'SEND_TO_TYPIST', { typistId: typist }, { authorize: false });
    return 'refused' in change ? change : { ...change, details: { typistId: typist, chosen: typistId !== undefined } };
  }

  /**
   * An admin's /cases/assign to a typist: a case IN PROGRESS goes to typing (the machine's SEND_TO_TYPIST, the
   * admin's ASSIGN privilege); a case waiting at the typists' queue unclaimed gets its typist; a case a typist holds:
   * 'A Transcriptionist is already working on the case'.
   */
  private async assignTypist(
    tx: ChangeTx,
    row: CaseEntity,
    actor: Actor,
    typistId: string,
  ): Promise<CaseChange | CaseRefusal> {
    // someone else's work in hand, not a lifecycle refusal: said as it is, also when it is the only case assigned
    if (row.status === 'PENDING AT TYPIST' && row.typistId !== null)
      throw new ConflictException(CASE_MESSAGES.transcriptionistWorking);
    const typist = await this.typistFor(tx, row, typistId);
    if (typeof typist !== 'string') return typist;
    if (row.status === 'PENDING AT TYPIST')
      return { action: 'ASSIGN', event: 'CaseSentToTypist', patch: { typistId: typist }, details: { typistId } };
    const change = await this.move(tx, row, actor, 'SEND_TO_TYPIST', { typistId: typist }, { authorize: false });
    return 'refused' in change ? change : { ...change, action: 'ASSIGN', details: { typistId } };
  }

  private async typistFor(tx: ChangeTx, row: CaseEntity, typistId: string | undefined): Promise<string | CaseRefusal> {
    if (row.centreId === null) return { refused: CASE_MESSAGES.notATypistOfCentre };
    if (typistId !== undefined) {
      const [found] = await this.assignees.ofCentre(tx, row.centreId, 'typist', { userId: typistId });
      if (!found) throw new ConflictException(CASE_MESSAGES.notATypistOfCentre);
      return found.id;
    }
    const settings = await this.settings.of(tx, row.centreId);
    if (settings?.typistAssignment !== 'AUTOMATIC') return { refused: CASE_MESSAGES.chooseTypist };
    // online first, then the least open work; a centre with no typist at all cannot send
    const [least] = await this.assignees.ofCentre(tx, row.centreId, 'typist');
    return least ? least.id : { refused: CASE_MESSAGES.notATypistOfCentre };
  }

  /** The case's facts as the lifecycle reads them. */
  private async factsOf(tx: ChangeTx, row: CaseEntity, settings: CentreSettings | null): Promise<CaseLifecycleFacts> {
    const [reader] =
      row.radiologistId !== null && row.centreId !== null
        ? await this.assignees.ofCentre(tx, row.centreId, 'radiologist', { userId: row.radiologistId })
        : [];
    return {
      status: row.status,
      workflowType: row.workflowType,
      fusionStatus: row.fusionStatus,
      onHold: row.onHold,
      recallRequested: row.recallRequestedAt !== null,
      radiologistId: row.radiologistId,
      radiologistIsJunior: reader?.role_codes.includes(ROLE_CODES.JUNIOR_RADIOLOGIST) ?? false,
      typistId: row.typistId,
      imagingState: row.imagingState,
      parentCaseId: row.parentCaseId,
      seriesCount: row.seriesCount,
      legends: row.legends,
      priority: row.priority,
      rejectReason: row.rejectReason,
      fusionCentreId: row.fusionCentreId,
      assignedAt: iso(row.assignedAt),
      completedAt: iso(row.completedAt),
      settings: {
        requiresAcceptance: settings?.requiresAcceptance ?? false,
        typistAssignment: settings?.typistAssignment ?? 'MANUAL',
      },
    };
  }

  /** A new case of the same study, patient, centre and priority, waiting to be assigned. */
  private copyOf(row: CaseEntity): NewCase {
    return {
      tenantId: row.tenantId,
      groupId: row.groupId,
      centreId: row.centreId,
      ...unworked(),
      status: 'NEW',
      workflowType: 'Center',
      patientName: row.patientName,
      patientId: row.patientId,
      patientSex: row.patientSex,
      patientBirthDate: row.patientBirthDate,
      accessionNumber: row.accessionNumber,
      studyInstanceUid: row.studyInstanceUid,
      studyId: row.studyId,
      studyDescription: row.studyDescription,
      bodyPart: row.bodyPart,
      modality: row.modality,
      modalities: row.modalities,
      studyDate: row.studyDate,
      seriesCount: row.seriesCount,
      instanceCount: 0,
      seriesInstanceUids: row.seriesInstanceUids,
      parentCaseId: row.id,
      imagingState: row.imagingState,
      priority: row.priority,
      legends: row.legends,
      receivedAt: row.receivedAt,
      dueAt: row.dueAt,
      // the same patient of the front desk (a registration's item stays with the case it opened)
      billingPatientId: row.billingPatientId,
    };
  }
}

function withLegend(legends: readonly CaseLegend[], legend: CaseLegend, on: boolean): CaseLegend[] {
  const rest = legends.filter((l) => l !== legend);
  return on ? [...rest, legend] : rest;
}
