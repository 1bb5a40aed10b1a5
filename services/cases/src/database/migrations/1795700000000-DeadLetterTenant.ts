import { createDeadLetterTenantMigration } from '@rayworks/nest-kit';

/** The cases schema's dead letters carry their event's tenant and are read per tenant (docs/decisions/0076). */
export const DeadLetterTenant1795700000000 = createDeadLetterTenantMigration('cases', 1795700000000);
