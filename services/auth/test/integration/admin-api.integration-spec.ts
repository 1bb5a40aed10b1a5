import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_API,
  DEFAULT_ROLE_PRIVILEGES,
  ROLE_CODES,
  toPermissionConfig,
  centreSchema,
  dashboardCountsSchema,
  departmentSchema,
  doctorSchema,
  groupSchema,
  profileSchema,
  referralSchema,
  roleSchema,
  userSchema,
  type Endpoint,
} from '@rayworks/contracts';
import { infraEnv } from '@rayworks/testing';
import { AuthClient, type Reply, type Session } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const api = new AuthClient();

/** The admin screens' calls, as their owners use them: shapes of libs/contracts, messages, paging, search, events. */
describe('admin API', () => {
  let t: StandardTenant;
  let admin: Session;
  const ok = async <T>(e: Endpoint, body: unknown, session: Session = admin): Promise<Reply<T>> => {
    const reply = await api.call<T>(e, body, { session });
    if (reply.status !== 200) throw new Error(`${e.path}: ${reply.status} ${reply.body.message}`);
    return reply;
  };

  beforeAll(async () => {
    t = await standardTenant('admin');
    admin = await api.login(t.login('admin'), TEST_PASSWORD);
  });

  it('creates, reads, updates and inactivates a group and a centre, publishing OrgUnit events through the outbox', async () => {
    const group = await ok<{ _id: string }>(AUTH_API.createGroup, {
      name: 'Metro Scans',
      code: `M${t.label}`.slice(0, 20),
      city: 'Mumbai',
    });
    expect(group.body.message).toBe('Group Added Successfully');
    groupSchema.parse(group.body.data);
    const centre = await ok<{ _id: string }>(AUTH_API.createCentre, {
      name: 'Metro Bandra',
      code: `MB${t.label}`.slice(0, 20),
      groupID: group.body.data._id,
      pinCode: '400050',
    });
    expect(centreSchema.parse(centre.body.data)).toMatchObject({
      groupID: group.body.data._id,
      groupName: 'Metro Scans',
      pinCode: '400050',
    });
    const individual = await ok<{ _id: string }>(AUTH_API.createCentre, {
      name: 'Solo Scan',
      code: `S${t.label}`.slice(0, 20),
    });
    const moved = await ok<{ groupID: string }>(AUTH_API.addCentreToGroup, {
      groupID: group.body.data._id,
      centerID: individual.body.data._id,
    });
    expect(moved.body.data.groupID).toBe(group.body.data._id);
    const got = await ok<{ centerCount: number }>(AUTH_API.getGroup, { id: group.body.data._id });
    expect(got.body.data.centerCount).toBe(2);
    const off = await ok<{ isActive: boolean }>(AUTH_API.centreStatus, { id: centre.body.data._id, isActive: false });
    expect([off.body.data.isActive, off.body.message]).toEqual([false, 'Center Inactivated Successfully']);
    const duplicate = await api.call(
      AUTH_API.createCentre,
      { name: 'Again', code: `MB${t.label}`.slice(0, 20) },
      { session: admin },
    );
    expect([duplicate.status, duplicate.body.message]).toEqual([400, 'A center with this code already exists']);
    const events = await tenantQuery<{ type: string; key: string }>(
      t.tenantId,
      `SELECT envelope->>'type' AS type, message_key AS key FROM auth.outbox WHERE envelope->>'tenantId' = $1 AND message_key = ANY($2) ORDER BY id`,
      [t.tenantId, [group.body.data._id, centre.body.data._id]],
    );
    expect(events).toEqual([
      { type: 'OrgUnitCreated', key: group.body.data._id },
      { type: 'OrgUnitCreated', key: centre.body.data._id },
      { type: 'OrgUnitUpdated', key: centre.body.data._id },
    ]);
  });

  it('pages, searches and sorts users on the server', async () => {
    const page1 = await ok<{ items: Array<{ loginName: string }>; total: number }>(AUTH_API.findUsers, {
      pageSize: 3,
      sortBy: 'loginName',
      sortDir: 'asc',
    });
    const page2 = await ok<{ items: Array<{ loginName: string }>; total: number }>(AUTH_API.findUsers, {
      pageSize: 3,
      page: 2,
      sortBy: 'loginName',
      sortDir: 'asc',
    });
    const all = [...page1.body.data.items, ...page2.body.data.items].map((u) => u.loginName);
    expect(all).toEqual([...all].sort());
    expect(page1.body.data.total).toBe(Object.keys(t.users).length);
    for (const u of page1.body.data.items) userSchema.parse(u);
    const search = await ok<{ items: Array<{ loginName: string }> }>(AUTH_API.findUsers, { search: `${t.label}.typ` });
    expect(search.body.data.items.map((u) => u.loginName)).toEqual([t.login('typist')]);
    const byRole = await ok<{ items: Array<{ loginName: string }> }>(AUTH_API.findUsers, { roleCode: 'CA' });
    expect(byRole.body.data.items.map((u) => u.loginName).sort()).toEqual(
      [t.login('ca1'), t.login('ca2'), t.login('ca3')].sort(),
    );
  });

  it('creates and edits roles only from privileges the creator holds, and users only with roles it may assign', async () => {
    const ga = await api.login(t.login('ga'), TEST_PASSWORD);
    const role = await ok<{ _id: string }>(
      AUTH_API.createRole,
      {
        name: 'Scheduler',
        roleCode: 'RECEPTIONIST',
        privileges: { USER: ['VIEW'], WORKLIST: ['VIEW', 'ASSIGN'], INVENTED: ['X'] },
      },
      ga,
    );
    expect(roleSchema.parse(role.body.data)).toMatchObject({
      roleCode: ROLE_CODES.RECEPTIONIST,
      isSystem: false,
      privileges: { USER: ['VIEW'], WORKLIST: ['VIEW', 'ASSIGN'] },
    });
    const escalate = await api.call(
      AUTH_API.updateRole,
      { id: role.body.data._id, name: 'Scheduler', roleCode: 'RECEPTIONIST', privileges: { GROUP: ['CREATE'] } },
      { session: ga },
    );
    expect([escalate.status, escalate.body.message]).toEqual([403, 'You can only grant privileges you hold yourself']);
    const wider = await api.call(
      AUTH_API.createRole,
      { name: 'Boss', roleCode: ROLE_CODES.ADMIN, privileges: {} },
      { session: ga },
    );
    expect(wider.status).toBe(403);
    const assign = await api.call(
      AUTH_API.createUser,
      {
        loginName: `${t.label}.boss`,
        firstName: 'B',
        lastName: 'Oss',
        email: 'b@oss.io',
        roleID: t.roles[ROLE_CODES.ADMIN],
      },
      { session: ga },
    );
    expect(assign.status).toBe(403);
    const placed = await ok<{ groupID: string; centerID: string[] }>(
      AUTH_API.createUser,
      {
        loginName: `${t.label}.sched`,
        firstName: 'Sche',
        lastName: 'Duler',
        email: `${t.label}.sched@it.rayworks.local`,
        roleID: role.body.data._id,
        centerID: [t.centres.c1, t.centres.c2],
      },
      ga,
    );
    expect(placed.body.data).toMatchObject({ groupID: t.groups.g });
    const noCentre = await api.call(
      AUTH_API.createUser,
      { loginName: `${t.label}.nowhere`, firstName: 'N', lastName: 'W', email: 'n@w.io', roleID: role.body.data._id },
      { session: ga },
    );
    expect([noCentre.status, noCentre.body.message]).toEqual([400, 'Please select at least one center for this role']);
    const taken = await api.call(
      AUTH_API.createUser,
      {
        loginName: t.login('rad'),
        firstName: 'N',
        lastName: 'W',
        email: 'n@w.io',
        roleID: role.body.data._id,
        centerID: [t.centres.c1],
      },
      { session: ga },
    );
    expect([taken.status, taken.body.message]).toEqual([400, 'This login name is already taken']);
    // the matrix editor offers what the caller may grant: its own privileges
    const privileges = await ok(AUTH_API.getPrivilege, {}, ga);
    expect(privileges.body.data).toEqual(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.GROUP_ADMIN]));
  });

  it('edits a user, moves it between centres, and ends its sessions when it is inactivated', async () => {
    const id = t.users[t.login('reception')]!;
    const session = await api.login(t.login('reception'), TEST_PASSWORD);
    const updated = await ok<{ centerID: string[]; firstName: string }>(AUTH_API.updateUser, {
      id,
      firstName: 'Renamed',
      lastName: 'Reception',
      email: t.email('reception'),
      phoneNumber: '9876543210',
      roleID: t.roles[ROLE_CODES.RECEPTIONIST],
      groupID: null,
      centerID: [t.centres.c2],
    });
    expect(updated.body.data).toMatchObject({ firstName: 'Renamed', centerID: [t.centres.c2] });
    const self = await api.call(AUTH_API.userStatus, { id: admin.userId, isActive: false }, { session: admin });
    expect([self.status, self.body.message]).toEqual([400, 'You cannot change your own status']);
    const off = await ok(AUTH_API.userStatus, { id, isActive: false });
    expect(off.body.message).toBe('User Inactivated Successfully');
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(401);
    const types = await tenantQuery<{ type: string }>(
      t.tenantId,
      `SELECT envelope->>'type' AS type FROM auth.outbox WHERE message_key = $1 ORDER BY id`,
      [id],
    );
    expect(types.map((r) => r.type)).toEqual(['UserCreated', 'UserUpdated', 'UserUpdated']);
  });

  it('keeps departments with sub-departments, doctors by id and profile id, referrals and entities', async () => {
    const dep = await ok<{ _id: string }>(AUTH_API.createDepartment, { name: 'Radiology', code: 'RAD' });
    const withSub = await ok(AUTH_API.createSubDepartment, {
      departmentID: dep.body.data._id,
      subDepartmentName: 'MRI',
      subDepartmentCode: 'MRI',
    });
    expect(departmentSchema.parse(withSub.body.data).subDepartments.map((s) => s.subDepartmentName)).toEqual(['MRI']);
    const subs = await ok<unknown[]>(AUTH_API.getSubDepartments, { departmentID: dep.body.data._id });
    expect(subs.body.data).toHaveLength(1);
    const doctor = await ok<{ _id: string; profileID: string }>(AUTH_API.createDoctor, {
      firstName: 'Asha',
      lastName: 'Rao',
      departmentID: dep.body.data._id,
      centerID: [t.centres.c2, t.centres.c1],
    });
    // the view names the department and the centres (ordered by name, ids in the same order)
    expect(doctorSchema.parse(doctor.body.data)).toMatchObject({
      departmentName: 'Radiology',
      centerID: [t.centres.c1, t.centres.c2],
      centerNames: [`Centre One ${t.label}`, `Centre Two ${t.label}`],
    });
    expect(
      (await ok(AUTH_API.getDoctorById, { id: doctor.body.data._id, profileID: doctor.body.data.profileID })).body.data,
    ).toMatchObject({ fullName: 'Asha Rao' });
    expect(
      (
        await api.call(
          AUTH_API.getDoctorById,
          { id: doctor.body.data._id, profileID: dep.body.data._id },
          { session: admin },
        )
      ).status,
    ).toBe(404);
    const referral = await ok(AUTH_API.createReferral, {
      name: 'City Hospital',
      providerType: 'External',
      commissionBasisPoints: 1250,
    });
    expect(referralSchema.parse(referral.body.data).commissionBasisPoints).toBe(1250);
    await ok(AUTH_API.createEntity, { code: 'MH12', city: 'Pune', state: 'Maharashtra' });
    expect(
      (await ok<Array<{ code: string }>>(AUTH_API.getEntities, { search: 'pune' })).body.data.map((e) => e.code),
    ).toEqual(['MH12']);
  });

  it('keeps the caller’s picture, which the logged-in user then carries for the avatar', async () => {
    const typist = await api.login(t.login('typist'), TEST_PASSWORD);
    expect(typist.data.user).toMatchObject({ logo: null, profileImg: [] });
    const upload = await ok<{ uploadUrl: string; fileID: string }>(
      AUTH_API.logoUploadUrl,
      { contentType: 'image/jpeg', size: 8 },
      typist,
    );
    expect(upload.body.data.fileID).toMatch(new RegExp(`/users/${typist.userId}/logo/[0-9a-f-]+\\.jpg$`));
    // nothing uploaded yet: refused, nothing kept
    const early = await api.call(AUTH_API.setLogo, { fileID: upload.body.data.fileID }, { session: typist });
    expect([early.status, early.body.message]).toEqual([400, 'The picture was not uploaded']);
    const picture = new Uint8Array([255, 216, 255, 224, 1, 2, 3, 4]);
    const put = await fetch(upload.body.data.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: picture,
    });
    expect(put.status).toBe(200);
    // a signature's key is not a picture's, and another user's picture is not the caller's
    const signatureKey = upload.body.data.fileID.replace('/logo/', '/signature/');
    expect((await api.call(AUTH_API.setLogo, { fileID: signatureKey }, { session: typist })).status).toBe(400);
    const foreign = await api.call(AUTH_API.setLogo, { fileID: upload.body.data.fileID }, { session: admin });
    expect([foreign.status, foreign.body.message]).toEqual([400, 'The picture was not uploaded']);
    expect((await ok<{ logo: unknown }>(AUTH_API.getProfile, {}, admin)).body.data.logo).toBeNull();

    const kept = await ok(AUTH_API.setLogo, { fileID: upload.body.data.fileID }, typist);
    expect(profileSchema.parse(kept.body.data).logo?.fileID).toBe(upload.body.data.fileID);
    // the next login carries the picture and a URL that serves it
    const again = await api.login(t.login('typist'), TEST_PASSWORD);
    expect(again.data.user.logo).toEqual({ fileID: upload.body.data.fileID });
    expect(again.data.user.profileImg).toHaveLength(1);
    const shown = await fetch(again.data.user.profileImg[0]!.preview);
    expect(shown.status).toBe(200);
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(picture);
  });

  it('keeps the caller’s own profile, preferences and preferred columns', async () => {
    const rad = await api.login(t.login('rad'), TEST_PASSWORD);
    const spec = await ok(
      AUTH_API.setSpecialization,
      { specialization: ['Neuro', 'MSK'], qualificationName: 'MD' },
      rad,
    );
    expect(profileSchema.parse(spec.body.data)).toMatchObject({
      specialization: ['Neuro', 'MSK'],
      qualificationName: 'MD',
      signature: null,
    });
    const upload = await ok<{ uploadUrl: string; fileID: string }>(
      AUTH_API.signatureUploadUrl,
      { contentType: 'image/png', size: 4 },
      rad,
    );
    expect(upload.body.data.fileID).toContain(`/users/${rad.userId}/signature/`);
    const notUploaded = await api.call(AUTH_API.setSignature, { fileID: upload.body.data.fileID }, { session: rad });
    expect(notUploaded.status).toBe(400);
    const put = await fetch(upload.body.data.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    expect(put.status).toBe(200);
    const signed = await ok<{ signature: { fileID: string; url: string } }>(
      AUTH_API.setSignature,
      { fileID: upload.body.data.fileID },
      rad,
    );
    expect(signed.body.data.signature.url).toContain(new URL(infraEnv().s3.endpoint).host);
    // another user's file is not the caller's to keep
    const foreign = await api.call(AUTH_API.setSignature, { fileID: upload.body.data.fileID }, { session: admin });
    expect([foreign.status, foreign.body.message]).toEqual([400, 'The signature file was not uploaded']);

    expect((await ok(AUTH_API.getPreferences, {}, rad)).body.data).toEqual({});
    await ok(AUTH_API.setPreferences, { theme: 'dark' }, rad);
    expect((await ok(AUTH_API.setPreferences, { viewer: 'exe' }, rad)).body.data).toEqual({
      theme: 'dark',
      viewer: 'exe',
    });
    expect((await ok(AUTH_API.findPreferredColumns, { screen: 'users' }, rad)).body.data).toBeNull();
    await ok(AUTH_API.createPreferredColumns, { screen: 'users', columns: ['name', 'role'] }, rad);
    expect((await ok(AUTH_API.findPreferredColumns, { screen: 'users' }, rad)).body.data).toEqual({
      screen: 'users',
      columns: ['name', 'role'],
    });
    expect((await ok(AUTH_API.findPreferredColumns, { screen: 'users' }, admin)).body.data).toBeNull();
  });

  it('counts for the dashboard within the caller’s reach', async () => {
    const all = dashboardCountsSchema.parse((await ok(AUTH_API.dashboardCount, {})).body.data);
    const ca3 = dashboardCountsSchema.parse(
      (await ok(AUTH_API.dashboardCount, {}, await api.login(t.login('ca3'), TEST_PASSWORD))).body.data,
    );
    expect(all.centers).toBeGreaterThanOrEqual(3);
    expect(ca3).toMatchObject({ centers: 1, groups: 0, users: 1 });
  });
});
