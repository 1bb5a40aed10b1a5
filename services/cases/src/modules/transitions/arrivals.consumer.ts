import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CASE_EVENTS,
  type CaseEventPayload,
  type CaseStatus,
  type EventActor,
  type EventEnvelope,
} from '@rayworks/contracts';
import { isCaseStatus, worklistStatusOf } from '@rayworks/lifecycles';
import { EventConsumer, UnitOfWork } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { CentreSettingsService } from '../settings/centre-settings.service.js';
import { CaseActionsService } from './case-actions.service.js';
import { CasePush } from './case-push.js';

const AUTO_ASSIGNMENT: EventActor = { type: 'system', id: 'auto-assignment' };

/**
 * A case arriving (a study imported: CaseCreated, CaseMatched, CaseStudyUpdated) or leaving (a registration's case
 * removed: CaseCancelled), read back from the cases service's own events, so both steps run after the change
 * committed. The events of a batch come together, per company (docs/decisions/0323, 0324):
 * 1. the consoles of the company hear them (`cases:case-changed`), in one push of the batch: a worklist shows the new
 *    rows and their counts live;
 * 2. auto-assignment (docs/decisions/0123-assignment-and-typists.md): a case that became NEW goes to an online
 *    radiologist of its centre when the centre asks for it (the batch's centres' settings read once), each in its own
 *    unit of work, pushed like any transition; a redelivered event finds the case no longer NEW (or at another
 *    version) and changes nothing.
 */
@Injectable()
export class ArrivalsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(CaseActionsService) private readonly actions: CaseActionsService,
    @Inject(CasePush) private readonly pushes: CasePush,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentreSettingsService) private readonly settings: CentreSettingsService,
  ) {}

  onModuleInit(): void {
    this.consumer.onBatch(
      [
        CASE_EVENTS.CaseCreated,
        CASE_EVENTS.CaseMatched,
        CASE_EVENTS.CaseStudyUpdated,
        // a registration's case removed (docs/decisions/0262): the consoles drop its row
        CASE_EVENTS.CaseCancelled,
      ],
      (events, manager) => this.arrived(events, manager),
    );
  }

  private async arrived(events: EventEnvelope<CaseEventPayload>[], manager: EntityManager): Promise<void> {
    const tenantId = events[0]!.tenantId;
    if (tenantId === null) return;
    const cases = events.flatMap((e) => (isCaseStatus(e.payload.status) ? [{ ...e, status: e.payload.status }] : []));
    this.push(tenantId, cases);
    // a cancelled registration's case was PENDING FOR SCAN: nothing to assign; a case of no centre has no setting
    const arrived = cases.filter(
      (e) => e.type !== 'CaseStudyUpdated' && e.payload.status === 'NEW' && e.payload.centreId !== null,
    );
    if (arrived.length === 0) return;
    const settings = await this.uow.join(manager, { tenantId, actor: AUTO_ASSIGNMENT }, (tx) =>
      this.settings.ofMany(
        tx,
        arrived.map((e) => e.payload.centreId!),
      ),
    );
    for (const { payload } of arrived) {
      if (!settings.get(payload.centreId!)?.autoAssign) continue;
      await this.actions.autoAssign({ tenantId, actor: AUTO_ASSIGNMENT, user: null }, payload.caseId, payload.version);
    }
  }

  private push(tenantId: string, events: readonly (EventEnvelope<CaseEventPayload> & { status: CaseStatus })[]): void {
    this.pushes.send(
      events.map(({ type, payload, status }) => ({
        message: {
          caseId: payload.caseId,
          version: payload.version,
          type,
          status,
          worklistStatus: worklistStatusOf(status, 'IMPORTED'),
          centreId: payload.centreId,
          radiologistId: payload.radiologistId,
          typistId: payload.typistId,
          actorId: payload.actorId,
        },
        states: [{ ...payload, tenantId }],
      })),
    );
  }
}
