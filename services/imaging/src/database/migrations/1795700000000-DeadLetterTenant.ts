import { createDeadLetterTenantMigration } from '@rayworks/nest-kit';

/** The imaging schema's dead letters carry their event's tenant and are read per tenant (docs/decisions/0076). */
export const DeadLetterTenant1795700000000 = createDeadLetterTenantMigration('imaging', 1795700000000);
