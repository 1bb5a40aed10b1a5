import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { OrgUnitCreatedV1, OrgUnitUpdatedV1, type EventEnvelope, type OrgUnitPayload } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { CentresRepository } from './centres.repository.js';

/**
 * Keeps reporting.directory_centres from auth's OrgUnitCreated / OrgUnitUpdated (thin handlers; the kit's inbox applies
 * each event once). The topic is compacted (docs/decisions/0120): the group, reading it from the beginning, sees every
 * group and centre auth ever made.
 */
@Injectable()
export class CentresConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  onModuleInit(): void {
    const unit = (e: EventEnvelope<OrgUnitPayload>, m: EntityManager) =>
      this.centres.upsert(m, companyOfEvent(e), e.payload);
    this.consumer.on(OrgUnitCreatedV1, unit).on(OrgUnitUpdatedV1, unit);
  }
}
