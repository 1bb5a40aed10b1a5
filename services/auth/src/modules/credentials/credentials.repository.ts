import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';
import { CredentialEntity } from './credential.entity.js';

const loginNameRow = z.object({ loginName: z.string() });

/**
 * Login names and password hashes: a platform table, not under row-level security, because login and the
 * forgot-password flow must find a user before its tenant is known. Nothing else reads it.
 */
@Injectable()
export class CredentialsRepository {
  findByLoginName(tx: ReadTx, loginName: string): Promise<CredentialEntity | null> {
    return tx.repo(CredentialEntity).findOneBy({ loginName: loginName.trim().toLowerCase() });
  }

  findByUser(tx: ReadTx, userId: string): Promise<CredentialEntity | null> {
    return tx.repo(CredentialEntity).findOneBy({ userId });
  }

  async isTaken(tx: ReadTx, loginName: string): Promise<boolean> {
    return tx.repo(CredentialEntity).existsBy({ loginName: loginName.toLowerCase() });
  }

  async insert(
    tx: ReadTx,
    row: { loginName: string; userId: string; tenantId: string; passwordHash: string | null },
  ): Promise<void> {
    await tx.repo(CredentialEntity).insert({
      loginName: row.loginName.toLowerCase(),
      userId: row.userId,
      tenantId: row.tenantId,
      passwordHash: row.passwordHash,
      passwordChangedAt: row.passwordHash === null ? null : () => 'now()',
    });
  }

  /** Counts a wrong password; at `lockAfter` consecutive failures the account is locked for `lockSeconds`. */
  async recordFailure(tx: ReadTx, loginName: string, lockAfter: number, lockSeconds: number): Promise<void> {
    // one statement, so concurrent failures all count
    await tx.manager.query(
      `UPDATE credentials SET failed_count = failed_count + 1,
         locked_until = CASE WHEN failed_count + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE locked_until END,
         updated_at = now()
       WHERE login_name = $1`,
      [loginName, lockAfter, lockSeconds],
    );
  }

  async recordSuccess(tx: ReadTx, loginName: string): Promise<void> {
    await tx
      .repo(CredentialEntity)
      .createQueryBuilder()
      .update()
      .set({ failedCount: 0, lockedUntil: null })
      .where('login_name = :loginName AND (failed_count > 0 OR locked_until IS NOT NULL)', { loginName })
      .execute();
  }

  /** (`m`: the mail processor's transaction, until it runs in a unit of work.) */
  async setPassword(tx: ReadTx, userId: string, passwordHash: string): Promise<void> {
    await tx
      .repo(CredentialEntity)
      .update({ userId }, { passwordHash, passwordChangedAt: () => 'now()', failedCount: 0, lockedUntil: null });
  }

  /** Clears the failures and the lock; the user's login name, or null when the user has no credentials. */
  async unblock(tx: ReadTx, userId: string): Promise<string | null> {
    const [found] = await typedRows(
      tx.manager,
      loginNameRow,
      `UPDATE credentials SET failed_count = 0, locked_until = NULL, updated_at = now() WHERE user_id = :userId
       RETURNING login_name AS "loginName"`,
      { userId },
    );
    return found?.loginName ?? null;
  }
}
