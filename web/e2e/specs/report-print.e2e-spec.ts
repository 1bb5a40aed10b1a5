import { beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, type Case } from '@rayworks/contracts';
import { eventually, tenantQuery } from '@rayworks/testing';
import { LoginPage } from '../pom/LoginPage';
import { ApiSession } from '../requests/auth-api';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Issue 12's print view in Chromium (docs/decisions/0185): a centre admin opens /print/report/<id> of a FINAL report;
 * the page has no menu or top bar, shows the print document (the patient block, the test name, the body) in a
 * sandboxed frame and prints 500 ms after the frame loaded; a script that slipped into the stored HTML does not run.
 */
describe('the report print view', () => {
  const tenant = useTenant('rprint');
  const browser = useBrowser();
  let c: Case;
  let reportId: string;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `RP${suffix}`;

  beforeAll(async () => {
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    await admin.call(CASES_API.createWorklistCase, {
      centreId: tenant().centres.c1!,
      patientName: 'Print^Priya',
      patientId,
      modality: 'CT',
      priority: 'ROUTINE',
    });
    const [found] = await eventually(
      () => admin.call(CASES_API.findCases, { search: patientId }),
      (cases) => cases.length > 0,
      { timeoutMs: 60_000, intervalMs: 500, what: 'the registered case' },
    );
    c = found!;
    // a FINAL report as finalize leaves it, plus a script that must never run (as if it had escaped the sanitiser)
    const [row] = await tenantQuery<{ id: string }>(
      tenant().tenantId,
      `INSERT INTO reporting.reports (tenant_id, case_id, status, version, report_html, test_name, doctor_info, patient,
         study, centre_id, finalized_at)
       VALUES ($1, $2, 'FINAL', 2, $3, 'CT Chest', $4, $5, $6, $7, now()) RETURNING id`,
      [
        tenant().tenantId,
        c._id,
        '<p>PRINTBODY no focal lung lesion.</p><script>window.parent.document.body.dataset.pwned = "yes"</script>',
        JSON.stringify({ doctorName: 'Dr Print Reader', qualificationName: 'MD', signature: null }),
        JSON.stringify({
          patientName: 'Priya Print',
          age: '35Y',
          gender: 'F',
          dateOfBirth: null,
          mrID: patientId,
          registrationID: null,
          referredName: null,
          phoneNumber: null,
        }),
        JSON.stringify({ modality: 'CT', studyDescription: null, studyDate: null, bodyPart: null }),
        tenant().centres.c1!,
      ],
    );
    reportId = row!.id;
  }, 120_000);

  it('shows the print document without chrome, prints it 500 ms after load and runs no script of the report', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      // window.print of the frame is recorded instead of opening a dialog
      await context.addInitScript(() => {
        window.print = () => {
          document.documentElement.dataset.printedAt = String(performance.now());
        };
      });
      await page.goto(url(`/print/report/${reportId}`), { waitUntil: 'domcontentloaded' });
      const root = page.getByTestId('report-print');
      await root.waitFor();
      await page.locator('[data-testid="report-print"][data-state="ready"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('top-bar').count()).toBe(0);
      expect(await page.getByTestId('main-menu').count()).toBe(0);
      const frameElement = page.getByTestId('report-print-frame');
      expect(await frameElement.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
      const frame = page.frameLocator('[data-testid="report-print-frame"]');
      await expect(frame.locator('body').innerText()).resolves.toContain('Priya Print');
      const text = await frame.locator('body').innerText();
      expect(text).toContain(patientId);
      expect(text).toContain('CT Chest');
      expect(text).toContain('PRINTBODY no focal lung lesion.');
      expect(text).toContain('Dr Print Reader');
      await page.locator('[data-testid="report-print"][data-printed="true"]').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.body.dataset.pwned ?? null)).toBeNull();
      await screenshot(page, 'report-print-view');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('shows a report that does not exist (or is not visible) as not found', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      await page.goto(url('/print/report/00000000-0000-4000-8000-000000000000'), { waitUntil: 'domcontentloaded' });
      await page.locator('[data-testid="report-print"][data-state="not-found"]').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  }, 60_000);
});
