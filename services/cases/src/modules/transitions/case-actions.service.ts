import { ConflictException, HttpException, Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  CASE_MESSAGES,
  DEFAULT_TURNAROUND_MINUTES,
  type AssignResult,
  type Case,
  type CaseEventType,
  type CaseLegend,
  type CasePriority,
  type assignCasesBody,
  type caseLegendBody,
  type splitCaseBody,
  type worklistUpdateBody,
  type WorklistUpdateAction,
} from '@rayworks/contracts';
import type { AuditClient, ChangeTx, RequestAccess, TenantScope } from '@rayworks/nest-kit';
import type { CaseEntity } from '../cases/case.entity.js';
import { AssigneesRepository, readsCase } from './assignees.repository.js';
import { nextStep, type CaseActor } from './case-machine.js';
import { toCase } from './case-view.js';
import {
  TransitionRunner,
  type CaseChange,
  type CaseRefusal,
  type WorklistPrivilege,
} from './transition-runner.service.js';
import { ActionRefusedException } from './transitions.errors.js';
import type { CasePatch, NewCase } from './transitions.repository.js';

type AssignBody = z.output<typeof assignCasesBody>;
type UpdateBody = z.output<typeof worklistUpdateBody>;
type SplitBody = z.output<typeof splitCaseBody>;
type LegendBody = z.output<typeof caseLegendBody>;

/** The privilege each action needs (CASE_ACTION_PRIVILEGES of libs/contracts once merged). */
const PRIVILEGE: Record<WorklistUpdateAction | 'ASSIGN' | 'SPLIT', WorklistPrivilege> = {
  ASSIGN: 'ASSIGN',
  REASSIGN: 'REASSIGN',
  UNASSIGN: 'UNASSIGN',
  RECALL: 'RECALL',
  ROLLBACK: 'ROLLBACK',
  SPLIT: 'SPLIT_CASE',
  FLAG_EMERGENCY: 'FLAG_EMERGENCY_MLC',
  FLAG_MLC: 'FLAG_EMERGENCY_MLC',
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  ACCEPT_RECALL: 'ACCEPT',
  REJECT_RECALL: 'REJECT',
  HOLD: 'GENERATE_REPORT',
  UNHOLD: 'GENERATE_REPORT',
  REVERT: 'REJECT',
  SEND_TO_TYPIST: 'GENERATE_REPORT',
  SUBMIT_FOR_REVIEW: 'GENERATE_REPORT',
  COMPLETE: 'GENERATE_REPORT',
  ADDENDUM: 'ADDENDUM',
  TRANSCRIBE: 'TRANSCRIBE',
};

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

const EVENT: Record<WorklistUpdateAction, CaseEventType> = {
  REASSIGN: 'CaseAssigned',
  UNASSIGN: 'CaseUnassigned',
  RECALL: 'CaseRecallRequested',
  ROLLBACK: 'CaseRolledBack',
  FLAG_EMERGENCY: 'CaseUpdated',
  FLAG_MLC: 'CaseUpdated',
  ACCEPT: 'CaseAccepted',
  REJECT: 'CaseRejected',
  ACCEPT_RECALL: 'CaseRecalled',
  REJECT_RECALL: 'CaseRecallRejected',
  HOLD: 'CaseHeld',
  UNHOLD: 'CaseUpdated',
  REVERT: 'CaseReverted',
  SEND_TO_TYPIST: 'CaseSentToTypist',
  SUBMIT_FOR_REVIEW: 'CaseSentForReview',
  COMPLETE: 'CaseCompleted',
  ADDENDUM: 'CaseAddendumStarted',
  TRANSCRIBE: 'CaseUpdated',
};

const cleared = {
  recallRequestedAt: null,
  recallRequestedBy: null,
  onHold: false,
  transcriptionStartedAt: null,
} satisfies CasePatch;

/** The due time of a case from when it was received and its priority. */
const dueOf = (row: CaseEntity, priority: CasePriority): Date =>
  new Date((row.receivedAt ?? row.createdAt).getTime() + DEFAULT_TURNAROUND_MINUTES[priority] * 60_000);

const actorOf = (access: RequestAccess): CaseActor => ({
  userId: access.principal.userId,
  roleCodes: access.principal.roleCodes,
});

/**
 * The worklist's actions on cases (spec §7 /cases/assign, /cases/worklistupdate, split, flags and legends), each a
 * transition of the one runner; and auto-assignment of new cases (docs/decisions/0123-assignment-and-typists.md).
 */
@Injectable()
export class CaseActionsService {
  constructor(
    @Inject(TransitionRunner) private readonly runner: TransitionRunner,
    @Inject(AssigneesRepository) private readonly assignees: AssigneesRepository,
  ) {}

  /**
   * Assigns each case (its own unit of work) to the radiologist or the typist. At least one assigned: 200 with
   * every case's result. None: the refusal itself — 'There are no patients available to assign to the case.' when
   * the machine refused every case, otherwise the first case's error (a conflict, a case out of reach, …).
   */
  async assign(access: RequestAccess, body: AssignBody, client: AuditClient): Promise<AssignResult[]> {
    const results: AssignResult[] = [];
    const failures: HttpException[] = [];
    for (const ref of body.cases) {
      try {
        const done = await this.runner.run(
          { access },
          {
            caseId: ref._id,
            version: ref.version,
            privileges: [PRIVILEGE.ASSIGN, PRIVILEGE.REASSIGN],
            decide: (row, tx) =>
              body.radiologistId !== undefined
                ? this.toRadiologist(tx, row, actorOf(access), body.radiologistId, 'ASSIGN')
                : this.toTypist(tx, row, actorOf(access), body.typistId!, 'ASSIGN'),
          },
          client,
        );
        results.push({
          _id: ref._id,
          status: 'success',
          code: 200,
          message: CASE_MESSAGES.assigned,
          case: toCase(done.case),
        });
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
        privileges: [PRIVILEGE[body.action]],
        decide: (row, tx) => this.decide(tx, row, actor, body),
      },
      client,
    );
    const message =
      body.action === 'COMPLETE' && done.case.status !== 'COMPLETED'
        ? CASE_MESSAGES.sentForReview
        : MESSAGE[body.action];
    return { case: toCase(done.case), message };
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
        privileges: [PRIVILEGE.SPLIT],
        decide: async (row, tx) => {
          const step = nextStep('SPLIT', row, actor, await this.acceptanceOf(tx, row));
          if ('refused' in step) return step;
          const all = body.parts.flat();
          const known = row.seriesInstanceUids;
          if (new Set(all).size !== all.length || (known !== null && all.some((uid) => !known.includes(uid))))
            return { refused: CASE_MESSAGES.seriesNotOfCase };
          const [first, ...rest] = body.parts;
          const children: NewCase[] = rest.map((series) => ({
            ...this.copyOf(row),
            seriesInstanceUids: series,
            seriesCount: series.length,
            parentCaseId: row.id,
          }));
          return {
            action: 'SPLIT',
            event: 'CaseSplit',
            patch: { seriesInstanceUids: first, seriesCount: first!.length },
            children,
            details: { parts: body.parts.length },
          };
        },
      },
      client,
    );
    return { case: toCase(done.case), children: done.children.map(toCase) };
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
    return toCase(done.case);
  }

  /**
   * Auto-assignment of a NEW case (centre setting autoAssign, off by default): to the online radiologist of its centre
   * who reads its modality or body part and has the least open work. Nobody online, the setting off, or the case
   * moved on meanwhile: nothing happens (the case stays as it is). Returns the radiologist it went to.
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
            const settings = await this.assignees.settingsOf(tx, row.centreId);
            if (!settings.auto_assign || row.status !== 'NEW' || row.centreId === null) return { refused: 'off' };
            const online = await this.assignees.ofCentre(tx, row.centreId, 'radiologist', { onlineOnly: true });
            const pick = online.find((u) => readsCase(u.specializations, row));
            if (!pick) return { refused: 'nobody online' };
            chosen = pick.id;
            return this.toRadiologist(tx, row, { userId: null, roleCodes: [] }, pick.id, 'ASSIGN', 'AUTO_ASSIGN');
          },
        },
      );
    } catch (error) {
      // the case moved on, or nobody could take it: it stays for an admin
      if (error instanceof HttpException) return null;
      throw error;
    }
    return chosen;
  }

  private async decide(
    tx: ChangeTx,
    row: CaseEntity,
    actor: CaseActor,
    body: UpdateBody,
  ): Promise<CaseChange | CaseRefusal> {
    const action = body.action;
    if (action === 'REASSIGN') {
      if (body.radiologistId === undefined) return { refused: CASE_MESSAGES.notARadiologistOfCentre };
      return this.toRadiologist(tx, row, actor, body.radiologistId, 'REASSIGN');
    }
    if (action === 'SEND_TO_TYPIST') return this.toTypist(tx, row, actor, body.typistId, 'SEND_TO_TYPIST');
    if (action === 'REJECT' && !body.reason) return { refused: CASE_MESSAGES.reasonRequired };
    if (action === 'TRANSCRIBE' && row.transcriptionStartedAt)
      return { refused: CASE_MESSAGES.transcriptionistWorking };

    const step = nextStep(action, row, actor, await this.acceptanceOf(tx, row));
    if ('refused' in step) return step;
    const now = new Date();
    const base = { action, event: EVENT[action], reason: body.reason ?? null };
    switch (action) {
      case 'UNASSIGN':
      case 'REVERT':
        return {
          ...base,
          patch: { status: step.status, radiologistId: null, typistId: null, assignedAt: null, ...cleared },
        };
      case 'ACCEPT':
        return { ...base, patch: { status: step.status } };
      case 'REJECT':
        return { ...base, patch: { status: step.status, radiologistId: null, rejectReason: body.reason, ...cleared } };
      case 'RECALL':
        return { ...base, patch: { recallRequestedAt: now, recallRequestedBy: actor.userId } };
      case 'ACCEPT_RECALL':
        return { ...base, patch: { status: step.status, radiologistId: null, typistId: null, ...cleared } };
      case 'REJECT_RECALL':
        return { ...base, patch: { recallRequestedAt: null, recallRequestedBy: null } };
      case 'HOLD':
      case 'UNHOLD':
        return { ...base, patch: { onHold: action === 'HOLD' } };
      case 'TRANSCRIBE':
        return { ...base, patch: { transcriptionStartedAt: now } };
      case 'SUBMIT_FOR_REVIEW':
        return { ...base, patch: { status: step.status } };
      case 'COMPLETE':
        return step.status === 'COMPLETED'
          ? { ...base, patch: { status: step.status, completedAt: now, onHold: false } }
          : { ...base, event: 'CaseSentForReview', patch: { status: step.status } };
      case 'ROLLBACK':
      case 'ADDENDUM':
        return { ...base, patch: { status: step.status, completedAt: null, transcriptionStartedAt: null } };
      case 'FLAG_EMERGENCY': {
        const on = body.on ?? true;
        const priority: CasePriority = on ? 'EMERGENT' : 'ROUTINE';
        return {
          ...base,
          patch: { legends: withLegend(row.legends, 'Emergency', on), priority, dueAt: dueOf(row, priority) },
          details: { legend: 'Emergency', on },
        };
      }
      case 'FLAG_MLC': {
        const on = body.on ?? true;
        return { ...base, patch: { legends: withLegend(row.legends, 'MLC', on) }, details: { legend: 'MLC', on } };
      }
    }
  }

  /** Assign or reassign to a radiologist: an active user of the case's centre with a radiologist role. */
  private async toRadiologist(
    tx: ChangeTx,
    row: CaseEntity,
    actor: CaseActor,
    radiologistId: string,
    action: 'ASSIGN' | 'REASSIGN',
    recordAs: string = action,
  ): Promise<CaseChange | CaseRefusal> {
    if (row.status === 'PENDING FOR SCAN') return { refused: CASE_MESSAGES.noPatientsToAssign };
    const machineAction = action === 'ASSIGN' && row.status !== 'NEW' ? 'REASSIGN' : action;
    const step = nextStep(machineAction, row, actor, await this.acceptanceOf(tx, row));
    if ('refused' in step) return step;
    const [radiologist] =
      row.centreId === null
        ? []
        : await this.assignees.ofCentre(tx, row.centreId, 'radiologist', { userId: radiologistId });
    if (!radiologist) throw new ConflictException(CASE_MESSAGES.notARadiologistOfCentre);
    return {
      action: recordAs,
      event: 'CaseAssigned',
      patch: {
        status: step.status,
        radiologistId,
        assignedAt: new Date(),
        rejectReason: null,
        typistId: null,
        ...cleared,
      },
      details: { radiologistId },
    };
  }

  /**
   * To a typist: the one chosen, or (centre setting AUTOMATIC) the centre's typist who is online with the least open
   * work (nobody online: the least loaded of them, who finds it on coming back); MANUAL without a choice is refused. A case a typist already holds is refused with spec §8's words.
   */
  private async toTypist(
    tx: ChangeTx,
    row: CaseEntity,
    actor: CaseActor,
    typistId: string | undefined,
    action: 'ASSIGN' | 'SEND_TO_TYPIST',
  ): Promise<CaseChange | CaseRefusal> {
    if (row.status === 'PENDING AT TYPIST' && row.transcriptionStartedAt)
      return { refused: CASE_MESSAGES.transcriptionistWorking };
    let status = row.status;
    if (row.status !== 'PENDING AT TYPIST') {
      const step = nextStep('SEND_TO_TYPIST', row, actor, await this.acceptanceOf(tx, row));
      if ('refused' in step) return step;
      status = step.status;
    }
    if (row.centreId === null) return { refused: CASE_MESSAGES.notATypistOfCentre };
    let typist: string;
    if (typistId !== undefined) {
      const [found] = await this.assignees.ofCentre(tx, row.centreId, 'typist', { userId: typistId });
      if (!found) throw new ConflictException(CASE_MESSAGES.notATypistOfCentre);
      typist = found.id;
    } else {
      const settings = await this.assignees.settingsOf(tx, row.centreId);
      if (settings.typist_assignment === 'MANUAL') return { refused: CASE_MESSAGES.chooseTypist };
      // online first, then the least open work; a centre with no typist at all cannot send
      const [least] = await this.assignees.ofCentre(tx, row.centreId, 'typist');
      if (!least) return { refused: CASE_MESSAGES.notATypistOfCentre };
      typist = least.id;
    }
    return {
      action,
      event: 'CaseSentToTypist',
      patch: { status, typistId: typist, transcriptionStartedAt: null, onHold: false },
      details: { typistId: typist, chosen: typistId !== undefined },
    };
  }

  private async acceptanceOf(tx: ChangeTx, row: CaseEntity): Promise<{ requiresAcceptance: boolean }> {
    return { requiresAcceptance: (await this.assignees.settingsOf(tx, row.centreId)).requires_acceptance };
  }

  /** A new case of the same study, patient, centre and priority, waiting to be assigned. */
  private copyOf(row: CaseEntity): NewCase {
    return {
      tenantId: row.tenantId,
      groupId: row.groupId,
      centreId: row.centreId,
      status: 'NEW',
      fusionStatus: null,
      workflowType: row.workflowType,
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
      radiologistId: null,
      typistId: null,
      onHold: false,
      recallRequestedAt: null,
      recallRequestedBy: null,
      rejectReason: null,
      fusionCentreId: null,
      transcriptionStartedAt: null,
      receivedAt: row.receivedAt,
      dueAt: row.dueAt,
      assignedAt: null,
      completedAt: null,
    };
  }
}

function withLegend(legends: readonly CaseLegend[], legend: CaseLegend, on: boolean): CaseLegend[] {
  const rest = legends.filter((l) => l !== legend);
  return on ? [...rest, legend] : rest;
}
