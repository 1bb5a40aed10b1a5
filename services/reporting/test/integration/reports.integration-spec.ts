import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASE_MESSAGES,
  CASES_API,
  REPORT_EVENTS,
  REPORT_MESSAGES,
  REPORTING_API,
  REPORTING_MESSAGES,
  applyTemplateField,
  type Case,
  type Report,
} from '@rayworks/contracts';
import { casesKnowUsers, eventually, tenantQuery, uploadSignature } from '@rayworks/testing';
import { arrive, TestEvents } from '../support/cases.js';
import { api, outboxTypes, reportsTenant, signIn, type ReportsTenant } from './reports-support.js';

/**
 * The report of a case against the running system, through the gateway (docs/decisions/0173): save with versions
 * under the lock, the typist, review, finalize with the signature, the addendum; the events reporting publishes and
 * the case moving on from them in cases — completing once, also when ReportFinalized is delivered again; another
 * company's user reaches nothing.
 */
/** The report's workflow events in the outbox (the PDF worker's ReportPdfStored comes when it comes, and is output's test). */
const reportSteps = async (tenantId: string, caseId: string): Promise<string[]> =>
  (await outboxTypes('reporting', tenantId, caseId)).filter((type) => type !== 'ReportPdfStored');

describe('reports', () => {
  let t: ReportsTenant;
  let other: ReportsTenant;
  const events = new TestEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let junior: Credentials;
  let typist: Credentials;
  let typist2: Credentials;
  let stranger: Credentials;
  let caseId: string;
  let juniorCaseId: string;

  const reply = <K extends keyof typeof REPORTING_API>(
    name: K,
    body: Parameters<typeof api.reply<(typeof REPORTING_API)[K]>>[1],
    session: Credentials,
  ) => api.reply(REPORTING_API[name], body as never, { session });
  const report = async (session: Credentials, id = caseId): Promise<Report> =>
    api.call(REPORTING_API.getReportData, { caseId: id }, { session });
  const caseOf = (id: string): Promise<Case> => api.call(CASES_API.findOneCase, { _id: id }, { session: admin });
  const caseReaches = (id: string, status: Case['status']) =>
    eventually(
      () => caseOf(id),
      (c) => c.status === status,
      { what: `case ${id} ${status}`, timeoutMs: 30_000 },
    );
  const assign = async (id: string, radiologistId: string) => {
    const c = await caseOf(id);
    await api.call(
      CASES_API.assignCases,
      { cases: [{ _id: id, version: c.version }], radiologistId },
      { session: admin },
    );
    await caseReaches(id, 'IN PROGRESS');
  };

  beforeAll(async () => {
    [t, other] = await Promise.all([reportsTenant('reports-a'), reportsTenant('reports-b')]);
    await events.start();
    [admin, radiologist, junior, typist, typist2, stranger] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(t, 'jr.radiologist'),
      signIn(t, 'typist'),
      signIn(t, 'typist2'),
      signIn(other, 'admin'),
    ]);
    await casesKnowUsers(t.tenantId, [
      t.users[t.login('radiologist')]!,
      t.users[t.login('jr.radiologist')]!,
      t.users[t.login('typist')]!,
      t.users[t.loginOf('typist2')]!,
    ]);
    caseId = await arrive(events, t, 'c1', { patientName: 'REPORT^ANNA' });
    juniorCaseId = await arrive(events, t, 'c1', { patientName: 'REPORT^JUNIOR' });
    await assign(caseId, t.users[t.login('radiologist')]!);
    await assign(juniorCaseId, t.users[t.login('jr.radiologist')]!);
  }, 240_000);

  afterAll(async () => {
    await events.stop();
  });

  it('opens the case as a DRAFT report with its patient, taking no lock', async () => {
    const r = await report(radiologist);
    expect(r).toMatchObject({ caseId, status: 'DRAFT', version: 0, reportHTML: '', lock: null, addenda: [] });
    expect(r.patient.patientName).toBe('REPORT^ANNA');
    expect(r.patient.registrationID).toMatch(/^ACC/);
    expect(r.study.modality).toBe('CT');
    expect((await report(radiologist)).id).toBe(r.id);
  });

  it("another company's user gets 404 on every call and changes nothing", async () => {
    for (const [name, body] of [
      ['getReportData', { caseId }],
      ['lockReport', { caseId }],
      ['saveReport', { caseId, reportHTML: '<p>x</p>', baseVersion: 0 }],
      ['reportVersions', { caseId }],
      ['finalizeReport', { caseId }],
    ] as const) {
      const res = await reply(name, body as never, stranger);
      expect([name, res.status]).toEqual([name, 404]);
    }
    expect(await report(radiologist)).toMatchObject({ version: 0, reportHTML: '', lock: null });
  });

  it('saves only under the lock, from the current version, sanitised; each save a version', async () => {
    const unlocked = await reply('saveReport', { caseId, reportHTML: '<p>a</p>', baseVersion: 0 }, radiologist);
    expect(unlocked.status).toBe(409);
    expect(unlocked.body.message).toBe(REPORT_MESSAGES.notLocked);

    const locked = await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    expect(locked.lock?.userId).toBe(t.users[t.login('radiologist')]);
    expect(new Date(locked.lock!.expiresAt).getTime() - Date.now()).toBeGreaterThan(100_000);

    const saved = await reply(
      'saveReport',
      {
        caseId,
        reportHTML: '<p>No acute <b>finding</b>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
        testName: 'CT HEAD',
        baseVersion: 0,
      },
      radiologist,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(REPORTING_MESSAGES.saved);
    const v1 = saved.body.data as Report;
    expect(v1.version).toBe(1);
    expect(v1.reportHTML).toContain('<b>finding</b>');
    expect(v1.reportHTML).not.toMatch(/script|onerror|alert/);

    const stale = await reply('saveReport', { caseId, reportHTML: '<p>old</p>', baseVersion: 0 }, radiologist);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(REPORT_MESSAGES.versionConflict);

    await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: '<p>No acute finding. Dictated.</p>', baseVersion: 1 },
      { session: radiologist },
    );
    const { versions } = await api.call(REPORTING_API.reportVersions, { caseId }, { session: radiologist });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    const first = await api.call(REPORTING_API.reportVersion, { caseId, version: 1 }, { session: radiologist });
    expect(first.html).toContain('No acute <b>finding</b>');
  });

  it('sends to the typist: AT_TYPIST, ReportSentToTypist, the case PENDING AT TYPIST with that typist', async () => {
    const typistId = t.users[t.login('typist')]!;
    const sent = await api.call(REPORTING_API.sendReportToTypist, { caseId, typistId }, { session: radiologist });
    expect(sent).toMatchObject({ status: 'AT_TYPIST', lock: null });
    const c = await caseReaches(caseId, 'PENDING AT TYPIST');
    expect(c.typistId).toBe(typistId);
    expect(await reportSteps(t.tenantId, caseId)).toEqual(['ReportSentToTypist']);
    // the reader no longer writes it
    expect((await reply('lockReport', { caseId }, radiologist)).status).toBe(409);
  });

  it('the typist types under the lock; the reader meanwhile gets "A Transcriptionist is already working on the case"', async () => {
    const mine = await api.call(REPORTING_API.lockReport, { caseId }, { session: typist });
    expect(mine.lock?.userId).toBe(t.users[t.login('typist')]);
    // the reader opening it for editing meanwhile is told who works on it
    const second = await reply('lockReport', { caseId }, radiologist);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CASE_MESSAGES.transcriptionistWorking);
    // another typist does not even see a case at someone else (cases' reach)
    expect((await reply('lockReport', { caseId }, typist2)).status).toBe(404);
    const typed = await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: '<p>No acute finding. Typed.</p>', baseVersion: 2 },
      { session: typist },
    );
    expect(typed.version).toBe(3);
    const review = await api.call(REPORTING_API.submitReportForReview, { caseId }, { session: typist });
    expect(review.status).toBe('IN_REVIEW');
    await caseReaches(caseId, 'PENDING FOR REVIEW');
  });

  it('finalize needs a signature in the profile (400), then signs, completes the case and queues the PDF', async () => {
    const unsigned = await reply('finalizeReport', { caseId }, radiologist);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe(REPORTING_MESSAGES.uploadSignature);
    expect((await report(radiologist)).status).toBe('IN_REVIEW');

    const fileID = await uploadSignature(api, radiologist);
    const profile = await api.call(AUTH_API.getProfile, undefined, { session: radiologist });
    const final = await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(final.status).toBe('FINAL');
    expect(final.version).toBe(4);
    expect(final.doctorInfo).toEqual({
      doctorName: profile.fullName,
      qualificationName: profile.qualificationName,
      signature: { fileID },
    });
    expect(final.finalizedBy).toBe(t.users[t.login('radiologist')]);

    const [row] = await tenantQuery<{ signature_key: string }>(
      t.tenantId,
      `SELECT signature_key FROM reporting.reports WHERE case_id = $1`,
      [caseId],
    );
    expect(row!.signature_key).toMatch(new RegExp(`^reports/${t.tenantId}/${final.id}/signature-`));
    const jobs = await tenantQuery<{ payload: { reportId: string; version: number } }>(
      t.tenantId,
      `SELECT payload FROM reporting.job_outbox WHERE job_name = 'reportingReportPdf' AND payload->>'reportId' = $1`,
      [final.id],
    );
    expect(jobs.map((j) => j.payload.version)).toEqual([4]);

    const done = await caseReaches(caseId, 'COMPLETED');
    expect(done.completedAt).not.toBeNull();
    expect(await reportSteps(t.tenantId, caseId)).toEqual([
      'ReportSentToTypist',
      'ReportSubmittedForReview',
      'ReportFinalized',
    ]);
    // a final report is not written again
    expect((await reply('lockReport', { caseId }, radiologist)).status).toBe(409);
  });

  it('ReportFinalized delivered again (same event, then a copy) completes the case once; every report event is on its trail', async () => {
    const [finalized] = await tenantQuery<{ envelope: Record<string, unknown> & { type: string; version: number } }>(
      t.tenantId,
      `SELECT envelope FROM reporting.outbox WHERE message_key = $1 AND envelope->>'type' = 'ReportFinalized'`,
      [caseId],
    );
    const envelope = finalized!.envelope;
    await events.send(REPORT_EVENTS.ReportFinalized.topic, caseId, envelope);
    await events.send(REPORT_EVENTS.ReportFinalized.topic, caseId, { ...envelope, id: randomUUID() });
    const trail = await eventually(
      () => api.call(CASES_API.findCaseAudit, { _id: caseId }, { session: admin }),
      (a) => a.entries.filter((e) => e.action === 'REPORT_FINALIZED').length >= 2,
      { what: 'the copy of ReportFinalized on the trail', timeoutMs: 30_000 },
    );
    const finals = trail.entries.filter((e) => e.action === 'REPORT_FINALIZED');
    // the same event id once (the inbox), the copy refused by the machine: recorded, not applied
    expect(finals).toHaveLength(2);
    expect(finals.filter((e) => e.details.refused !== undefined)).toHaveLength(1);
    expect((await outboxTypes('cases', t.tenantId, caseId)).filter((x) => x === 'CaseCompleted')).toHaveLength(1);
    const actions = trail.entries.map((e) => e.action);
    for (const a of ['REPORT_SENT_TO_TYPIST', 'REPORT_SUBMITTED_FOR_REVIEW', 'REPORT_FINALIZED', 'case.complete'])
      expect(actions).toContain(a);
    expect((await caseOf(caseId)).status).toBe('COMPLETED');
  });

  it("the report shows its stored PDF once reporting's worker rendered the final version", async () => {
    const r = await eventually(
      () => report(radiologist),
      (x) => x.pdf !== null,
      { what: 'the stored PDF of the final report', timeoutMs: 60_000 },
    );
    expect(r.pdf).toMatchObject({ version: 4, key: expect.stringContaining(r.id) });
  });

  it('an addendum is its own row below the final report, which never changes; finalizing it queues a new PDF', async () => {
    const before = await report(radiologist);
    const draft = await api.call(
      REPORTING_API.saveAddendum,
      { caseId, html: '<p>Addendum: comparison with prior.</p><script>x()</script>' },
      { session: radiologist },
    );
    expect(draft.addenda).toHaveLength(1);
    expect(draft.addenda[0]).toMatchObject({ status: 'DRAFT', addendumDoctorInfo: null });
    expect(draft.addenda[0]!.html).not.toContain('script');
    expect(draft.reportHTML).toBe(before.reportHTML);

    const signed = await api.call(REPORTING_API.finalizeAddendum, { caseId }, { session: radiologist });
    expect(signed.addenda[0]).toMatchObject({ status: 'FINAL' });
    expect(signed.addenda[0]!.addendumDoctorInfo?.doctorName).toBe(before.doctorInfo?.doctorName);
    expect(signed).toMatchObject({
      status: 'FINAL',
      reportHTML: before.reportHTML,
      doctorInfo: before.doctorInfo,
      finalizedAt: before.finalizedAt,
      version: before.version + 1,
    });
    expect((await reply('finalizeAddendum', { caseId }, radiologist)).status).toBe(409);
    const jobs = await tenantQuery<{ version: number }>(
      t.tenantId,
      `SELECT (payload->>'version')::int AS version FROM reporting.job_outbox
       WHERE job_name = 'reportingReportPdf' AND payload->>'reportId' = $1 ORDER BY id`,
      [signed.id],
    );
    expect(jobs.map((j) => j.version)).toEqual([before.version, before.version + 1]);
    expect((await reportSteps(t.tenantId, caseId)).at(-1)).toBe('ReportAddendumFinalized');
    await eventually(
      () => outboxTypes('cases', t.tenantId, caseId),
      (types) => types.includes('CaseAddendumStarted'),
      { what: 'the case addendum', timeoutMs: 30_000 },
    );
  });

  it("a junior's finalize goes to review instead (no signature needed), and the junior's part ends there", async () => {
    await api.call(REPORTING_API.lockReport, { caseId: juniorCaseId }, { session: junior });
    await api.call(
      REPORTING_API.saveReport,
      { caseId: juniorCaseId, reportHTML: '<p>Junior read.</p>', baseVersion: 0 },
      { session: junior },
    );
    const toReview = await api.call(REPORTING_API.finalizeReport, { caseId: juniorCaseId }, { session: junior });
    expect(toReview.status).toBe('IN_REVIEW');
    expect(toReview.doctorInfo).toBeNull();
    await caseReaches(juniorCaseId, 'PENDING FOR REVIEW');
    // the junior neither finalizes nor edits it any more
    expect((await reply('finalizeReport', { caseId: juniorCaseId }, junior)).status).toBe(403);
    expect((await reply('lockReport', { caseId: juniorCaseId }, junior)).status).toBe(409);
    expect(await reportSteps(t.tenantId, juniorCaseId)).toEqual(['ReportSubmittedForReview']);

    // a senior radiologist of the centre finds it in the review queue (decision 0174), reviews and finalizes it
    const seen = await api.call(REPORTING_API.getReportData, { caseId: juniorCaseId }, { session: radiologist });
    expect(seen.reportHTML).toContain('Junior read.');
    await api.call(REPORTING_API.lockReport, { caseId: juniorCaseId }, { session: radiologist });

    // a template field still showing its placeholder is not signed (decision 0196); it is named by its label
    const template = await api.call(
      REPORTING_API.createReportTemplate,
      {
        name: `Fields ${randomUUID().slice(0, 8)}`,
        html: '<p>Sulci: <span data-field="sulci">[sulci]</span></p>',
        fields: [
          { key: 'sulci', label: 'Cortical sulci', options: [{ label: 'Normal', text: 'Normal.', kind: 'normal' }] },
        ],
      },
      { session: admin },
    );
    const withField = await api.call(
      REPORTING_API.saveReport,
      {
        caseId: juniorCaseId,
        reportHTML: `<p>Junior read.</p>${template.html}`,
        templateId: template.id,
        baseVersion: seen.version,
      },
      { session: radiologist },
    );
    const unfilled = await reply('finalizeReport', { caseId: juniorCaseId }, radiologist);
    expect(unfilled.status).toBe(400);
    expect(unfilled.body.message).toBe(REPORT_MESSAGES.unfilledFields(['Cortical sulci']));
    expect((await report(radiologist, juniorCaseId)).status).toBe('IN_REVIEW');
    await api.call(
      REPORTING_API.saveReport,
      {
        caseId: juniorCaseId,
        reportHTML: applyTemplateField(withField.reportHTML, 'sulci', 'The sulci are normal.'),
        baseVersion: withField.version,
      },
      { session: radiologist },
    );
    const reviewed = await api.call(REPORTING_API.finalizeReport, { caseId: juniorCaseId }, { session: radiologist });
    expect(reviewed.status).toBe('FINAL');
    expect(reviewed.doctorInfo?.doctorName).toBeTruthy();
    await caseReaches(juniorCaseId, 'COMPLETED');
  });

  it('the lock is released by unlock, and lapses after two minutes', async () => {
    const fresh = await arrive(events, t, 'c1', { patientName: 'REPORT^LOCK' });
    await assign(fresh, t.users[t.login('radiologist')]!);
    await api.call(REPORTING_API.lockReport, { caseId: fresh }, { session: radiologist });
    expect(await api.call(REPORTING_API.unlockReport, { caseId: fresh }, { session: radiologist })).toEqual({
      released: true,
    });
    expect((await report(radiologist, fresh)).lock).toBeNull();
    // a lock whose time has passed is nobody's (made to lapse in the database rather than waiting two minutes)
    await api.call(REPORTING_API.lockReport, { caseId: fresh }, { session: radiologist });
    await tenantQuery(
      t.tenantId,
      `UPDATE reporting.reports SET lock_expires_at = now() - interval '1 second' WHERE case_id = $1`,
      [fresh],
    );
    expect((await report(radiologist, fresh)).lock).toBeNull();
    const save = await reply('saveReport', { caseId: fresh, reportHTML: '<p>late</p>', baseVersion: 0 }, radiologist);
    expect(save.status).toBe(409);
    expect(save.body.message).toBe(REPORT_MESSAGES.notLocked);
  });
});
