import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import type { ReadTx } from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { SessionEntity } from './session.entity.js';

/** The history of sessions (auth.sessions); the live state is in Redis (nest-kit SessionStore). */
@Injectable()
export class SessionsRepository {
  async insert(
    tx: ReadTx,
    row: { id: string; tenantId: string | null; userId: string; client: ClientInfo },
  ): Promise<void> {
    await tx.repo(SessionEntity).insert({
      id: row.id,
      tenantId: row.tenantId,
      userId: row.userId,
      address: row.client.address,
      userAgent: row.client.userAgent,
    });
  }

  async end(tx: ReadTx, id: string, reason: string): Promise<void> {
    await tx.repo(SessionEntity).update({ id, endedAt: IsNull() }, { endedAt: () => 'now()', endReason: reason });
  }

  async endAllOfUser(tx: ReadTx, userId: string, reason: string): Promise<void> {
    await tx.repo(SessionEntity).update({ userId, endedAt: IsNull() }, { endedAt: () => 'now()', endReason: reason });
  }

  /** Ends every live session of the unit of work's tenant (row-level security narrows it): a company suspended. */
  async endAllOfTenant(tx: ReadTx, reason: string): Promise<void> {
    await tx.repo(SessionEntity).update({ endedAt: IsNull() }, { endedAt: () => 'now()', endReason: reason });
  }
}
