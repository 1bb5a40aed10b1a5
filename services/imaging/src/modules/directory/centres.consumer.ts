import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, OrgUnitsReadModel } from '@rayworks/nest-kit';

/** imaging.centres: the kit's read model of auth's groups and centres (docs/decisions/0238), read by CentresRepository. */
export const IMAGING_CENTRES = new OrgUnitsReadModel('imaging.centres');

/** Keeps imaging.centres from auth's OrgUnitCreated / OrgUnitUpdated (the kit's inbox applies each once). */
@Injectable()
export class CentresConsumer implements OnModuleInit {
  constructor(@Inject(EventConsumer) private readonly consumer: EventConsumer) {}

  onModuleInit(): void {
    IMAGING_CENTRES.keepFrom(this.consumer);
  }
}
