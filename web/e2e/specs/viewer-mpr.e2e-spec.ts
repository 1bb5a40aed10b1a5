import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, type Case } from '@rayworks/contracts';
import { buildLargeCtStudy, eventually, stowFiles } from '@rayworks/testing';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ViewerPage } from '../pom/ViewerPage';
import { ApiSession } from '../requests/auth-api';
import { assignToRadiologist } from '../requests/cases-seed';
import { blockingViolations } from '../support/axe';
import { BASE_URL, openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * MPR reads like the stack view (issue 25 item 7; docs/decisions/0358): window/level, the measurements (listed with
 * their plane and millimetres, kept with the case), crosshairs, and a slab maximum-intensity projection.
 */
describe('the viewer in MPR', () => {
  const tenant = useTenant('viewermpr');
  const browser = useBrowser({ webgl: true });
  let dir: string;
  let ct: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-mpr-'));
    const study = await buildLargeCtStudy(path.join(dir, 'ct'), {
      patientName: 'Mpr^Mira',
      patientId: `MP${suffix}`,
      rows: 256,
      cols: 256,
      phantom: 'volume',
      instances: 40,
      sliceSpacing: 4,
      studyDate: '20261101',
      accessionNumber: `ACM${suffix}`,
      studyDescription: 'CT head volume for MPR',
    });
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    expect((await stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files)).status).toBe(200);
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    [ct] = await eventually(
      () => admin.call(CASES_API.findCases, { search: `MP${suffix}` }),
      (found) => found.length === 1 && found[0]!.status === 'NEW',
      { timeoutMs: 60_000, intervalMs: 500, what: 'the CT case' },
    );
    await assignToRadiologist(admin, tenant(), ct!.centreId!, [ct!]);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps window/level and the measurements in MPR, and shows a slab MIP', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('radiologist'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      const viewer = new ViewerPage(page);
      await viewer.goto(ct._id);
      expect(await viewer.waitForState(['ready', 'error', 'no-access', 'expired'])).toBe('ready');
      await viewer.waitForImage(0);
      await viewer.openMpr();
      expect(await viewer.modes()).toEqual(['mpr-axial', 'mpr-sagittal', 'mpr-coronal']);

      // the toolbar's tools are the stack view's, enabled, plus the crosshairs; window/level stays the tool
      for (const tool of ['WindowLevel', 'Pan', 'Zoom', 'StackScroll', 'Length', 'Angle', 'Probe', 'Crosshairs'])
        expect({ tool, enabled: await page.getByTestId(`tool-${tool}`).isEnabled() }).toEqual({ tool, enabled: true });
      expect(await page.getByTestId('tool-WindowLevel').getAttribute('aria-pressed')).toBe('true');

      // window/level in the axial plane changes its window, and the other two planes of the volume follow
      const { before, after } = await viewer.windowLevelInMpr('axial');
      expect(after).not.toBe(before);
      expect(after).toMatch(/^-?\d+(\.\d+)?,\d+(\.\d+)?$/);
      for (const plane of ['sagittal', 'coronal'] as const) {
        const n = await viewer.mprViewport(plane);
        await page.waitForFunction(
          ([i, want]) => document.querySelector(`[data-testid="viewport-${i}"]`)?.getAttribute('data-voi') === want,
          [n, after] as const,
          { timeout: 10_000 },
        );
      }

      // a length on the sagittal plane (no acquired image of its own) is listed with its plane and millimetres
      const row = await viewer.measureLengthInMpr('sagittal');
      expect(row).toMatch(/^Length \(MPR sagittal\): \d+(\.\d+)? mm/);
      const mm = Number(/: (\d+(?:\.\d+)?) mm/.exec(row)![1]);
      expect(mm).toBeGreaterThan(5);
      // kept with the case: the server lists it
      const radiologist = await ApiSession.login(tenant().login('radiologist'), TEST_PASSWORD);
      const saved = await eventually(
        async () => (await radiologist.call(CASES_API.findViewerAnnotations, { caseId: ct._id })).annotations,
        (list) => list.some((a) => a.label === 'Length (MPR sagittal)'),
        { timeoutMs: 15_000, intervalMs: 500, what: 'the sagittal length saved' },
      );
      const length = saved.find((a) => a.label === 'Length (MPR sagittal)')!;
      expect(length.seriesInstanceUid).toBe(await viewer.viewport(0).getAttribute('data-series-uid'));
      expect(length.value).toBe(`${mm.toFixed(1)} mm`);

      // slab MIP: the three planes render a maximum-intensity projection of the chosen thickness, and say so
      const thin = await viewer.statistics(await viewer.mprViewport('axial'));
      await viewer.setSlab(20);
      for (const plane of ['axial', 'sagittal', 'coronal'] as const) {
        const info = await viewer.info(await viewer.mprViewport(plane));
        expect({ plane, blend: info.blend, slab: info.slab }).toEqual({ plane, blend: 'mip', slab: 20 });
      }
      expect(await page.getByTestId('slab-0').innerText()).toContain('MIP 20 mm');
      const mip = await viewer.statistics(await viewer.mprViewport('axial'));
      // the brightest voxels of 20 mm are at least as bright as one slice's: the projection is not darker
      expect(mip.mean).toBeGreaterThanOrEqual(thin.mean - 1);
      await screenshot(page, 'viewer-mpr-measured-mip', false);
      expect(await blockingViolations(page, 'viewer MPR')).toEqual([]);

      // the crosshairs are a tool of their own; slab off goes back to thin slices
      await viewer.tool('Crosshairs');
      expect(await page.getByTestId('tool-Crosshairs').getAttribute('aria-pressed')).toBe('true');
      await viewer.setSlab(0);
      expect((await viewer.info(0)).blend).toBe('composite');

      // back to the stack: the crosshairs go, window/level is the tool again, the slab choice with MPR
      await viewer.button('mpr');
      await viewer.waitForImage(0);
      expect(await viewer.modes()).toEqual(['stack']);
      expect(await page.getByTestId('tool-Crosshairs').count()).toBe(0);
      expect(await page.getByTestId('tool-WindowLevel').getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('slab').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('at phone size, MPR with a slab MIP keeps its toolbar reachable', async () => {
    const { context, page } = await openConsole(browser(), { width: 390, height: 844 });
    try {
      await new LoginPage(page).login(tenant().login('radiologist'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      const viewer = new ViewerPage(page);
      await viewer.goto(ct._id);
      expect(await viewer.waitForState(['ready', 'error', 'no-access', 'expired'])).toBe('ready');
      await viewer.waitForImage(0);
      await viewer.openMpr();
      await viewer.setSlab(10);
      expect((await viewer.info(await viewer.mprViewport('coronal'))).blend).toBe('mip');
      await screenshot(page, 'viewer-mpr-mip-phone', false);
      expect(await blockingViolations(page, 'viewer MPR phone')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
