import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, HANGING_MESSAGES, type Case } from '@rayworks/contracts';
import { buildLargeCtStudy, buildStudyFolder, eventually, stowFiles } from '@rayworks/testing';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ViewerPage } from '../pom/ViewerPage';
import { ApiSession } from '../requests/auth-api';
import { assignToRadiologist } from '../requests/cases-seed';
import { blockingViolations } from '../support/axe';
import { openConsole, screenshot, useBrowser, BASE_URL } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Hanging protocols (issue 25 item 10; docs/decisions/0359): a chest radiograph opens with its prior beside it (the
 * built-in CR rule), and a CT opens in the layout the centre's admin saved from the viewer.
 */
describe('the viewer hangs a study by its protocol', () => {
  const tenant = useTenant('hanging');
  const browser = useBrowser({ webgl: true });
  let dir: string;
  let cr: Case;
  let crPrior: Case;
  let ct: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-hanging-'));
    const radiograph = (name: string, studyDate: string) =>
      buildStudyFolder(path.join(dir, name), {
        patientName: 'Hang^Hari',
        patientId: `HG${suffix}`,
        studyDate,
        accessionNumber: `${name.toUpperCase()}${suffix}`,
        studyDescription: 'Chest PA',
        series: [{ kind: 'sc', attributes: { Modality: 'CR', BodyPartExamined: 'CHEST' } }],
      });
    const today = await radiograph('crnow', '20261120');
    const lastYear = await radiograph('crold', '20251120');
    const volume = await buildLargeCtStudy(path.join(dir, 'ct'), {
      patientName: 'Hang^Hema',
      patientId: `HT${suffix}`,
      rows: 256,
      cols: 256,
      phantom: 'volume',
      instances: 40,
      sliceSpacing: 4,
      studyDate: '20261120',
      accessionNumber: `HCT${suffix}`,
      studyDescription: 'CT head for the hanging protocol',
    });
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    for (const study of [lastYear, today, volume])
      expect((await stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files)).status).toBe(200);
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const find = (search: string, n: number) =>
      eventually(
        () => admin.call(CASES_API.findCases, { search }),
        (found) => found.length === n && found.every((c) => c.status === 'NEW'),
        { timeoutMs: 60_000, intervalMs: 500, what: `the cases of ${search}` },
      );
    const radiographs = await find(`HG${suffix}`, 2);
    cr = radiographs.find((c) => c.studyInstanceUid === today.studyInstanceUid)!;
    crPrior = radiographs.find((c) => c.studyInstanceUid === lastYear.studyInstanceUid)!;
    [ct] = await find(`HT${suffix}`, 1);
    expect(cr.modality).toBe('CR');
    await assignToRadiologist(admin, tenant(), cr.centreId!, [cr, crPrior, ct!]);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function openAs(who: 'radiologist' | 'gca', caseId: string) {
    const { context, page, pageErrors } = await openConsole(browser());
    await new LoginPage(page).login(tenant().login(who), TEST_PASSWORD);
    await new Shell(page).waitUntilReady();
    const viewer = new ViewerPage(page);
    await viewer.goto(caseId);
    expect(await viewer.waitForState(['ready', 'error', 'no-access', 'expired'])).toBe('ready');
    return { context, page, pageErrors, viewer };
  }

  it('opens a chest radiograph with the prior beside it', async () => {
    const { context, page, pageErrors, viewer } = await openAs('radiologist', cr._id);
    try {
      expect(await viewer.waitForLayout(2)).toEqual(['stack', 'stack']);
      const [left, right] = [await viewer.waitForImage(0), await viewer.waitForImage(1)];
      expect(left.studyUid).toBe(cr.studyInstanceUid);
      expect(right.studyUid).toBe(crPrior.studyInstanceUid);
      // the prior is the compared study (the overlay says so), and nothing was drawn blank
      await page.getByText('(prior)').first().waitFor({ timeout: 10_000 });
      expect((await viewer.drawnStatistics(1)).std).toBeGreaterThan(5);
      // a radiologist (no CENTERS › EDIT) may not change the centre's protocols: More holds no Save layout
      await viewer.openMore();
      expect(await viewer.saveLayoutButton().count()).toBe(0);
      await page.keyboard.press('Escape');
      await screenshot(page, 'viewer-hanging-cr-prior', false);
      expect(await blockingViolations(page, 'viewer CR with its prior')).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it("opens a CT in the layout the centre's admin saved", async () => {
    // a one-series CT opens alone (the built-in CT rule has no reformats to place)
    const before = await openAs('radiologist', ct._id);
    try {
      expect(await before.viewer.waitForLayout(1)).toEqual(['stack']);
    } finally {
      await before.context.close();
    }

    // the group's centre admin reads it in MPR and saves that for the centre's CTs
    const admin = await openAs('gca', ct._id);
    try {
      await admin.viewer.waitForImage(0);
      await admin.viewer.openMpr();
      await admin.viewer.saveLayoutForCentre(HANGING_MESSAGES.saved);
    } finally {
      await admin.context.close();
    }

    const { context, page, pageErrors, viewer } = await openAs('radiologist', ct._id);
    try {
      expect(await viewer.waitForLayout(3)).toEqual(['mpr-axial', 'mpr-sagittal', 'mpr-coronal']);
      for (const plane of ['axial', 'sagittal', 'coronal'] as const)
        expect((await viewer.drawnStatistics(await viewer.mprViewport(plane))).std).toBeGreaterThan(5);
      await screenshot(page, 'viewer-hanging-ct-saved-mpr', false);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
