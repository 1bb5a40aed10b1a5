import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, ROLE_CODES, type Endpoint } from '@rayworks/contracts';
import { AuthClient, type Reply, type Session } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const api = new AuthClient();
type Rows = Array<{ _id: string }>;

/** What one tenant made through the API: a row of each kind for the whole tenant, for centre c1 and for centre c2. */
interface Made {
  t: StandardTenant;
  admin: Session;
  dep: string;
  depC1: string;
  depC2: string;
  ref: string;
  refC1: string;
  refC2: string;
  doc: { id: string; profileID: string };
  docC1: { id: string; profileID: string };
  docC2: { id: string; profileID: string };
  roleC1: string;
  roleC2: string;
  entity: string;
}

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const r = await reply;
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${r.body.message}`);
  return r.body.data;
}

async function populate(label: string): Promise<Made> {
  const t = await standardTenant(label);
  const admin = await api.login(t.login('admin'), TEST_PASSWORD);
  const ca1 = await api.login(t.login('ca1'), TEST_PASSWORD);
  const ca2 = await api.login(t.login('ca2'), TEST_PASSWORD);
  const gca1 = await api.login(t.login('gca1'), TEST_PASSWORD);
  const gca2 = await api.login(t.login('gca2'), TEST_PASSWORD);
  const dep = (s: Session, code: string) =>
    ok<{ _id: string }>(api.call(AUTH_API.createDepartment, { name: `Dept ${code}`, code }, { session: s }));
  const ref = (s: Session, name: string) =>
    ok<{ _id: string }>(api.call(AUTH_API.createReferral, { name, providerType: 'External' }, { session: s }));
  const doc = async (s: Session, name: string, centerID: string[]) => {
    const d = await ok<{ _id: string; profileID: string }>(
      api.call(AUTH_API.createDoctor, { firstName: name, lastName: 'Doc', centerID }, { session: s }),
    );
    return { id: d._id, profileID: d.profileID };
  };
  const role = (s: Session, name: string) =>
    ok<{ _id: string }>(
      api.call(
        AUTH_API.createRole,
        { name, roleCode: ROLE_CODES.RECEPTIONIST, privileges: { USER: ['VIEW'], WORKLIST: ['VIEW'] } },
        { session: s },
      ),
    );
  return {
    t,
    admin,
    dep: (await dep(admin, 'ALL'))._id,
    depC1: (await dep(ca1, 'ONE'))._id,
    depC2: (await dep(ca2, 'TWO'))._id,
    ref: (await ref(admin, 'Shared Hospital'))._id,
    refC1: (await ref(ca1, 'Hospital One'))._id,
    refC2: (await ref(ca2, 'Hospital Two'))._id,
    doc: await doc(admin, 'Shared', []),
    docC1: await doc(ca1, 'One', []),
    docC2: await doc(ca2, 'Two', []),
    roleC1: (await role(gca1, 'Front desk one'))._id,
    roleC2: (await role(gca2, 'Front desk two'))._id,
    entity: (
      await ok<{ _id: string }>(
        api.call(AUTH_API.createEntity, { code: `E${label}`, city: 'Pune', state: 'MH' }, { session: admin }),
      )
    )._id,
  };
}

/** Every id a list endpoint shows the caller (first 100). */
async function listed(session: Session, headers: Record<string, string> = {}) {
  const page = (e: Endpoint, body: object = {}) =>
    ok<{ items: Rows }>(api.call(e, { pageSize: 100, ...body }, { session, headers })).then((p) =>
      p.items.map((i) => i._id),
    );
  return {
    roles: await page(AUTH_API.getRoles),
    users: await page(AUTH_API.findUsers),
    groups: await page(AUTH_API.getGroups),
    centres: await page(AUTH_API.getCentres),
    departments: await page(AUTH_API.getDepartments),
    doctors: await page(AUTH_API.getDoctors),
    referrals: await page(AUTH_API.findReferrals),
    entities: (await ok<Rows>(api.call(AUTH_API.getEntities, {}, { session, headers }))).map((e) => e._id),
  };
}

/** A snapshot of a tenant's rows, read as the owner inside the tenant, to prove nothing changed. */
async function snapshot(tenantId: string) {
  const q = (sql: string) => tenantQuery(tenantId, sql);
  return {
    users: await q(
      `SELECT id, first_name, email, role_id, group_id, is_active, updated_at FROM auth.users ORDER BY id`,
    ),
    userCentres: await q(`SELECT user_id, centre_id FROM auth.user_centres ORDER BY 1, 2`),
    roles: await q(`SELECT id, name, privileges, is_active, updated_at FROM auth.roles ORDER BY id`),
    groups: await q(`SELECT id, name, is_active, updated_at FROM auth.groups ORDER BY id`),
    centres: await q(`SELECT id, name, group_id, is_active, updated_at FROM auth.centres ORDER BY id`),
    departments: await q(`SELECT id, name, is_active, updated_at FROM auth.departments ORDER BY id`),
    subDepartments: await q(`SELECT id FROM auth.sub_departments ORDER BY id`),
    doctors: await q(`SELECT id, first_name, is_active, updated_at FROM auth.doctors ORDER BY id`),
    doctorCentres: await q(`SELECT doctor_id, centre_id FROM auth.doctor_centres ORDER BY 1, 2`),
    referrals: await q(`SELECT id, name, is_active, updated_at FROM auth.referrals ORDER BY id`),
    credentials: await tenantQuery(
      null,
      `SELECT login_name, failed_count, locked_until, updated_at FROM auth.credentials WHERE tenant_id = '${tenantId}' ORDER BY 1`,
    ),
  };
}

const notFound = (reply: Reply) => ({ status: reply.status, status_: reply.body.status });
const NOT_FOUND = { status: 404, status_: 'error' };

describe('tenant and centre isolation through every list, get and update endpoint', () => {
  let A: Made;
  let B: Made;

  beforeAll(async () => {
    [A, B] = await Promise.all([populate('isoA'), populate('isoB')]);
  }, 60_000);

  describe('tenant A against tenant B', () => {
    it("lists none of B's rows to A's platform admin, whatever the headers say", async () => {
      const bIds = new Set([
        ...Object.values(B.t.users),
        ...Object.values(B.t.groups),
        ...Object.values(B.t.centres),
        ...Object.values(B.t.roles),
        B.dep,
        B.depC1,
        B.depC2,
        B.ref,
        B.refC1,
        B.refC2,
        B.doc.id,
        B.docC1.id,
        B.docC2.id,
        B.roleC1,
        B.roleC2,
        B.entity,
      ]);
      const spoofs: Array<Record<string, string>> = [
        {},
        { 'x-group-id': B.t.groups.g!, 'x-center-ids': `${B.t.centres.c1},${B.t.centres.c3}` },
      ];
      for (const headers of spoofs) {
        const seen = await listed(A.admin, headers);
        expect(
          Object.values(seen)
            .flat()
            .filter((id) => bIds.has(id)),
        ).toEqual([]);
      }
      const own = await listed(A.admin);
      expect(own.users).toEqual(expect.arrayContaining(Object.values(A.t.users)));
      expect(own.centres.sort()).toEqual(Object.values(A.t.centres).sort());
      expect(own.entities).toEqual([A.entity]);
    });

    it('refuses x-company-id of tenant B (403) on every kind of call', async () => {
      for (const e of [AUTH_API.findUsers, AUTH_API.getCentres, AUTH_API.createDepartment]) {
        const reply = await api.call(
          e,
          { name: 'x', code: 'x' },
          { session: A.admin, headers: { 'x-company-id': B.t.tenantId } },
        );
        expect({ path: e.path, status: reply.status, message: reply.body.message }).toEqual({
          path: e.path,
          status: 403,
          message: AUTH_MESSAGES.forbidden,
        });
      }
    });

    it("answers 404 to A for every get, update and status call on B's ids, and changes nothing in B", async () => {
      const before = await snapshot(B.t.tenantId);
      const b = B.t;
      const calls: Array<[Endpoint, object]> = [
        [AUTH_API.getRole, { id: b.roles[ROLE_CODES.CENTER_ADMIN] }],
        [AUTH_API.getRole, { id: B.roleC1 }],
        [AUTH_API.updateRole, { id: B.roleC1, name: 'Hijacked', roleCode: ROLE_CODES.RECEPTIONIST, privileges: {} }],
        [AUTH_API.roleStatus, { id: B.roleC1, isActive: false }],
        [AUTH_API.getUser, { id: b.users[b.login('ca1')] }],
        [
          AUTH_API.updateUser,
          {
            id: b.users[b.login('ca1')],
            firstName: 'Hijacked',
            lastName: 'X',
            email: 'h@x.io',
            roleID: A.t.roles[ROLE_CODES.CENTER_ADMIN],
            groupID: null,
            centerID: [A.t.centres.c1],
          },
        ],
        [AUTH_API.userStatus, { id: b.users[b.login('ca1')], isActive: false }],
        [AUTH_API.unblockUser, { id: b.users[b.login('ca1')] }],
        [AUTH_API.getGroup, { id: b.groups.g }],
        [AUTH_API.updateGroup, { id: b.groups.g, name: 'Hijacked', code: 'HIJACK' }],
        [AUTH_API.groupStatus, { id: b.groups.g, isActive: false }],
        [AUTH_API.addCentreToGroup, { groupID: A.t.groups.g, centerID: b.centres.c3 }],
        [AUTH_API.addCentreToGroup, { groupID: b.groups.g, centerID: A.t.centres.c3 }],
        [AUTH_API.getCentre, { id: b.centres.c1 }],
        [AUTH_API.updateCentre, { id: b.centres.c3, name: 'Hijacked', code: 'HIJACK', groupID: null }],
        [AUTH_API.centreStatus, { id: b.centres.c1, isActive: false }],
        [AUTH_API.getSubDepartments, { departmentID: B.dep }],
        [AUTH_API.updateDepartment, { id: B.dep, name: 'Hijacked', code: 'H' }],
        [AUTH_API.departmentStatus, { id: B.depC1, isActive: false }],
        [AUTH_API.createSubDepartment, { departmentID: B.dep, subDepartmentName: 'Hijacked', subDepartmentCode: 'H' }],
        [AUTH_API.getDoctorById, { id: B.doc.id, profileID: B.doc.profileID }],
        [AUTH_API.updateDoctor, { id: B.docC1.id, firstName: 'Hijacked', lastName: 'X', centerID: [] }],
        [AUTH_API.doctorStatus, { id: B.doc.id, isActive: false }],
        [AUTH_API.getReferral, { id: B.ref }],
        [AUTH_API.updateReferral, { id: B.refC1, name: 'Hijacked', providerType: 'Internal' }],
        [AUTH_API.referralStatus, { id: B.ref, isActive: false }],
        // B's ids inside A's creations
        [
          AUTH_API.createUser,
          {
            loginName: `${A.t.label}.spy1`,
            firstName: 'S',
            lastName: 'P',
            email: 's@p.io',
            roleID: b.roles[ROLE_CODES.RECEPTIONIST],
            centerID: [A.t.centres.c1],
          },
        ],
        [
          AUTH_API.createUser,
          {
            loginName: `${A.t.label}.spy2`,
            firstName: 'S',
            lastName: 'P',
            email: 's@p.io',
            roleID: A.t.roles[ROLE_CODES.RECEPTIONIST],
            centerID: [b.centres.c1],
          },
        ],
        [
          AUTH_API.createUser,
          {
            loginName: `${A.t.label}.spy3`,
            firstName: 'S',
            lastName: 'P',
            email: 's@p.io',
            roleID: A.t.roles[ROLE_CODES.GROUP_ADMIN],
            groupID: b.groups.g,
          },
        ],
        [AUTH_API.createCentre, { name: 'Spy', code: `SPY${A.t.label}`.slice(0, 20), groupID: b.groups.g }],
        [AUTH_API.createDoctor, { firstName: 'S', lastName: 'P', centerID: [b.centres.c1] }],
        [AUTH_API.createDoctor, { firstName: 'S', lastName: 'P', departmentID: B.dep, centerID: [] }],
      ];
      for (const [endpoint, body] of calls) {
        const reply = await api.call(endpoint, body, { session: A.admin });
        expect({ path: endpoint.path, body, ...notFound(reply) }).toEqual({ path: endpoint.path, body, ...NOT_FOUND });
      }
      expect(await snapshot(B.t.tenantId)).toEqual(before);
      expect(
        await tenantQuery(A.t.tenantId, `SELECT login_name FROM auth.users WHERE login_name LIKE '%.spy%'`),
      ).toEqual([]);
    });
  });

  describe('centre c1 against centre c2 inside tenant A', () => {
    // the group-centre admin of c1: a centre-level user holding every administrative list privilege
    let ca1: Session;
    beforeAll(async () => {
      ca1 = await api.login(A.t.login('gca1'), TEST_PASSWORD);
    });

    it('lists to the admin of c1 only what c1 holds, plus what the whole tenant shares', async () => {
      const t = A.t;
      const seen = await listed(ca1);
      expect(seen.centres).toEqual([t.centres.c1]);
      expect(seen.groups).toEqual([t.groups.g]);
      expect(seen.users.sort()).toEqual(
        ['ca1', 'gca1', 'rad', 'typist', 'reception', 'nobody'].map((w) => t.users[t.login(w as never)]!).sort(),
      );
      expect(seen.departments.sort()).toEqual([A.dep, A.depC1].sort());
      expect(seen.referrals.sort()).toEqual([A.ref, A.refC1].sort());
      expect(seen.doctors.sort()).toEqual([A.doc.id, A.docC1.id].sort());
      expect(seen.roles).toContain(A.roleC1);
      expect(seen.roles).not.toContain(A.roleC2);
      expect(seen.roles).toContain(t.roles[ROLE_CODES.RECEPTIONIST]);
    });

    it('shows nothing of c2 however the headers are spoofed', async () => {
      const t = A.t;
      const c2 = await listed(ca1, { 'x-center-ids': t.centres.c2! });
      expect([...c2.centres, ...c2.users, ...c2.doctors.filter((d) => d !== A.doc.id)]).toEqual([]);
      const both = await listed(ca1, { 'x-center-ids': `${t.centres.c1},${t.centres.c2}` });
      expect(both.centres).toEqual([t.centres.c1]);
      expect(both.users).not.toContain(t.users[t.login('ca2')]);
      const otherGroup = await listed(ca1, { 'x-group-id': B.t.groups.g! });
      expect([
        ...otherGroup.centres,
        ...otherGroup.users,
        ...otherGroup.groups,
        ...otherGroup.referrals,
        ...otherGroup.departments,
      ]).toEqual([]);
    });

    it("answers 404 to the admin of c1 for c2's users, centre and rows, 403 for the tenant's shared rows, and changes nothing", async () => {
      const t = A.t;
      const before = await snapshot(t.tenantId);
      const ca2 = t.users[t.login('ca2')]!;
      const missing: Array<[Endpoint, object]> = [
        [AUTH_API.getUser, { id: ca2 }],
        [
          AUTH_API.updateUser,
          {
            id: ca2,
            firstName: 'Hijacked',
            lastName: 'X',
            email: 'h@x.io',
            roleID: t.roles[ROLE_CODES.RECEPTIONIST],
            groupID: null,
            centerID: [t.centres.c1],
          },
        ],
        [AUTH_API.userStatus, { id: ca2, isActive: false }],
        [AUTH_API.unblockUser, { id: ca2 }],
        [AUTH_API.getCentre, { id: t.centres.c2 }],
        [AUTH_API.updateCentre, { id: t.centres.c2, name: 'Hijacked', code: 'HIJACK', groupID: t.groups.g }],
        [AUTH_API.getRole, { id: A.roleC2 }],
        [AUTH_API.updateRole, { id: A.roleC2, name: 'Hijacked', roleCode: ROLE_CODES.RECEPTIONIST, privileges: {} }],
        [AUTH_API.updateDepartment, { id: A.depC2, name: 'Hijacked', code: 'H' }],
        [AUTH_API.getSubDepartments, { departmentID: A.depC2 }],
        [AUTH_API.getDoctorById, { id: A.docC2.id, profileID: A.docC2.profileID }],
        [AUTH_API.updateDoctor, { id: A.docC2.id, firstName: 'Hijacked', lastName: 'X', centerID: [] }],
        [AUTH_API.getReferral, { id: A.refC2 }],
        [AUTH_API.referralStatus, { id: A.refC2, isActive: false }],
        [
          AUTH_API.createUser,
          {
            loginName: `${t.label}.spy4`,
            firstName: 'S',
            lastName: 'P',
            email: 's@p.io',
            roleID: t.roles[ROLE_CODES.RECEPTIONIST],
            centerID: [t.centres.c2],
          },
        ],
        [AUTH_API.createDoctor, { firstName: 'S', lastName: 'P', centerID: [t.centres.c2] }],
      ];
      for (const [endpoint, body] of missing) {
        const reply = await api.call(endpoint, body, { session: ca1 });
        expect({ path: endpoint.path, body, ...notFound(reply) }).toEqual({ path: endpoint.path, body, ...NOT_FOUND });
      }
      const shared: Array<[Endpoint, object]> = [
        [AUTH_API.updateDepartment, { id: A.dep, name: 'Hijacked', code: 'H' }],
        [AUTH_API.referralStatus, { id: A.ref, isActive: false }],
        [AUTH_API.updateDoctor, { id: A.doc.id, firstName: 'Hijacked', lastName: 'X', centerID: [t.centres.c1] }],
        [
          AUTH_API.updateRole,
          { id: t.roles[ROLE_CODES.RECEPTIONIST], name: 'Hijacked', roleCode: ROLE_CODES.RECEPTIONIST, privileges: {} },
        ],
        // a user of c1 who also works at c2 is not the c1 admin's alone to change
        [
          AUTH_API.updateUser,
          {
            id: t.users[t.login('rad')],
            firstName: 'Hijacked',
            lastName: 'X',
            email: 'h@x.io',
            roleID: t.roles[ROLE_CODES.CENTER_RADIOLOGIST],
            groupID: null,
            centerID: [t.centres.c1],
          },
        ],
        [AUTH_API.userStatus, { id: t.users[t.login('rad')], isActive: false }],
      ];
      for (const [endpoint, body] of shared) {
        const reply = await api.call(endpoint, body, { session: ca1 });
        expect({ path: endpoint.path, status: reply.status, message: reply.body.message }).toEqual({
          path: endpoint.path,
          status: 403,
          message: AUTH_MESSAGES.forbidden,
        });
      }
      expect(await snapshot(t.tenantId)).toEqual(before);
    });

    it('lets the group admin reach c1 and c2 but not the individual centre c3; x-center-ids narrows it to c1', async () => {
      const t = A.t;
      const ga = await api.login(t.login('ga'), TEST_PASSWORD);
      const seen = await listed(ga);
      expect(seen.centres.sort()).toEqual([t.centres.c1, t.centres.c2].sort());
      expect(seen.users).toContain(t.users[t.login('ca2')]);
      expect(seen.users).toContain(t.users[t.login('ga')]);
      expect(seen.users).not.toContain(t.users[t.login('ca3')]);
      expect(seen.users).not.toContain(t.users[t.login('admin')]);
      expect((await api.call(AUTH_API.getCentre, { id: t.centres.c3 }, { session: ga })).status).toBe(404);
      const narrowed = await listed(ga, { 'x-center-ids': t.centres.c1! });
      expect(narrowed.centres).toEqual([t.centres.c1]);
      expect(narrowed.users).not.toContain(t.users[t.login('ca2')]);
      expect(narrowed.departments.sort()).toEqual([A.dep, A.depC1].sort());
    });
  });
});
