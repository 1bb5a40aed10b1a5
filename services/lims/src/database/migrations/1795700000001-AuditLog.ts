import { createAuditLogMigration } from '@rayworks/nest-kit';

/** The lims schema's append-only audit log: access denials, audited reads and exports (docs/decisions/0077). */
export const AuditLog1795700000001 = createAuditLogMigration('lims', 1795700000001);
