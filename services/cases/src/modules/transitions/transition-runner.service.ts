import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  grantsAllow,
  requirement,
  type Case,
  type CaseChangedMessage,
  type CaseEventType,
  type PrivilegeCode,
} from '@rayworks/contracts';
import { worklistStatusOf } from '@rayworks/lifecycles';
import {
  UnitOfWork,
  type AuditClient,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
  type TenantScope,
} from '@rayworks/nest-kit';
import type { CaseEntity, NewCase } from '../cases/case.entity.js';
import { CaseMapper } from '../cases/case.mapper.js';
import { actsAcrossCompanies } from '../cases/case-company.js';
import { CasesPublisher } from '../cases/cases.publisher.js';
import { VisibleCases } from '../cases/visible-cases.service.js';
import { CasePush, roomFactsOf } from './case-push.js';
import { actionNotAllowed, caseConflict, caseNotFound, missingPrivilege } from './transitions.errors.js';
import { TransitionsRepository, type CasePatch } from './transitions.repository.js';

/** A worklist privilege code (WORKLIST submodule). */
export type WorklistPrivilege = PrivilegeCode<'WORKLIST'>;

/** What a transition does to the case, decided from the case as it is (the machine and the action table). */
export interface CaseChange {
  /** The action (CASE_ACTIONS, or a system action such as AUTO_ASSIGN): in the event, the audit entry and the push. */
  action: string;
  event: CaseEventType;
  patch: CasePatch;
  reason?: string | null;
  /** More for the audit entry (never patient data). */
  details?: Record<string, unknown>;
  /** Cases the transition makes beside this one (a split's parts): inserted, each with its own CaseCreated event. */
  children?: readonly NewCase[];
}

/** A refusal of the machine or the action table (409 with its message). */
export interface CaseRefusal {
  refused: string;
}

export interface TransitionRequest {
  caseId: string;
  /** The version the caller read: a case at another version has moved on (409 conflict). */
  version: number;
  /** The caller must hold one of these WORKLIST privileges (403 otherwise); none for a system transition. */
  privileges: readonly WorklistPrivilege[];
  /**
   * Decides the change from the case as it is, in the transaction (so it may read more: settings, assignees).
   * Returns a refusal for what the machine or the table does not allow (409), or throws an HttpException.
   */
  decide: (current: CaseEntity, tx: ChangeTx) => Promise<CaseChange | CaseRefusal> | CaseChange | CaseRefusal;
  /**
   * The caller's reach, when it is not VisibleCases' (the fusion side's reach of a sent case): loads the case,
   * locked, under the caller's own row-level security, or null (404).
   */
  load?: (tx: ReadTx, access: RequestAccess) => Promise<CaseEntity | null>;
}

/**
 * The caller of a transition: a request's (its reach and privileges apply) or the system (auto-assignment).
 * `caseTenantId`: the case belongs to another company than the caller's (a marketplace radiologist, of none; the
 * fusion side): the unit of work runs in the case's company as the caller (`{ inCompany }`), the case is loaded under
 * the caller's own row-level security (`tx.asCaller`: the policies decide the reach), then the writes (row, counts,
 * outbox, audit) run in the case's company (docs/decisions/0150-fusion-reach.md, 0225-act-in-a-company.md).
 */
export type TransitionCaller = { access: RequestAccess; caseTenantId?: string } | { system: TenantScope };

/** The outcome of one transition: the case after it, and the cases it made (rows, and as the API shows them). */
export interface TransitionResult {
  case: CaseEntity;
  children: CaseEntity[];
  change: CaseChange;
  view: Case;
  childViews: Case[];
}

const isRefusal = (x: CaseChange | CaseRefusal): x is CaseRefusal => 'refused' in x;

/**
 * The one road every change of a case takes (docs/decisions/0122-one-transition-runner.md), in one unit of work:
 * load the case the caller can see (404), check the privilege (403), check the version the caller read (409),
 * ask the decision (the machine and the action table: 409 with its message), apply the patch with
 * `UPDATE … WHERE id AND version` (409 when another change won), write the outbox event (CASE_EVENTS[type]) and the
 * audit entry in the same transaction; after the commit, push `cases:case-changed` to the company's room.
 * The marketplace and fusion transitions go through it too, with their own `decide`.
 */
@Injectable()
export class TransitionRunner {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(TransitionsRepository) private readonly cases: TransitionsRepository,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CasesPublisher) private readonly publisher: CasesPublisher,
    @Inject(CaseMapper) private readonly mapper: CaseMapper,
    @Inject(CasePush) private readonly pushes: CasePush,
  ) {}

  /**
   * One transition as its own unit of work. A caller of no company (a marketplace radiologist) acts in the case's
   * company: its tenant is read first under the caller's row-level security (404 when not visible).
   */
  async run(
    caller: TransitionCaller,
    request: TransitionRequest,
    client?: AuditClient | null,
  ): Promise<TransitionResult> {
    if ('access' in caller && caller.caseTenantId === undefined && actsAcrossCompanies(caller.access)) {
      const access = caller.access;
      const seen = await this.uow.read(access, (tx) =>
        request.load ? request.load(tx, access) : this.visible.load(tx, access, request.caseId),
      );
      if (!seen) throw caseNotFound();
      caller = { access, caseTenantId: seen.tenantId };
    }
    const work = (tx: ChangeTx) => this.within(tx, caller, request, client);
    if ('system' in caller) return this.uow.change(caller.system, work);
    return this.uow.change(caller.access, work, { inCompany: caller.caseTenantId });
  }

  /** Loads the case the caller can see, locked: under the caller's own context when the case is another company's. */
  private async loadFor(
    tx: ChangeTx,
    caller: { access: RequestAccess; caseTenantId?: string },
    request: TransitionRequest,
  ): Promise<CaseEntity | null> {
    const { access, caseTenantId } = caller;
    const load = (t: ReadTx) =>
      request.load ? request.load(t, access) : this.visible.load(t, access, request.caseId, { lock: true });
    if (caseTenantId === undefined || caseTenantId === access.principal.tenantId) return load(tx);
    return tx.asCaller((own) =>
      load(own).catch((error: unknown) => {
        if (error instanceof NotFoundException) return null;
        throw error;
      }),
    );
  }

  /**
   * One transition inside a unit of work the caller holds (several transitions committed together): the same checks
   * and writes; the pushes go out after that unit commits.
   */
  async within(
    tx: ChangeTx,
    caller: TransitionCaller,
    request: TransitionRequest,
    client?: AuditClient | null,
  ): Promise<TransitionResult> {
    // the reach rule (core's VisibleCases): a case the caller cannot see is 404, as if it did not exist
    const current =
      'access' in caller ? await this.loadFor(tx, caller, request) : await this.cases.findForChange(tx, request.caseId);
    if (!current) throw caseNotFound();
    // a case of another company is written only in its own company's context (run() switches to it)
    if (current.tenantId !== tx.tenantId) throw caseNotFound();
    if ('access' in caller && !this.holds(caller.access, request.privileges)) throw missingPrivilege();
    if (current.version !== request.version) throw caseConflict();

    const previousStatus = current.status;
    const before = roomFactsOf(current);
    const change = await request.decide(current, tx);
    if (isRefusal(change)) throw actionNotAllowed(change.refused);

    const moved = await this.cases.updateIfVersion(tx, current.id, request.version, change.patch);
    if (!moved) throw caseConflict();
    const actorId = 'access' in caller ? caller.access.principal.userId : null;

    await this.publisher.publish(tx, change.event, moved, {
      action: change.action,
      previousStatus,
      actorId,
      reason: change.reason,
    });
    const children: CaseEntity[] = [];
    for (const row of change.children ?? []) {
      const child = await this.cases.insert(tx, row);
      children.push(child);
      await this.publisher.publish(tx, 'CaseCreated', child, {
        action: change.action,
        previousStatus: null,
        actorId,
        reason: change.reason,
      });
    }
    await tx.audit({
      action: `case.${change.action.toLowerCase()}`,
      target: { type: 'case', id: moved.id },
      details: {
        from: previousStatus,
        to: moved.status,
        version: moved.version,
        ...(change.reason ? { reason: change.reason } : {}),
        ...(children.length ? { children: children.map((c) => c.id) } : {}),
        ...change.details,
      },
      client: client ?? null,
    });
    // to whoever may read the case as it was or as it is (a reassignment reaches the old and the new assignee)
    const pushes = [
      { message: this.messageOf(moved, change, actorId), states: [before, roomFactsOf(moved)] },
      ...children.map((row) => ({ message: this.messageOf(row, change, actorId), states: [roomFactsOf(row)] })),
    ];
    tx.afterCommit(() => this.pushes.send(pushes));
    const [view, ...childViews] = await this.mapper.many(tx, [moved, ...children]);
    return { case: moved, children, change, view: view!, childViews };
  }

  private holds(access: RequestAccess, privileges: readonly WorklistPrivilege[]): boolean {
    return privileges.length > 0 && grantsAllow(access.principal.grants, requirement('WORKLIST', ...privileges));
  }

  private messageOf(row: CaseEntity, change: CaseChange, actorId: string | null): CaseChangedMessage {
    return {
      caseId: row.id,
      version: row.version,
      type: change.event,
      status: row.status,
      worklistStatus: worklistStatusOf(row.status, row.imagingState),
      centreId: row.centreId,
      radiologistId: row.radiologistId,
      typistId: row.typistId,
      actorId,
    };
  }
}
