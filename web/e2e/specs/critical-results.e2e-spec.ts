import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, REPORTING_API, type Case } from '@rayworks/contracts';
import { buildStudyFolder, eventually, stowFiles } from '@rayworks/testing';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { BASE_URL, openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';
import { assignToRadiologist } from '../requests/cases-seed';

/**
 * Critical results in Chromium (docs/decisions/0187, 0190): the reading radiologist flags a finding on a case of
 * centre c1; the centre's admin, with the console open on another screen, sees it appear live in the shell's banner
 * (no reload), acknowledges it there, and the banner empties; the alert is ACKNOWLEDGED for everyone.
 */
describe('critical results', () => {
  const tenant = useTenant('critical');
  const browser = useBrowser();
  let dir: string;
  let c: Case;
  let radiologist: ApiSession;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-critical-'));
    const study = await buildStudyFolder(path.join(dir, 'Exam'), {
      patientName: 'Critical^Carla',
      patientId: `CR${suffix}`,
      studyDate: '20260310',
      accessionNumber: `ACC${suffix}`,
      studyDescription: 'CT chest for the critical test',
      series: ['ct'],
    });
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    const { status } = await stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files);
    expect(status).toBe(200);
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const [found] = await eventually(
      () => admin.call(CASES_API.findCases, { search: `CR${suffix}`, status: 'NEW' }),
      (cases) => cases.length > 0,
      { timeoutMs: 60_000, intervalMs: 500, what: 'the case of the stored study' },
    );
    c = found!;
    expect(await assignToRadiologist(admin, tenant(), c.centreId!, [c])).toEqual(['success']);
    radiologist = await ApiSession.login(tenant().login('radiologist'), TEST_PASSWORD);
    // the case's report, as the editor opens it
    await radiologist.call(REPORTING_API.getReportData, { caseId: c._id });
  }, 150_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the centre admin sees a flagged finding appear live and acknowledges it', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      expect(await page.getByTestId('critical-alerts').count()).toBe(0);
      // the banner watches live once the console's real-time connection is open
      await page.locator('[data-testid="critical-alerts-watch"][data-realtime="open"]').waitFor({
        state: 'attached',
        timeout: 20_000,
      });

      const finding = `Tension pneumothorax, left — ${suffix}`;
      const alert = await radiologist.call(REPORTING_API.flagCritical, { caseId: c._id, finding });
      const row = page.locator(`[data-testid="critical-alert"][data-alert-id="${alert.id}"]`);
      await row.waitFor({ timeout: 20_000 });
      expect(await row.getAttribute('data-status')).toBe('OPEN');
      expect(await row.innerText()).toContain(finding);
      await screenshot(page, 'critical-alert-banner');

      await row.getByTestId('critical-acknowledge').click();
      await row.waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator('.mantine-Notification-root').first().waitFor({ timeout: 10_000 });
      expect(await page.locator('.mantine-Notification-root').first().innerText()).toContain(
        'Critical Result Acknowledged Successfully',
      );
      await screenshot(page, 'critical-alert-acknowledged');
      const [after] = (await radiologist.call(REPORTING_API.findCritical, { caseId: c._id })).alerts;
      expect(after).toMatchObject({ id: alert.id, status: 'ACKNOWLEDGED' });
      expect(await page.locator('.mantine-Notification-root[data-color="red"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
