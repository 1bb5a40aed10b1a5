import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, OrgUnitsReadModel } from '@rayworks/nest-kit';

/** lims.centres: the kit's read model of auth's groups and centres (docs/decisions/0373), read by CentresRepository. */
export const LIMS_CENTRES = new OrgUnitsReadModel('lims.centres');

/** Keeps lims.centres from auth's OrgUnitCreated / OrgUnitUpdated (the kit's inbox applies each once). */
@Injectable()
export class CentresConsumer implements OnModuleInit {
  constructor(@Inject(EventConsumer) private readonly consumer: EventConsumer) {}

  onModuleInit(): void {
    LIMS_CENTRES.keepFrom(this.consumer);
  }
}
