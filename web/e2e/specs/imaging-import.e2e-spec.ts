import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLOUD_UPLOADING_DISPLAY, IMPORT_MESSAGES } from '@rayworks/contracts';
import { buildLargeCtStudy, buildStudyFolder, listZipEntries, type BuiltStudy } from '@rayworks/testing';
import { LoginPage } from '../pom/LoginPage';
import { ArchivePage, ImportScreen, recordImportFlow } from '../pom/ImagingPages';
import { Shell } from '../pom/Shell';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Issue 9 end to end in Chromium: a group-centre administrator of a tenant of its own picks a real multi-series
 * study folder (pydicom's test files, built by libs/testing), sees the tree (a hidden file and a non-DICOM file
 * shown as skipped), the preview and the metadata, imports it with progress, sees the countdown and the window
 * closes; the study appears in the archive with its counts; its zip download goes through its states and the
 * downloaded zip holds every instance.
 */
describe('imaging: import a study folder, find it in the archive, download it', () => {
  const tenant = useTenant('imgimport');
  const browser = useBrowser();
  let dir: string;
  let study: BuiltStudy;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `E2E${suffix}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-import-'));
    study = await buildStudyFolder(path.join(dir, 'Exam'), {
      patientName: 'Import^Ella',
      patientId,
      studyDate: '20240315',
      accessionNumber: `ACC${suffix}`,
      studyDescription: 'CT and MR for the import test',
    });
    // what a real folder carries besides the study: a Finder file, and a file named .dcm that is not DICOM
    await writeFile(path.join(study.root, '.DS_Store'), 'Bud1');
    const firstSeries = study.series[0]!.seriesInstanceUid;
    await writeFile(path.join(study.root, firstSeries, '1.2.3.4.5.dcm'), Buffer.alloc(400, 0x41));
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('imports, archives and downloads a real multi-series study', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    await context.addInitScript(recordImportFlow);
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();

      // Cases → Import opens the import screen in a window of its own
      await page.goto(url('/cases'), { waitUntil: 'domcontentloaded' });
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('cases-import').click()]);
      const popupErrors: string[] = [];
      popup.on('pageerror', (error) => popupErrors.push(error.message));
      const screen = new ImportScreen(popup);
      await screen.waitUntilReady();
      expect(new URL(popup.url()).pathname).toBe('/cases/import');
      expect(await popup.getByTestId('import-start').isDisabled()).toBe(true);

      // the folder: its tree, one image, the study's metadata
      await screen.pickFolder(study.dir);
      await screen.waitForState('ready');
      expect(await screen.studyIds()).toEqual([study.studyInstanceUid]);
      expect(await screen.seriesCounts()).toEqual(
        Object.fromEntries(study.series.map((s) => [s.seriesInstanceUid, s.instances.length])),
      );
      // the tree names the study and its series from their headers, not by raw UIDs; the UIDs are on hover
      const studyTitle = popup.getByTestId('import-tree-study-title');
      expect(await studyTitle.innerText()).toBe('CT and MR for the import test');
      expect(await studyTitle.getAttribute('title')).toContain(study.studyInstanceUid);
      expect(await screen.text('import-tree-study-counts')).toContain('15 Mar 2024');
      for (const s of study.series) {
        const row = popup.locator(`[data-testid="import-tree-series"][data-series="${s.seriesInstanceUid}"]`);
        const title = row.getByTestId('import-tree-series-title');
        expect(await title.innerText()).toMatch(/^Series/);
        expect(await title.innerText()).not.toContain(s.seriesInstanceUid);
        expect(await title.getAttribute('title')).toContain(s.seriesInstanceUid);
        // the badges are written in capitals by their style
        expect(await row.innerText()).toMatch(
          new RegExp(`\\b${s.modality}\\b[\\s\\S]*\\b${s.instances.length} instances?\\b`, 'i'),
        );
      }
      expect(await screen.text('import-summary')).toBe(
        `Study ${study.studyInstanceUid}: ${study.instances.length} files, 2 skipped`,
      );
      await popup
        .locator(`[data-testid="import-tree-series"][data-series="${study.series[0]!.seriesInstanceUid}"] button`)
        .click();
      await popup.locator('[data-testid="import-tree-file"][data-skipped="notDicom"]').waitFor();
      expect(await popup.getByTestId('import-tree-skipped').innerText()).toContain('.DS_Store');
      expect(await screen.previewKind()).toBe('image');
      expect(await screen.text('import-patient-name')).toBe('Import Ella');
      expect(await screen.text('import-study-date')).toBe('15 Mar 2024');
      expect(await screen.text('import-modality')).toMatch(/^(CT|MR|OT|SC)$/);
      await screenshot(popup, 'import-tree');

      // Import: upload with progress, the processing trigger, then the countdown and the window closes
      await popup.getByTestId('import-start').click();
      await screen.waitForState('countdown');
      expect(await popup.getByTestId('import-countdown').innerText()).toContain(IMPORT_MESSAGES.success);
      expect(await popup.getByTestId('import-folder-input').isDisabled()).toBe(true);
      await screenshot(popup, 'import-countdown');
      const flow = await screen.flow();
      expect(flow.states).toEqual(
        expect.arrayContaining(['noFolder', 'validating', 'zipping', 'ready', 'uploading', 'countdown']),
      );
      expect(flow.states.indexOf('uploading')).toBeGreaterThan(flow.states.indexOf('ready'));
      expect(flow.percents).toContain('zipping:100%');
      expect(flow.percents).toContain('uploading:100%');
      await popup.waitForEvent('close', { timeout: 15_000 });
      expect(popupErrors).toEqual([]);

      // the archive: the study with its counts, imported by the worker
      const archive = new ArchivePage(page);
      await archive.waitForStudy(patientId, 'IMPORTED');
      expect(await archive.cell(patientId, 'archive-patient-name')).toBe('Import Ella');
      expect(await archive.cell(patientId, 'archive-series-count')).toBe(String(study.series.length));
      expect(await archive.cell(patientId, 'archive-instance-count')).toBe(String(study.instances.length));
      expect(await archive.cell(patientId, 'archive-state')).not.toBe(CLOUD_UPLOADING_DISPLAY);
      await screenshot(page, 'archive');

      // the download: its states as they arrive, then the browser saves the zip
      const row = archive.row(patientId);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 90_000 }),
        row.getByTestId('archive-download-start').click(),
      ]);
      await row.locator('[data-testid="archive-download"][data-state="READY"]').waitFor();
      const history = (await row.getByTestId('archive-download').getAttribute('data-history'))!.split(' ');
      expect(history[0]).toBe('DWN_INIT');
      expect(history.at(-1)).toBe('READY');
      const order = ['DWN_INIT', 'DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'READY'];
      expect(history.map((s) => order.indexOf(s))).toEqual([...history.map((s) => order.indexOf(s))].sort());
      await screenshot(page, 'archive-download-ready');
      const saved = path.join(dir, 'download.zip');
      await download.saveAs(saved);
      const entries = (await listZipEntries(saved)).map((e) => e.name).sort();
      expect(entries).toEqual(study.instances.map((i) => i.relativePath).sort());
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('Import while the zip is still being made: the parts upload as they are ready (decision 0365)', async () => {
    // a CT whose zip is several parts (16 MiB each): 100 slices of 512 × 512, noisy, so it deflates little
    const ct = await buildLargeCtStudy(path.join(dir, 'Stream'), {
      instances: 100,
      patientName: 'Stream^Sam',
      patientId: `${patientId}S`,
      studyDescription: 'CT uploaded while zipping',
    });
    const { context, page, pageErrors } = await openConsole(browser());
    await context.addInitScript(recordImportFlow);
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      await page.goto(url('/cases/import'), { waitUntil: 'domcontentloaded' });
      const screen = new ImportScreen(page);
      await screen.waitUntilReady();
      // the order of the store's part PUTs and of the zip's end, as the browser sees them
      const order: string[] = [];
      page.on('request', (request) => {
        const part = /[?&]partNumber=(\d+)/.exec(request.url());
        if (request.method() === 'PUT' && part) order.push(`put part ${part[1]}`);
      });
      await screen.pickFolder(ct.dir);
      await screen.importWhileZipping();
      await screenshot(page, 'import-while-zipping');
      await screen.waitForState('countdown', 120_000);
      const flow = await screen.flow();
      // zipping went straight to uploading: Import did not wait for the zip ('ready' never shown)
      expect(flow.states).toEqual(['noFolder', 'validating', 'zipping', 'uploading', 'processing', 'countdown']);
      // bytes went out while the zip was still being written: an upload percent above 0 beside a zip below 100
      const overlap = flow.overlap.map((o) => /^upload (\d+)% \/ zip (\d+)%$/.exec(o)!.slice(1).map(Number));
      expect(overlap.length).toBeGreaterThan(0);
      expect(overlap.some(([upload, zip]) => upload! > 0 && zip! < 100)).toBe(true);
      expect(order.slice(0, 1)).toEqual(['put part 1']);
      expect(new Set(order).size).toBeGreaterThanOrEqual(2);
      expect(flow.percents).toContain('uploading:100%');
      expect(await page.getByTestId('import-countdown').innerText()).toContain(IMPORT_MESSAGES.success);

      const archive = new ArchivePage(page);
      await page.getByTestId('import-close-now').click();
      await archive.waitForStudy(`${patientId}S`, 'IMPORTED');
      expect(await archive.cell(`${patientId}S`, 'archive-instance-count')).toBe('100');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
