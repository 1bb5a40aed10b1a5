import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, OrgUnitsReadModel } from '@rayworks/nest-kit';

/**
 * reporting.directory_centres: the kit's read model of auth's groups and centres (docs/decisions/0238), read by
 * CentresRepository.
 */
export const REPORTING_CENTRES = new OrgUnitsReadModel('reporting.directory_centres');

/** Keeps reporting.directory_centres from auth's OrgUnitCreated / OrgUnitUpdated (the kit's inbox applies each once). */
@Injectable()
export class CentresConsumer implements OnModuleInit {
  constructor(@Inject(EventConsumer) private readonly consumer: EventConsumer) {}

  onModuleInit(): void {
    REPORTING_CENTRES.keepFrom(this.consumer);
  }
}
