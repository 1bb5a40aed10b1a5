import { createAuditLogMigration } from '@rayworks/nest-kit';

/** The billing schema's append-only audit log: access denials, audited reads and exports (docs/decisions/0077). */
export const AuditLog1795700000001 = createAuditLogMigration('billing', 1795700000001);
