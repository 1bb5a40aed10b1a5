import { createJobOutboxMigration } from '@rayworks/nest-kit';

/** The job outbox of the reporting schema and the NOTIFY triggers that wake its relays at commit (docs/decisions/0037). */
export const JobOutbox1795392000000 = createJobOutboxMigration('reporting', 1795392000000);
