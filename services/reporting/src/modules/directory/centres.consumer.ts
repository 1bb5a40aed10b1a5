import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { OrgUnitCreatedV1, OrgUnitUpdatedV1, type EventEnvelope, type OrgUnitPayload } from '@rayworks/contracts';
import { EventConsumer, PoisonMessageError } from '@rayworks/nest-kit';
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
    const unit = (e: EventEnvelope<OrgUnitPayload>, m: EntityManager) => {
      // auth's groups and centres always belong to a company: one without can never be applied
      if (!e.tenantId) throw new PoisonMessageError(`${e.type} without a tenant`);
      return this.centres.upsert(m, e.tenantId, e.payload);
    };
    this.consumer.on(OrgUnitCreatedV1, unit).on(OrgUnitUpdatedV1, unit);
  }
}
