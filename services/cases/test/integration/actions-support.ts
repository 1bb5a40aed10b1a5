import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASES_API,
  GATEWAY_PORT,
  ROLE_CODES,
  type Case,
  type StudyImportedPayload,
} from '@rayworks/contracts';
import {
  arriveAt,
  casesKnowUsers,
  everyRoleTenant,
  provisionTenant,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type TestEvents,
} from '@rayworks/testing';

/**
 * Helpers of the case actions' integration tests: the typed client at the gateway, a company of its own with a
 * second radiologist of centre c1, studies arriving as imaging publishes them, the outbox's events of a case.
 */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });

export interface ActionsTenant extends EveryRoleTenant {
  /** A second CENTER_RADIOLOGIST of centre c1 (login `<name>.radiologist2`). */
  radiologist2: string;
  loginOf: (who: string) => string;
}

/** everyRoleTenant plus a second radiologist of c1, provisioned by the same (idempotent) provisioner. */
export async function actionsTenant(label: string): Promise<ActionsTenant> {
  const t = await everyRoleTenant(label);
  const loginName = `${t.name}.radiologist2`;
  const spec = {
    ...t.spec,
    users: [
      ...(t.spec.users ?? []),
      {
        loginName,
        firstName: 'radiologist two',
        lastName: t.name,
        email: `${loginName}@test.rayworks.local`,
        role: ROLE_CODES.CENTER_RADIOLOGIST,
        centres: ['c1'],
        password: TEST_PASSWORD,
        resetPassword: false,
      },
    ],
  };
  const provisioned = await provisionTenant(spec);
  return {
    ...t,
    ...provisioned,
    spec,
    radiologist2: provisioned.users[loginName]!,
    loginOf: (who: string) => `${t.name}.${who}`,
  };
}

export async function signIn(t: ActionsTenant, who: string): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.loginOf(who), TEST_PASSWORD) }));
}

/** Waits until the cases service's read model knows these users (from auth's user events). */
export const usersKnown = (t: ActionsTenant, userIds: readonly string[]): Promise<void> =>
  casesKnowUsers(t.tenantId, userIds);

/** Studies arrive as imaging publishes them (libs/testing's study arrivals). */
export { TestEvents as StudyEvents } from '@rayworks/testing';

/** A study of its own arriving at a centre of the tenant; answers the case the cases service made of it. */
export const arrive = (
  events: TestEvents,
  t: ActionsTenant,
  centre: 'c1' | 'c2' | 'c3',
  over: Partial<StudyImportedPayload> = {},
): Promise<string> =>
  arriveAt(events, t, centre, {
    patientName: 'DOE^JOHN',
    seriesCount: 2,
    instanceCount: 4,
    instancesAdded: 4,
    ...over,
  });

/** The case as the API shows it to this caller. */
export const caseOf = (session: Credentials, id: string): Promise<Case> =>
  api.call(CASES_API.findOneCase, { _id: id }, { session });

/** The types of the events written for a case, in order (the service's outbox, key = case id). */
export async function eventsOf(t: ActionsTenant, caseId: string): Promise<string[]> {
  const rows = await tenantQuery<{ type: string }>(
    t.tenantId,
    `SELECT envelope->>'type' AS type FROM cases.outbox WHERE message_key = $1 ORDER BY id`,
    [caseId],
  );
  return rows.map((r) => r.type);
}
