import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { OrgUnitCreatedV1, OrgUnitUpdatedV1, type EventEnvelope, type OrgUnitPayload } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { CentresRepository } from './centres.repository.js';

/**
 * Keeps imaging.centres from auth's OrgUnitCreated / OrgUnitUpdated (a thin handler; the kit's inbox applies each
 * once). The topic is compacted (docs/decisions/0120): the group, reading from the beginning, sees every org unit.
 */
@Injectable()
export class CentresConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  onModuleInit(): void {
    const upsert = (e: EventEnvelope<OrgUnitPayload>, m: EntityManager) =>
      this.centres.upsert(m, companyOfEvent(e), e.payload);
    this.consumer.on(OrgUnitCreatedV1, upsert).on(OrgUnitUpdatedV1, upsert);
  }
}
