import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CASE_EVENTS, type CaseEventPayload, type EventEnvelope } from '@rayworks/contracts';
import { isCaseStatus, worklistStatusOf } from '@rayworks/lifecycles';
import { EventConsumer } from '@rayworks/nest-kit';
import { CaseActionsService } from './case-actions.service.js';
import { CasePush } from './case-push.js';

/**
 * A case arriving (a study imported: CaseCreated, CaseMatched, CaseStudyUpdated) or leaving (a registration's case
 * removed: CaseCancelled), read back from the cases service's own events, so both steps run after the change
 * committed:
 * 1. the consoles of the company hear it (`cases:case-changed`): a worklist shows the new row and its counts live;
 * 2. auto-assignment (docs/decisions/0123-assignment-and-typists.md): a case that became NEW goes to an online
 *    radiologist of its centre when the centre asks for it, in its own unit of work, pushed like any transition; a
 *    redelivered event finds the case no longer NEW (or at another version) and changes nothing.
 */
@Injectable()
export class ArrivalsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(CaseActionsService) private readonly actions: CaseActionsService,
    @Inject(CasePush) private readonly pushes: CasePush,
  ) {}

  onModuleInit(): void {
    const handle = (envelope: EventEnvelope<CaseEventPayload>) => this.arrived(envelope);
    this.consumer
      .on(CASE_EVENTS.CaseCreated, handle)
      .on(CASE_EVENTS.CaseMatched, handle)
      .on(CASE_EVENTS.CaseStudyUpdated, handle)
      // a registration's case removed (docs/decisions/0262): the consoles drop its row
      .on(CASE_EVENTS.CaseCancelled, handle);
  }

  private async arrived(envelope: EventEnvelope<CaseEventPayload>): Promise<void> {
    const { payload, tenantId } = envelope;
    if (tenantId === null || !isCaseStatus(payload.status)) return;
    this.push(tenantId, envelope);
    // a cancelled registration's case was PENDING FOR SCAN: nothing to assign
    if (envelope.type === 'CaseStudyUpdated' || payload.status !== 'NEW') return;
    await this.actions.autoAssign(
      { tenantId, actor: { type: 'system', id: 'auto-assignment' }, user: null },
      payload.caseId,
      payload.version,
    );
  }

  private push(tenantId: string, { type, payload }: EventEnvelope<CaseEventPayload>): void {
    if (!isCaseStatus(payload.status)) return;
    this.pushes.send([
      {
        message: {
          caseId: payload.caseId,
          version: payload.version,
          type,
          status: payload.status,
          worklistStatus: worklistStatusOf(payload.status, 'IMPORTED'),
          centreId: payload.centreId,
          radiologistId: payload.radiologistId,
          typistId: payload.typistId,
          actorId: payload.actorId,
        },
        states: [{ ...payload, tenantId }],
      },
    ]);
  }
}
