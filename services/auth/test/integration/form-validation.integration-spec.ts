import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, type Endpoint } from '@rayworks/contracts';
import {
  invalidEmailMessage,
  notValidMessage,
  PHONE_ALL_ZEROS_MESSAGE,
  regexKindMessage,
  requiredMessage,
} from '@rayworks/validation';
import { AuthClient, type Session } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const api = new AuthClient();

/**
 * The server runs the console's form rules (libs/contracts forms → libs/validation, spec §5): a body that breaks
 * one is answered 400 with the field and the spec's message, and nothing is written.
 */
describe('form rules on the server', () => {
  let t: StandardTenant;
  let admin: Session;
  let groupId: string;

  /** Rows of the tenant that a form call could write, and its events. */
  const written = async () => {
    const tables = ['groups', 'centres', 'users', 'referrals', 'doctors', 'departments', 'audit_log'];
    const counts = tables.map(
      (table) => `(SELECT count(*)::int FROM auth.${table} WHERE tenant_id = $1::uuid) AS ${table}`,
    );
    const [rows] = await tenantQuery<Record<string, number>>(
      t.tenantId,
      `SELECT ${counts.join(', ')}, (SELECT count(*)::int FROM auth.outbox WHERE envelope->>'tenantId' = $1::text) AS events`,
      [t.tenantId],
    );
    return rows!;
  };

  beforeAll(async () => {
    t = await standardTenant('forms');
    admin = await api.login(t.login('admin'), TEST_PASSWORD);
    groupId = t.groups.g!;
  });

  const cases: Array<[string, Endpoint, () => Record<string, unknown>, string]> = [
    [
      'a group without a name, with a dashed code and ten zeros for a phone (the first field is reported)',
      AUTH_API.createGroup,
      () => ({ name: ' ', code: 'AB-1', phoneNumber: '0000000000' }),
      `name: ${requiredMessage('Group Name')}`,
    ],
    [
      'a group whose phone is ten zeros',
      AUTH_API.createGroup,
      () => ({ name: 'Zero Phone', code: 'ZP1', phoneNumber: '0000000000' }),
      `phoneNumber: ${PHONE_ALL_ZEROS_MESSAGE}`,
    ],
    [
      'a centre whose PIN starts with 0',
      AUTH_API.createCentre,
      () => ({ name: 'Bad Pin', code: 'BP1', pinCode: '012345' }),
      `pinCode: ${notValidMessage('PIN Code')}`,
    ],
    [
      'a user with digits in the first name',
      AUTH_API.createUser,
      () => ({
        loginName: `${t.label}.r2d2`,
        firstName: 'R2D2',
        lastName: 'Droid',
        email: 'r2d2@it.rayworks.local',
        roleID: t.roles.RECEPTIONIST,
        centerID: [t.centres.c1],
      }),
      `firstName: ${regexKindMessage('First Name', 'alphabets')}`,
    ],
    [
      'a doctor with an e-mail that is not one',
      AUTH_API.createDoctor,
      () => ({ firstName: 'Aditi', lastName: 'Rao', email: 'aditi@' }),
      `email: ${invalidEmailMessage('Email')}`,
    ],
    [
      'a referral with a commission over 100',
      AUTH_API.createReferral,
      () => ({ name: 'Over Clinic', providerType: 'External', commissionBasisPoints: 15000 }),
      'commissionBasisPoints: Please give valid inputs',
    ],
    [
      'a group edit with digits in the city',
      AUTH_API.updateGroup,
      () => ({ id: groupId, name: 'Renamed Group', code: 'RG1', city: 'Pune42' }),
      `city: ${regexKindMessage('City', 'alphabets')}`,
    ],
  ];

  it.each(cases)(
    'refuses %s with 400, the field and the message, writing nothing',
    async (_, endpoint, body, message) => {
      const before = await written();
      for (const encrypted of [false, true]) {
        const reply = await api.call(endpoint, body(), { session: admin, encrypted });
        expect({ status: reply.status, message: reply.body.message }).toEqual({ status: 400, message });
      }
      expect(await written()).toEqual(before);
    },
  );

  it('leaves an edited group as it was', async () => {
    const [group] = await tenantQuery<{ name: string; city: string | null }>(
      t.tenantId,
      `SELECT name, city FROM auth.groups WHERE id = $1`,
      [groupId],
    );
    expect(group).toEqual({ name: t.spec.groups![0]!.name, city: null });
  });

  it('accepts the same bodies once the field is right', async () => {
    const before = await written();
    const reply = await api.call(
      AUTH_API.createCentre,
      { name: 'Good Pin', code: `GP${t.label}`.slice(0, 20), pinCode: '412345' },
      { session: admin },
    );
    expect(reply.status).toBe(200);
    expect((await written()).centres).toBe(before.centres + 1);
  });
});
