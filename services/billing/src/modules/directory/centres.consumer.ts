import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, OrgUnitsReadModel } from '@rayworks/nest-kit';

/** billing.centres: the kit's read model of auth's groups and centres (docs/decisions/0238). */
export const BILLING_CENTRES = new OrgUnitsReadModel('billing.centres');

/** Keeps billing.centres from auth's OrgUnitCreated / OrgUnitUpdated (the kit's inbox applies each once). */
@Injectable()
export class CentresConsumer implements OnModuleInit {
  constructor(@Inject(EventConsumer) private readonly consumer: EventConsumer) {}

  onModuleInit(): void {
    BILLING_CENTRES.keepFrom(this.consumer);
  }
}
