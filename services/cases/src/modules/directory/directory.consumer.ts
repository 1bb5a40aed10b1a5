import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AvailabilityChangedV1,
  UserCreatedV1,
  UserUpdatedV1,
  type EventEnvelope,
  type UserPayload,
} from '@rayworks/contracts';
import { EventConsumer, OrgUnitsReadModel } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from './directory.repository.js';

/**
 * Keeps cases.users and cases.centres from auth's events (thin handlers; the kit's inbox makes each one apply once).
 * The topics are compacted (docs/decisions/0120), so the group, reading from the beginning, sees every user and
 * org unit auth ever made, whatever their age. The platform's users (marketplace radiologists, platform operators:
 * no company) are kept too, as rows of no company that every company reads (docs/decisions/0201): a marketplace
 * radiologist's name shows on the cases they hold.
 */
/** cases.centres: the kit's read model of auth's groups and centres (docs/decisions/0238), read by DirectoryRepository. */
export const CASES_CENTRES = new OrgUnitsReadModel('cases.centres');

@Injectable()
export class DirectoryConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  onModuleInit(): void {
    CASES_CENTRES.keepFrom(this.consumer);
    const user = (e: EventEnvelope<UserPayload>, m: EntityManager) =>
      this.directory.upsertUser(m, e.tenantId, e.payload);
    this.consumer
      .on(UserCreatedV1, user)
      .on(UserUpdatedV1, user)
      .on(AvailabilityChangedV1, (e, m) =>
        this.directory.setAvailability(m, e.tenantId, e.payload, new Date(e.occurredAt)),
      );
  }
}
