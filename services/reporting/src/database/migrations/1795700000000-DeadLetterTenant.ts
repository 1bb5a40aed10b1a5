import { createDeadLetterTenantMigration } from '@rayworks/nest-kit';

/** The reporting schema's dead letters carry their event's tenant and are read per tenant (docs/decisions/0076). */
export const DeadLetterTenant1795700000000 = createDeadLetterTenantMigration('reporting', 1795700000000);
