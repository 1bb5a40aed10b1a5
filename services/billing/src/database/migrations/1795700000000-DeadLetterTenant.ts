import { createDeadLetterTenantMigration } from '@rayworks/nest-kit';

/** The billing schema's dead letters carry their event's tenant and are read per tenant (docs/decisions/0076). */
export const DeadLetterTenant1795700000000 = createDeadLetterTenantMigration('billing', 1795700000000);
