import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { one, rows } from '../../database/sql.js';

export interface CredentialRow {
  login_name: string;
  user_id: string;
  tenant_id: string;
  password_hash: string | null;
  failed_count: number;
  locked_until: Date | null;
}

/**
 * Login names and password hashes: a platform table, not under row-level security, because login and the
 * forgot-password flow must find a user before its tenant is known. Nothing else reads it.
 */
@Injectable()
export class CredentialsRepository {
  findByLoginName(m: EntityManager, loginName: string): Promise<CredentialRow | null> {
    return one<CredentialRow>(m, `SELECT * FROM credentials WHERE login_name = $1`, [loginName.trim().toLowerCase()]);
  }

  findByUser(m: EntityManager, userId: string): Promise<CredentialRow | null> {
    return one<CredentialRow>(m, `SELECT * FROM credentials WHERE user_id = $1`, [userId]);
  }

  async isTaken(m: EntityManager, loginName: string): Promise<boolean> {
    return (await one(m, `SELECT 1 FROM credentials WHERE login_name = $1`, [loginName.toLowerCase()])) !== null;
  }

  async insert(
    m: EntityManager,
    row: { loginName: string; userId: string; tenantId: string; passwordHash: string | null },
  ): Promise<void> {
    await m.query(
      `INSERT INTO credentials (login_name, user_id, tenant_id, password_hash, password_changed_at) VALUES ($1, $2, $3, $4, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END)`,
      [row.loginName.toLowerCase(), row.userId, row.tenantId, row.passwordHash],
    );
  }

  /** Counts a wrong password; at `lockAfter` consecutive failures the account is locked for `lockSeconds`. */
  async recordFailure(m: EntityManager, loginName: string, lockAfter: number, lockSeconds: number): Promise<void> {
    await m.query(
      `UPDATE credentials SET failed_count = failed_count + 1,
         locked_until = CASE WHEN failed_count + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE locked_until END,
         updated_at = now()
       WHERE login_name = $1`,
      [loginName, lockAfter, lockSeconds],
    );
  }

  async recordSuccess(m: EntityManager, loginName: string): Promise<void> {
    await m.query(
      `UPDATE credentials SET failed_count = 0, locked_until = NULL, updated_at = now() WHERE login_name = $1 AND (failed_count > 0 OR locked_until IS NOT NULL)`,
      [loginName],
    );
  }

  async setPassword(m: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await m.query(
      `UPDATE credentials SET password_hash = $2, password_changed_at = now(), failed_count = 0, locked_until = NULL, updated_at = now() WHERE user_id = $1`,
      [userId, passwordHash],
    );
  }

  async unblock(m: EntityManager, userId: string): Promise<string | null> {
    const found = await rows<{ login_name: string }>(
      m,
      `UPDATE credentials SET failed_count = 0, locked_until = NULL, updated_at = now() WHERE user_id = $1 RETURNING login_name`,
      [userId],
    );
    return found[0]?.login_name ?? null;
  }
}
