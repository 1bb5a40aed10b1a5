import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CASE_EVENTS, type CaseEventPayload, type EventEnvelope } from '@rayworks/contracts';
import { EventConsumer } from '@rayworks/nest-kit';
import { CaseActionsService } from './case-actions.service.js';

/**
 * Auto-assignment (docs/decisions/0123-assignment-and-typists.md): the cases service reads its own case events, and
 * a case that became NEW by arriving (CaseCreated, CaseMatched) goes to an online radiologist of its centre when the
 * centre asks for it. It runs in its own unit of work after the creation committed, so creation never waits on it
 * and the change is pushed to the consoles like any other; a redelivered event finds the case no longer NEW (or at
 * another version) and changes nothing.
 */
@Injectable()
export class AutoAssignmentConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(CaseActionsService) private readonly actions: CaseActionsService,
  ) {}

  onModuleInit(): void {
    const handle = (envelope: EventEnvelope<CaseEventPayload>) => this.arrived(envelope);
    this.consumer.on(CASE_EVENTS.CaseCreated, handle).on(CASE_EVENTS.CaseMatched, handle);
  }

  private async arrived(envelope: EventEnvelope<CaseEventPayload>): Promise<void> {
    const { payload } = envelope;
    if (payload.status !== 'NEW' || envelope.tenantId === null) return;
    await this.actions.autoAssign(
      { tenantId: envelope.tenantId, actor: { type: 'system', id: 'auto-assignment' }, user: null },
      payload.caseId,
      payload.version,
    );
  }
}
