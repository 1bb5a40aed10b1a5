import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, REPORT_MESSAGES, REPORTING_API, REPORTING_MESSAGES, type Case } from '@rayworks/contracts';
import { buildLargeCtStudy, eventually, stowFiles } from '@rayworks/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { ReportEditor } from '../pom/ReportEditor';
import { ReportPdfPreview } from '../pom/ReportPdfPreview';
import { Shell } from '../pom/Shell';
import { ViewerPage } from '../pom/ViewerPage';
import { WorklistPage } from '../pom/WorklistPage';
import { ApiSession } from '../requests/auth-api';
import { BASE_URL, SCREENSHOT_DIR, openConsole, screenshot, url, useBrowser } from '../support/browser';
import { waitForMail } from '../support/mail';
import { signaturePng } from '@rayworks/testing';
import { TEST_PASSWORD, useTenant } from '../support/tenant';
import { assignToRadiologist } from '../requests/cases-seed';

/**
 * Issue 12's reporting flow in Chromium: a CT study stored by STOW, its case assigned to the radiologist, a template of
 * the case's centre (with a structured field) and a macro. The radiologist opens the case in the viewer, opens the
 * report beside the images (the viewport narrows with the split), picks the template, fills a field with its phrase,
 * writes with the macro, saves ('Report saved successfully'), lets autosave keep a second version, reads the
 * difference between the two and sends the report to the transcriptionist. The transcriptionist lands on their queue,
 * opens the report, types and submits it for review. The radiologist's finalize is refused without a signature ('Please
 * Upload Signature In Profile'), then — signature uploaded in the profile — the report is final, the case shows
 * COMPLETED in the worklist, the PDF opens (its pages turned into PNG with pdftoppm), the print view shows the report,
 * and the centre administrator mails it: the e-mail arrives in the SMTP catcher.
 */
describe('reporting: template, macro, typist, review, finalize, PDF and mail', () => {
  const tenant = useTenant('report');
  const browser = useBrowser({ webgl: true });
  let dir: string;
  let theCase: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `RP${suffix}`;
  const templateName = `CT Head ${suffix}`;
  const macroCode = `.nad${suffix.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const macroText = 'No acute intracranial abnormality.';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-report-'));
    const study = await buildLargeCtStudy(path.join(dir, 'study'), {
      patientName: 'Report^Rita',
      patientId,
      rows: 128,
      cols: 128,
      phantom: 'volume',
      instances: 8,
      sliceSpacing: 5,
      studyDate: '20261120',
      accessionNumber: `ACR${suffix}`,
      studyDescription: 'CT head for the reporting test',
    });
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    const { status } = await stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files);
    expect(status).toBe(200);
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const [found] = await eventually(
      () => admin.call(CASES_API.findCases, { search: patientId }),
      (list) => list.length === 1 && list[0]!.status === 'NEW',
      { timeoutMs: 60_000, intervalMs: 500, what: 'the case of the study' },
    );
    theCase = found!;
    expect(await assignToRadiologist(admin, tenant(), theCase.centreId!, [theCase])).toEqual(['success']);
    // a template of the case's centre for CT, with a structured field, and a macro of the company
    await admin.call(REPORTING_API.createReportTemplate, {
      name: templateName,
      centreId: theCase.centreId,
      modality: 'CT',
      html:
        '<h2>CT Head</h2><p>Findings: <span data-field="ventricles">…</span></p>' +
        '<p>Extra-axial: <span data-field="extra-axial">[extra-axial]</span></p>' +
        '<p>Sulci: <span data-field="sulci">[sulci]</span></p>' +
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
        { key: 'sulci', label: 'Cortical sulci', options: [] },
        { key: 'impression', label: 'Impression', options: [] },
      ],
    });
    await admin.call(REPORTING_API.createMacro, { code: macroCode, text: macroText });
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function login(page: Page, who: 'radiologist' | 'typist' | 'gca'): Promise<void> {
    await new LoginPage(page).login(tenant().login(who), TEST_PASSWORD);
    await new Shell(page).waitUntilReady();
  }

  it('runs the whole report from the template to the patient’s e-mail', async () => {
    const radiologist = await openConsole(browser());
    let typist: { context: BrowserContext; page: Page } | null = null;
    let centreAdmin: { context: BrowserContext; page: Page } | null = null;
    const errors: string[] = [];
    radiologist.page.on('pageerror', (e) => errors.push(e.message));
    // ask only what the caller may read (issue 25): no 403 on the radiologist's page, the viewer and report included
    const forbidden: string[] = [];
    radiologist.page.on('response', (r) => {
      if (r.status() === 403) forbidden.push(new URL(r.url()).pathname);
    });
    try {
      // ---- the radiologist: the viewer, and the report beside it ----
      const page = radiologist.page;
      await login(page, 'radiologist');
      const viewer = new ViewerPage(page);
      await viewer.goto(theCase._id);
      expect(await viewer.waitForState(['ready', 'error', 'no-access', 'expired'])).toBe('ready');
      const viewport = page.getByTestId('viewport-0');
      await viewport.waitFor();
      const wide = (await viewport.boundingBox())!.width;
      await page.getByTestId('report-toggle').click();
      const panel = page.getByTestId('report-panel');
      const editor = new ReportEditor(page, panel);
      await editor.waitFor({ lock: 'mine', status: 'DRAFT' }, 60_000);
      // the viewport narrows with the split (Cornerstone resized to its element)
      await eventually(
        async () => (await viewport.boundingBox())!.width,
        (w) => w < wide * 0.8,
        { timeoutMs: 10_000, intervalMs: 200, what: 'the viewport narrower beside the report' },
      );
      // and the image fitted to it again (zoom 1: the fitted camera), not left at the wide view's scale and cropped
      await eventually(
        async () => Number(await viewport.getAttribute('data-zoom')),
        (z) => Math.abs(z - 1) < 0.02,
        { timeoutMs: 10_000, intervalMs: 200, what: 'the image fitted to the narrower viewport' },
      );
      expect(await panel.getByTestId('report-patient').innerText()).toContain(patientId);

      await editor.pickTemplate(templateName);
      await eventually(
        () => editor.text(),
        (t) => t.includes('CT Head') && t.includes('Findings'),
        { timeoutMs: 10_000, intervalMs: 200, what: 'the template in the editor' },
      );
      await panel.getByTestId('report-field').filter({ hasText: 'Ventricles' }).click();
      await page.locator('[data-testid="report-field-option"][data-option="Normal"]').click();
      await eventually(
        () => editor.text(),
        (t) => t.includes('The ventricles are normal in size.'),
        { timeoutMs: 10_000, intervalMs: 200, what: "the field's phrase in its place" },
      );
      // the macro expands on the space after its code
      await editor.typeAtEnd(` ${macroCode} `);
      await eventually(
        () => editor.text(),
        (t) => t.includes(macroText) && !t.includes(macroCode),
        { timeoutMs: 10_000, intervalMs: 200, what: 'the macro expanded' },
      );
      await screenshot(page, 'report-before-save', false);
      await editor.save();
      const first = await editor.waitForVersion(1);
      await new Shell(page).waitForToast(REPORTING_MESSAGES.saved).catch(async (e: unknown) => {
        await screenshot(page, 'report-save-no-toast', false);
        throw new Error(`no saved toast (toasts: ${JSON.stringify(await new Shell(page).toasts())}): ${String(e)}`);
      });
      await screenshot(page, 'report-beside-viewer', false);

      // autosave: typing stops, five seconds later a new version, nobody clicked Save
      await editor.typeAtEnd(' Clinical correlation advised.');
      const second = await editor.waitForVersion(first + 1, 20_000);
      expect(second).toBe(first + 1);

      // the difference between the two versions
      const versions = await editor.openVersions();
      expect(await versions.getByTestId('report-version-row').count()).toBeGreaterThanOrEqual(2);
      await versions.getByTestId('diff-added').first().waitFor();
      expect(await versions.getByTestId('diff-added').allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringContaining('Clinical')]),
      );
      await screenshot(page, 'report-version-diff', false);
      await page.keyboard.press('Escape');

      // to the transcriptionist (the centre chooses by hand)
      await editor.sendToTypist(new RegExp(tenant().name));
      await editor.waitFor({ status: 'AT_TYPIST' });
      await page.getByTestId('report-toggle').click();
      await panel.waitFor({ state: 'detached' });

      // ---- the transcriptionist: their queue, the report, review ----
      typist = await openConsole(browser());
      await login(typist.page, 'typist');
      const typistList = new WorklistPage(typist.page);
      await typist.page.goto(url('/cases'), { waitUntil: 'domcontentloaded' });
      await typist.page.waitForURL((u) => u.searchParams.get('tab') === 'PENDING AT TYPIST');
      const queued = await typistList.waitForRow(patientId, 'PENDING AT TYPIST');
      await screenshot(typist.page, 'report-typist-queue');
      await queued.getByTestId('worklist-open-report').click();
      await typist.page.waitForURL((u) => u.pathname === `/cases/report/${theCase._id}`);
      const typed = new ReportEditor(typist.page);
      await typed.waitFor({ lock: 'mine' }, 60_000);
      expect(await typed.text()).toContain(macroText);
      // opened, nothing typed: nothing unsaved (issue 25), and it stays so
      await typist.page.waitForTimeout(1_500);
      expect(await typed.lockText()).not.toBe('Unsaved changes');
      expect(await typed.lockText()).toBe('Editing');
      // the template's fields arrived with their marks; a click on a placeholder selects it, typing fills it
      expect((await typed.fields()).map((f) => f.key)).toEqual(['ventricles', 'extra-axial', 'sulci', 'impression']);
      await typed.body().locator('span[data-field="extra-axial"]').click();
      expect(await typed.selection()).toEqual({ text: '[extra-axial]', field: 'extra-axial' });
      await typist.page.keyboard.type('No extra-axial collection.', { delay: 10 });
      expect(await typed.lockText()).toBe('Unsaved changes');
      await screenshot(typist.page, 'report-typist-fields', false);
      await typed.typeAtEnd(' Typed by the transcriptionist.');
      await typed.button('report-submit-review').click();
      await typed.waitFor({ status: 'IN_REVIEW' });

      // ---- the radiologist finalizes: refused without a signature, then signed ----
      const mine = new ReportEditor(page);
      await mine.goto(theCase._id);
      await mine.waitFor({ lock: 'mine', status: 'IN_REVIEW' }, 60_000);
      expect(await mine.text()).toContain('Typed by the transcriptionist.');
      // review keeps the template's fields (issue 25, item 1): every mark, the typist's text in its field
      expect(await mine.fields()).toEqual([
        { key: 'ventricles', text: 'The ventricles are normal in size.' },
        { key: 'extra-axial', text: 'No extra-axial collection.' },
        { key: 'sulci', text: '[sulci]' },
        { key: 'impression', text: '[impression]' },
      ]);
      await mine.button('report-finalize').click();
      await page.getByTestId('report-notice').filter({ hasText: REPORTING_MESSAGES.uploadSignature }).waitFor();
      await screenshot(page, 'report-finalize-no-signature', false);

      await page.goto(url('/profile/signature'), { waitUntil: 'domcontentloaded' });
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() });
      await page.getByTestId('signature-upload').click();
      await page.getByTestId('signature-current').waitFor();

      await mine.goto(theCase._id);
      await mine.waitFor({ lock: 'mine', status: 'IN_REVIEW' }, 60_000);
      await mine.button('report-finalize').click();
      // refused: the fields still showing their placeholder, by their labels, and the cursor on the first of them
      const unfilled = REPORT_MESSAGES.unfilledFields(['Cortical sulci', 'Impression']);
      expect(unfilled).toBe('Fill in or remove the template fields before finalizing: Cortical sulci, Impression');
      await page.getByTestId('report-notice').filter({ hasText: unfilled }).waitFor();
      await eventually(
        () => mine.selection(),
        (s) => s.field === 'sulci' && s.text === '[sulci]',
        { timeoutMs: 5_000, intervalMs: 100, what: 'the first unfilled field selected' },
      );
      await screenshot(page, 'report-finalize-unfilled-fields', false);
      await page.setViewportSize({ width: 390, height: 844 });
      // on a phone the selected field is in view below the refusal
      await mine.body().locator('span[data-field="sulci"]').scrollIntoViewIfNeeded();
      await screenshot(page, 'report-finalize-unfilled-fields-phone', false);
      await page.setViewportSize({ width: 1440, height: 900 });
      // typing fills it (the mark kept); Tab goes on to the next placeholder
      await page.keyboard.type('The cortical sulci are normal.', { delay: 10 });
      await page.keyboard.press('Tab');
      expect(await mine.selection()).toEqual({ text: '[impression]', field: 'impression' });
      await page.keyboard.type('No acute intracranial abnormality.', { delay: 10 });
      expect((await mine.fields()).slice(2)).toEqual([
        { key: 'sulci', text: 'The cortical sulci are normal.' },
        { key: 'impression', text: 'No acute intracranial abnormality.' },
      ]);
      await mine.button('report-finalize').click();
      await mine.waitFor({ status: 'FINAL' });
      expect((await mine.fields()).map((f) => f.key)).toEqual(['ventricles', 'extra-axial', 'sulci', 'impression']);
      const reportId = await eventually(
        async () =>
          await (
            await ApiSession.login(tenant().login('radiologist'), TEST_PASSWORD)
          ).call(REPORTING_API.getReportData, { caseId: theCase._id }),
        (r) => r.status === 'FINAL' && r.doctorInfo?.signature !== null,
        { timeoutMs: 10_000, intervalMs: 500, what: 'the signed report' },
      ).then((r) => r.id);

      // the case completed from ReportFinalized: the worklist shows it
      const list = new WorklistPage(page);
      await list.goto();
      await list.waitForRow(patientId, 'COMPLETED', 60_000);
      await screenshot(page, 'report-worklist-completed');

      // the PDF opens inline in the console (a same-origin blob: decision 0345; a real PDF, its pages looked at as PNG)
      await mine.goto(theCase._id);
      const preview = new ReportPdfPreview(radiologist.page);
      await preview.open(mine.root());
      const pdf = preview.bytes();
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await preview.close();
      const pdfPath = path.join(SCREENSHOT_DIR, 'report-final.pdf');
      await writeFile(pdfPath, pdf);
      execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, path.join(SCREENSHOT_DIR, 'report-final-page')]);

      // the print view: the same document, in a sandboxed frame
      await page.goto(url(`/print/report/${reportId}`), { waitUntil: 'domcontentloaded' });
      const frame = page.getByTestId('report-print-frame');
      await frame.waitFor();
      expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
      await page.frameLocator('[data-testid="report-print-frame"]').getByText(macroText).first().waitFor();
      await screenshot(page, 'report-print-view', false);

      // ---- the radiologist who signed it mails it to the patient (issue 25: not only the centre admin) ----
      await mine.goto(theCase._id);
      await mine.waitFor({ status: 'FINAL' });
      const since = Date.now();
      const address = `patient.${suffix.toLowerCase()}@test.rayworks.local`;
      await mine.button('report-mail').click();
      const dialog = page.getByTestId('report-mail-dialog');
      await dialog.getByTestId('delivery-to').fill(address);
      await dialog.getByTestId('delivery-send').click();
      await new Shell(page).waitForToast(REPORTING_MESSAGES.mailSent);
      const mail = await waitForMail(address, /./, since, 60_000);
      expect(mail.to).toContain(address);
      // the subject names the patient, the study and the centre, not "Your report"
      expect(mail.subject).toMatch(/^Report: Report Rita · .+ · .+$/);
      expect(mail.subject.endsWith(` · ${tenant().centreName('c1')}`)).toBe(true);
      await dialog.locator('[data-testid="delivery-row"][data-status="SENT"]').waitFor({ timeout: 60_000 });
      await screenshot(page, 'report-mail-sent', false);

      // the centre administrator has it too
      centreAdmin = await openConsole(browser());
      await login(centreAdmin.page, 'gca');
      const theirs = new ReportEditor(centreAdmin.page);
      await theirs.goto(theCase._id);
      await theirs.waitFor({ status: 'FINAL' });
      await theirs.button('report-mail').waitFor();

      // ---- and from the worklist's row (docs/decisions/0379): Mail, Download and Print of the completed case ----
      const adminList = new WorklistPage(centreAdmin.page);
      await adminList.goto();
      await adminList.waitForRow(patientId, 'COMPLETED', 60_000);
      expect(await adminList.actions(patientId)).toEqual(expect.arrayContaining(['MAIL', 'DOWNLOAD', 'PRINT']));
      await adminList.act(patientId, 'MAIL');
      const fromRow = centreAdmin.page.getByTestId('report-mail-dialog');
      const rowAddress = `family.${suffix.toLowerCase()}@test.rayworks.local`;
      const rowSince = Date.now();
      await fromRow.getByTestId('delivery-to').fill(rowAddress);
      await fromRow.getByTestId('delivery-send').click();
      await new Shell(centreAdmin.page).waitForToast(REPORTING_MESSAGES.mailSent);
      expect((await waitForMail(rowAddress, /./, rowSince, 60_000)).to).toContain(rowAddress);
      await screenshot(centreAdmin.page, 'worklist-row-mail', false);
      await centreAdmin.page.keyboard.press('Escape');
      await fromRow.waitFor({ state: 'hidden' });
      await adminList.act(patientId, 'PRINT');
      const rowPdf = new ReportPdfPreview(centreAdmin.page);
      await rowPdf.frame().waitFor({ timeout: 90_000 });
      expect(await rowPdf.source()).toMatch(/^blob:/);
      await screenshot(centreAdmin.page, 'worklist-row-pdf', false);
      expect(errors).toEqual([]);
      expect(forbidden).toEqual([]);
    } finally {
      await radiologist.context.close();
      await typist?.context.close();
      await centreAdmin?.context.close();
    }
  }, 600_000);
});
