import { beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AUTH_API, PLATFORM_MODULE, PROFILE_IMAGE_MAX_BYTES, type Endpoint } from '@rayworks/contracts';
import { platformOperator } from '@rayworks/testing';
import { AuthClient, type Session } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Issue 8, finding 9 against the running auth service: every list refuses sort columns and filters named after
 * Object.prototype (400, never 500); a text with a control character is a 400 naming the field, with nothing
 * written; the upload URL of a profile image binds its size; access denials and signature uploads are audited.
 */

/** Every list route of auth: the endpoints whose body is a listQuery (it has a sortBy). */
const LISTS = Object.entries(AUTH_API).filter(
  ([, e]) => e.body instanceof z.ZodObject && 'sortBy' in (e.body as z.ZodObject).shape,
) as Array<[string, Endpoint]>;

describe('inputs', () => {
  let t: StandardTenant;
  let admin: Session;
  /** The lists of the platform module (companies) are a platform operator's. */
  let operator: Session;
  const api = new AuthClient();
  const callerOf = (endpoint: Endpoint) =>
    typeof endpoint.access === 'object' && endpoint.access.module === PLATFORM_MODULE ? operator : admin;

  beforeAll(async () => {
    t = await standardTenant('inputs');
    admin = await api.login(t.login('admin'), TEST_PASSWORD);
    const op = await platformOperator('inputs');
    operator = await api.login(op.loginName, op.password);
  });

  it('finds the list routes of auth', () => {
    expect(LISTS.map(([name]) => name)).toEqual(
      expect.arrayContaining(['getRoles', 'findUsers', 'getGroups', 'getCentres', 'getDepartments', 'getDoctors']),
    );
  });

  it.each(LISTS)('%s: sortBy of an Object.prototype name is a 400 naming sortBy', async (_, endpoint) => {
    for (const sortBy of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const reply = await api.call(endpoint, { sortBy }, { session: callerOf(endpoint) });
      expect({ sortBy, status: reply.status }).toEqual({ sortBy, status: 400 });
      expect(reply.body.message).toMatch(/^sortBy: /);
    }
  });

  it.each(LISTS)('%s: unknown filters, prototype names included, are a 400', async (name, endpoint) => {
    for (const rawBody of [
      '{"constructor":{"name":"x"}}',
      '{"__proto__":{"isAdmin":true}}',
      '{"toString":"x"}',
      '{"tenantId":"00000000-0000-0000-0000-000000000000"}',
    ]) {
      const reply = await api.request(endpoint.method, endpoint.path, undefined, {
        session: callerOf(endpoint),
        rawBody,
      });
      expect({ name, rawBody, status: reply.status }).toEqual({ name, rawBody, status: 400 });
    }
  });

  describe('control characters', () => {
    const controls = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f'];

    it('refuses them in /update/department with 400 naming the field, and changes nothing', async () => {
      const created = await api.call<{ _id: string }>(
        AUTH_API.createDepartment,
        { name: 'Radiology', code: 'RADNUL' },
        { session: admin },
      );
      expect(created.status).toBe(200);
      for (const c of controls) {
        const reply = await api.call(
          AUTH_API.updateDepartment,
          { id: created.body.data._id, name: `Radio${c}logy`, code: 'RADNUL' },
          { session: admin },
        );
        expect({ c: c.charCodeAt(0), status: reply.status, message: reply.body.message }).toEqual({
          c: c.charCodeAt(0),
          status: 400,
          message: 'name: Please give valid inputs',
        });
      }
      const rows = await tenantQuery<{ name: string }>(t.tenantId, `SELECT name FROM auth.departments WHERE id = $1`, [
        created.body.data._id,
      ]);
      expect(rows).toEqual([{ name: 'Radiology' }]);
    });

    it('refuses them in every kind of body: creations, searches, nested arrays; tab and new line pass', async () => {
      const before = await tenantQuery<{ n: number }>(t.tenantId, `SELECT count(*)::int AS n FROM auth.departments`);
      const cases: Array<[Endpoint, unknown, string]> = [
        [AUTH_API.createDepartment, { name: 'Cardio', code: 'C\u0000D' }, 'code'],
        [AUTH_API.createReferral, { name: 'Dr\u0008 Who', providerType: 'External' }, 'name'],
        [AUTH_API.findUsers, { search: 'adm\u0000' }, 'search'],
        [AUTH_API.getDepartments, { search: '\u001f' }, 'search'],
        [
          AUTH_API.setSpecialization,
          { specialization: ['Neuro', 'M\u0000SK'], qualificationName: 'MD' },
          'specialization.1',
        ],
      ];
      for (const [endpoint, body, field] of cases) {
        const reply = await api.call(endpoint, body, { session: admin });
        expect({ path: endpoint.path, status: reply.status, message: reply.body.message }).toEqual({
          path: endpoint.path,
          status: 400,
          message: `${field}: Please give valid inputs`,
        });
      }
      const after = await tenantQuery<{ n: number }>(t.tenantId, `SELECT count(*)::int AS n FROM auth.departments`);
      expect(after).toEqual(before);
      const referrals = await tenantQuery(t.tenantId, `SELECT 1 FROM auth.referrals WHERE name LIKE 'Dr%Who'`);
      expect(referrals).toEqual([]);
      // a search with a tab is text, not a control character the platform refuses
      expect((await api.call(AUTH_API.findUsers, { search: 'adm\tin' }, { session: admin })).status).toBe(200);
    });
  });

  describe('profile image uploads', () => {
    it('refuses a declared size above the maximum, and the store refuses a file bigger than declared', async () => {
      const rad = await api.login(t.login('rad'), TEST_PASSWORD);
      const tooBig = await api.call(
        AUTH_API.signatureUploadUrl,
        { contentType: 'image/png', size: PROFILE_IMAGE_MAX_BYTES + 1 },
        { session: rad },
      );
      expect([tooBig.status, tooBig.body.message]).toEqual([400, expect.stringMatching(/^size: /)]);
      const upload = await api.call<{ uploadUrl: string; fileID: string }>(
        AUTH_API.signatureUploadUrl,
        { contentType: 'image/png', size: 16 },
        { session: rad },
      );
      expect(upload.status).toBe(200);
      const bigger = await fetch(upload.body.data.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(3 * 1024 * 1024),
      });
      expect(bigger.status).toBe(403);
      const kept = await api.call(AUTH_API.setSignature, { fileID: upload.body.data.fileID }, { session: rad });
      expect([kept.status, kept.body.message]).toEqual([400, 'The signature file was not uploaded']);
    });
  });

  describe('audit entries', () => {
    it('records an access denial (403 from the guard) with the caller, the route and the reason', async () => {
      const desk = await api.login(t.login('reception'), TEST_PASSWORD);
      const denied = await api.call(AUTH_API.createDepartment, { name: 'Denied', code: 'DENY' }, { session: desk });
      expect(denied.status).toBe(403);
      const rows = await tenantQuery<Record<string, unknown>>(
        t.tenantId,
        `SELECT action, actor_login, target_type, target_id, address, details FROM auth.audit_log WHERE actor_id = $1 AND action = 'ACCESS_DENIED'`,
        [desk.userId],
      );
      expect(rows).toEqual([
        {
          action: 'ACCESS_DENIED',
          actor_login: t.login('reception'),
          target_type: 'route',
          target_id: `POST ${AUTH_API.createDepartment.path}`,
          address: expect.any(String),
          details: expect.objectContaining({ reason: 'access rule' }),
        },
      ]);
    });

    it('records a failed and a successful login, and a signature upload', async () => {
      expect((await api.tryLogin(t.login('rad'), 'Wrong@1234')).status).toBe(401);
      const rad = await api.login(t.login('rad'), TEST_PASSWORD);
      const upload = await api.call<{ uploadUrl: string; fileID: string }>(
        AUTH_API.signatureUploadUrl,
        { contentType: 'image/png', size: 4 },
        { session: rad },
      );
      const put = await fetch(upload.body.data.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array([137, 80, 78, 71]),
      });
      expect(put.status).toBe(200);
      expect(
        (await api.call(AUTH_API.setSignature, { fileID: upload.body.data.fileID }, { session: rad })).status,
      ).toBe(200);
      const rows = await tenantQuery<{ action: string; target_id: string | null }>(
        t.tenantId,
        `SELECT action, target_id FROM auth.audit_log WHERE actor_id = $1 ORDER BY id`,
        [rad.userId],
      );
      const last = rows.slice(-3);
      expect(last.map((r) => r.action)).toEqual(['LOGIN_FAILURE', 'LOGIN_SUCCESS', 'SIGNATURE_UPLOAD']);
      expect(last[2]!.target_id).toBe(upload.body.data.fileID);
    });
  });
});
