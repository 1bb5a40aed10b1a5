import type { EntityManager } from 'typeorm';
import type { SessionStore } from '@rayworks/nest-kit';
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
