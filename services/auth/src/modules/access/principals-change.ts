import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx, type SessionStore } from '@rayworks/nest-kit';

const idRow = z.object({ id: z.string() });

/**
 * Inside a unit-of-work change: the users whose tokens the change makes outdated get their principal versions raised
 * once the change has committed (never after a rollback), so each older token is refused once (401) and renewed.
 */
export function renewPrincipalsAfterCommit(tx: ChangeTx, sessions: SessionStore, userIds: readonly string[]): void {
  if (userIds.length === 0) return;
  tx.afterCommit(() => sessions.bumpPrincipalVersions([...userIds]));
}

/** Users of a role (typed, on the unit of work's transaction). */
export async function usersOfRole(tx: ReadTx, roleId: string): Promise<string[]> {
  const found = await typedRows(tx.manager, idRow, `SELECT id FROM users WHERE role_id = :roleId`, { roleId });
  return found.map((r) => r.id);
}

/** usersReaching on the unit of work's transaction, rows checked by their schema. */
export async function usersReachingIn(
  tx: ReadTx,
  centreIds: readonly string[],
  groupIds: readonly (string | null)[],
): Promise<string[]> {
  const groups = groupIds.filter((g): g is string => g !== null);
  const found = await typedRows(
    tx.manager,
    idRow,
    `SELECT x.user_id AS id FROM user_centres x WHERE x.centre_id = ANY(:centres::uuid[])
     UNION SELECT u.id FROM users u WHERE u.group_id = ANY(:groups::uuid[])`,
    { centres: [...centreIds], groups },
  );
  return found.map((r) => r.id);
}
