import { createEventTablesMigration } from '@rayworks/nest-kit';

/** The outbox, inbox and dead-letter tables of the billing schema. */
export const EventTables1763712000000 = createEventTablesMigration('billing', 1763712000000);
