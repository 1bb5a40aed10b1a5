import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { UserCreatedV1, UserUpdatedV1, type EventEnvelope, type UserPayload } from '@rayworks/contracts';
import { EventConsumer } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from './directory.repository.js';

/**
 * Keeps reporting.directory_users from auth's UserCreated / UserUpdated (thin handlers; the kit's inbox applies each
 * event once). The topic is compacted (docs/decisions/0120): the group, reading from the beginning, sees every user.
 * The read model is who works at which of a company's centres (whom to tell of a critical result); the platform's
 * users (marketplace radiologists, platform operators: no company) are none of them, so their events are passed over,
 * not dead-lettered (docs/decisions/0201).
 */
@Injectable()
export class DirectoryConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  onModuleInit(): void {
    const user = async (e: EventEnvelope<UserPayload>, m: EntityManager) => {
      if (e.tenantId === null) return;
      await this.directory.upsertUser(m, e.tenantId, e.payload);
    };
    this.consumer.on(UserCreatedV1, user).on(UserUpdatedV1, user);
  }
}
