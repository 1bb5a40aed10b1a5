import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { RegistrationCreatedV1, RegistrationItemsCancelledV1, type EventEnvelope } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork, type AuditActor, type ChangeTx } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { RegistrationCasesService } from './registration-cases.service.js';

const userId = z.uuid();

/**
 * billing.registration.v1 → the worklist (thin: the service decides). Each event's effect joins the consumer's
 * transaction, which holds the kit's inbox entry: an event id is applied once, and the service's unique item index
 * makes the same registration published twice open its cases once (docs/decisions/0261).
 */
@Injectable()
export class RegistrationsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(RegistrationCasesService) private readonly registrations: RegistrationCasesService,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  onModuleInit(): void {
    this.consumer
      .on(RegistrationCreatedV1, (e, m) =>
        this.inUnit(e, m, (tx, tenantId, actorId) => this.registrations.registered(tx, tenantId, e.payload, actorId)),
      )
      .on(RegistrationItemsCancelledV1, (e, m) =>
        this.inUnit(e, m, (tx, _, actorId) => this.registrations.cancelled(tx, e.payload, actorId)),
      );
  }

  /** The event's work in the consumer's transaction, as the desk user who did it (their login from the directory). */
  private async inUnit(
    e: EventEnvelope,
    manager: EntityManager,
    work: (tx: ChangeTx, tenantId: string, actorId: string | null) => Promise<unknown>,
  ): Promise<void> {
    const tenantId = companyOfEvent(e);
    const actorId = e.actor.type === 'user' && userId.safeParse(e.actor.id).success ? e.actor.id : null;
    const user: AuditActor | null = actorId
      ? {
          userId: actorId,
          loginName:
            (await this.uow.read({ tenantId }, (tx) => this.directory.user(tx, actorId)))?.loginName ?? actorId,
        }
      : null;
    await this.uow.join(manager, { tenantId, actor: e.actor, user }, (tx) => work(tx, tenantId, actorId));
  }
}
