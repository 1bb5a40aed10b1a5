import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  OUTPUT_MESSAGES,
  REPORTING_API,
  REPORTING_MESSAGES,
  type ReportDelivery,
  type ReportLayout,
} from '@rayworks/contracts';
import { eventually, infraEnv, reportingKnowsCentres, tenantQuery } from '@rayworks/testing';
import { api, arrive, base, everyRoleTenant, signIn, TestEvents, type EveryRoleTenant } from '../support/cases.js';

/**
 * Report output against the running system (docs/decisions/0182..0186): the worker prints a FINAL report with the
 * centre's layout to a valid PDF (read back with poppler's pdftotext: the patient name and the body, the layout's
 * header, footer and the patient block on every page of a three-page report, the addendum below), stores it once per version
 * and publishes ReportPdfStored; /report/html/{id} is the same document without script; the mail with the PDF
 * arrives in the SMTP catcher; an SMS stores its message with a link that opens the PDF without login; an SMS the
 * provider refuses is retried with backoff and every attempt recorded; another company's user gets nothing.
 */
const PATIENT = 'Output Patient';
const paragraph = (i: number) =>
  `<p>Finding ${i}: the ventricles and sulci are normal for age. No midline shift, no intracranial haemorrhage, mass or extra-axial collection. Grey-white differentiation is preserved; the visualised paranasal sinuses and mastoid air cells are clear.</p>`;
const BODY = `<p>BODYSTARTMARKER</p>${Array.from({ length: 32 }, (_, i) => paragraph(i + 1)).join('')}<p>BODYENDMARKER</p>`;

const pdftotext = (file: string, page?: number): string =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-raw', file, '-'], {
    encoding: 'utf8',
  });
const pdfPages = (file: string): number =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: string[];
  attachments: { filename: string; contentType: string; size: number }[];
}
const mailsTo = async (address: string): Promise<CaughtMail[]> =>
  (await (
    await fetch(`${infraEnv().smtpCatcherUrl}/messages?to=${encodeURIComponent(address)}`)
  ).json()) as CaughtMail[];

describe('report output', () => {
  const events = new TestEvents();
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let gcaA: Credentials;
  let radiologistA: Credentials;
  let gcaB: Credentials;
  let dir: string;
  let caseId: string;
  let reportId: string;
  const footer = `OUTPUT FOOTER ${randomUUID().slice(0, 8)}`;

  const deliveriesOf = (session: Credentials) =>
    api.call(REPORTING_API.findDeliveries, { caseId }, { session }).then((d) => d.deliveries);
  const deliveryOf = async (id: string): Promise<ReportDelivery | undefined> =>
    (await deliveriesOf(gcaA)).find((d) => d.id === id);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-output-it-'));
    await events.start();
    [a, b] = await Promise.all([everyRoleTenant('output-a'), everyRoleTenant('output-b')]);
    [gcaA, radiologistA, gcaB] = await Promise.all([signIn(a, 'gca'), signIn(a, 'radiologist'), signIn(b, 'gca')]);
    caseId = await arrive(events, a, 'c1', { patientName: 'PATIENT^OUTPUT' });
    const layout: ReportLayout = {
      paperType: 'A4',
      header: { enable: true, logo: null, height: 80, text: 'Centre One Imaging Header' },
      footer: {
        enable: true,
        height: 50,
        contentType: 'text',
        logo: null,
        text: footer,
        enableFooterFields: true,
        footFieldsHeight: 30,
        footerFields: [{ label: 'Reported by', value: '', type: 'doctorName' }],
      },
      body: {
        waterMark: { enable: true, text: 'CONFIDENTIAL', image: null },
        margins: { top: 20, right: 40, bottom: 20, left: 40 },
        patientDetails: [
          { label: 'Patient Name', value: 'patientName', order: 1 },
          { label: 'Patient ID', value: 'mrID', order: 2 },
          { label: 'Age', value: 'age', order: 3 },
        ],
        testType: null,
        notePoints: ['Correlate clinically.'],
        tableDataLabels: [],
        interpretation: null,
      },
    };
    await tenantQuery(
      a.tenantId,
      `INSERT INTO reporting.report_layouts (centre_id, tenant_id, layout) VALUES ($1, $2, $3)`,
      [a.centres.c1, a.tenantId, JSON.stringify(layout)],
    );
    // a FINAL report as finalize leaves it (the reports module writes it in the running system); updated a minute
    // ago, so /generate/report starts the PDF job again (the finalize's job is not there: the row was written here)
    const [row] = await tenantQuery<{ id: string }>(
      a.tenantId,
      `INSERT INTO reporting.reports (tenant_id, case_id, status, version, report_html, test_name, doctor_info, patient,
         study, centre_id, finalized_at, finalized_by, updated_at)
       VALUES ($1, $2, 'FINAL', 3, $3, 'CT Brain <Plain>', $4, $5, $6, $7, now(), $8, now() - interval '1 minute')
       RETURNING id`,
      [
        a.tenantId,
        caseId,
        BODY,
        JSON.stringify({ doctorName: 'Dr Output Reader', qualificationName: 'MD Radiology', signature: null }),
        JSON.stringify({
          patientName: PATIENT,
          age: '42Y',
          gender: 'M',
          dateOfBirth: null,
          mrID: 'MR-OUT-1',
          registrationID: null,
          referredName: null,
          phoneNumber: null,
        }),
        JSON.stringify({ modality: 'CT', studyDescription: null, studyDate: '2026-01-01', bodyPart: null }),
        a.centres.c1,
        a.users[a.login('radiologist')] ?? randomUUID(),
      ],
    );
    reportId = row!.id;
    await tenantQuery(
      a.tenantId,
      `INSERT INTO reporting.report_addenda (tenant_id, report_id, status, html, addendum_doctor_info, created_by, finalized_at)
       VALUES ($1, $2, 'FINAL', '<p>ADDENDUMMARKER small lacunar infarct</p>', $3, $4, now())`,
      [
        a.tenantId,
        reportId,
        JSON.stringify({ doctorName: 'Dr Addendum', qualificationName: null, signature: null }),
        randomUUID(),
      ],
    );
  }, 120_000);

  afterAll(async () => {
    await events.stop();
    await rm(dir, { recursive: true, force: true });
  });

  let pdfFile: string;

  it('prints the FINAL report to a PDF with the layout on every page, stored once per version, and tells ReportPdfStored', async () => {
    const ready = await eventually(
      () => api.call(REPORTING_API.generateReport, { caseId }, { session: gcaA }),
      (g) => g.state === 'ready',
      { what: 'the stored PDF', timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(ready).toMatchObject({ reportId, version: 3, state: 'ready' });
    // the bytes through the gateway, not from the storage server (decision 0345)
    const file = await api.file(REPORTING_API.reportPdf, { caseId }, { session: gcaA });
    expect(file.contentType).toBe('application/pdf');
    const bytes = Buffer.from(file.bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    pdfFile = path.join(dir, 'report.pdf');
    await writeFile(pdfFile, bytes);

    const pages = pdfPages(pdfFile);
    expect(pages).toBeGreaterThanOrEqual(3);
    const all = pdftotext(pdfFile);
    expect(all).toContain('BODYSTARTMARKER');
    expect(all).toContain('BODYENDMARKER');
    expect(all).toContain('CT Brain <Plain>');
    expect(all).toContain('Dr Output Reader');
    expect(all.indexOf('BODYENDMARKER')).toBeLessThan(all.indexOf('ADDENDUMMARKER'));
    for (let page = 1; page <= pages; page += 1) {
      const text = pdftotext(pdfFile, page);
      expect(text).toContain('Centre One Imaging Header');
      expect(text).toContain(footer);
      expect(text).toContain(PATIENT);
      expect(text).toContain('MR-OUT-1');
      expect(text).toContain('CONFIDENTIAL');
    }
    // a look at the pages (not asserted): .local/tmp/output-it-*.png
    const pngDir = path.join(process.cwd(), '.local', 'tmp');
    mkdirSync(pngDir, { recursive: true });
    execFileSync('pdftoppm', ['-r', '60', '-png', pdfFile, path.join(pngDir, 'output-it')]);

    const stored = await tenantQuery<{ object_key: string; pages: number; n: number }>(
      a.tenantId,
      `SELECT object_key, pages, count(*) OVER ()::int AS n FROM reporting.report_pdfs WHERE report_id = $1`,
      [reportId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.object_key).toBe(`reports/${a.tenantId}/${reportId}/v3.pdf`);
    expect(stored[0]!.pages).toBe(pages);
    const published = await tenantQuery<{ type: string; pdf_key: string }>(
      a.tenantId,
      `SELECT envelope->>'type' AS type, envelope->'payload'->>'pdfKey' AS pdf_key FROM reporting.outbox WHERE message_key = $1`,
      [caseId],
    );
    expect(published.filter((e) => e.type === 'ReportPdfStored')).toEqual([
      { type: 'ReportPdfStored', pdf_key: `reports/${a.tenantId}/${reportId}/v3.pdf` },
    ]);
  }, 90_000);

  it('does not print again for a version that has its PDF (a retried or repeated job)', async () => {
    await tenantQuery(
      a.tenantId,
      `UPDATE reporting.reports SET updated_at = now() - interval '1 minute' WHERE id = $1`,
      [reportId],
    );
    expect((await api.call(REPORTING_API.generateReport, { caseId }, { session: gcaA })).state).toBe('ready');
    const [job] = await tenantQuery<{ id: string }>(
      a.tenantId,
      `INSERT INTO reporting.job_outbox (job_name, queue, payload, tenant_id, correlation_id)
       VALUES ('reportingReportPdf', 'reporting.report-pdf', $1, $2, 'it-output-repeat') RETURNING id`,
      [JSON.stringify({ reportId, version: 3 }), a.tenantId],
    );
    await eventually(
      () =>
        tenantQuery<{ sent: boolean }>(
          a.tenantId,
          `SELECT sent_at IS NOT NULL AS sent FROM reporting.job_outbox WHERE id = $1`,
          [job!.id],
        ),
      (r) => r[0]?.sent === true,
      { what: 'the repeated job handed to its queue' },
    );
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await tenantQuery<{ n: number }>(
      a.tenantId,
      `SELECT count(*)::int AS n FROM reporting.report_pdfs WHERE report_id = $1`,
      [reportId],
    );
    expect(rows[0]!.n).toBe(1);
    const stored = await tenantQuery<{ n: number }>(
      a.tenantId,
      `SELECT count(*)::int AS n FROM reporting.outbox WHERE message_key = $1 AND envelope->>'type' = 'ReportPdfStored'`,
      [caseId],
    );
    expect(stored[0]!.n).toBe(1);
  }, 30_000);

  it('serves the print document as HTML without script', async () => {
    const file = await api.file(REPORTING_API.reportHtml, {}, { session: gcaA, params: { id: reportId } });
    expect(file.contentType).toMatch(/^text\/html/);
    const html = Buffer.from(file.bytes).toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(PATIENT);
    expect(html).toContain('BODYSTARTMARKER');
    expect(html).toContain('CT Brain &#60;Plain&#62;');
    expect(html).toContain(footer);
    expect(html).not.toMatch(/<script/i);
  });

  it('mails the PDF: the message with the PDF attached arrives in the SMTP catcher, the delivery is SENT', async () => {
    const to = `patient.${randomUUID().slice(0, 8)}@test.rayworks.local`;
    // the subject names the centre from reporting's read model of auth's centres (decision 0341)
    await reportingKnowsCentres(a.tenantId, [a.centres.c1!]);
    const reply = await api.reply(REPORTING_API.mailReport, { caseId, to, name: 'Ravi' }, { session: gcaA });
    expect(reply.body.message).toBe(REPORTING_MESSAGES.mailSent);
    expect(reply.body.data.message).toBe(REPORTING_MESSAGES.mailSent);
    const mail = await eventually(
      () => mailsTo(to),
      (m) => m.length >= 1,
      { what: `the e-mail to ${to}`, timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Report: Output Patient · CT Brain <Plain> · ${a.centreName('c1')}`);
    expect(mail[0]!.text).toContain('Hello Ravi,');
    expect(mail[0]!.attachments).toHaveLength(1);
    expect(mail[0]!.attachments[0]).toMatchObject({
      filename: 'Report_Output_Patient_v3.pdf',
      contentType: 'application/pdf',
    });
    expect(mail[0]!.attachments[0]!.size).toBeGreaterThan(5000);
    const delivery = await eventually(
      () => deliveryOf(reply.body.data.deliveryId),
      (d) => d?.status === 'SENT',
      { what: 'the mail delivery SENT' },
    );
    expect(delivery).toMatchObject({ channel: 'mail', to, attempts: 1, lastError: null, pdfVersion: 3 });
    expect(delivery!.attemptLog).toEqual([expect.objectContaining({ attempt: 1, status: 'SENT', error: null })]);
  }, 60_000);

  it('sends an SMS with a short-lived link that opens the PDF without login', async () => {
    const { deliveryId } = await api.call(
      REPORTING_API.smsReport,
      { caseId, phoneNumber: '+91 98000 00001' },
      { session: gcaA },
    );
    await eventually(
      () => deliveryOf(deliveryId),
      (d) => d?.status === 'SENT',
      { what: 'the SMS delivery SENT' },
    );
    const [sms] = await tenantQuery<{ phone_number: string; body: string }>(
      a.tenantId,
      `SELECT phone_number, body FROM reporting.sms_messages WHERE delivery_id = $1`,
      [deliveryId],
    );
    expect(sms!.phone_number).toBe('+919800000001');
    expect(sms!.body).not.toContain(PATIENT);
    const link = /(\/api\/reporting\/r\/[A-Za-z0-9_.-]+)/.exec(sms!.body)![1]!;
    const opened = await fetch(`${base}${link}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await opened.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // a wrong secret is 404; an expired link 410
    expect((await fetch(`${base}${link.slice(0, -4)}AAAA`)).status).toBe(404);
    await tenantQuery(
      a.tenantId,
      `UPDATE reporting.report_deliveries SET link_expires_at = now() - interval '1 second' WHERE id = $1`,
      [deliveryId],
    );
    const expired = await fetch(`${base}${link}`);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe(OUTPUT_MESSAGES.linkExpired);
  }, 60_000);

  it('retries a delivery the provider refuses, with backoff, and records every attempt', async () => {
    const { deliveryId } = await api.call(
      REPORTING_API.smsReport,
      { caseId, phoneNumber: '+999 555 0100' },
      { session: gcaA },
    );
    const failed = await eventually(
      () => deliveryOf(deliveryId),
      (d) => d?.status === 'FAILED',
      {
        what: 'the refused SMS FAILED after its attempts',
        timeoutMs: 45_000,
        intervalMs: 500,
      },
    );
    expect(failed!.attempts).toBe(3);
    expect(failed!.lastError).toContain('not reachable');
    expect(failed!.attemptLog.map((x) => [x.attempt, x.status])).toEqual([
      [1, 'FAILED'],
      [2, 'FAILED'],
      [3, 'FAILED'],
    ]);
    // exponential backoff: the third attempt came at least 1 s + 2 s after the first
    const times = failed!.attemptLog.map((x) => Date.parse(x.createdAt));
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(2900);
    const logged = await tenantQuery<{ n: number }>(
      a.tenantId,
      `SELECT count(*)::int AS n FROM reporting.sms_messages WHERE delivery_id = $1`,
      [deliveryId],
    );
    expect(logged[0]!.n).toBe(0);
  }, 60_000);

  it('refuses a report that is not final, and a caller without the privilege', async () => {
    const other = await arrive(events, a, 'c1');
    await expect(api.call(REPORTING_API.generateReport, { caseId: other }, { session: gcaA })).rejects.toMatchObject({
      status: 409,
      serverMessage: OUTPUT_MESSAGES.noReport,
    });
    // a reporting radiologist passes the privilege (the signer may send, decision 0341) but this case is not theirs
    await expect(
      api.call(REPORTING_API.mailReport, { caseId, to: 'x@test.rayworks.local' }, { session: radiologistA }),
    ).rejects.toMatchObject({ status: 404 });
    // a user with neither privilege is refused at the door
    const pathologist = await signIn(a, 'pathologist');
    await expect(
      api.call(REPORTING_API.mailReport, { caseId, to: 'x@test.rayworks.local' }, { session: pathologist }),
    ).rejects.toMatchObject({ status: 403 });
  }, 30_000);

  it("gives another company's user nothing", async () => {
    const calls = [
      api.call(REPORTING_API.generateReport, { caseId }, { session: gcaB }),
      api.call(REPORTING_API.mailReport, { caseId, to: 'thief@test.rayworks.local' }, { session: gcaB }),
      api.call(REPORTING_API.smsReport, { caseId, phoneNumber: '+919800000002' }, { session: gcaB }),
      api.call(REPORTING_API.findDeliveries, { caseId }, { session: gcaB }),
      api.file(REPORTING_API.reportHtml, {}, { session: gcaB, params: { id: reportId } }),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 404 });
    const deliveries = await tenantQuery<{ to_address: string }>(
      a.tenantId,
      `SELECT to_address FROM reporting.report_deliveries WHERE case_id = $1`,
      [caseId],
    );
    expect(deliveries.map((d) => d.to_address)).not.toContain('thief@test.rayworks.local');
    expect(deliveries.map((d) => d.to_address)).not.toContain('+919800000002');
  }, 30_000);
});
