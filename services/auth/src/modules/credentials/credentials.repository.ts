import { Injectable } from '@nestjs/common';
import type { ReadTx } from '@rayworks/nest-kit';
import { CredentialEntity } from './credential.entity.js';

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

  /** A password the user chose (change, reset): no expiry. */
  async setPassword(tx: ReadTx, userId: string, passwordHash: string): Promise<void> {
    await tx
      .repo(CredentialEntity)
      .update({ userId }, { passwordHash, passwordChangedAt: () => 'now()', temporaryPasswordExpiresAt: null });
  }

  /** A temporary password (the welcome e-mail's): usable for `ttlSeconds`, then only forgot-password helps. */
  async setTemporaryPassword(tx: ReadTx, userId: string, passwordHash: string, ttlSeconds: number): Promise<void> {
    await tx.repo(CredentialEntity).update(
      { userId },
      {
        passwordHash,
        passwordChangedAt: () => 'now()',
        temporaryPasswordExpiresAt: () => `now() + make_interval(secs => ${Math.trunc(ttlSeconds)})`,
      },
    );
  }
}
