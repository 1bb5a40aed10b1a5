import type { Topic } from '@rayworks/contracts';
import type { ServiceDatabaseOptions } from '../database/data-source.js';

/** What a service tells the kit about itself. */
export class ServiceKitSettings {
  constructor(
    readonly service: string,
    readonly database: ServiceDatabaseOptions,
    /** Its consumer group `<service>.<purpose>` and the topics it reads. */
    readonly consumer: { purpose: string; topics: readonly Topic[] },
    /**
     * Whether this service signs access tokens (the auth service alone): it then holds the private keys and
     * publishes the public ones; every other service verifies with those (docs/decisions/0060).
     */
    readonly options: { issuesTokens?: boolean } = {},
  ) {}

  get issuesTokens(): boolean {
    return this.options.issuesTokens ?? false;
  }

  get schema(): string {
    return this.database.schema;
  }

  get groupId(): string {
    return `${this.service}.${this.consumer.purpose}`;
  }
}
