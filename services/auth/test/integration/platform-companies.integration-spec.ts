import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_API,
  AUTH_MESSAGES,
  COMPANY_MESSAGES,
  type Company,
  type OnboardedCompany,
  type Page,
} from '@rayworks/contracts';
import { platformOperator, type TestPlatformOperator } from '@rayworks/testing';
import { AuthClient, type Session } from '../support/auth-client.js';
import { waitForMail } from '../support/mailbox.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Platform onboarding (issue 8, operations 3; docs/decisions/0085): a platform operator — SUPER_ADMIN of the
 * platform, in no company — onboards a company with its first administrator, lists, suspends and resumes
 * companies; a company's administrator cannot; a suspended company's users cannot log in and their sessions end.
 */
describe('platform operators and companies', () => {
  const api = new AuthClient();
  let operator: TestPlatformOperator;
  let op: Session;
  let t: StandardTenant;
  const suffix = randomBytes(3).toString('hex');
  const newCompany = {
    name: `Onboarded ${suffix}`,
    code: `ONB${suffix}`.toUpperCase(),
    adminLoginName: `onb${suffix}.admin`,
    adminFirstName: 'Olivia',
    adminLastName: 'Onboard',
    adminEmail: `onb${suffix}.admin@it.rayworks.local`,
  };

  beforeAll(async () => {
    operator = await platformOperator('op');
    op = await api.login(operator.loginName, operator.password);
    t = await standardTenant('plat');
  });

  it('the operator is a principal of no company holding only the platform module', async () => {
    expect(op.data.user.companyID).toBeNull();
    const config = (await api.call(AUTH_API.config, undefined, { session: op })).body.data;
    expect(config).toEqual([
      {
        module: 'PLATFORM',
        submodules: [
          { type: 'COMPANIES', privileges: [{ code: 'VIEW' }, { code: 'CREATE' }, { code: 'ISACTIVE' }] },
          { type: 'OPERATIONS', privileges: [{ code: 'VIEW' }] },
        ],
      },
    ]);
    // no company's records: a company's list answers 403, and the platform context shows no company's rows
    expect((await api.call(AUTH_API.findUsers, {}, { session: op })).status).toBe(403);
    expect((await api.call(AUTH_API.getGroups, {}, { session: op })).status).toBe(403);
    const visible = await tenantQuery<{ n: number }>(
      null,
      `SELECT count(*)::int AS n FROM auth.users WHERE tenant_id IS NOT NULL`,
    );
    expect(visible).toEqual([{ n: 0 }]);
  });

  it('onboards a company: its administrator gets the welcome e-mail and logs in', async () => {
    const reply = await api.call<OnboardedCompany>(AUTH_API.createCompany, newCompany, { session: op });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(COMPANY_MESSAGES.created);
    const created = reply.body.data!;
    expect(created).toMatchObject({ name: newCompany.name, code: newCompany.code, isActive: true });
    expect(created.admin.loginName).toBe(newCompany.adminLoginName);

    // the company's own rows exist in its scope: its system roles and its administrator
    const admins = await tenantQuery<{ login_name: string; code: string }>(
      created._id,
      `SELECT u.login_name, r.role_code AS code FROM auth.users u JOIN auth.roles r ON r.id = u.role_id`,
    );
    expect(admins).toEqual([{ login_name: newCompany.adminLoginName, code: 'RAYWORKS_ADMIN' }]);
    const events = await tenantQuery<{ type: string }>(
      null,
      `SELECT envelope->>'type' AS type FROM auth.outbox WHERE envelope->>'tenantId' = $1 AND topic = 'auth.company.v1'`,
      [created._id],
    );
    expect(events).toEqual([{ type: 'CompanyCreated' }]);

    const mail = await waitForMail(newCompany.adminEmail);
    expect(mail.text).toContain(`Login name: ${newCompany.adminLoginName}`);
    const temporary = /Temporary password: (\S+)/.exec(mail.text)![1]!;
    const admin = await api.login(newCompany.adminLoginName, temporary);
    expect(admin.data.resetPassword).toBe(true);
    expect(admin.data.user.companyID).toBe(created._id);

    const list = await api.call<Page<Company>>(
      AUTH_API.getCompanies,
      { search: newCompany.code, sortBy: 'createdAt' },
      { session: op },
    );
    expect(list.body.data!.items.map((c) => c.code)).toEqual([newCompany.code]);
  });

  it('refuses a second company with the same code or login name (409), and creates nothing', async () => {
    const again = await api.call(
      AUTH_API.createCompany,
      { ...newCompany, adminLoginName: `x${suffix}.admin` },
      { session: op },
    );
    expect(again).toMatchObject({ status: 409, body: { message: COMPANY_MESSAGES.codeTaken } });
    const login = await api.call(
      AUTH_API.createCompany,
      { ...newCompany, code: `X${suffix}`.toUpperCase() },
      { session: op },
    );
    expect(login).toMatchObject({ status: 409, body: { message: COMPANY_MESSAGES.loginNameTaken } });
    const companies = await tenantQuery<{ n: number }>(
      null,
      `SELECT count(*)::int AS n FROM auth.companies WHERE code = $1`,
      [`X${suffix}`.toUpperCase()],
    );
    expect(companies).toEqual([{ n: 0 }]);
  });

  it.each([
    ['getCompanies', AUTH_API.getCompanies, {}],
    ['createCompany', AUTH_API.createCompany, { ...newCompany, code: 'NOPE01', adminLoginName: 'nope.admin' }],
    ['suspendCompany', AUTH_API.suspendCompany, { id: '00000000-0000-4000-8000-000000000000' }],
    ['resumeCompany', AUTH_API.resumeCompany, { id: '00000000-0000-4000-8000-000000000000' }],
  ])('a company administrator cannot call %s (403)', async (_name, endpoint, body) => {
    const admin = await api.login(t.login('admin'), TEST_PASSWORD);
    expect((await api.call(endpoint, body, { session: admin })).status).toBe(403);
  });

  it('suspend: the company’s users cannot log in and their sessions end; its data is kept; resume: they can', async () => {
    const before = await tenantQuery<{ n: number }>(t.tenantId, `SELECT count(*)::int AS n FROM auth.users`);
    const live = await api.login(t.login('rad'), TEST_PASSWORD);
    expect((await api.call(AUTH_API.config, undefined, { session: live })).status).toBe(200);

    const suspended = await api.call<Company>(AUTH_API.suspendCompany, { id: t.tenantId }, { session: op });
    expect(suspended).toMatchObject({
      status: 200,
      body: { message: COMPANY_MESSAGES.suspended, data: { isActive: false } },
    });

    // the live session ended at once, and logging in says why
    expect((await api.call(AUTH_API.config, undefined, { session: live })).status).toBe(401);
    expect(await api.tryLogin(t.login('rad'), TEST_PASSWORD)).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.companySuspended },
    });
    // a wrong password still says only that (the suspension is told only to someone who knows the password)
    expect(await api.tryLogin(t.login('admin'), 'Wrong@1234')).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.invalidCredentials },
    });
    const ended = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM auth.sessions WHERE ended_at IS NULL`,
    );
    expect(ended).toEqual([{ n: 0 }]);
    expect(await tenantQuery(t.tenantId, `SELECT count(*)::int AS n FROM auth.users`)).toEqual(before);

    const resumed = await api.call<Company>(AUTH_API.resumeCompany, { id: t.tenantId }, { session: op });
    expect(resumed).toMatchObject({
      status: 200,
      body: { message: COMPANY_MESSAGES.resumed, data: { isActive: true } },
    });
    expect((await api.tryLogin(t.login('rad'), TEST_PASSWORD)).status).toBe(200);

    const events = await tenantQuery<{ type: string }>(
      null,
      `SELECT envelope->>'type' AS type FROM auth.outbox WHERE envelope->>'tenantId' = $1 AND topic = 'auth.company.v1' ORDER BY id`,
      [t.tenantId],
    );
    expect(events.map((e) => e.type)).toEqual(['CompanyCreated', 'CompanySuspended', 'CompanyResumed']);
  });

  it('answers 404 for a company that does not exist', async () => {
    const reply = await api.call(
      AUTH_API.suspendCompany,
      { id: '00000000-0000-4000-8000-000000000000' },
      { session: op },
    );
    expect(reply).toMatchObject({ status: 404, body: { message: COMPANY_MESSAGES.notFound } });
  });
});
