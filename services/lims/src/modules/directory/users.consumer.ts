import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { UserCreatedV1, UserUpdatedV1, type EventEnvelope, type UserPayload } from '@rayworks/contracts';
import { EventConsumer } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { UsersRepository } from './users.repository.js';

/**
 * Keeps lims.users from auth's UserCreated / UserUpdated (the kit's inbox applies each once). The platform's users
 * (no company) are none of a laboratory's: their events are passed over.
 */
@Injectable()
export class UsersConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  onModuleInit(): void {
    const user = async (e: EventEnvelope<UserPayload>, m: EntityManager) => {
      if (e.tenantId === null) return;
      await this.users.upsert(m, e.tenantId, e.payload);
    };
    this.consumer.on(UserCreatedV1, user).on(UserUpdatedV1, user);
  }
}
