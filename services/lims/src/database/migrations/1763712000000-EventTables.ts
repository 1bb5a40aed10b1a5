import { createEventTablesMigration } from '@rayworks/nest-kit';

/** The outbox, inbox and dead-letter tables of the lims schema. */
export const EventTables1763712000000 = createEventTablesMigration('lims', 1763712000000);
