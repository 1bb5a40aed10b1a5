import { Injectable } from '@nestjs/common';
import type { UserPayload } from '@rayworks/contracts';
import type { EntityManager } from 'typeorm';

/**
 * lims.users: the company's users' login and full names (auth.user.v1, compacted; docs/decisions/0374), written in the
 * event's company. The lab's reads join it for the person's name (results.repository).
 */
@Injectable()
export class UsersRepository {
  async upsert(manager: EntityManager, tenantId: string, u: UserPayload): Promise<void> {
    await manager.query(
      `INSERT INTO lims.users (id, tenant_id, login_name, full_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET login_name = EXCLUDED.login_name, full_name = EXCLUDED.full_name,
         updated_at = now()`,
      [u.userId, tenantId, u.loginName, u.fullName],
    );
  }
}
