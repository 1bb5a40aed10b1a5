import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

const idRow = z.object({ id: z.string() });

/**
 * Whose principal a change of the org or of a role outdates (principals-change.ts renews them after the commit): the
 * users of a role, the users reaching centres or groups. Functions, not a class of the users module: the org and
 * roles modules that call them are below the users module (which imports both).
 */

/** Users of a role (typed, on the unit of work's transaction). */
export async function usersOfRole(tx: ReadTx, roleId: string): Promise<string[]> {
  const found = await typedRows(tx.manager, idRow, `SELECT id FROM users WHERE role_id = :roleId`, { roleId });
  return found.map((r) => r.id);
}

/** The users holding any of the centres or placed in any of the groups, on the unit of work's transaction. */
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
