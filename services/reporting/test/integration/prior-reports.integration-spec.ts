import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { CASES_API, REPORTING_API, type Case } from '@rayworks/contracts';
import { casesKnowUsers, uploadSignature } from '@rayworks/testing';
import { arrive, assignToRadiologist, TestEvents } from '../support/cases.js';
import { api, reportsTenant, signIn, type ReportsTenant } from './reports-support.js';

/**
 * The viewer's priors and their reports against the running system (issue 25 items 6 and 9; docs/decisions/0346,
 * 0347): the priors of a case come ranked (studies before the current one's day first, the same modality before
 * another, newest first; a same-day one-image study last), a study of the same Patient ID in another centre is no
 * prior — also for a radiologist who reaches both centres — and /report/priors answers the final report of a prior,
 * never the report of a case that is not a prior of the case (another centre, another patient) or out of reach.
 */
describe('prior reports', () => {
  let t: ReportsTenant;
  let other: ReportsTenant;
  const events = new TestEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let stranger: Credentials;
  const patientId = `PRI${Date.now()}`;
  let current: string;
  let olderCt: string;
  let newerMr: string;
  let sameDay: string;
  let otherCentre: string;
  let otherPatient: string;
  let uidOf: Map<string, string>;

  const caseOf = (id: string): Promise<Case> => api.call(CASES_API.findOneCase, { _id: id }, { session: admin });
  const priorReports = (session: Credentials, caseId: string, priorCaseIds: string[]) =>
    api.reply(REPORTING_API.priorReports, { caseId, priorCaseIds }, { session });

  /** A final report on a case, by the radiologist (assigned, locked, saved, signed). */
  async function finalReport(caseId: string, html: string): Promise<void> {
    await assign(caseId);
    await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    await api.call(REPORTING_API.saveReport, { caseId, reportHTML: html, baseVersion: 0 }, { session: radiologist });
    const final = await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(final.status).toBe('FINAL');
  }

  /** The case on the radiologist's worklist (a centre radiologist reads the cases assigned to them). */
  const assign = (caseId: string) => assignToRadiologist(t, admin, caseId);

  beforeAll(async () => {
    [t, other] = await Promise.all([reportsTenant('priors-a'), reportsTenant('priors-b')]);
    await events.start();
    [admin, radiologist, stranger] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(other, 'radiologist'),
    ]);
    await casesKnowUsers(t.tenantId, [t.users[t.login('radiologist')]!]);
    await uploadSignature(api, radiologist);
    const study = { patientId, patientName: 'PRIOR^PAULA' };
    current = await arrive(events, t, 'c1', { ...study, studyDate: '20261101', instanceCount: 120 });
    olderCt = await arrive(events, t, 'c1', { ...study, studyDate: '20250301', instanceCount: 110 });
    newerMr = await arrive(events, t, 'c1', {
      ...study,
      studyDate: '20260601',
      modality: 'MR',
      modalities: ['MR'],
      instanceCount: 30,
    });
    // the case: a one-image study of the same day, arriving after the current one
    sameDay = await arrive(events, t, 'c1', { ...study, studyDate: '20261101', instanceCount: 1, instancesAdded: 1 });
    // the same Patient ID in centre c2 (which the radiologist reaches too): another patient
    otherCentre = await arrive(events, t, 'c2', { ...study, studyDate: '20260901' });
    otherPatient = await arrive(events, t, 'c1', { patientId: `${patientId}X`, studyDate: '20240101' });
    uidOf = new Map(
      await Promise.all(
        [current, olderCt, newerMr, sameDay, otherCentre].map(
          async (id) => [(await caseOf(id)).studyInstanceUid!, id] as const,
        ),
      ),
    );
    await assign(current);
    await finalReport(olderCt, '<p>Findings: a 12 mm nodule in the right lower lobe.</p><p>Impression: follow up.</p>');
    await finalReport(otherCentre, '<p>Centre two report: must not leak.</p>');
  }, 300_000);

  afterAll(async () => {
    await events.stop();
  });

  it('ranks the priors (older same modality, then another modality, the same-day one-image study last) and leaves out another centre', async () => {
    const opened = await api.call(CASES_API.openViewer, { caseId: current }, { session: radiologist });
    expect(opened.priors.map((p) => uidOf.get(p.studyInstanceUid) ?? p.studyInstanceUid)).toEqual([
      olderCt,
      newerMr,
      sameDay,
    ]);
    expect(opened.priors.map((p) => [p.timing, p.relevance, p.instanceCount])).toEqual([
      ['before', 'same-modality', 110],
      ['before', 'other', 30],
      ['same-day', 'same-modality', 1],
    ]);
    // the radiologist reaches c2's case itself, but it is not this patient's prior
    expect((await caseOf(otherCentre)).patientId).toBe(patientId);
    expect((await api.reply(CASES_API.findOneCase, { _id: otherCentre }, { session: radiologist })).status).toBe(200);
    expect(opened.priors.map((p) => p.caseId)).not.toContain(otherCentre);
  });

  it("answers a prior's final report; a prior without one says so; another centre's or patient's case is left out", async () => {
    const res = await priorReports(radiologist, current, [olderCt, sameDay, otherCentre, otherPatient]);
    expect(res.status).toBe(200);
    const reports = (res.body.data as { reports: { caseId: string; status: string | null; text: string | null }[] })
      .reports;
    expect(reports.map((r) => r.caseId).sort()).toEqual([olderCt, sameDay].sort());
    const older = reports.find((r) => r.caseId === olderCt)!;
    expect(older).toMatchObject({ status: 'FINAL', signedBy: expect.any(String), finalizedAt: expect.any(String) });
    expect(older.text).toBe('Findings: a 12 mm nodule in the right lower lobe.\nImpression: follow up.');
    expect(reports.find((r) => r.caseId === sameDay)).toMatchObject({ text: null });
    expect(JSON.stringify(res.body)).not.toContain('must not leak');
  });

  it("another company's user gets 404 for the case, and nothing of its priors", async () => {
    const res = await priorReports(stranger, current, [olderCt]);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('nodule');
  });

  it('a user of another centre of the company, who cannot see the case, gets 404', async () => {
    const centreAdmin = await signIn(t, 'centre.admin');
    expect((await priorReports(centreAdmin, current, [olderCt])).status).toBe(404);
  });

  it('refuses an empty ask (400)', async () => {
    expect((await priorReports(radiologist, current, [])).status).toBe(400);
  });
});
