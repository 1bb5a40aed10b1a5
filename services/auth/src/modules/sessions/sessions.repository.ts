import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClientInfo } from '../access/client-info.js';

/** The history of sessions (auth.sessions); the live state is in Redis (nest-kit SessionStore). */
@Injectable()
export class SessionsRepository {
  async insert(
    m: EntityManager,
    row: { id: string; tenantId: string; userId: string; client: ClientInfo },
  ): Promise<void> {
    await m.query(`INSERT INTO sessions (id, tenant_id, user_id, address, user_agent) VALUES ($1, $2, $3, $4, $5)`, [
      row.id,
      row.tenantId,
      row.userId,
      row.client.address,
      row.client.userAgent,
    ]);
  }

  async end(m: EntityManager, id: string, reason: string): Promise<void> {
    await m.query(`UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL`, [
      id,
      reason,
    ]);
  }

  async endAllOfUser(m: EntityManager, userId: string, reason: string): Promise<void> {
    await m.query(`UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE user_id = $1 AND ended_at IS NULL`, [
      userId,
      reason,
    ]);
  }
}
