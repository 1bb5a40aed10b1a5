import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  DEFAULT_ROLE_PRIVILEGES,
  GATEWAY_PORT,
  GENERIC,
  grantsAllow,
  PACKAGE_MESSAGES,
  requirement,
  TEST_MESSAGES,
} from '@rayworks/contracts';
import {
  EVERY_ROLE_USERS,
  everyRoleTenant,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * The company's billable catalogue against the running system, through the gateway (docs/decisions/0248): tests
 * (`/studytest/*`) and packages (`/package/*`), company-wide, under the TESTS and PACKAGES privileges; a code is the
 * company's once; another company's test or package is not there.
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
const USERS = Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[];
const holds = (who: EveryRoleUser, type: 'TESTS' | 'PACKAGES', code: string) =>
  grantsAllow(DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role], requirement(type, code as never));

describe('the billable catalogue', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  const session = new Map<EveryRoleUser, Credentials>();
  let adminB: Credentials;
  const admin = () => session.get('admin')!;

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('cat-a'), everyRoleTenant('cat-b')]);
    for (const who of USERS) session.set(who, await signIn(a, who));
    adminB = await signIn(b, 'admin');
  }, 120_000);

  it('adds a radiology and a lab test, each with the fields of its kind; a code is the company’s once', async () => {
    const ct = await api.call(
      BILLING_API.createTest,
      { code: 'ct-brain', name: 'CT Brain', kind: 'RADIOLOGY', modality: 'ct', bodyPart: 'Head', sampleType: 'x' },
      { session: admin() },
    );
    expect(ct).toMatchObject({
      code: 'CT-BRAIN',
      kind: 'RADIOLOGY',
      modality: 'CT',
      bodyPart: 'Head',
      sampleType: null,
      taxable: false,
      isActive: true,
    });
    const cbc = await api.call(
      BILLING_API.createTest,
      { code: 'CBC', name: 'Complete Blood Count', kind: 'LAB', sampleType: 'Blood', taxable: true },
      { session: session.get('gca')! },
    );
    expect(cbc).toMatchObject({ code: 'CBC', modality: null, sampleType: 'Blood', taxable: true });

    const again = await api.reply(
      BILLING_API.createTest,
      { code: 'Ct-Brain', name: 'Another', kind: 'RADIOLOGY', modality: 'MR' },
      { session: admin() },
    );
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: TEST_MESSAGES.codeTaken,
    });
    // another company may use the same code: codes are per company
    const other = await api.call(
      BILLING_API.createTest,
      { code: 'CT-BRAIN', name: 'CT Brain (B)', kind: 'RADIOLOGY', modality: 'CT' },
      { session: adminB },
    );
    expect(other._id).not.toBe(ct._id);
  });

  it('refuses a test without the field its kind needs, in the form’s words, and writes nothing', async () => {
    const reply = await api.reply(
      BILLING_API.createTest,
      { code: 'US-ABD', name: 'US Abdomen', kind: 'RADIOLOGY' },
      { session: admin() },
    );
    expect({ status: reply.status, message: reply.body.message }).toEqual({
      status: 400,
      message: 'modality: Modality is required',
    });
    const found = await api.call(BILLING_API.findTests, { search: 'US-ABD' }, { session: admin() });
    expect(found.total).toBe(0);
  });

  it('finds tests by the code’s beginning or a part of the name; changes one, keeping its code', async () => {
    const t = await api.call(
      BILLING_API.createTest,
      { code: 'LFT', name: 'Liver Function Test', kind: 'LAB', sampleType: 'Blood' },
      { session: admin() },
    );
    const codes = async (search: string) =>
      (await api.call(BILLING_API.findTests, { search }, { session: session.get('reception')! })).items.map(
        (x) => x.code,
      );
    expect(await codes('lf')).toEqual(['LFT']);
    expect(await codes('function')).toEqual(['LFT']);
    expect(await codes('%')).toEqual([]);

    const changed = await api.call(
      BILLING_API.updateTest,
      { id: t._id, name: 'Liver Function Panel', kind: 'LAB', sampleType: 'Serum', taxable: true },
      { session: admin() },
    );
    expect(changed).toMatchObject({ _id: t._id, code: 'LFT', name: 'Liver Function Panel', sampleType: 'Serum' });

    // another company's test cannot be changed: the spec's words, and nothing changed
    const foreign = await api.reply(
      BILLING_API.updateTest,
      { id: t._id, name: 'Hijacked', kind: 'LAB', sampleType: 'Blood' },
      { session: adminB },
    );
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({
      status: 404,
      message: TEST_MESSAGES.updateFailed,
    });
    expect((await api.reply(BILLING_API.getTest, { id: t._id }, { session: adminB })).status).toBe(404);
    expect((await api.call(BILLING_API.getTest, { id: t._id }, { session: admin() })).name).toBe(
      'Liver Function Panel',
    );
  });

  it('answers each role by its privileges: view and add as the role holds them (403 otherwise)', async () => {
    const t = await api.call(
      BILLING_API.createTest,
      { code: 'XR-CHEST', name: 'X-Ray Chest', kind: 'RADIOLOGY', modality: 'DX' },
      { session: admin() },
    );
    for (const who of USERS) {
      const s = { session: session.get(who)! };
      const view = await api.reply(BILLING_API.getTest, { id: t._id }, s);
      const add = await api.reply(
        BILLING_API.createTest,
        { code: `R-${who.replace(/\W/g, '')}`.slice(0, 20), name: 'Role test', kind: 'LAB', sampleType: 'Urine' },
        s,
      );
      expect({ who, view: view.status, add: add.status }).toEqual({
        who,
        view: holds(who, 'TESTS', GENERIC.VIEW) ? 200 : 403,
        add: holds(who, 'TESTS', GENERIC.CREATE) ? 200 : 403,
      });
    }
  });

  it('bundles active tests into a package that names them in order; an unknown or inactive code is a 400', async () => {
    const [mri, tsh] = await Promise.all([
      api.call(
        BILLING_API.createTest,
        { code: 'MRI-KNEE', name: 'MRI Knee', kind: 'RADIOLOGY', modality: 'MR', bodyPart: 'Knee' },
        { session: admin() },
      ),
      api.call(
        BILLING_API.createTest,
        { code: 'TSH', name: 'TSH', kind: 'LAB', sampleType: 'Serum' },
        { session: admin() },
      ),
    ]);
    const pkg = await api.call(
      BILLING_API.createPackage,
      { code: 'knee-care', name: 'Knee care', testCodes: ['tsh', 'MRI-KNEE'] },
      { session: admin() },
    );
    expect(pkg).toMatchObject({ code: 'KNEE-CARE', taxable: false, isActive: true });
    expect(pkg.tests.map((t) => [t.code, t.kind])).toEqual([
      ['TSH', 'LAB'],
      ['MRI-KNEE', 'RADIOLOGY'],
    ]);

    await api.call(BILLING_API.testStatus, { id: tsh._id, isActive: false }, { session: admin() });
    const refused = await api.reply(
      BILLING_API.createPackage,
      { code: 'KNEE-2', name: 'Knee again', testCodes: ['MRI-KNEE', 'TSH', 'NOPE'] },
      { session: admin() },
    );
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: `testCodes: ${PACKAGE_MESSAGES.unknownTests(['TSH', 'NOPE'])}`,
    });
    expect((await api.call(BILLING_API.findPackages, { search: 'KNEE-2' }, { session: admin() })).total).toBe(0);

    const dup = await api.reply(
      BILLING_API.createPackage,
      { code: 'KNEE-CARE', name: 'Dup', testCodes: ['MRI-KNEE'] },
      { session: admin() },
    );
    expect({ status: dup.status, message: dup.body.message }).toEqual({
      status: 409,
      message: PACKAGE_MESSAGES.codeTaken,
    });

    const changed = await api.call(
      BILLING_API.updatePackage,
      { id: pkg._id, name: 'Knee care plus', testCodes: ['MRI-KNEE'], taxable: true },
      { session: admin() },
    );
    expect(changed).toMatchObject({ name: 'Knee care plus', taxable: true });
    expect(changed.tests.map((t) => t._id)).toEqual([mri._id]);
    // the receptionist sees packages; another company does not
    const listed = await api.call(BILLING_API.findPackages, { search: 'knee' }, { session: session.get('reception')! });
    expect(listed.items.map((p) => p.code)).toEqual(['KNEE-CARE']);
    expect((await api.reply(BILLING_API.getPackage, { id: pkg._id }, { session: adminB })).status).toBe(404);
    expect((await api.call(BILLING_API.findPackages, { search: 'knee' }, { session: adminB })).total).toBe(0);
  });
});
