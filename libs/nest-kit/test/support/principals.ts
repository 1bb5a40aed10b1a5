import { v4 as uuidv4 } from 'uuid';
import type { Principal, RequestAccess } from '../../src/index.js';

/** A signed-in caller of a company (or of none) at a principal level, with no role, group, centre or privilege. */
export function principalOf(
  tenantId: string | null,
  level: Principal['level'] = 'tenant',
  userId = uuidv4(),
): Principal {
  return {
    userId,
    tenantId,
    loginName: `user.${userId.slice(0, 8)}`,
    roleCodes: [],
    groupId: null,
    centreIds: [],
    grants: {},
    sessionId: uuidv4(),
    level,
    resetPassword: false,
    principalVersion: 0,
  };
}

/** The request's access of a caller, narrowed by nothing. */
export const accessOf = (p: Principal): RequestAccess => ({
  principal: p,
  groupFilter: null,
  centreFilter: null,
  empty: false,
  submoduleType: null,
  subscriptionType: null,
  sessionEnabled: false,
});
