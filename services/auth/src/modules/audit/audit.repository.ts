import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClientInfo } from '../access/client-info.js';
import type { AuditAction } from './audit-actions.js';

export interface AuditEntry {
  tenantId: string | null;
  actor: { userId: string; loginName: string } | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  client?: ClientInfo | null;
  details?: Record<string, unknown>;
}

/** The append-only audit log: INSERT only (the runtime role may not UPDATE or DELETE it; a trigger refuses both). */
@Injectable()
export class AuditRepository {
  async append(m: EntityManager, entry: AuditEntry): Promise<void> {
    await m.query(
      `INSERT INTO audit_log (tenant_id, actor_id, actor_login, action, target_type, target_id, address, user_agent, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entry.tenantId,
        entry.actor?.userId ?? null,
        entry.actor?.loginName ?? null,
        entry.action,
        entry.target?.type ?? null,
        entry.target?.id ?? null,
        entry.client?.address ?? null,
        entry.client?.userAgent ?? null,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }
}
