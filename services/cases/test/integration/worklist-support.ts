import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT, type Case } from '@rayworks/contracts';
import { TEST_PASSWORD, type EveryRoleTenant, type EveryRoleUser } from '@rayworks/testing';

/** Helpers of the worklist's integration tests: the typed client at the gateway, sign-in, studies arriving. */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });

export async function signIn(t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
}

/** Studies arrive as imaging publishes them (libs/testing's study arrivals). */
export { caseIdOfStudy, importedStudy as study, TestEvents as StudyEvents } from '@rayworks/testing';

/** Every case id of a list call, following its cursor to the end. */
export async function allPages(session: Credentials, body: Parameters<typeof api.call<typeof CASES_API.getCases>>[1]) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await api.call(CASES_API.getCases, { ...body, ...(cursor ? { cursor } : {}) }, { session });
    ids.push(...page.items.map((c: Case) => c._id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('more than 100 pages');
}
