import { createEventTablesMigration } from '@rayworks/nest-kit';

/** The outbox, inbox and dead-letter tables of the imaging schema. */
export const EventTables1763712000000 = createEventTablesMigration('imaging', 1763712000000);
