import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, type Case } from '@rayworks/contracts';
import { buildStudyFolder, eventually, stowFiles } from '@rayworks/testing';
import { CaseDetailsPage, DashboardsPage } from '../pom/CaseDetails';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { BASE_URL, openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';
import { assignToRadiologist } from '../requests/cases-seed';

/**
 * Issue 10's case details and dashboards in Chromium: a study stored by STOW becomes a NEW case; a centre admin
 * opens it from its worklist URL (/cases/view/<id>) and sees the patient, the study, the allowed actions and the
 * audit trail, which follows an assignment made elsewhere, live; "Open in viewer" opens the viewer's tab.
 * The dashboards draw their charts from the statistics.
 */
describe('case details and dashboards', () => {
  const tenant = useTenant('details');
  const browser = useBrowser();
  let dir: string;
  let admin: ApiSession;
  let c: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `CD${suffix}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-details-'));
    const study = await buildStudyFolder(path.join(dir, 'Exam'), {
      patientName: 'Details^Dora',
      patientId,
      studyDate: '20260310',
      accessionNumber: `ACC${suffix}`,
      studyDescription: 'MR brain for the details test',
      series: ['mr'],
    });
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    const { status } = await stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files);
    expect(status).toBe(200);
    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    // registrations too, so the dashboards have more than one status to draw
    for (const [i, priority] of (['STAT', 'ROUTINE'] as const).entries()) {
      await admin.call(CASES_API.createWorklistCase, {
        centreId: tenant().centres.c1!,
        patientName: `Waiting^Walter${i}`,
        patientId: `${patientId}W${i}`,
        modality: 'CT',
        priority,
      });
    }
    const [found] = await eventually(
      () => admin.call(CASES_API.findCases, { search: patientId, status: 'NEW' }),
      (cases) => cases.length > 0,
      { timeoutMs: 60_000, intervalMs: 500, what: 'the case of the stored study' },
    );
    c = found!;
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows the patient, the study, the allowed actions and the audit trail, live', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      const details = new CaseDetailsPage(page);
      await details.goto(c._id);
      expect(await details.text('page-title')).toBe('Details Dora');
      expect(await details.text('case-patient-id')).toBe(patientId);
      expect(await details.text('case-study-counts')).toMatch(/^1 \/ \d+/);
      expect(await details.text('case-worklist-status')).toBe('NEW');
      // the archive's study of the patient, with its description (the case row has none from the import event)
      await page.locator('[data-testid="case-patient-study"][data-current="true"]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('case-patient-studies').innerText()).toContain('MR brain for the details test');
      expect(await details.actions()).toContain('ASSIGN');
      expect(await details.auditActions()).toEqual(['CASE_CREATE']);
      await screenshot(page, 'case-details-new');

      // another administrator assigns it: the page follows without a reload
      expect(await assignToRadiologist(admin, tenant(), tenant().centres.c1!, [c])).toEqual(['success']);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="case-worklist-status"]')?.textContent === 'IN PROGRESS',
        undefined,
        { timeout: 20_000 },
      );
      expect(await details.auditActions(2)).toEqual(['case.assign', 'CASE_CREATE']);
      expect(await details.text('case-radiologist')).not.toBe('—');
      expect(await details.actions()).not.toContain('ASSIGN');

      // "Open in viewer" (Cloud, the default) opens the case's viewer in a new tab
      const viewerTab = context.waitForEvent('page');
      await page.getByTestId('case-open-viewer').click();
      const tab = await viewerTab;
      await tab.waitForURL((u) => u.pathname === '/dicomviewer');
      expect(new URL(tab.url()).searchParams.get('case')).toBe(c._id);
      await tab.close();

      // the audited reads show on request
      await page.getByTestId('case-audit-reads').dispatchEvent('click');
      expect(await details.auditActions(3)).toContain('PATIENT_DATA_READ');
      await screenshot(page, 'case-details-assigned');
      expect(await page.locator('.mantine-Notification-root[data-color="red"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('chats on the case live across two browsers, keeps the patient history, and shares a read-only link', async () => {
    const first = await openConsole(browser());
    const second = await openConsole(browser());
    const visitor = await openConsole(browser());
    try {
      await new LoginPage(first.page).login(tenant().login('gca'), TEST_PASSWORD);
      await new LoginPage(second.page).login(tenant().login('admin'), TEST_PASSWORD);
      await new Shell(first.page).waitUntilReady();
      await new Shell(second.page).waitUntilReady();
      const mine = new CaseDetailsPage(first.page);
      const theirs = new CaseDetailsPage(second.page);
      await mine.goto(c._id);
      await theirs.goto(c._id);
      await first.page.getByTestId('case-comments-empty').waitFor({ timeout: 15_000 });
      await second.page.getByTestId('case-comments-empty').waitFor({ timeout: 15_000 });

      // a comment posted in one browser appears in the other without a reload
      const text = `Please compare with the prior, ${suffix}`;
      await mine.sendComment(text);
      await mine.waitForComment(text);
      await theirs.waitForComment(text);
      await theirs.sendComment('Looking now');
      await mine.waitForComment('Looking now');
      await screenshot(second.page, 'case-details-chat');

      // the patient's history
      await first.page.getByTestId('case-tab-history').click();
      await first.page.getByTestId('case-history-input').fill('Known asthma; contrast allergy.');
      await first.page.getByTestId('case-history-add').click();
      await first.page
        .locator('[data-testid="case-history-entry"]', { hasText: 'contrast allergy' })
        .waitFor({ timeout: 15_000 });

      // a shared read-only link opens without a login
      await first.page.getByTestId('case-tab-share').click();
      await first.page.getByTestId('case-share-create').click();
      const link = await first.page.getByTestId('case-share-link').inputValue({ timeout: 15_000 });
      expect(link).toMatch(/\/shared\/.{20,}$/);
      await screenshot(first.page, 'case-details-share');
      await visitor.page.goto(link, { waitUntil: 'domcontentloaded' });
      await visitor.page.getByTestId('shared-case').waitFor({ timeout: 20_000 });
      expect(await visitor.page.getByTestId('shared-case-patient').innerText()).toBe('Details Dora');
      await screenshot(visitor.page, 'case-details-shared-link');
      // an unknown token says the link is not valid
      await visitor.page.goto(link.replace(/.{6}$/, 'xxxxxx'), { waitUntil: 'domcontentloaded' });
      await visitor.page.getByTestId('shared-case-error').waitFor({ timeout: 20_000 });

      for (const p of [first, second, visitor]) expect(p.pageErrors).toEqual([]);
    } finally {
      await Promise.all([first.context.close(), second.context.close(), visitor.context.close()]);
    }
  }, 120_000);

  it('answers a case out of reach with the page, not a crash', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      // the radiologist2 of c1 does not exist here: the typist sees only what is at them
      await new LoginPage(page).login(tenant().login('typist'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      await page.goto(`${BASE_URL}/cases/view/${c._id}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('query-error').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('query-error').innerText()).toMatch(/Case not found/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('draws the dashboards from the statistics', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      const dashboards = new DashboardsPage(page);
      await dashboards.goto();
      expect(Number(await dashboards.figure('total'))).toBe(3);
      expect(Number(await dashboards.figure('open'))).toBe(1);
      expect(await dashboards.bars('dashboards-status-chart')).toBeGreaterThanOrEqual(2);
      expect(await dashboards.bars('dashboards-centre-chart')).toBeGreaterThanOrEqual(1);
      expect(await dashboards.bars('dashboards-radiologist-chart')).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'dashboards-admin');
      expect(await page.locator('.mantine-Notification-root[data-color="red"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('draws the dashboards in the dark scheme too', async () => {
    const { context, page, pageErrors } = await openConsole(browser(), { colorScheme: 'dark' });
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      const dashboards = new DashboardsPage(page);
      await dashboards.goto();
      expect(await dashboards.bars('dashboards-status-chart')).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'dashboards-admin-dark');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
