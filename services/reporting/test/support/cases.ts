import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT, type Case, type StudyImportedPayload } from '@rayworks/contracts';
import {
  arriveAt,
  eventually,
  everyRoleTenant,
  TEST_PASSWORD,
  TestEvents,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * What reporting's integration tests need of the cases side: the typed client at the gateway, a company of their
 * own, and cases made the way they arrive (libs/testing's study arrivals: imaging's StudyImported, turned into a case
 * by the cases service).
 */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });
export { everyRoleTenant, TestEvents, type EveryRoleTenant };

export const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

/** The case as the API shows it to this caller. */
export const caseOf = (session: Credentials, id: string): Promise<Case> =>
  api.call(CASES_API.findOneCase, { _id: id }, { session });

/**
 * Assigns a case to the company's radiologist, as its administrator, and waits until the case is IN PROGRESS on their
 * worklist (a centre radiologist reads the cases assigned to them); answers the case then.
 */
export async function assignToRadiologist(
  t: Pick<EveryRoleTenant, 'users' | 'login'>,
  admin: Credentials,
  caseId: string,
): Promise<Case> {
  const arrived = await caseOf(admin, caseId);
  await api.call(
    CASES_API.assignCases,
    { cases: [{ _id: caseId, version: arrived.version }], radiologistId: t.users[t.login('radiologist')]! },
    { session: admin },
  );
  return eventually(
    () => caseOf(admin, caseId),
    (x) => x.status === 'IN PROGRESS',
    { what: 'the case assigned', timeoutMs: 30_000 },
  );
}

let counter = 0;
/** A study of its own, with an accession number (the report, its PDF and HL7 carry it), arriving at a centre. */
export function arrive(
  events: TestEvents,
  t: Pick<EveryRoleTenant, 'tenantId' | 'groups' | 'centres'>,
  centre: 'c1' | 'c2' | 'c3',
  over: Partial<StudyImportedPayload> = {},
): Promise<string> {
  counter += 1;
  return arriveAt(events, t, centre, { accessionNumber: `ACC${counter}${process.pid}`, ...over });
}
