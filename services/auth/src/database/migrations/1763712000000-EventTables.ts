import { createEventTablesMigration } from '@rayworks/nest-kit';

/** The outbox, inbox and dead-letter tables of the auth schema. */
export const EventTables1763712000000 = createEventTablesMigration('auth', 1763712000000);
