import { Injectable } from '@nestjs/common';
import { IsNull, Raw } from 'typeorm';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';
import { PasswordResetEntity } from './password-reset.entity.js';

const consumedRow = z.object({ userId: z.string(), tenantId: z.string() });
export type ResetOwner = z.output<typeof consumedRow>;

/** Reset links: only the sha256 of each token is kept. A platform table (the link carries no tenant). */
@Injectable()
export class PasswordResetsRepository {
  /** A new token for the user; the user's earlier unused tokens stop working. */
  async create(
    tx: ReadTx,
    row: { tokenHash: string; userId: string; tenantId: string; ttlSeconds: number },
  ): Promise<void> {
    const resets = tx.repo(PasswordResetEntity);
    await resets.update({ userId: row.userId, usedAt: IsNull() }, { usedAt: () => 'now()' });
    await resets.insert({
      tokenHash: row.tokenHash,
      userId: row.userId,
      tenantId: row.tenantId,
      expiresAt: () => `now() + make_interval(secs => ${Math.trunc(row.ttlSeconds)})`,
    });
  }

  /** Uses a token once: its user and tenant when it exists, is unused and has not expired; null otherwise. */
  async consume(tx: ReadTx, tokenHash: string): Promise<ResetOwner | null> {
    const [found] = await typedRows(
      tx.manager,
      consumedRow,
      `UPDATE password_resets SET used_at = now() WHERE token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()
       RETURNING user_id AS "userId", tenant_id AS "tenantId"`,
      { tokenHash },
    );
    return found ?? null;
  }

  /** The owner of a usable token (without using it); null when it is unknown, used or expired. */
  async findUsable(tx: ReadTx, tokenHash: string): Promise<ResetOwner | null> {
    const found = await tx.repo(PasswordResetEntity).findOneBy({
      tokenHash,
      usedAt: IsNull(),
      expiresAt: Raw((column) => `${column} > now()`),
    });
    return found && { userId: found.userId, tenantId: found.tenantId };
  }
}
