import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RegistrationCreatedV1, RegistrationItemsCancelledV1, type EventEnvelope } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork, type ChangeTx } from '@rayworks/nest-kit';
import { SamplesService } from './samples.service.js';

/**
 * billing.registration.v1 → lab orders and samples (thin: the service decides). Each event's effect joins the
 * consumer's transaction, which holds the kit's inbox entry: an event id is applied once, and the orders' unique
 * registration item makes the same registration published twice order nothing twice (docs/decisions/0297).
 */
@Injectable()
export class RegistrationsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(SamplesService) private readonly samples: SamplesService,
  ) {}

  onModuleInit(): void {
    this.consumer
      .on(RegistrationCreatedV1, (e, m) =>
        this.inUnit(e, m, (tx, tenantId) => this.samples.registered(tx, tenantId, e.payload)),
      )
      .on(RegistrationItemsCancelledV1, (e, m) => this.inUnit(e, m, (tx) => this.samples.cancelled(tx, e.payload)));
  }

  /** The event's work in the consumer's transaction, in the event's company, as the event's actor. */
  private async inUnit(
    e: EventEnvelope,
    manager: EntityManager,
    work: (tx: ChangeTx, tenantId: string) => Promise<unknown>,
  ): Promise<void> {
    const tenantId = companyOfEvent(e);
    await this.uow.join(manager, { tenantId, actor: e.actor, user: null }, (tx) => work(tx, tenantId));
  }
}
