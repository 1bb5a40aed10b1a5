import { CASES_API, type Case } from '@rayworks/contracts';
import { eventually } from '@rayworks/testing';
import type { EveryRoleTenant } from '../support/tenant';
import type { ApiSession } from './auth-api';

/**
 * Assigns cases of one centre to the spec tenant's radiologist through the API, as an administrator: first waits
 * until the cases service has learned the radiologist from auth's events (it lists them among the centre's
 * assignees), then assigns and answers each case's result status ('success' when it was assigned).
 */
export async function assignToRadiologist(
  admin: ApiSession,
  tenant: EveryRoleTenant,
  centreId: string,
  cases: readonly Pick<Case, '_id' | 'version'>[],
): Promise<string[]> {
  const radiologistId = tenant.users[tenant.login('radiologist')]!;
  await eventually(
    async () => (await admin.call(CASES_API.caseAssignees, { centreId, as: 'radiologist' })).assignees,
    (list) => list.some((a) => a.id === radiologistId),
    { timeoutMs: 60_000, intervalMs: 500, what: 'the radiologist in the cases service' },
  );
  const { results } = await admin.call(CASES_API.assignCases, {
    cases: cases.map((c) => ({ _id: c._id, version: c.version })),
    radiologistId,
  });
  return results.map((r) => r.status);
}
