import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  CASES_API,
  OUTPUT_MESSAGES,
  REPORT_MESSAGES,
  REPORTING_API,
  REPORTING_MESSAGES,
  applyTemplateField,
  templateFieldKeys,
  type Case,
  type ReportTemplate,
} from '@rayworks/contracts';
import { casesKnowUsers, eventually, infraEnv, reportingKnowsCentres, uploadSignature } from '@rayworks/testing';
import { api, arrive, everyRoleTenant, signIn, TestEvents, type EveryRoleTenant } from '../support/cases.js';

/**
 * Issue 25, items 1 and 4, against the running system (decisions 0340, 0341): a structured template's field marks
 * survive the radiologist's saves, the transcriptionist's round trip and review; finalize refuses the fields still
 * showing their placeholder by their templates' labels, in the report's order — also for a report that never
 * recorded its template; the radiologist who signed the report mails it (another user without the privilege gets
 * 403), and the e-mail's subject names the patient, the study and the centre.
 */
interface CaughtMail {
  subject: string;
  text: string;
  to: string[];
}
const mailsTo = async (address: string): Promise<CaughtMail[]> =>
  (await (
    await fetch(`${infraEnv().smtpCatcherUrl}/messages?to=${encodeURIComponent(address)}`)
  ).json()) as CaughtMail[];

/** The field spans of a report's HTML: key and text, in order. */
const fieldsOf = (html: string): [string, string][] =>
  [...html.matchAll(/<span data-field="([^"]+)">([^<]*)<\/span>/g)].map((m) => [m[1]!, m[2]!]);

describe('template fields through the typist and review; mailing by the signer', () => {
  const events = new TestEvents();
  let t: EveryRoleTenant;
  let admin: Credentials;
  let radiologist: Credentials;
  let typist: Credentials;
  let junior: Credentials;
  let caseId: string;
  let template: ReportTemplate;
  /** The final report's test name (the study's description names the study when it has none). */
  let testName: string | null = null;
  const suffix = randomUUID().slice(0, 8);

  const caseOf = (id: string): Promise<Case> => api.call(CASES_API.findOneCase, { _id: id }, { session: admin });
  const caseReaches = (id: string, status: Case['status']) =>
    eventually(
      () => caseOf(id),
      (c) => c.status === status,
      { what: `case ${id} ${status}`, timeoutMs: 30_000 },
    );
  const report = (session: Credentials) => api.call(REPORTING_API.getReportData, { caseId }, { session });

  beforeAll(async () => {
    t = await everyRoleTenant('report-fields');
    await events.start();
    [admin, radiologist, typist, junior] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(t, 'typist'),
      signIn(t, 'jr.radiologist'),
    ]);
    await casesKnowUsers(t.tenantId, [t.users[t.login('radiologist')]!, t.users[t.login('typist')]!]);
    await reportingKnowsCentres(t.tenantId, [t.centres.c1!]);
    caseId = await arrive(events, t, 'c1', {
      patientName: 'FIELDS^ASHA',
      studyDescription: 'CT BRAIN PLAIN',
      modality: 'CT',
    });
    const c = await caseOf(caseId);
    await api.call(
      CASES_API.assignCases,
      { cases: [{ _id: caseId, version: c.version }], radiologistId: t.users[t.login('radiologist')]! },
      { session: admin },
    );
    await caseReaches(caseId, 'IN PROGRESS');
    // the report's template, and an older-named twin of one key in another, newer template
    template = await api.call(
      REPORTING_API.createReportTemplate,
      {
        name: `CT Brain ${suffix}`,
        modality: 'CT',
        html:
          '<p><strong>Ventricles and sulci:</strong> <span data-field="ventricles">[ventricles]</span></p>' +
          '<p><strong>Extra-axial spaces:</strong> <span data-field="extra-axial">[extra-axial]</span></p>' +
          '<p><strong>Impression:</strong> <span data-field="impression">[impression]</span></p>',
        fields: [
          {
            key: 'ventricles',
            label: 'Ventricles and sulci',
            options: [{ label: 'Normal', text: 'Normal.', kind: 'normal' }],
          },
          {
            key: 'extra-axial',
            label: 'Extra-axial spaces',
            options: [{ label: 'Normal', text: 'No collection.', kind: 'normal' }],
          },
          {
            key: 'impression',
            label: 'Impression',
            options: [{ label: 'Normal', text: 'No acute finding.', kind: 'normal' }],
          },
        ],
      },
      { session: admin },
    );
    await api.call(
      REPORTING_API.createReportTemplate,
      {
        name: `Other ${suffix}`,
        html: '<p><span data-field="ventricles">[ventricles]</span></p>',
        fields: [{ key: 'ventricles', label: 'Ventricular system', options: [] }],
      },
      { session: admin },
    );
  }, 240_000);

  afterAll(async () => {
    await events.stop();
  });

  it('keeps every field mark through the typist and review, and finalize names the unfilled ones by label', async () => {
    // the radiologist: the template, one field filled by its phrase — saved without naming the template (as the
    // console did before issue 25)
    await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    const filled = applyTemplateField(template.html, 'ventricles', 'The ventricles are normal in size.');
    const v1 = await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: filled, baseVersion: 0 },
      { session: radiologist },
    );
    expect(v1.templateId).toBeNull();
    await api.call(
      REPORTING_API.sendReportToTypist,
      { caseId, typistId: t.users[t.login('typist')]! },
      { session: radiologist },
    );
    await caseReaches(caseId, 'PENDING AT TYPIST');

    // the typist: types over one placeholder (the editor keeps the mark) and adds a sentence after the fields
    const mine = await api.call(REPORTING_API.lockReport, { caseId }, { session: typist });
    const typed = mine.reportHTML
      .replace(
        '<span data-field="extra-axial">[extra-axial]</span>',
        '<span data-field="extra-axial">No extra-axial collection.</span>',
      )
      .concat('<p>Typed by the transcriptionist.</p>');
    const v2 = await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: typed, baseVersion: mine.version },
      { session: typist },
    );
    expect(fieldsOf(v2.reportHTML)).toEqual([
      ['ventricles', 'The ventricles are normal in size.'],
      ['extra-axial', 'No extra-axial collection.'],
      ['impression', '[impression]'],
    ]);
    await api.call(REPORTING_API.submitReportForReview, { caseId }, { session: typist });
    await caseReaches(caseId, 'PENDING FOR REVIEW');

    // review: the radiologist reads every mark where it was
    const reviewed = await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    expect(templateFieldKeys(reviewed.reportHTML)).toEqual(['ventricles', 'extra-axial', 'impression']);
    expect(fieldsOf(reviewed.reportHTML)).toEqual(fieldsOf(v2.reportHTML));
    expect(reviewed.reportHTML).toContain('Typed by the transcriptionist.');

    // finalize refused (signed: the signature is asked first): the one field left, by its label — the template was
    // never recorded, so found by its key
    await uploadSignature(api, radiologist);
    const refused = await api.reply(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REPORT_MESSAGES.unfilledFields(['Impression']));
    expect((await report(radiologist)).status).toBe('IN_REVIEW');

    // the report names its template now (the console sends it once picked): its labels win over the other's
    const emptied = applyTemplateField(reviewed.reportHTML, 'ventricles', '[ventricles]');
    const v4 = await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: emptied, templateId: template.id, baseVersion: reviewed.version },
      { session: radiologist },
    );
    const both = await api.reply(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(REPORT_MESSAGES.unfilledFields(['Ventricles and sulci', 'Impression']));
    expect(both.body.message).toBe(
      'Fill in or remove the template fields before finalizing: Ventricles and sulci, Impression',
    );

    // filled: signed, the marks still in the final text
    let done = applyTemplateField(v4.reportHTML, 'ventricles', 'Normal.');
    done = applyTemplateField(done, 'impression', 'No acute intracranial abnormality.');
    await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: done, baseVersion: v4.version },
      { session: radiologist },
    );
    const final = await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(final.status).toBe('FINAL');
    testName = final.testName;
    expect(templateFieldKeys(final.reportHTML)).toEqual(['ventricles', 'extra-axial', 'impression']);
    await caseReaches(caseId, 'COMPLETED');
  }, 120_000);

  it('the radiologist who signed it mails it; the subject names the patient, the study and the centre', async () => {
    const to = `fields.${suffix}@test.rayworks.local`;
    const sent = await api.reply(REPORTING_API.mailReport, { caseId, to }, { session: radiologist });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(REPORTING_MESSAGES.mailSent);
    const [mail] = await eventually(
      () => mailsTo(to),
      (m) => m.length >= 1,
      { what: `the e-mail to ${to}`, timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(mail!.subject).toBe(`Report: FIELDS ASHA · ${testName ?? 'CT BRAIN PLAIN'} · ${t.centreName('c1')}`);
    expect(mail!.subject).not.toBe('Your report');
    expect(mail!.text).toContain(`on behalf of ${t.centreName('c1')}`);
  }, 90_000);

  it('someone who reaches the case without the privilege and did not sign it gets 403; out of reach, 404', async () => {
    // the transcriptionist typed it (and still reaches it), holds GENERATE_REPORT, but did not sign it
    const byTypist = await api.reply(
      REPORTING_API.mailReport,
      { caseId, to: `nobody.${suffix}@test.rayworks.local` },
      { session: typist },
    );
    expect(byTypist.status).toBe(403);
    expect(byTypist.body.message).toBe(OUTPUT_MESSAGES.sendNotAllowed);
    const sms = await api.reply(
      REPORTING_API.smsReport,
      { caseId, phoneNumber: '+91 98000 00002' },
      { session: typist },
    );
    expect(sms.status).toBe(403);
    // a junior radiologist of the centre never saw the case
    expect(
      (
        await api.reply(
          REPORTING_API.mailReport,
          { caseId, to: `n.${suffix}@test.rayworks.local` },
          { session: junior },
        )
      ).status,
    ).toBe(404);
    // nothing was queued for them
    const { deliveries } = await api.call(REPORTING_API.findDeliveries, { caseId }, { session: admin });
    expect(deliveries.map((d) => d.to)).toEqual([`fields.${suffix}@test.rayworks.local`]);
  });
});
