import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  defaultReportLayout,
  formatReportDate,
  LAB_REPORT_MESSAGES,
  LIMS_API,
  PARAMETER_MESSAGES,
  REPORTING_API,
  REPORTING_MESSAGES,
  type LabReportFile,
  type OrderResults,
} from '@rayworks/contracts';
import { eventually, everyRoleTenant, infraEnv, runPythonTool, tenantQuery } from '@rayworks/testing';
import { api, labCompany, signIn, type Lab, type LabTestInput } from '../support/lab-visits.js';

/**
 * The lab report against the running system, through the gateway (docs/decisions/0309, 0310): a visit registered at
 * the desk with two tests of two departments, its samples accepted, results saved, validated and signed by the
 * pathologist (with the signature of their profile; without one, signing is refused); then Test Reporting lists it,
 * the PDF is printed by the lims worker on the first ask and stored (read back with poppler's pdftotext: the
 * departments, values, units, ranges for the patient, flags, methods and the pathologist), mailed with the PDF to the
 * SMTP catcher, and exported as a FHIR R4 DiagnosticReport with LOINC-coded Observations that fhir.resources accepts.
 * Only signed tests print ('Select Atleast One TestCode to Generate' otherwise); another centre's or company's
 * registration is 404.
 */
jest.setTimeout(240_000);

const CHECK = fileURLToPath(new URL('../conformance/lab_fhir_check.py', import.meta.url));
const OUT = path.join(process.cwd(), '.local', 'test-output', 'lab-reports');

const GLU: LabTestInput = {
  code: 'GLUF',
  name: 'Glucose, fasting',
  department: 'Laboratory',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'PLASMA_FLUORIDE',
  container: 'GREY_FLUORIDE',
  turnaroundHours: 4,
  method: 'Hexokinase',
  loincCode: '1558-6',
  parameters: [
    {
      code: 'GLU',
      name: 'Glucose, fasting',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '5',
      possibleMax: '2000',
      ranges: [{ low: '70', high: '100' }],
    },
  ],
};

const HB: LabTestInput = {
  code: 'HBT',
  name: 'Haemoglobin',
  department: 'Laboratory',
  subDepartmentCode: 'HAEM',
  subDepartmentName: 'Haematology',
  sampleType: 'WB_EDTA',
  container: 'LAVENDER_EDTA',
  turnaroundHours: 4,
  method: 'SLS-haemoglobin photometry',
  loincCode: '718-7',
  parameters: [
    {
      code: 'HB',
      name: 'Haemoglobin',
      type: 'Numeric',
      unit: 'g/dL',
      decimals: 1,
      ranges: [
        { sex: 'Female', low: '12.0', high: '15.5' },
        { sex: 'Male', low: '13.5', high: '17.5' },
      ],
    },
  ],
};

let lab: Lab;
let adminB: Credentials;
/** The pathologist's name as their profile gives it (the report prints it under the signature). */
let pathologistName: string;

const pdftotext = (file: string): string => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

interface CaughtMail {
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}
const mailsTo = async (address: string): Promise<CaughtMail[]> =>
  (await (
    await fetch(`${infraEnv().smtpCatcherUrl}/messages?to=${encodeURIComponent(address)}`)
  ).json()) as CaughtMail[];

/** The registration's orders as the worksheet shows them, by test code. */
async function ordersOf(registrationId: string, count: number): Promise<Record<string, OrderResults>> {
  const samples = await lab.samples(registrationId, count);
  const orders: Record<string, OrderResults> = {};
  for (const orderId of samples.flatMap((s) => s.orders.map((o) => o._id))) {
    const sheet = await api.reply(
      LIMS_API.findWorksheet,
      { orderId, status: ['PENDING', 'ENTERED', 'VALIDATED', 'SIGNED'] },
      { session: lab.as.pathologist },
    );
    for (const o of (sheet.body.data as { items: OrderResults[] }).items) orders[o.testCode] = o;
  }
  return orders;
}

/** A visit at c2 with these tests, its samples accepted, results saved and validated. */
async function validatedVisit(values: Record<string, Record<string, string>>): Promise<{
  registrationId: string;
  orders: Record<string, OrderResults>;
}> {
  const codes = Object.keys(values);
  const registrationId = await lab.register('c2', codes);
  for (const sample of await lab.samples(registrationId, codes.length)) await lab.accept(sample);
  const orders = await ordersOf(registrationId, codes.length);
  for (const code of codes) {
    const order = orders[code]!;
    const saved = await api.reply(
      LIMS_API.saveResults,
      { orderId: order.orderId, version: order.version, values: values[code]!, validate: true },
      { session: lab.as.pathologist },
    );
    expect(saved.status).toBe(200);
    orders[code] = saved.body.data as OrderResults;
  }
  return { registrationId, orders };
}

const pdfOf = (who: Credentials, registrationId: string, testCodes: string[]) =>
  api.reply(LIMS_API.labReportPdf, { registrationId, testCodes }, { session: who });

/** Asks for the PDF until the worker has stored it (the first ask prints it). */
const readyPdf = (registrationId: string, testCodes: string[]) =>
  eventually(
    () => api.call(LIMS_API.labReportPdf, { registrationId, testCodes }, { session: lab.as.pathologist }),
    (r: LabReportFile) => r.state === 'ready',
    { what: 'the lab report PDF stored', timeoutMs: 60_000, intervalMs: 500 },
  );

beforeAll(async () => {
  lab = await labCompany('lab-report-a', [GLU, HB]);
  adminB = await signIn(await everyRoleTenant('lab-report-b'), 'admin');
  pathologistName = (await api.call(AUTH_API.getProfile, undefined, { session: lab.as.pathologist })).fullName;
  mkdirSync(OUT, { recursive: true });
}, 240_000);

describe('signing needs the signature of the profile', () => {
  it("refuses 'Please Upload Signature In Profile' to a signer without one, and signs nothing", async () => {
    const { orders } = await validatedVisit({ GLUF: { GLU: '90' } });
    const order = orders.GLUF!;
    expect(order.status).toBe('VALIDATED');
    // the company's administrator may sign (PATHOLOGIST › SIGN) but has no signature in their profile
    const refused = await api.reply(LIMS_API.signResults, { orderIds: [order.orderId] }, { session: lab.as.admin });
    expect([refused.status, refused.body.message]).toEqual([400, REPORTING_MESSAGES.uploadSignature]);
    const rows = await tenantQuery<{ status: string }>(
      lab.tenant.tenantId,
      `SELECT status FROM lims.order_results WHERE lab_order_id = $1`,
      [order.orderId],
    );
    expect(rows).toEqual([{ status: 'VALIDATED' }]);
  });
});

describe('the lab report of a signed registration', () => {
  let registrationId: string;
  let orders: Record<string, OrderResults>;
  let pdfFile: string;

  beforeAll(async () => {
    ({ registrationId, orders } = await validatedVisit({ GLUF: { GLU: '126' }, HBT: { HB: '11.2' } }));
    await api.call(
      LIMS_API.signResults,
      { orderIds: [orders.GLUF!.orderId, orders.HBT!.orderId] },
      { session: lab.as.pathologist },
    );
  });

  it('is listed on Test Reporting with its signed tests', async () => {
    const found = await api.call(
      LIMS_API.findReportable,
      { search: lab.patients.c2.mrID },
      { session: lab.as.pathologist },
    );
    const item = found.items.find((r) => r.registrationId === registrationId);
    expect(item).toBeDefined();
    expect(item!.patient.mrNumber).toBe(lab.patients.c2.mrID);
    expect(item!.tests.map((t) => [t.testCode, t.status, t.subDepartmentName])).toEqual([
      ['GLUF', 'SIGNED', 'Biochemistry'],
      ['HBT', 'SIGNED', 'Haematology'],
    ]);
  });

  it("answers the spec's message when no test is chosen, and names a code the registration has none of", async () => {
    const none = await pdfOf(lab.as.pathologist, registrationId, []);
    expect([none.status, none.body.message]).toEqual([400, PARAMETER_MESSAGES.selectTestCode]);
    expect(PARAMETER_MESSAGES.selectTestCode).toBe('Select Atleast One TestCode to Generate');
    const unknown = await pdfOf(lab.as.pathologist, registrationId, ['GLUF', 'LIPID']);
    expect([unknown.status, unknown.body.message]).toEqual([400, LAB_REPORT_MESSAGES.unknownTests(['LIPID'])]);
  });

  it('prints the PDF on the first ask (queued), stores it once, and hands out a link to it', async () => {
    const first = await pdfOf(lab.as.pathologist, registrationId, ['HBT', 'GLUF']);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ registrationId, state: 'queued', url: null });
    const ready = await readyPdf(registrationId, ['GLUF', 'HBT']);
    expect(ready.reportId).toBe((first.body.data as LabReportFile).reportId);
    expect(ready.testCodes).toEqual(['GLUF', 'HBT']);
    const pdf = Buffer.from(await (await fetch(ready.url!)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    pdfFile = path.join(OUT, 'lab-report.pdf');
    writeFileSync(pdfFile, pdf);
    execFileSync('pdftoppm', ['-r', '70', '-png', pdfFile, path.join(OUT, 'lab-report')]);
    const stored = await tenantQuery<{ object_key: string; pages: number }>(
      lab.tenant.tenantId,
      `SELECT object_key, pages FROM lims.lab_reports WHERE registration_id = $1`,
      [registrationId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.object_key).toBe(`lims/${lab.tenant.tenantId}/reports/${registrationId}/${ready.reportId}.pdf`);
  });

  it('shows the departments, values, units, ranges for the patient, flags, methods and the pathologist', () => {
    const text = pdftotext(pdfFile);
    const squeezed = text.replace(/[ \t]+/g, ' ');
    expect(squeezed).toContain(lab.patients.c2.patientName);
    expect(squeezed).toContain('Biochemistry');
    expect(squeezed).toContain('Haematology');
    expect(squeezed.indexOf('Biochemistry')).toBeLessThan(squeezed.indexOf('Haematology'));
    expect(squeezed).toMatch(/Glucose, fasting 126 High mg\/dL 70 - 100/);
    // the patient is a woman: her range, not the man's; one decimal as the parameter says
    expect(squeezed).toMatch(/Haemoglobin 11\.2 Low g\/dL 12\.0 - 15\.5/);
    expect(squeezed).not.toContain('13.5 - 17.5');
    expect(squeezed).toContain('Method: Hexokinase');
    expect(squeezed).toContain('Method: SLS-haemoglobin photometry');
    expect(squeezed).toContain(pathologistName);
    expect(squeezed).not.toContain('Amended');
  });

  it('mails the PDF: the message with the PDF attached arrives in the SMTP catcher', async () => {
    const to = `lab-${Date.now()}@test.rayworks.local`;
    const sent = await api.call(
      LIMS_API.mailLabReport,
      { registrationId, testCodes: ['GLUF', 'HBT'], to, name: 'Kavya' },
      { session: lab.as.pathologist },
    );
    const mail = await eventually(
      () => mailsTo(to),
      (m) => m.length > 0,
      { what: `the e-mail to ${to}`, timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your lab report');
    expect(mail[0]!.text).toContain('Hello Kavya,');
    expect(mail[0]!.attachments).toHaveLength(1);
    expect(mail[0]!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(mail[0]!.attachments[0]!.size).toBeGreaterThan(5000);
    const delivery = await eventually(
      () =>
        tenantQuery<{ status: string; attempts: number; lab_report_id: string }>(
          lab.tenant.tenantId,
          `SELECT status, attempts, lab_report_id FROM lims.lab_report_deliveries WHERE id = $1`,
          [sent.deliveryId],
        ),
      (rows) => rows[0]?.status === 'SENT',
      { what: 'the delivery SENT' },
    );
    expect(delivery[0]).toMatchObject({ attempts: 1, lab_report_id: sent.reportId });
  });

  it('exports a FHIR R4 DiagnosticReport with LOINC-coded Observations that fhir.resources accepts', async () => {
    const fhir = await api.call(
      LIMS_API.labReportFhir,
      { registrationId, testCodes: ['GLUF', 'HBT'] },
      { session: lab.as.pathologist },
    );
    const seen = JSON.parse(await runPythonTool(CHECK, JSON.stringify(fhir))) as {
      fhirVersion: string;
      valid: boolean;
      errors: string[];
      status: string;
      results: number;
      observations: {
        codes: [string, string][];
        value: number | null;
        unit: string | null;
        unitSystem: string | null;
        interpretation: string[];
        referenceRange: { low: number | null; high: number | null }[];
      }[];
    };
    expect(seen).toMatchObject({ fhirVersion: '4.0.1', valid: true, errors: [], status: 'final', results: 2 });
    expect(seen.observations).toEqual([
      expect.objectContaining({
        codes: [['http://loinc.org', '1558-6']],
        value: 126,
        unit: 'mg/dL',
        unitSystem: 'http://unitsofmeasure.org',
        interpretation: ['H'],
        referenceRange: [{ low: 70, high: 100 }],
      }),
      expect.objectContaining({
        codes: [['http://loinc.org', '718-7']],
        value: 11.2,
        unit: 'g/dL',
        interpretation: ['L'],
        referenceRange: [{ low: 12, high: 15.5 }],
      }),
    ]);
  });

  it('prints "Amended" with the day once an amendment is signed', async () => {
    const glu = (await ordersOf(registrationId, 2)).GLUF!;
    const amended = await api.call(
      LIMS_API.amendResults,
      { orderId: glu.orderId, version: glu.version, reason: 'Re-run' },
      { session: lab.as.pathologist },
    );
    const saved = await api.call(
      LIMS_API.saveResults,
      { orderId: glu.orderId, version: amended.version, values: { GLU: '98' }, validate: true },
      { session: lab.as.pathologist },
    );
    expect(saved.status).toBe('VALIDATED');
    // amended but not signed yet: only the signed test prints
    const only = await readyPdf(registrationId, ['HBT']);
    expect(only.testCodes).toEqual(['HBT']);
    const halfway = await pdfOf(lab.as.pathologist, registrationId, ['GLUF']);
    expect([halfway.status, halfway.body.message]).toEqual([400, PARAMETER_MESSAGES.selectTestCode]);
    await api.call(LIMS_API.signResults, { orderIds: [glu.orderId] }, { session: lab.as.pathologist });
    const ready = await readyPdf(registrationId, ['GLUF', 'HBT']);
    const file = path.join(OUT, 'lab-report-amended.pdf');
    writeFileSync(file, Buffer.from(await (await fetch(ready.url!)).arrayBuffer()));
    execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(OUT, 'lab-report-amended')]);
    const text = pdftotext(file).replace(/[ \t]+/g, ' ');
    expect(text).toMatch(/Glucose, fasting 98 mg\/dL 70 - 100/);
    expect(text).toContain(LAB_REPORT_MESSAGES.amended(new Date().toISOString().slice(0, 10)).split(' ')[0]!);
    // its dates on the registering centre's clock (RegistrationCreated's time zone), not UTC: the sign time printed
    const [signed] = await tenantQuery<{ signed_at: Date; time_zone: string }>(
      lab.tenant.tenantId,
      `SELECT max(r.signed_at) AS signed_at, max(s.time_zone) AS time_zone
         FROM lims.order_results r JOIN lims.lab_orders o ON o.id = r.lab_order_id JOIN lims.samples s ON s.id = o.sample_id
        WHERE s.registration_id = $1`,
      [registrationId],
    );
    expect(signed!.time_zone).not.toBe('UTC');
    expect(text).toContain(formatReportDate(signed!.signed_at, signed!.time_zone));
    expect(text).not.toContain(formatReportDate(signed!.signed_at, 'UTC'));
  });
});

describe('what prints', () => {
  it("answers the spec's message for a registration with nothing signed", async () => {
    const { registrationId } = await validatedVisit({ GLUF: { GLU: '90' } });
    const answer = await pdfOf(lab.as.pathologist, registrationId, ['GLUF']);
    expect([answer.status, answer.body.message]).toEqual([400, PARAMETER_MESSAGES.selectTestCode]);
  });

  it("is 404 for another centre's or another company's registration", async () => {
    const otherCentre = await lab.register('c1', ['GLUF']);
    await lab.samples(otherCentre, 1);
    for (const [who, registrationId] of [
      [lab.as.pathologist, otherCentre],
      [adminB, otherCentre],
    ] as const) {
      const answer = await pdfOf(who, registrationId, ['GLUF']);
      expect([answer.status, answer.body.message]).toEqual([404, LAB_REPORT_MESSAGES.registrationNotFound]);
      const fhir = await api.reply(LIMS_API.labReportFhir, { registrationId, testCodes: ['GLUF'] }, { session: who });
      expect(fhir.status).toBe(404);
    }
  });
});

describe("the centre's report layout", () => {
  it('prints the lab report in the layout the centre saved in reporting (its footer text and patient details)', async () => {
    const centreId = lab.tenant.centres.c2!;
    const layout = defaultReportLayout();
    layout.footer = { ...layout.footer, contentType: 'text', text: 'Lab of Centre Two — NABL accredited' };
    layout.body.waterMark = { enable: true, text: 'CONFIDENTIAL', image: null };
    layout.body.patientDetails = [
      { label: 'Name', value: 'patientName', order: 1 },
      { label: 'Lab No', value: 'registrationID', order: 2 },
    ];
    await api.call(REPORTING_API.createReportConfig, { centreId, layout }, { session: lab.as.admin });
    // reporting tells it (ReportLayoutSaved on reporting.layout.v1); the LIMS keeps it
    await eventually(
      () =>
        tenantQuery<{ layout: { footer: { text: string } } }>(
          lab.tenant.tenantId,
          `SELECT layout FROM lims.centre_layouts WHERE centre_id = $1`,
          [centreId],
        ),
      (rows) => rows[0]?.layout.footer.text === 'Lab of Centre Two — NABL accredited',
      { what: "the centre's layout in the LIMS", timeoutMs: 30_000 },
    );
    const { registrationId, orders } = await validatedVisit({ GLUF: { GLU: '85' } });
    await api.call(LIMS_API.signResults, { orderIds: [orders.GLUF!.orderId] }, { session: lab.as.pathologist });
    const ready = await readyPdf(registrationId, ['GLUF']);
    const file = path.join(OUT, 'lab-report-layout.pdf');
    writeFileSync(file, Buffer.from(await (await fetch(ready.url!)).arrayBuffer()));
    execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(OUT, 'lab-report-layout')]);
    const text = pdftotext(file).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Lab of Centre Two — NABL accredited');
    // the watermark is rotated text, which pdftotext reads letter by letter: looked at in lab-report-layout-1.png
    expect(text).toMatch(/Lab No : \S+/);
    expect(text).not.toContain('Referred By');
    expect(text).toMatch(/Glucose, fasting 85 mg\/dL 70 - 100/);
  });
});
