import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserPayload } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { DirectoryUserEntity } from './directory-user.entity.js';

/** reporting.directory_users: written by the consumer from auth's user events, read to find whom to tell. */
@Injectable()
export class DirectoryRepository {
  async upsertUser(manager: EntityManager, tenantId: string, u: UserPayload): Promise<void> {
    await manager.query(
      `INSERT INTO reporting.directory_users (id, tenant_id, login_name, full_name, email, role_codes, group_id, centre_ids, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET login_name = EXCLUDED.login_name, full_name = EXCLUDED.full_name,
         email = EXCLUDED.email, role_codes = EXCLUDED.role_codes, group_id = EXCLUDED.group_id,
         centre_ids = EXCLUDED.centre_ids, is_active = EXCLUDED.is_active, updated_at = now()`,
      [u.userId, tenantId, u.loginName, u.fullName, u.email, u.roleCodes, u.groupId, u.centreIds, u.isActive],
    );
  }

  /** The company's active users (row-level security: the transaction's company only). */
  activeUsers(tx: ReadTx): Promise<DirectoryUserEntity[]> {
    return tx.repo(DirectoryUserEntity).find({ where: { isActive: true }, order: { createdAt: 'ASC' } });
  }

  user(tx: ReadTx, id: string): Promise<DirectoryUserEntity | null> {
    return tx.repo(DirectoryUserEntity).findOneBy({ id });
  }
}
