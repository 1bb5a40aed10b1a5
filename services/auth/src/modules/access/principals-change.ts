import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { typedRows, type ChangeTx, type SessionStore } from '@rayworks/nest-kit';
import { rows } from '../../database/sql.js';

/** Inside a change: names users whose tokens the change makes outdated. */
export type AffectUsers = (userIds: readonly string[]) => void;

/**
 * Runs a change to what users' tokens carry (a role's privileges, a user's role or centres, the centres of a group),
 * collecting the users it touches; then, the change committed, raises their principal versions so each of their
 * older tokens is refused once (401) and renewed from the new data: the change applies at once, not when tokens
 * expire (docs/decisions/0011-sessions-and-tokens.md).
 */
export async function changingPrincipals<T>(
  sessions: SessionStore,
  change: (affect: AffectUsers) => Promise<T>,
): Promise<T> {
  const affected = new Set<string>();
  const result = await change((userIds) => userIds.forEach((id) => affected.add(id)));
  await sessions.bumpPrincipalVersions([...affected]);
  return result;
}

/** Users of a role: their tokens carry its privileges. */
export async function usersWithRole(m: EntityManager, roleId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(m, `SELECT id::text AS id FROM users WHERE role_id = $1`, [roleId]);
  return found.map((r) => r.id);
}

/**
 * Users whose tokens carry these centres or these groups' centres: the centres' own users (their centres, and
 * their group, which comes from their centres) and the group-level users of the groups (who reach every active
 * centre of their group).
 */
export async function usersReaching(
  m: EntityManager,
  centreIds: readonly string[],
  groupIds: readonly (string | null)[],
): Promise<string[]> {
  const groups = groupIds.filter((g): g is string => g !== null);
  const found = await rows<{ id: string }>(
    m,
    `SELECT x.user_id::text AS id FROM user_centres x WHERE x.centre_id = ANY($1::uuid[])
     UNION SELECT u.id::text FROM users u WHERE u.group_id = ANY($2::uuid[])`,
    [centreIds, groups],
  );
  return found.map((r) => r.id);
}

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
export async function usersOfRole(tx: { manager: EntityManager }, roleId: string): Promise<string[]> {
  const found = await typedRows(tx.manager, idRow, `SELECT id FROM users WHERE role_id = :roleId`, { roleId });
  return found.map((r) => r.id);
}

/** usersReaching on the unit of work's transaction, rows checked by their schema. */
export async function usersReachingIn(
  tx: { manager: EntityManager },
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
