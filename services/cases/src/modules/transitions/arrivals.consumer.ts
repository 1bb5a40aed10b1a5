import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CASE_EVENTS, socketRoom, type CaseEventPayload, type EventEnvelope } from '@rayworks/contracts';
import { isCaseStatus, worklistStatusOf } from '@rayworks/lifecycles';
import { EventConsumer, RealtimeEmitter } from '@rayworks/nest-kit';
import { CaseActionsService } from './case-actions.service.js';

/**
 * A case arriving (a study imported: CaseCreated, CaseMatched, CaseStudyUpdated), read back from the cases service's
 * own events, so both steps run after the arrival committed:
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
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    const handle = (envelope: EventEnvelope<CaseEventPayload>) => this.arrived(envelope);
    this.consumer
      .on(CASE_EVENTS.CaseCreated, handle)
      .on(CASE_EVENTS.CaseMatched, handle)
      .on(CASE_EVENTS.CaseStudyUpdated, handle);
  }

  private async arrived(envelope: EventEnvelope<CaseEventPayload>): Promise<void> {
    const { payload, tenantId } = envelope;
    if (tenantId === null || !isCaseStatus(payload.status)) return;
    this.push(tenantId, envelope);
    if (envelope.type === 'CaseStudyUpdated' || payload.status !== 'NEW') return;
    await this.actions.autoAssign(
      { tenantId, actor: { type: 'system', id: 'auto-assignment' }, user: null },
      payload.caseId,
      payload.version,
    );
  }

  /** Best effort, like every push: a console that misses it reads over HTTP. */
  private push(tenantId: string, { type, payload }: EventEnvelope<CaseEventPayload>): void {
    if (!isCaseStatus(payload.status)) return;
    try {
      this.realtime.toRoom(socketRoom.tenant(tenantId), 'cases:case-changed', {
        caseId: payload.caseId,
        version: payload.version,
        type,
        status: payload.status,
        worklistStatus: worklistStatusOf(payload.status, 'IMPORTED'),
        centreId: payload.centreId,
        radiologistId: payload.radiologistId,
        typistId: payload.typistId,
        actorId: payload.actorId,
      });
    } catch {
      // the arrival is committed; the worklist refetches on its next read
    }
  }
}
