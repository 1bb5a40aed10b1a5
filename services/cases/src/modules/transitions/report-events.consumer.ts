import { HttpException, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CASE_MESSAGES,
  REPORT_EVENTS,
  type EventEnvelope,
  type ReportEventPayload,
  type ReportEventType,
} from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork, type AuditActor, type TenantScope } from '@rayworks/nest-kit';
import { CasesRepository } from '../cases/cases.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { ReportStepsService } from './report-steps.service.js';
import { TransitionRunner } from './transition-runner.service.js';

/** The case action each report event applies (the others are recorded on the case's trail only). */
export const REPORT_EVENT_ACTIONS: Partial<
  Record<ReportEventType, 'SEND_TO_TYPIST' | 'TRANSCRIBE' | 'SUBMIT_FOR_REVIEW' | 'COMPLETE' | 'ADDENDUM'>
> = {
  ReportSentToTypist: 'SEND_TO_TYPIST',
  ReportTranscriptionStarted: 'TRANSCRIBE',
  ReportSubmittedForReview: 'SUBMIT_FOR_REVIEW',
  ReportFinalized: 'COMPLETE',
  ReportAddendumFinalized: 'ADDENDUM',
};

/** The audit action of a report event on the case's trail: ReportFinalized → REPORT_FINALIZED. */
export const reportAuditAction = (type: string): string => type.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** How often a transition that lost a race with another change of the case is tried again. */
const ATTEMPTS = 3;

/**
 * reporting.report.v1 → the case moves on (docs/decisions/0173-report-model-and-workflow.md). Every report event
 * (Critical* included) is an entry of the case's audit trail, written with the inbox entry (the kit's inbox applies
 * each event id once). The step's transition (ReportFinalized → case.complete, …) goes through the one transition
 * runner with the event's actor, in its own unit of work (so the console hears `case:changed` after it commits); a
 * replay finds the case moved on and the machine refuses: a refusal is logged and audited, never retried, so a
 * case completes once.
 */
/** What the case's step came to, kept in the report event's audit entry: the case's new status, or the refusal. */
type StepOutcome =
  Record<string, never> | { caseAction: string; caseStatus: string } | { caseAction: string; refused: string };

@Injectable()
export class ReportEventsConsumer implements OnModuleInit {
  private readonly logger = new Logger(ReportEventsConsumer.name);

  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(TransitionRunner) private readonly runner: TransitionRunner,
    @Inject(ReportStepsService) private readonly steps: ReportStepsService,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  onModuleInit(): void {
    for (const definition of Object.values(REPORT_EVENTS))
      this.consumer.on(definition, (e, manager) => this.handle(e, manager));
  }

  async handle(e: EventEnvelope<ReportEventPayload>, manager: EntityManager): Promise<void> {
    const tenantId = companyOfEvent(e);
    const p = e.payload;
    const action = REPORT_EVENT_ACTIONS[e.type as ReportEventType];
    const user = p.actorId ? await this.userOf(tenantId, p.actorId) : null;
    let outcome: StepOutcome = {};
    if (action && user) outcome = await this.transition(tenantId, p, action, user);
    await this.uow.join(manager, { tenantId, actor: e.actor, user }, async (tx) => {
      await tx.audit({
        action: reportAuditAction(e.type),
        target: { type: 'case', id: p.caseId },
        details: {
          eventId: e.id,
          reportId: p.reportId,
          version: p.version,
          status: p.status,
          ...(p.typistId ? { typistId: p.typistId } : {}),
          ...(p.addendumId ? { addendumId: p.addendumId } : {}),
          ...(p.alertId ? { alertId: p.alertId } : {}),
          ...(p.pdfKey ? { pdfKey: p.pdfKey } : {}),
          ...outcome,
        },
      });
    });
  }

  /** The actor as the audit names them (their login from the company's directory; a stranger by id). */
  private async userOf(tenantId: string, userId: string): Promise<AuditActor> {
    const found = await this.uow.read({ tenantId }, (tx) => this.directory.user(tx, userId));
    return { userId, loginName: found?.loginName ?? userId };
  }

  /** The case's transition for the step; a refusal (or the case gone) is the outcome, not an error. */
  private async transition(
    tenantId: string,
    p: ReportEventPayload,
    action: NonNullable<(typeof REPORT_EVENT_ACTIONS)[ReportEventType]>,
    user: AuditActor,
  ): Promise<StepOutcome> {
    const scope: TenantScope = { tenantId, actor: { type: 'user', id: user.userId }, user };
    for (let attempt = 1; ; attempt++) {
      const current = await this.uow.read({ tenantId }, (tx) => this.cases.byId(tx, p.caseId));
      if (!current) {
        this.logger.warn(`report event for an unknown case ${p.caseId}: nothing to move`);
        return { caseAction: action, refused: 'case not found' };
      }
      try {
        const done = await this.runner.run(
          { system: scope },
          {
            caseId: p.caseId,
            version: current.version,
            privileges: [],
            decide: (row, tx) => this.steps.step(tx, row, user.userId, action, p.typistId ?? null),
          },
        );
        return { caseAction: action, caseStatus: done.case.status };
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        // another change of the case won the race: read it again and decide again (the machine may refuse now)
        if (error.message === CASE_MESSAGES.conflict && attempt < ATTEMPTS) continue;
        this.logger.warn(`report event ${action} on case ${p.caseId} refused: ${error.message}`);
        return { caseAction: action, refused: error.message };
      }
    }
  }
}
