import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, ROLE_CODES } from '@rayworks/contracts';
import { everyRoleTenant, provisionTenant, tenantQuery, TEST_PASSWORD } from '@rayworks/testing';
import type { EveryRoleTenant } from '@rayworks/testing';
import { api } from '../support/cases.js';

export { api, base } from '../support/cases.js';

/**
 * Helpers of the reports' integration tests: the typed client at the gateway, a company of its own with a second
 * typist of centre c1, the events a service wrote for a case (a profile signature is libs/testing's uploadSignature;
 * studies arrive through libs/testing's study arrivals).
 */

export interface ReportsTenant extends EveryRoleTenant {
  loginOf: (who: string) => string;
}

/** everyRoleTenant plus a second TYPIST of centre c1 (login `<name>.typist2`). */
export async function reportsTenant(label: string): Promise<ReportsTenant> {
  const t = await everyRoleTenant(label);
  const loginName = `${t.name}.typist2`;
  const spec = {
    ...t.spec,
    users: [
      ...(t.spec.users ?? []),
      {
        loginName,
        firstName: 'typist two',
        lastName: t.name,
        email: `${loginName}@test.rayworks.local`,
        role: ROLE_CODES.TYPIST,
        centres: ['c1'],
        password: TEST_PASSWORD,
        resetPassword: false,
      },
    ],
  };
  const provisioned = await provisionTenant(spec);
  return { ...t, ...provisioned, spec, loginOf: (who: string) => `${t.name}.${who}` };
}

export async function signIn(t: ReportsTenant, who: string): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.loginOf(who), TEST_PASSWORD) }));
}

/** The types of the events a service wrote for a case, in order (its outbox, key = case id). */
export async function outboxTypes(schema: 'cases' | 'reporting', tenantId: string, caseId: string): Promise<string[]> {
  const rows = await tenantQuery<{ type: string }>(
    tenantId,
    `SELECT envelope->>'type' AS type FROM ${schema}.outbox WHERE message_key = $1 ORDER BY id`,
    [caseId],
  );
  return rows.map((r) => r.type);
}
