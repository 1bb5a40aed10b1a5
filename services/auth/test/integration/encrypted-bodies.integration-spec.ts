import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES, base64ToBytes, bytesToBase64, encryptBody } from '@rayworks/contracts';
import { AuthClient, type Session } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const invalid = { status: 400, body: { status: 'error', data: null, message: AUTH_MESSAGES.invalidEncryptedBody } };

/** Bodies sent with x-encrypted: true as { data }, encrypted with libs/contracts' encryptBody (the console's code). */
describe('encrypted request bodies', () => {
  let t: StandardTenant;
  let session: Session;
  const api = new AuthClient();

  /** A body sent as given under x-encrypted: true (not sealed by the client). */
  const raw = (body: unknown, headers: Record<string, string> = {}, s: Session = session) =>
    api.request('POST', AUTH_API.createReferral.path, body, {
      session: s,
      headers: { [AUTH_HEADERS.encrypted]: 'true', ...headers },
      rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const referralsNamed = (name: string) =>
    tenantQuery(t.tenantId, `SELECT id FROM auth.referrals WHERE name = $1`, [name]);

  beforeAll(async () => {
    t = await standardTenant('enc');
    session = await api.login(t.login('admin'), TEST_PASSWORD);
  });

  it('decrypts a body encrypted for the session before the handler validates and uses it', async () => {
    const reply = await api.call<{ name: string }>(
      AUTH_API.createReferral,
      { name: 'Encrypted Clinic', providerType: 'Internal' },
      { session, encrypted: true },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.name).toBe('Encrypted Clinic');
    expect(await referralsNamed('Encrypted Clinic')).toHaveLength(1);
    // validation still applies to what was inside
    const bad = await api.call(AUTH_API.createReferral, { name: 'No kind' }, { session, encrypted: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^providerType: /);
  });

  it('refuses a tampered body with 400, and nothing is created', async () => {
    const sealed = await encryptBody(session.sessionToken, { name: 'Tampered Clinic', providerType: 'Internal' });
    const bytes = base64ToBytes(sealed.data);
    bytes[20] = bytes[20]! ^ 0xff;
    expect(await raw({ data: bytesToBase64(bytes) })).toEqual(invalid);
    expect(await referralsNamed('Tampered Clinic')).toEqual([]);
  });

  it('refuses a body encrypted for another session, plain JSON under the flag, and garbage', async () => {
    const other = await api.login(t.login('admin'), TEST_PASSWORD);
    const foreign = await encryptBody(other.sessionToken, { name: 'Foreign Clinic', providerType: 'Internal' });
    expect(await raw(foreign)).toEqual(invalid);
    expect(await raw({ name: 'Plain Clinic', providerType: 'Internal' })).toEqual(invalid);
    expect(await raw({ data: 'not base64 at all!' })).toEqual(invalid);
    expect(await raw({ data: 12 })).toEqual(invalid);
    expect(await raw('[1,2,3]')).toEqual(invalid);
    expect([...(await referralsNamed('Foreign Clinic')), ...(await referralsNamed('Plain Clinic'))]).toEqual([]);
  });

  it('accepts plain JSON when the flag is absent', async () => {
    const reply = await api.call(
      AUTH_API.createReferral,
      { name: 'Plain Clinic', providerType: 'External' },
      { session },
    );
    expect(reply.status).toBe(200);
    expect(await referralsNamed('Plain Clinic')).toHaveLength(1);
  });

  it('refuses an encrypted body on a route without a session (nothing to decrypt it with)', async () => {
    const sealed = await encryptBody(session.sessionToken, { loginName: t.login('rad') });
    const reply = await api.request('POST', AUTH_API.forgotPassword.path, sealed, {
      headers: { [AUTH_HEADERS.encrypted]: 'true' },
    });
    expect(reply).toEqual(invalid);
  });
});
