import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { CASES_API, OUTPUT_MESSAGES, REPORTING_API, type Case } from '@rayworks/contracts';
import { casesKnowUsers, eventually, tenantQuery, uploadSignature } from '@rayworks/testing';
import { arrive, assignToRadiologist, TestEvents } from '../support/cases.js';
import { api, reportsTenant, signIn, type ReportsTenant } from './reports-support.js';

/**
 * Issue 25 items 2 and 3 against the running system (docs/decisions/0343–0345): a chest CT arrives with its accession
 * number, description, Body Part Examined and referring physician; /reportTemplates/find with the case offers its
 * chest CT template first and the brain one as another body part; the radiologist writes, signs and finalizes (the
 * signed report takes the case's facts as they are then: a referrer named after it was opened); the PDF
 * the worker prints (read back with poppler's pdftotext and pdfimages) names the accession, modality, study and
 * referrer, is headed with the study's test (not a template's), and carries one signature; /report/pdf answers it
 * through the gateway (no storage address in /generate/report); another company's user gets 404.
 */
const pdftotext = (file: string): string => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
/** The images of the PDF (pdfimages -list: two header lines, then one row per image). */
const pdfImages = (file: string): string[] =>
  execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
const occurrences = (text: string, word: string) => text.split(word).length - 1;

describe('the report a patient receives, and the templates that follow the study', () => {
  let t: ReportsTenant;
  let other: ReportsTenant;
  const events = new TestEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let stranger: Credentials;
  let caseId: string;
  let dir: string;
  const accession = `ACC-PDF-${process.pid}`;

  const caseOf = (id: string): Promise<Case> => api.call(CASES_API.findOneCase, { _id: id }, { session: admin });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-report-pdf-it-'));
    [t, other] = await Promise.all([reportsTenant('pdf-a'), reportsTenant('pdf-b')]);
    await events.start();
    [admin, radiologist, stranger] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(other, 'admin'),
    ]);
    await casesKnowUsers(t.tenantId, [t.users[t.login('radiologist')]!]);
    caseId = await arrive(events, t, 'c1', {
      patientName: 'RAO^ASHA',
      accessionNumber: accession,
      modality: 'CT',
      modalities: ['CT'],
      studyDescription: 'CT CHEST PLAIN',
      bodyPart: 'CHEST',
      referringPhysicianName: 'IYER^MEERA',
    });
    await assignToRadiologist(t, admin, caseId);
    for (const [name, bodyPart] of [
      ['IT CT Brain (plain)', 'BRAIN'],
      ['IT CT Chest (plain)', 'CHEST'],
    ] as const)
      await api.call(
        REPORTING_API.createReportTemplate,
        { name, modality: 'CT', bodyPart, html: `<h3>${name.toUpperCase()}</h3><p>Findings.</p>` },
        { session: admin },
      );
  }, 240_000);

  afterAll(async () => {
    await events.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps the study's body part and referrer on the case (from the DICOM header)", async () => {
    const c = await caseOf(caseId);
    expect(c).toMatchObject({ bodyPart: 'CHEST', referringPhysician: 'IYER^MEERA', accessionNumber: accession });
  });

  it("offers the chest CT's template first, the brain one as another body part, and keeps reach", async () => {
    const found = await api.call(
      REPORTING_API.findReportTemplates,
      { caseId, active: true, search: 'IT CT' },
      { session: radiologist },
    );
    expect(found.study).toEqual({ modality: 'CT', bodyPart: 'CHEST', description: 'CT CHEST PLAIN' });
    expect(found.templates.map((x) => [x.name, x.match])).toEqual([
      ['IT CT Chest (plain)', 'exact'],
      ['IT CT Brain (plain)', 'otherBodyPart'],
    ]);
    // without a case: the list as before, no match
    const plain = await api.call(REPORTING_API.findReportTemplates, { search: 'IT CT' }, { session: radiologist });
    expect(plain.study).toBeNull();
    expect(plain.templates.every((x) => x.match === null)).toBe(true);
    // a case the caller cannot see: 404, and the other company sees none of these templates
    const res = await api.reply(REPORTING_API.findReportTemplates, { caseId }, { session: stranger });
    expect(res.status).toBe(404);
    const theirs = await api.call(REPORTING_API.findReportTemplates, { search: 'IT CT' }, { session: stranger });
    expect(theirs.templates).toEqual([]);
  });

  it('prints the accession, modality, study, referrer and the study as the heading, with one signature', async () => {
    // no final report yet: 409
    const early = await api.reply(REPORTING_API.reportPdf, { caseId }, { session: radiologist });
    expect([early.status, early.body.message]).toEqual([409, OUTPUT_MESSAGES.noReport]);
    const opened = await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    await api.call(
      REPORTING_API.saveReport,
      {
        caseId,
        reportHTML: '<p>PDFBODYMARKER The lungs are clear. No pleural effusion.</p>',
        baseVersion: opened.version,
      },
      { session: radiologist },
    );
    // the report opened with the study's referrer; the case names another before it is signed: the signed report
    // names the case as it is then
    const draft = await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });
    expect(draft.patient.referredName).toBe('IYER MEERA');
    await tenantQuery(t.tenantId, `UPDATE cases.cases SET referring_physician = 'KHAN^SAMEER' WHERE id = $1`, [caseId]);
    await uploadSignature(api, radiologist);
    const final = await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(final.status).toBe('FINAL');
    expect(final.patient).toMatchObject({ registrationID: accession, referredName: 'KHAN SAMEER' });

    const ready = await eventually(
      () => api.call(REPORTING_API.generateReport, { caseId }, { session: radiologist }),
      (g) => g.state === 'ready',
      { what: 'the stored PDF', timeoutMs: 90_000, intervalMs: 500 },
    );
    // no storage address in the answer (decision 0345)
    expect(Object.keys(ready).sort()).toEqual(['reportId', 'state', 'version']);
    const file = await api.file(REPORTING_API.reportPdf, { caseId }, { session: radiologist });
    expect(file.contentType).toBe('application/pdf');
    const bytes = Buffer.from(file.bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfFile = path.join(dir, 'report.pdf');
    await writeFile(pdfFile, bytes);

    const text = pdftotext(pdfFile);
    expect(text).toContain('PDFBODYMARKER');
    expect(text).toMatch(new RegExp(`Accession No\\.\\s*:\\s*${accession}`));
    expect(text).toMatch(/Modality\s*:\s*CT/);
    expect(text).toMatch(/Study\s*:\s*CT CHEST PLAIN/);
    expect(text).toMatch(/Referred By\s*:\s*KHAN SAMEER/);
    // headed with the study's test (no template named one)
    expect(text.split('\n').filter((line) => line.trim() === 'CT CHEST PLAIN')).toHaveLength(1);
    // one signature: one image in the whole PDF (the default layout has no logo), no 'Signature' footer field, the
    // signer's name in the signature block and the footer's 'Reported by' only
    expect(pdfImages(pdfFile)).toHaveLength(1);
    expect(text).not.toContain('Signature');
    expect(occurrences(text, final.doctorInfo!.doctorName)).toBe(2);
    // the footer's date is whole: '29 Nov 2026, 07:05 PM'
    expect(text).toMatch(/Date\s+\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M/);

    // a look at the pages (not asserted): .local/tmp/report-pdf-it-*.png
    const pngDir = path.join(process.cwd(), '.local', 'tmp');
    mkdirSync(pngDir, { recursive: true });
    execFileSync('pdftoppm', ['-r', '80', '-png', pdfFile, path.join(pngDir, 'report-pdf-it')]);
  }, 150_000);

  it("gives another company's user nothing", async () => {
    const res = await api.reply(REPORTING_API.reportPdf, { caseId }, { session: stranger });
    expect(res.status).toBe(404);
  });
});
