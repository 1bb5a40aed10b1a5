import { createAuditLogMigration } from '@rayworks/nest-kit';

/** The imaging schema's append-only audit log: access denials, audited reads and exports (docs/decisions/0077). */
export const AuditLog1795700000001 = createAuditLogMigration('imaging', 1795700000001);
