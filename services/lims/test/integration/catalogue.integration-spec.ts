import { beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  GATEWAY_PORT,
  LAB_TEST_MESSAGES,
  LAB_UPLOAD_COLUMNS,
  LAB_UPLOAD_MAX_ROWS,
  LIMS_API,
  PARAMETER_MESSAGES,
  uploadTemplateCsv,
  type ParameterInput,
} from '@rayworks/contracts';
import { everyRoleTenant, TEST_PASSWORD, type EveryRoleTenant, type EveryRoleUser } from '@rayworks/testing';

/**
 * The laboratory's test catalogue against the running system, through the gateway (docs/decisions/0293–0295): a lab
 * test is defined for billing's code; each saved change of its parameters is the next version and the old one stays
 * readable by id; another company's test is not there (404, an update 'Unable Update Test Details'); a bulk upload
 * (CSV or XLSX) is all or nothing, naming each bad row.
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

const lipid = (ldlHigh: string): ParameterInput[] => [
  { code: 'TCHOL', name: 'Total Cholesterol', type: 'Numeric', unit: 'mg/dL', ranges: [{ high: '200' }] },
  { code: 'HDL', name: 'HDL Cholesterol', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '40' }] },
  { code: 'TG', name: 'Triglycerides', type: 'Numeric', unit: 'mg/dL', ranges: [{ high: '150' }] },
  {
    code: 'LDL',
    name: 'LDL Cholesterol (calculated)',
    type: 'Numeric',
    unit: 'mg/dL',
    formula: 'TCHOL - HDL - TG / 5',
    ranges: [{ high: ldlHigh }],
  },
];
const definition = {
  code: 'lipid',
  name: 'Lipid Profile',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'SERUM',
  container: 'GOLD_SST',
  turnaroundHours: 24,
  method: 'Enzymatic',
  loincCode: '57698-3',
} as const;

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const csvOf = (kind: 'tests' | 'measurements', rows: Record<string, string>[]) =>
  [
    LAB_UPLOAD_COLUMNS[kind].join(','),
    ...rows.map((r) => LAB_UPLOAD_COLUMNS[kind].map((c) => r[c] ?? '').join(',')),
  ].join('\n');
async function xlsxOf(
  kind: 'tests' | 'measurements',
  rows: Partial<Record<string, string | number>>[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(kind);
  sheet.addRow([...LAB_UPLOAD_COLUMNS[kind]]);
  for (const r of rows) sheet.addRow(LAB_UPLOAD_COLUMNS[kind].map((c) => r[c] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the laboratory test catalogue', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let admin: Credentials;
  let adminB: Credentials;
  let receptionist: Credentials;

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('labcat-a'), everyRoleTenant('labcat-b')]);
    [admin, adminB, receptionist] = await Promise.all([signIn(a, 'admin'), signIn(b, 'admin'), signIn(a, 'reception')]);
  }, 120_000);

  it('defines a test for a code, versions each change of its parameters, and keeps old versions readable', async () => {
    const created = await api.call(
      LIMS_API.createLabTest,
      { ...definition, parameters: lipid('100') },
      { session: admin },
    );
    expect(created).toMatchObject({ code: 'LIPID', subDepartmentCode: 'BIOC', version: { version: 1 } });
    expect(created.parameters.map((p) => p.code)).toEqual(['TCHOL', 'HDL', 'TG', 'LDL']);
    const v1 = created.version!._id;

    // a change of the name only makes no version
    const renamed = await api.call(
      LIMS_API.updateLabTest,
      { ...definition, name: 'Lipid Profile (fasting)', parameters: lipid('100') },
      { session: admin },
    );
    expect(renamed).toMatchObject({ name: 'Lipid Profile (fasting)', version: { _id: v1, version: 1 } });

    // a changed range is version 2; version 1 stays as it was
    const edited = await api.call(
      LIMS_API.updateLabTest,
      { ...definition, parameters: lipid('130') },
      { session: admin },
    );
    expect(edited.version).toMatchObject({ version: 2 });
    expect(edited.version!._id).not.toBe(v1);
    expect(edited.parameters[3]!.ranges[0]!.high).toBe('130');
    const old = await api.call(LIMS_API.getLabTestVersion, { id: v1 }, { session: admin });
    expect(old).toMatchObject({ code: 'LIPID', version: 1 });
    expect(old.parameters[3]!.ranges[0]!.high).toBe('100');
    const versions = await api.call(LIMS_API.labTestVersions, { code: 'LIPID' }, { session: receptionist });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);

    const again = await api.reply(LIMS_API.createLabTest, definition, { session: admin });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: LAB_TEST_MESSAGES.codeTaken,
    });
  });

  it('refuses a container that does not take the sample, and bad parameters, naming the field', async () => {
    const wrong = await api.reply(
      LIMS_API.createLabTest,
      { ...definition, code: 'X1', container: 'LAVENDER_EDTA' },
      { session: admin },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('container');
    const bad = await api.reply(
      LIMS_API.createLabTest,
      {
        ...definition,
        code: 'X2',
        parameters: [{ code: 'A', name: 'A', type: 'Numeric', ranges: [{ low: '5', high: '1' }] }],
      },
      { session: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(PARAMETER_MESSAGES.lowAboveHigh);
    const gone = await api.reply(LIMS_API.getLabTest, { code: 'X2' }, { session: admin });
    expect(gone.status).toBe(404);
  });

  it('does not show or change another company’s test', async () => {
    const mine = await api.call(LIMS_API.getLabTest, { code: 'LIPID' }, { session: admin });
    const get = await api.reply(LIMS_API.getLabTest, { code: 'LIPID' }, { session: adminB });
    expect(get.status).toBe(404);
    const update = await api.reply(LIMS_API.updateLabTest, { ...definition, name: 'Taken' }, { session: adminB });
    expect({ status: update.status, message: update.body.message }).toEqual({
      status: 404,
      message: LAB_TEST_MESSAGES.updateFailed,
    });
    const version = await api.reply(LIMS_API.getLabTestVersion, { id: mine.version!._id }, { session: adminB });
    expect(version.status).toBe(404);
    const list = await api.call(LIMS_API.findLabTests, {}, { session: adminB });
    expect(list.total).toBe(0);
  });

  it('keeps the catalogue to the privileges: a receptionist reads, does not define or upload', async () => {
    const create = await api.reply(LIMS_API.createLabTest, { ...definition, code: 'R1' }, { session: receptionist });
    expect(create.status).toBe(403);
    const upload = await api.reply(
      LIMS_API.uploadLabCatalogue,
      { kind: 'tests', format: 'csv', fileName: 't.csv', content: b64(uploadTemplateCsv('tests')) },
      { session: receptionist },
    );
    expect(upload.status).toBe(403);
  });

  it('uploads a tests file and a measurements file (CSV), all or nothing, naming each bad row', async () => {
    const goodTests = [
      {
        code: 'GLU',
        name: 'Glucose Fasting',
        subDepartmentCode: 'BIOC',
        sampleType: 'PLASMA_FLUORIDE',
        container: 'GREY_FLUORIDE',
        turnaroundHours: '4',
      },
      {
        code: 'LIPID',
        name: 'Lipid Profile',
        subDepartmentCode: 'BIOC',
        sampleType: 'SERUM',
        container: 'GOLD_SST',
        turnaroundHours: '12',
      },
    ];
    const bad = await api.reply(
      LIMS_API.uploadLabCatalogue,
      {
        kind: 'tests',
        format: 'csv',
        fileName: 'tests.csv',
        content: b64(
          csvOf('tests', [
            ...goodTests,
            {
              code: 'CBC',
              name: 'CBC',
              subDepartmentCode: 'HAEM',
              sampleType: 'WB_EDTA',
              container: 'RED_PLAIN',
              turnaroundHours: '4',
            },
            {
              code: 'TSH',
              name: 'TSH',
              subDepartmentCode: 'ENDO',
              sampleType: 'SERUM',
              container: 'GOLD_SST',
              turnaroundHours: 'soon',
            },
          ]),
        ),
      },
      { session: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unable Update Test Details: row 4: container: .*; row 5: turnaroundHours: /);
    // nothing of the file was written: GLU is not there, LIPID keeps its turnaround
    expect((await api.reply(LIMS_API.getLabTest, { code: 'GLU' }, { session: admin })).status).toBe(404);
    expect((await api.call(LIMS_API.getLabTest, { code: 'LIPID' }, { session: admin })).turnaroundHours).toBe(24);

    const ok = await api.call(
      LIMS_API.uploadLabCatalogue,
      { kind: 'tests', format: 'csv', fileName: 'tests.csv', content: b64(csvOf('tests', goodTests)) },
      { session: admin },
    );
    expect(ok).toEqual({ rows: 2, created: 1, updated: 1, versions: 0 });
    expect((await api.call(LIMS_API.getLabTest, { code: 'LIPID' }, { session: admin })).turnaroundHours).toBe(12);

    // measurements: one bad range and an unknown test → nothing; then the good file → GLU version 1
    const glu = { testCode: 'GLU', parameterCode: 'GLU', parameterName: 'Glucose', type: 'Numeric', unit: 'mg/dL' };
    const badMeasurements = await api.reply(
      LIMS_API.uploadLabCatalogue,
      {
        kind: 'measurements',
        format: 'csv',
        fileName: 'measurements.csv',
        content: b64(
          csvOf('measurements', [
            { ...glu, low: '70', high: '100' },
            { testCode: 'GLU', parameterCode: 'GLU', sex: 'Female', ageFrom: '0', ageTo: '12', low: '90', high: '60' },
            { testCode: 'NOPE', parameterCode: 'X', parameterName: 'X', type: 'Text' },
          ]),
        ),
      },
      { session: admin },
    );
    expect(badMeasurements.status).toBe(400);
    expect(badMeasurements.body.message).toBe(
      `Unable Update Test Details: row 3: high: ${PARAMETER_MESSAGES.lowAboveHigh}; row 4: testCode: ${LAB_TEST_MESSAGES.testNotDefined('NOPE')}`,
    );
    expect((await api.call(LIMS_API.getLabTest, { code: 'GLU' }, { session: admin })).version).toBeNull();

    const measured = await api.call(
      LIMS_API.uploadLabCatalogue,
      {
        kind: 'measurements',
        format: 'csv',
        fileName: 'measurements.csv',
        content: b64(csvOf('measurements', [{ ...glu, low: '70', high: '100' }])),
      },
      { session: admin },
    );
    expect(measured).toEqual({ rows: 1, created: 0, updated: 1, versions: 1 });
    const gluTest = await api.call(LIMS_API.getLabTest, { code: 'GLU' }, { session: admin });
    expect(gluTest.version?.version).toBe(1);
    expect(gluTest.parameters[0]).toMatchObject({ code: 'GLU', unit: 'mg/dL', ranges: [{ low: '70', high: '100' }] });

    const page = await api.call(LIMS_API.findMeasurements, { search: 'glu' }, { session: admin });
    expect(page.items.map((m) => [m.testCode, m.parameter.code])).toEqual([['GLU', 'GLU']]);
  });

  it('uploads an XLSX measurements file the same way, and refuses too many rows and an unreadable file', async () => {
    const rows = [
      {
        testCode: 'LIPID',
        parameterCode: 'TCHOL',
        parameterName: 'Total Cholesterol',
        type: 'Numeric',
        unit: 'mg/dL',
        high: 200,
      },
      {
        testCode: 'LIPID',
        parameterCode: 'HDL',
        parameterName: 'HDL Cholesterol',
        type: 'Numeric',
        unit: 'mg/dL',
        sex: 'Male',
        low: 40,
      },
      { testCode: 'LIPID', parameterCode: 'HDL', sex: 'Female', low: 50 },
    ];
    const bad = await api.reply(
      LIMS_API.uploadLabCatalogue,
      {
        kind: 'measurements',
        format: 'xlsx',
        fileName: 'm.xlsx',
        content: b64(
          await xlsxOf('measurements', [
            ...rows,
            { testCode: 'LIPID', parameterCode: 'TG', parameterName: 'TG', type: 'Numeric', unit: 'furlong' },
          ]),
        ),
      },
      { session: admin },
    );
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: `Unable Update Test Details: row 5: unit: ${PARAMETER_MESSAGES.unknownUnit}`,
    });
    expect((await api.call(LIMS_API.getLabTest, { code: 'LIPID' }, { session: admin })).version?.version).toBe(2);

    const ok = await api.call(
      LIMS_API.uploadLabCatalogue,
      { kind: 'measurements', format: 'xlsx', fileName: 'm.xlsx', content: b64(await xlsxOf('measurements', rows)) },
      { session: admin },
    );
    expect(ok).toEqual({ rows: 3, created: 0, updated: 1, versions: 1 });
    const lipidTest = await api.call(LIMS_API.getLabTest, { code: 'LIPID' }, { session: admin });
    expect(lipidTest.version?.version).toBe(3);
    expect(lipidTest.parameters[1]!.ranges.map((r) => [r.sex, r.low])).toEqual([
      ['Male', '40'],
      ['Female', '50'],
    ]);

    const many = Array.from({ length: LAB_UPLOAD_MAX_ROWS + 1 }, (_, n) => ({
      testCode: 'LIPID',
      parameterCode: `P${n}`,
      parameterName: 'P',
      type: 'Text',
    }));
    const tooMany = await api.reply(
      LIMS_API.uploadLabCatalogue,
      { kind: 'measurements', format: 'csv', fileName: 'big.csv', content: b64(csvOf('measurements', many)) },
      { session: admin },
    );
    expect({ status: tooMany.status, message: tooMany.body.message }).toEqual({
      status: 400,
      message: `Unable Update Test Details: row ${LAB_UPLOAD_MAX_ROWS + 2}: rows: ${LAB_TEST_MESSAGES.tooManyRows(LAB_UPLOAD_MAX_ROWS)}`,
    });
    const garbage = await api.reply(
      LIMS_API.uploadLabCatalogue,
      { kind: 'tests', format: 'xlsx', fileName: 'x.xlsx', content: b64('not a workbook') },
      { session: admin },
    );
    expect({ status: garbage.status, message: garbage.body.message }).toEqual({
      status: 400,
      message: LAB_TEST_MESSAGES.notReadable('xlsx'),
    });
  });

  it('answers 409 to the later of two uploads creating the same new codes at the same moment; nothing of it is saved', async () => {
    // two files with the same 60 new codes, sent together, until the two transactions meet (the first round, as a
    // rule): the later one's insert waits on the first's codes and is refused by the unique constraint
    let statuses: number[] = [];
    let round = 0;
    let codes: string[] = [];
    let replies: { status: number; body: { message?: string } }[] = [];
    while (round < 10) {
      round += 1;
      codes = Array.from({ length: 60 }, (_, i) => `RACE${round}X${i}`);
      const file = (turnaroundHours: string) =>
        b64(
          csvOf(
            'tests',
            codes.map((code) => ({
              code,
              name: `Race ${code}`,
              subDepartmentCode: 'BIOC',
              sampleType: 'SERUM',
              container: 'GOLD_SST',
              turnaroundHours,
            })),
          ),
        );
      replies = await Promise.all(
        ['6', '8'].map((hours) =>
          api.reply(
            LIMS_API.uploadLabCatalogue,
            { kind: 'tests', format: 'csv', fileName: 'race.csv', content: file(hours) },
            { session: admin },
          ),
        ),
      );
      statuses = replies.map((r) => r.status);
      if (statuses.some((status) => status !== 200)) break;
    }
    expect([...statuses].sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe(LAB_TEST_MESSAGES.changedMeanwhile);
    // the winner's file is there whole, once; nothing of the refused one (its turnaround)
    const won = replies.findIndex((r) => r.status === 200);
    const page = await api.call(LIMS_API.findLabTests, { search: `RACE${round}X`, pageSize: 100 }, { session: admin });
    expect(page.total).toBe(60);
    expect(new Set(page.items.map((t) => t.turnaroundHours))).toEqual(new Set([won === 0 ? 6 : 8]));
  });

  it('refuses a file past the size cap: 400 naming the cap within the body limit, 413 past it', async () => {
    const big = 'A'.repeat(1024 * 1024 + 3);
    const over = await api.reply(
      LIMS_API.uploadLabCatalogue,
      { kind: 'tests', format: 'csv', fileName: 'big.csv', content: b64(big) },
      { session: admin },
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(LAB_TEST_MESSAGES.tooLarge(1024 * 1024));
    const huge = await api.reply(
      LIMS_API.uploadLabCatalogue,
      { kind: 'tests', format: 'csv', fileName: 'huge.csv', content: 'A'.repeat(40 * 1024 * 1024) },
      { session: admin },
    );
    expect(huge.status).toBe(413);
  });
});
