import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rows } from '../../database/sql.js';

/** Reset links: only the sha256 of each token is kept. A platform table (the link carries no tenant). */
@Injectable()
export class PasswordResetsRepository {
  /** A new token for the user; the user's earlier unused tokens stop working. */
  async create(
    m: EntityManager,
    row: { tokenHash: string; userId: string; tenantId: string; ttlSeconds: number },
  ): Promise<void> {
    await m.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [row.userId]);
    await m.query(
      `INSERT INTO password_resets (token_hash, user_id, tenant_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [row.tokenHash, row.userId, row.tenantId, row.ttlSeconds],
    );
  }

  /** Uses a token once: the user and tenant when it exists, is unused and has not expired; null otherwise. */
  async consume(m: EntityManager, tokenHash: string): Promise<{ user_id: string; tenant_id: string } | null> {
    const found = await rows<{ user_id: string; tenant_id: string }>(
      m,
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id, tenant_id`,
      [tokenHash],
    );
    return found[0] ?? null;
  }

  /** Is the token usable (without using it)? */
  async isUsable(m: EntityManager, tokenHash: string): Promise<boolean> {
    const found = await rows(
      m,
      `SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return found.length > 0;
  }
}
