import { createEventTablesMigration } from '@rayworks/nest-kit';

/** The outbox, inbox and dead-letter tables of the cases schema. */
export const EventTables1763712000000 = createEventTablesMigration('cases', 1763712000000);
