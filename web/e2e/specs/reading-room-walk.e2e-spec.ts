import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_API,
  CASE_MESSAGES,
  CASES_API,
  IMPORT_MESSAGES,
  REPORTING_API,
  REPORTING_MESSAGES,
  type Case,
  type CaseAssignee,
} from '@rayworks/contracts';
import { buildLargeCtStudy, eventually, stowFiles, uploadSignature, type BuiltStudy } from '@rayworks/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { ImportScreen } from '../pom/ImagingPages';
import { LoginPage } from '../pom/LoginPage';
import { ReportEditor } from '../pom/ReportEditor';
import { ReportPdfPreview } from '../pom/ReportPdfPreview';
import { Shell } from '../pom/Shell';
import { ViewerPage } from '../pom/ViewerPage';
import { AssignPage, WorklistPage } from '../pom/WorklistPage';
import { ApiSession, client } from '../requests/auth-api';
import { blockingViolations, settle, type AxeFinding } from '../support/axe';
import { BASE_URL, SCREENSHOT_DIR, openConsole, screenshot, url, useBrowser } from '../support/browser';
import { waitForMail } from '../support/mail';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

const DESKTOP = { width: 1440, height: 900, name: '1440' };
const PHONE = { width: 390, height: 844, name: '390' };

/**
 * Issue 25's "Done when", in Chromium, in a company of its own: a centre administrator imports a CT from a folder on
 * the import screen; assigns it (an offline radiologist is warned about, the online one confirmed with 'Case
 * Assigned Successfully' and the assignee); the radiologist reads it with the right prior compared (the older CT of
 * the same patient first, not the same-day one-image study) and a length measured in MPR, dictates, fills the
 * template's field and sends the report to the transcriptionist, who plays the dictation with the foot-pedal keys and
 * types into the template; review keeps the template's fields; the report is finalized; its PDF opens inline in the
 * console with the accession, modality, study description, referrer and one signature; and the radiologist mails it
 * from the case. Every step's screen is checked with axe (no serious or critical finding) at 1440 × 900 and
 * 390 × 844, and its screenshots are kept (web/e2e/screenshots/walk-*.png, the PDF's pages as walk-pdf-page-*.png).
 */
describe('the reading room walk: import → assign → read → dictate → typist → review → final PDF → mail', () => {
  const tenant = useTenant('walk');
  const browser = useBrowser({ webgl: true, fakeMicrophone: true });
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `WK${suffix}`;
  const accession = `ACW${suffix}`;
  const templateName = `CT Head walk ${suffix}`;
  const common = { patientName: 'Walk^Wanda', patientId, rows: 256, cols: 256, phantom: 'volume' as const };
  let dir: string;
  let current: BuiltStudy;
  let prior: BuiltStudy;
  let scout: BuiltStudy;
  let R: CaseAssignee;
  let JR: CaseAssignee;

  /** What axe found at each step and size; the walk ends by asserting it is empty (so every finding is listed). */
  const findings: AxeFinding[] = [];
  const shots: string[] = [];
  let n = 0;

  /** A step's screen: its screenshot and axe at the desktop's size, then at the phone's; back to the desktop. */
  async function step(page: Page, name: string, options: { fullPage?: boolean; before?: () => Promise<void> } = {}) {
    n += 1;
    const label = `walk-${String(n).padStart(2, '0')}-${name}`;
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await settle(page);
      await options.before?.();
      shots.push(await screenshot(page, `${label}-${size.name}`, options.fullPage ?? false));
      findings.push(...(await blockingViolations(page, `${name} at ${size.name}`)));
    }
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  }

  /** A screenshot between steps (a dialog, a toast) at the size the page has, numbered after the last step. */
  async function moment(page: Page, name: string) {
    shots.push(await screenshot(page, `walk-${String(n).padStart(2, '0')}-then-${name}`, false));
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-walk-'));
    // today's head CT (imported on the import screen), the same patient's CT of last year (the right prior) and a
    // one-image study of today's date (the prior the issue saw ranked first)
    current = await buildLargeCtStudy(path.join(dir, 'current'), {
      ...common,
      instances: 40,
      sliceSpacing: 4,
      studyDate: '20261128',
      accessionNumber: accession,
      studyDescription: 'CT HEAD PLAIN',
      seriesDescription: 'Axial head 4 mm',
      attributes: { ReferringPhysicianName: 'IYER^MEERA', BodyPartExamined: 'HEAD' },
    });
    prior = await buildLargeCtStudy(path.join(dir, 'prior'), {
      ...common,
      instances: 20,
      sliceSpacing: 8,
      lesionMm: 12,
      studyDate: '20251101',
      accessionNumber: `ACP${suffix}`,
      studyDescription: 'CT HEAD PLAIN (last year)',
      attributes: { BodyPartExamined: 'HEAD' },
    });
    scout = await buildLargeCtStudy(path.join(dir, 'scout'), {
      ...common,
      instances: 1,
      studyDate: '20261128',
      accessionNumber: `ACS${suffix}`,
      studyDescription: 'Same-day single image',
    });
    const t = tenant();
    const gca = await ApiSession.login(t.login('gca'), TEST_PASSWORD);
    for (const study of [prior, scout]) {
      const { status } = await stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files);
      expect(status).toBe(200);
    }
    // the radiologist is online; the junior radiologist stays offline (the picker warns about them)
    const radiologist = await ApiSession.login(t.login('radiologist'), TEST_PASSWORD);
    await radiologist.call(AUTH_API.online, {}, { userId: t.users[t.login('radiologist')]! });
    await uploadSignature(client, radiologist.credentials);
    const admin = await ApiSession.login(t.login('admin'), TEST_PASSWORD);
    const people = await eventually(
      async () => (await admin.call(CASES_API.caseAssignees, { centreId: t.centres.c1!, as: 'radiologist' })).assignees,
      (list) =>
        list.some((p) => p.id === t.users[t.login('radiologist')] && p.isAvailable) &&
        list.some((p) => p.id === t.users[t.login('jr.radiologist')]),
      { timeoutMs: 60_000, intervalMs: 500, what: 'the radiologists in the cases service, one online' },
    );
    R = people.find((p) => p.id === t.users[t.login('radiologist')])!;
    JR = people.find((p) => p.id === t.users[t.login('jr.radiologist')])!;
    expect(JR.isAvailable).toBe(false);
    // the centre's CT head template, with structured fields
    await admin.call(REPORTING_API.createReportTemplate, {
      name: templateName,
      centreId: t.centres.c1!,
      modality: 'CT',
      bodyPart: 'HEAD',
      html:
        '<h2>CT Head</h2><p>Ventricles: <span data-field="ventricles">[ventricles]</span></p>' +
        '<p>Extra-axial: <span data-field="extra-axial">[extra-axial]</span></p>' +
        '<p>Impression: <span data-field="impression">[impression]</span></p>',
      fields: [
        {
          key: 'ventricles',
          label: 'Ventricles',
          options: [
            { label: 'Normal', text: 'The ventricles are normal in size.', kind: 'normal' },
            { label: 'Dilated', text: 'The ventricles are dilated.', kind: 'abnormal' },
          ],
        },
        { key: 'extra-axial', label: 'Extra-axial spaces', options: [] },
        { key: 'impression', label: 'Impression', options: [] },
      ],
    });
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function login(page: Page, who: 'radiologist' | 'typist' | 'gca'): Promise<void> {
    await new LoginPage(page).login(tenant().login(who), TEST_PASSWORD);
    await new Shell(page).waitUntilReady();
  }

  it('walks the whole reading room, each screen accessible at desktop and phone sizes', async () => {
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    const open = async () => {
      const opened = await openConsole(browser());
      contexts.push(opened.context);
      opened.page.on('pageerror', (e) => errors.push(e.message));
      return opened.page;
    };
    try {
      // ---- 1. the centre administrator imports the CT from its folder ----
      const admin = await open();
      await login(admin, 'gca');
      await admin.goto(url('/cases/import'), { waitUntil: 'domcontentloaded' });
      const importer = new ImportScreen(admin);
      await importer.waitUntilReady();
      await importer.pickFolder(current.dir);
      await importer.waitForState('ready');
      expect(await admin.getByTestId('import-tree-study-title').innerText()).toBe('CT HEAD PLAIN');
      expect(await importer.text('import-modality')).toBe('CT');
      await step(admin, 'import-folder', {
        fullPage: true,
        // the study's long UID wraps: nothing makes the phone's page wider than the phone
        before: async () =>
          expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            admin.viewportSize()!.width,
          ),
      });
      await admin.getByTestId('import-start').click();
      await importer.waitForState('countdown', 120_000);
      expect(await admin.getByTestId('import-countdown').innerText()).toContain(IMPORT_MESSAGES.success);
      await moment(admin, 'import-done');

      // the case of the imported study (and the two earlier ones of the same patient)
      const api = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
      const cases = await eventually(
        () => api.call(CASES_API.findCases, { search: patientId }),
        (list) => list.length === 3 && list.some((c) => c.studyInstanceUid === current.studyInstanceUid),
        { timeoutMs: 90_000, intervalMs: 500, what: 'the cases of the imported CT and of the two earlier studies' },
      );
      const theCase: Case = cases.find((c) => c.studyInstanceUid === current.studyInstanceUid)!;
      expect(theCase).toMatchObject({ status: 'NEW', referringPhysician: 'IYER^MEERA' });

      // ---- 2. assign: the offline radiologist warned, the online one confirmed with the assignee ----
      const worklist = new WorklistPage(admin);
      await worklist.goto(`?q=${patientId}`);
      const row = admin.locator(`[data-testid="worklist-row"][data-case-id="${theCase._id}"]`);
      await row.waitFor({ timeout: 60_000 });
      await step(admin, 'worklist-new-case');
      await row.getByTestId('worklist-select').check();
      await admin.getByTestId('worklist-bulk-assign').click();
      const assign = new AssignPage(admin);
      await assign.waitUntilReady();
      await assign.choose(JR.id);
      const warning = admin.getByTestId('assign-offline-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toContain(CASE_MESSAGES.assigneeOffline(JR.fullName));
      await step(admin, 'assign-offline-warned', { before: () => warning.scrollIntoViewIfNeeded() });
      await admin.getByTestId('assign-submit').click();
      const asked = admin.getByRole('dialog', { name: CASE_MESSAGES.assigneeOfflineTitle(JR.fullName) });
      await asked.waitFor();
      await moment(admin, 'assign-offline-asked');
      await asked.getByRole('button', { name: 'Cancel' }).click();
      await asked.waitFor({ state: 'hidden' });
      await assign.choose(R.id);
      expect(await admin.getByTestId('assign-offline-warning').count()).toBe(0);
      await assign.submit();
      const shell = new Shell(admin);
      await shell.waitForToastTitled(CASE_MESSAGES.assigned, `Assigned to ${R.fullName}`);
      expect(CASE_MESSAGES.assigned).toBe('Case Assigned Successfully');
      await moment(admin, 'assign-confirmed');
      await worklist.goto(`?q=${patientId}`);
      await admin
        .locator(`[data-testid="worklist-row"][data-case-id="${theCase._id}"][data-status="IN PROGRESS"]`)
        .waitFor({ timeout: 60_000 });
      await step(admin, 'worklist-assigned');

      // ---- 3. the radiologist reads: MPR with a length measured, then the right prior compared ----
      const reader = await open();
      await login(reader, 'radiologist');
      const viewer = new ViewerPage(reader);
      await viewer.goto(theCase._id);
      expect(await viewer.waitForState(['ready', 'error', 'no-access', 'expired'])).toBe('ready');
      await viewer.waitForImage(0);
      await viewer.openMpr();
      expect(await viewer.modes()).toEqual(['mpr-axial', 'mpr-sagittal', 'mpr-coronal']);
      const length = await viewer.measureLengthInMpr('sagittal');
      expect(length).toMatch(/^Length \(MPR sagittal\): \d+(\.\d+)? mm/);
      expect(Number(/: (\d+(?:\.\d+)?) mm/.exec(length)![1])).toBeGreaterThan(5);
      await step(reader, 'viewer-mpr-measured');
      // back to the stack (the phone's size showed the stack; the desktop's brings MPR back first)
      const settled = (list: string[]) => list.length > 0 && list.every((m) => m !== '');
      if ((await eventually(() => viewer.modes(), settled, { timeoutMs: 10_000, what: 'the viewports' })).length === 3)
        await viewer.button('mpr');
      await eventually(
        () => viewer.modes(),
        (list) => list.join(',') === 'stack',
        { timeoutMs: 20_000, intervalMs: 250, what: 'the stack view again' },
      );
      await viewer.waitForImage(0);
      // the priors: last year's CT of the same patient first, the same-day one-image study after it
      expect(await viewer.priorUids()).toEqual([prior.studyInstanceUid, scout.studyInstanceUid]);
      await viewer.button(`compare-${prior.studyInstanceUid}`);
      const side = await viewer.waitForImage(1);
      expect(side.studyUid).toBe(prior.studyInstanceUid);
      expect((await viewer.info(0)).studyUid).toBe(current.studyInstanceUid);
      await step(reader, 'viewer-prior-compared');

      // ---- 4. the report: the template, a field, dictation; to the transcriptionist ----
      const editor = new ReportEditor(reader);
      await editor.goto(theCase._id);
      await editor.waitFor({ lock: 'mine', status: 'DRAFT' }, 60_000);
      await editor.pickTemplate(templateName);
      await eventually(
        () => editor.text(),
        (t) => t.includes('CT Head') && t.includes('[impression]'),
        { timeoutMs: 10_000, intervalMs: 200, what: 'the template in the editor' },
      );
      await editor.root().getByTestId('report-field').filter({ hasText: 'Ventricles' }).click();
      await reader.locator('[data-testid="report-field-option"][data-option="Normal"]').click();
      await eventually(
        () => editor.text(),
        (t) => t.includes('The ventricles are normal in size.'),
        { timeoutMs: 10_000, intervalMs: 200, what: "the field's phrase in its place" },
      );
      const clips = await editor.recordDictation(4);
      expect(clips).toHaveLength(1);
      await editor.save();
      await shell.waitForToast(REPORTING_MESSAGES.saved).catch(() => undefined);
      await step(reader, 'report-dictated', { fullPage: true });
      await editor.sendToTypist(new RegExp(tenant().name));
      await editor.waitFor({ status: 'AT_TYPIST' });

      // ---- 5. the transcriptionist plays the dictation with the pedal's keys and types into the template ----
      const typist = await open();
      await login(typist, 'typist');
      await typist.goto(url('/cases'), { waitUntil: 'domcontentloaded' });
      await typist.waitForURL((u) => u.searchParams.get('tab') === 'PENDING AT TYPIST');
      const queued = typist.locator(
        `[data-testid="worklist-row"][data-case-id="${theCase._id}"][data-status="PENDING AT TYPIST"]`,
      );
      await queued.waitFor({ timeout: 60_000 });
      await step(typist, 'typist-queue');
      await queued.getByTestId('worklist-open-report').click();
      await typist.waitForURL((u) => u.pathname === `/cases/report/${theCase._id}`);
      const typed = new ReportEditor(typist);
      await typed.waitFor({ lock: 'mine' }, 60_000);
      expect(await typed.dictationClips()).toEqual([expect.objectContaining({ id: clips[0]!.id })]);
      const keys = await typed.playDictationWithKeyboard(2_000);
      expect(keys.start).toMatchObject({ currentTime: 0, paused: true });
      expect(keys.start.duration).toBeGreaterThan(2.5);
      expect(keys.playing.paused).toBe(false);
      expect(keys.playing.currentTime).toBeGreaterThan(0.5);
      expect(keys.paused.paused).toBe(true);
      expect(keys.rewound.currentTime).toBeLessThan(keys.paused.currentTime);
      expect((await typed.fields()).map((f) => f.key)).toEqual(['ventricles', 'extra-axial', 'impression']);
      await typed.body().locator('span[data-field="extra-axial"]').click();
      expect(await typed.selection()).toEqual({ text: '[extra-axial]', field: 'extra-axial' });
      await typist.keyboard.type('No extra-axial collection.', { delay: 10 });
      await typed.body().locator('span[data-field="impression"]').click();
      await typist.keyboard.type('No acute intracranial abnormality.', { delay: 10 });
      await step(typist, 'typist-typed', { fullPage: true });
      await typed.button('report-submit-review').click();
      await typed.waitFor({ status: 'IN_REVIEW' });

      // ---- 6. review keeps the template's fields; finalize ----
      await editor.goto(theCase._id);
      await editor.waitFor({ lock: 'mine', status: 'IN_REVIEW' }, 60_000);
      expect(await editor.fields()).toEqual([
        { key: 'ventricles', text: 'The ventricles are normal in size.' },
        { key: 'extra-axial', text: 'No extra-axial collection.' },
        { key: 'impression', text: 'No acute intracranial abnormality.' },
      ]);
      await step(reader, 'review-fields-kept', { fullPage: true });
      await editor.button('report-finalize').click();
      await editor.waitFor({ status: 'FINAL' }, 60_000);
      expect((await editor.fields()).map((f) => f.key)).toEqual(['ventricles', 'extra-axial', 'impression']);

      // ---- 7. the PDF inline: accession, modality, description, referrer, one signature ----
      const preview = new ReportPdfPreview(reader);
      await preview.open(editor.root());
      const pdf = preview.bytes();
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await reader.waitForTimeout(1_500); // the browser's PDF viewer draws the first page
      await moment(reader, 'pdf-inline-1440');
      findings.push(...(await blockingViolations(reader, 'pdf-inline at 1440')));
      await preview.close();
      await reader.setViewportSize({ width: PHONE.width, height: PHONE.height });
      await preview.open(editor.root());
      await reader.waitForTimeout(1_500);
      await moment(reader, 'pdf-inline-390');
      findings.push(...(await blockingViolations(reader, 'pdf-inline at 390')));
      await preview.close();
      await reader.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
      const pdfPath = path.join(SCREENSHOT_DIR, 'walk-report.pdf');
      await writeFile(pdfPath, pdf);
      const text = execFileSync('pdftotext', ['-raw', pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toContain(accession);
      expect(text).toMatch(/Modality\s*:\s*CT/);
      expect(text).toMatch(/Study\s*:\s*CT HEAD PLAIN/);
      expect(text).toMatch(/Referred By\s*:\s*IYER MEERA/);
      expect(text).toContain('No extra-axial collection.');
      const images = execFileSync('pdfimages', ['-list', pdfPath], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(images).toHaveLength(1); // the signature, once
      execFileSync('pdftoppm', ['-png', '-r', '70', pdfPath, path.join(SCREENSHOT_DIR, 'walk-pdf-page')]);

      // ---- 8. the radiologist mails it from the case ----
      const since = Date.now();
      const address = `walk.${suffix.toLowerCase()}@test.rayworks.local`;
      await editor.button('report-mail').click();
      const dialog = reader.getByTestId('report-mail-dialog');
      await dialog.getByTestId('delivery-to').fill(address);
      await dialog.getByTestId('delivery-send').click();
      await new Shell(reader).waitForToast(REPORTING_MESSAGES.mailSent);
      const mail = await waitForMail(address, /./, since, 60_000);
      expect(mail.to).toContain(address);
      expect(mail.subject).toMatch(/^Report: Walk Wanda · .+ · .+$/);
      await dialog.locator('[data-testid="delivery-row"][data-status="SENT"]').waitFor({ timeout: 60_000 });
      await step(reader, 'mail-sent');

      // the case is completed on the worklist
      const done = new WorklistPage(reader);
      await done.goto(`?q=${patientId}`);
      await reader
        .locator(`[data-testid="worklist-row"][data-case-id="${theCase._id}"][data-status="COMPLETED"]`)
        .waitFor({ timeout: 60_000 });
      await step(reader, 'worklist-completed');

      expect(findings).toEqual([]);
      expect(errors).toEqual([]);
    } catch (error) {
      // what each browser showed when the walk stopped, kept beside the step screenshots
      for (const [i, context] of contexts.entries())
        for (const page of context.pages()) await screenshot(page, `walk-failed-${i}`, false).catch(() => undefined);
      throw error;
    } finally {
      for (const context of contexts) await context.close();
    }
  }, 900_000);
});
