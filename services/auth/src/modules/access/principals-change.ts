import type { ChangeTx, SessionStore } from '@rayworks/nest-kit';

/**
 * Inside a unit-of-work change: the users whose tokens the change makes outdated get their principal versions raised
 * once the change has committed (never after a rollback), so each older token is refused once (401) and renewed.
 * Who they are comes from principals.repository.ts.
 */
export function renewPrincipalsAfterCommit(tx: ChangeTx, sessions: SessionStore, userIds: readonly string[]): void {
  if (userIds.length === 0) return;
  tx.afterCommit(() => sessions.bumpPrincipalVersions([...userIds]));
}
