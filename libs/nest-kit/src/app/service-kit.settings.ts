import type { Topic } from '@rayworks/contracts';
import type { ServiceDatabaseOptions } from '../database/data-source.js';

/** What a service tells the kit about itself. */
export class ServiceKitSettings {
  constructor(
    readonly service: string,
    readonly database: ServiceDatabaseOptions,
    /** Its consumer group `<service>.<purpose>` and the topics it reads. */
    readonly consumer: { purpose: string; topics: readonly Topic[] },
  ) {}

  get schema(): string {
    return this.database.schema;
  }

  get groupId(): string {
    return `${this.service}.${this.consumer.purpose}`;
  }
}
