import { createEventTablesMigration } from '@rayworks/nest-kit';

/** The outbox, inbox and dead-letter tables of the reporting schema. */
export const EventTables1763712000000 = createEventTablesMigration('reporting', 1763712000000);
