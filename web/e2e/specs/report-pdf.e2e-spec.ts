import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, REPORTING_API, TEMPLATE_MATCH_TEXT, type Case } from '@rayworks/contracts';
import { buildStudyFolder, eventually, stowFiles, uploadSignature } from '@rayworks/testing';
import type { Request } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { ReportEditor } from '../pom/ReportEditor';
import { ReportPdfPreview } from '../pom/ReportPdfPreview';
import { Shell } from '../pom/Shell';
import { ApiSession, client } from '../requests/auth-api';
import { BASE_URL, SCREENSHOT_DIR, openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';
import { assignToRadiologist } from '../requests/cases-seed';

/**
 * Issue 25 items 2 and 3 in Chromium (docs/decisions/0343–0345): a chest CT (Body Part Examined CHEST, a referring
 * physician, an accession number) is reported by its radiologist: the template picker offers the chest CT template
 * first and warns when the brain one is chosen; after finalize the PDF opens inline in the console (a same-origin
 * blob in a frame; no request leaves the console's origin), and it names the accession, modality, study and referrer
 * with one signature. Screenshots at 1440×900 and 390×844; the PDF's pages as PNGs.
 */
describe('the report PDF inline, and templates that follow the study', () => {
  const tenant = useTenant('rpdf');
  const browser = useBrowser();
  let dir: string;
  let theCase: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `PDF${suffix}`;
  const accession = `ACP${suffix}`;
  const chest = `CT Chest ${suffix}`;
  const brain = `CT Brain ${suffix}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-report-pdf-'));
    const study = await buildStudyFolder(path.join(dir, 'study'), {
      patientName: 'Chest^Chandra',
      patientId,
      accessionNumber: accession,
      studyDate: '20261127',
      studyDescription: 'CT CHEST PLAIN',
      series: [
        {
          kind: 'ct',
          attributes: { BodyPartExamined: 'CHEST', ReferringPhysicianName: 'IYER^MEERA' },
        },
      ],
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
    expect(theCase).toMatchObject({ bodyPart: 'CHEST', referringPhysician: 'IYER^MEERA' });
    expect(await assignToRadiologist(admin, tenant(), theCase.centreId!, [theCase])).toEqual(['success']);
    // the brain template first by name: only the ranking puts the chest one first
    for (const [name, bodyPart] of [
      [brain, 'BRAIN'],
      [chest, 'CHEST'],
    ] as const)
      await admin.call(REPORTING_API.createReportTemplate, {
        name,
        centreId: theCase.centreId,
        modality: 'CT',
        bodyPart,
        html: `<p><strong>Findings (${bodyPart.toLowerCase()}):</strong> PDFE2EBODY no acute abnormality.</p>`,
      });
    const radiologist = await ApiSession.login(tenant().login('radiologist'), TEST_PASSWORD);
    await uploadSignature(client, radiologist.credentials);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('offers the study’s template first, warns for another body part, and opens the final PDF inline', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    const foreign: string[] = [];
    const origin = new URL(BASE_URL).origin;
    page.on('request', (r: Request) => {
      const u = r.url();
      // http(s) only: the frame's blob: and the browser's own PDF viewer (chrome-extension:) are not requests out
      if (/^https?:/.test(u) && new URL(u).origin !== origin) foreign.push(u);
    });
    try {
      await new LoginPage(page).login(tenant().login('radiologist'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      const editor = new ReportEditor(page);
      await editor.goto(theCase._id);
      await editor.waitFor({ lock: 'mine', status: 'DRAFT' }, 60_000);

      // templates: the chest CT's first, grouped; the brain one is for another body part, and says so when chosen
      const picker = editor.root().getByTestId('report-template-picker');
      await eventually(
        async () => picker.getAttribute('data-first-template'),
        (name) => name === chest,
        { timeoutMs: 20_000, intervalMs: 250, what: 'the chest template first' },
      );
      await picker.click();
      const listbox = page.getByRole('listbox');
      await listbox.getByText(TEMPLATE_MATCH_TEXT.groups.study).waitFor();
      await listbox.getByText(TEMPLATE_MATCH_TEXT.groups.other).waitFor();
      const options = await listbox.getByRole('option').allInnerTexts();
      expect(options.indexOf(chest)).toBeLessThan(options.indexOf(brain));
      await screenshot(page, 'report-pdf-templates-1440', false);
      await page.getByRole('option', { name: brain }).click();
      const warning = editor.root().getByTestId('report-template-mismatch');
      await warning.waitFor();
      expect(await warning.innerText()).toBe(
        TEMPLATE_MATCH_TEXT.mismatch({ name: brain, modality: 'CT', bodyPart: 'BRAIN' }, 'CT CHEST PLAIN'),
      );
      await screenshot(page, 'report-pdf-template-warning-1440', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await warning.scrollIntoViewIfNeeded();
      expect((await warning.boundingBox())!.width).toBeLessThanOrEqual(390);
      await screenshot(page, 'report-pdf-template-warning-390', false);
      await page.setViewportSize({ width: 1440, height: 900 });
      await editor.pickTemplate(chest);
      await warning.waitFor({ state: 'detached' });

      // finalize, then the PDF inline
      await editor.save();
      await editor.button('report-finalize').click();
      await editor.waitFor({ status: 'FINAL' }, 60_000);
      const preview = new ReportPdfPreview(page);
      await preview.open(editor.root());
      expect(await preview.source()).toMatch(new RegExp(`^blob:${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
      const pdf = preview.bytes();
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // the browser never asked the storage server (or anything else off the console's origin)
      expect(foreign).toEqual([]);
      await page.waitForTimeout(1_500); // the PDF viewer draws the first page
      await screenshot(page, 'report-pdf-inline-1440', false);
      // at a phone's size: the dialog is the whole screen, the page fitted to its width
      await preview.close();
      await page.setViewportSize({ width: 390, height: 844 });
      await preview.open(editor.root());
      await page.waitForTimeout(1_500);
      await screenshot(page, 'report-pdf-inline-390', false);
      const box = (await preview.frame().boundingBox())!;
      expect(box.width).toBeGreaterThan(360);
      expect(foreign).toEqual([]);

      // the PDF itself: accession, modality, study, referrer, one signature (its pages kept as PNGs to look at)
      const pdfPath = path.join(SCREENSHOT_DIR, 'report-pdf-e2e.pdf');
      await writeFile(pdfPath, pdf);
      const text = execFileSync('pdftotext', ['-raw', pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toContain(accession);
      expect(text).toMatch(/Modality\s*:\s*CT/);
      expect(text).toMatch(/Study\s*:\s*CT CHEST PLAIN/);
      expect(text).toMatch(/Referred By\s*:\s*IYER MEERA/);
      expect(text).toContain('PDFE2EBODY');
      const images = execFileSync('pdfimages', ['-list', pdfPath], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(images).toHaveLength(1);
      execFileSync('pdftoppm', ['-png', '-r', '70', pdfPath, path.join(SCREENSHOT_DIR, 'report-pdf-e2e-page')]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
