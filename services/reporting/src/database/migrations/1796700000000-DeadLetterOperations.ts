import { createDeadLetterOperationsMigration } from '@rayworks/nest-kit';

/** Dead letters that operators replay or discard; those of no company for the platform's operators (decision 0200). */
export const DeadLetterOperations1796700000000 = createDeadLetterOperationsMigration('reporting', 1796700000000);
