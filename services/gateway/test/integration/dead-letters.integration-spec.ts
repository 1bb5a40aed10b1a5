import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, SERVICE_NAMES, type ServiceName, type UserSession } from '@rayworks/contracts';
import {
  everyRoleTenant,
  TEST_PASSWORD,
  tenantQuery,
  uniqueSuffix,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * Issue 8, finding 1: `/api/<service>/ops/dead-letters` answered any company's RAYWORKS_ADMIN with the failed events
 * of every company. A dead letter now carries its event's tenant, and a company's admin reads its own company's
 * only (docs/decisions/0076): filtered in SQL, and row-level security refuses the other rows anyway.
 */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const client = new ApiClient({ baseUrl: base });

const loginAs = (t: EveryRoleTenant, who: EveryRoleUser): Promise<UserSession> =>
  client.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) });

const deadLetters = (service: ServiceName, session: UserSession) =>
  client.raw(service, 'GET', '/ops/dead-letters?limit=500', undefined, { session: credentialsOf(session) });

/** A dead letter of one tenant's event in one service's table, as the consumer records it (its envelope's tenant). */
async function recordDeadLetter(service: ServiceName, tenantId: string, marker: string): Promise<void> {
  const value = JSON.stringify({ id: marker, type: 'Broken', version: 1, tenantId, payload: { marker } });
  await tenantQuery(
    tenantId,
    `INSERT INTO ${service}.dead_letters (consumer_group, topic, partition, "offset", message_key, value, error, attempts, tenant_id)
     VALUES ($1, $2, 0, '0', $3, $4, 'it: never succeeds', 1, $5)`,
    [`${service}.it`, 'it.dead-letters.v1', marker, value, tenantId],
  );
}

describe('dead letters per tenant', () => {
  let first: EveryRoleTenant;
  let second: EveryRoleTenant;
  const marker = `dl-${uniqueSuffix()}`;

  beforeAll(async () => {
    [first, second] = await Promise.all([everyRoleTenant('dlone'), everyRoleTenant('dltwo')]);
    for (const service of SERVICE_NAMES) await recordDeadLetter(service, first.tenantId, marker);
  }, 120_000);

  it("gives a second company's admin nothing of the first company's dead letters, in every service", async () => {
    const admin = await loginAs(second, 'admin');
    for (const service of SERVICE_NAMES) {
      const res = await deadLetters(service, admin);
      expect({ service, status: res.status }).toEqual({ service, status: 200 });
      expect({ service, leaked: JSON.stringify(res.body).includes(marker) }).toEqual({ service, leaked: false });
      expect({ service, rows: res.body }).toEqual({ service, rows: [] });
    }
  });

  it("gives the first company's admin its own dead letters", async () => {
    const admin = await loginAs(first, 'admin');
    for (const service of SERVICE_NAMES) {
      const res = await deadLetters(service, admin);
      expect({ service, status: res.status }).toEqual({ service, status: 200 });
      const rows = res.body as Array<{ messageKey: string | null; error: string }>;
      expect({ service, keys: rows.map((r) => r.messageKey) }).toEqual({ service, keys: [marker] });
    }
  });

  it('refuses the company users who are not its admins (403)', async () => {
    const desk = await loginAs(first, 'reception');
    expect((await deadLetters('auth', desk)).status).toBe(403);
  });
});
