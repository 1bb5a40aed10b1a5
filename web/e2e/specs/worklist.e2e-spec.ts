import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, CASE_MESSAGES } from '@rayworks/contracts';
import { buildStudyFolder, eventually, type BuiltStudy } from '@rayworks/testing';
import { ImportScreen } from '../pom/ImagingPages';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { AssignPage, WorklistPage } from '../pom/WorklistPage';
import { ApiSession } from '../requests/auth-api';
import { openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Issue 10 end to end in Chromium: a group-centre administrator imports a study through the import screen; its case
 * arrives NEW in the worklist; the administrator selects it and assigns it to the radiologist on the assign page.
 * The radiologist, in a second browser context, sees it arrive live (nothing reloads their page), accepts it and
 * sends it to the transcriptionist; the administrator's tab counts follow live.
 */
describe('worklist: import, assign, accept, send to the transcriptionist, live', () => {
  const tenant = useTenant('worklist');
  const browser = useBrowser();
  let dir: string;
  let study: BuiltStudy;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `WL${suffix}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-worklist-'));
    study = await buildStudyFolder(path.join(dir, 'Exam'), {
      patientName: 'Worklist^Wanda',
      patientId,
      studyDate: '20260310',
      accessionNumber: `ACC${suffix}`,
      studyDescription: 'CT chest for the worklist test',
    });
    // the centre asks its radiologists to accept what they are given (spec §9, optional by setting)
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    await admin.call(CASES_API.updateCentreSettings, { centreId: tenant().centres.c1!, requiresAcceptance: true });
    // the cases service knows the radiologist and the transcriptionist (read models built from auth's events)
    const c1 = tenant().centres.c1!;
    const ids = async (as: 'radiologist' | 'typist') =>
      (await admin.call(CASES_API.caseAssignees, { centreId: c1, as })).assignees.map((a) => a.id);
    await eventually(
      async () => [...(await ids('radiologist')), ...(await ids('typist'))],
      (known) =>
        known.includes(tenant().users[tenant().login('radiologist')]!) &&
        known.includes(tenant().users[tenant().login('typist')]!),
      { timeoutMs: 60_000, intervalMs: 500, what: 'the radiologist and the typist in the cases service' },
    );
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('flows from import to the transcriptionist, live in both browsers', async () => {
    const admin = await openConsole(browser());
    const reader = await openConsole(browser());
    const radiologistId = tenant().users[tenant().login('radiologist')]!;
    const typistId = tenant().users[tenant().login('typist')]!;
    // the console's own reports of failed calls (api/client: a contract mismatch, a recorded 502)
    const apiErrors: string[] = [];
    for (const { page } of [admin, reader])
      page.on('console', (message) => {
        if (message.text().includes('[api]')) apiErrors.push(message.text());
      });
    try {
      // the administrator imports a study from /cases
      await new LoginPage(admin.page).login(tenant().login('gca'), TEST_PASSWORD);
      await new Shell(admin.page).waitUntilReady();
      const adminList = new WorklistPage(admin.page);
      await adminList.goto();
      expect(await adminList.count('ALL')).toBe(0);
      const [popup] = await Promise.all([
        admin.context.waitForEvent('page'),
        admin.page.getByTestId('cases-import').click(),
      ]);
      const importScreen = new ImportScreen(popup);
      await importScreen.waitUntilReady();
      // a tab of the browser, with its toolbar, not a pop-up window (docs/decisions/0351)
      expect(await popup.evaluate(() => window.toolbar.visible && window.menubar.visible)).toBe(true);
      await importScreen.pickFolder(study.dir);
      await importScreen.waitForState('ready');
      await popup.getByTestId('import-start').click();
      await popup.waitForEvent('close', { timeout: 60_000 });

      // its case arrives NEW, live, with its time left
      const row = await adminList.waitForRow(patientId, 'NEW', 90_000);
      await adminList.waitForCount('NEW', 1);
      expect(await row.getByTestId('worklist-patient-name').innerText()).toBe('Worklist Wanda');
      expect(await row.getByTestId('worklist-time-left').innerText()).toMatch(/^(\d+d \d+h|\d+h \d{2}m|\d+m)$/);
      expect(await adminList.actions(patientId)).toContain('ASSIGN');
      await screenshot(admin.page, 'worklist-admin-new');

      // the radiologist's worklist is open in another browser, empty
      await new LoginPage(reader.page).login(tenant().login('radiologist'), TEST_PASSWORD);
      await new Shell(reader.page).waitUntilReady();
      const readerList = new WorklistPage(reader.page);
      await readerList.goto();
      expect(await readerList.count('ALL')).toBe(0);

      // select it and assign it to the radiologist on the assign page
      await adminList.select(patientId);
      await admin.page.getByTestId('worklist-bulk-assign').click();
      const assign = new AssignPage(admin.page);
      await assign.waitUntilReady();
      expect(new URL(admin.page.url()).pathname).toMatch(/^\/worklist\/edit\/[0-9a-f-]{36}$/);
      await assign.choose(radiologistId);
      await screenshot(admin.page, 'worklist-assign');
      await assign.submit();
      await admin.page.getByText(CASE_MESSAGES.assigned).first().waitFor();
      await adminList.waitForRow(patientId, 'PENDING FOR ACCEPTANCE');
      await adminList.waitForCount('PENDING FOR ACCEPTANCE', 1);
      await adminList.waitForCount('NEW', 0);

      // the radiologist sees it arrive without reloading, and accepts it
      const arrived = await readerList.waitForRow(patientId, 'PENDING FOR ACCEPTANCE', 30_000);
      await readerList.waitForCount('PENDING FOR ACCEPTANCE', 1);
      expect(Number(await reader.page.getByTestId('worklist').getAttribute('data-live-changes'))).toBeGreaterThan(0);
      expect(await arrived.getAttribute('data-case-id')).toBeTruthy();
      expect(await readerList.actions(patientId)).toEqual(expect.arrayContaining(['ACCEPT', 'REJECT']));
      expect(await readerList.actions(patientId)).not.toContain('ASSIGN');
      await screenshot(reader.page, 'worklist-radiologist-arrived');
      const accept = await readerList.act(patientId, 'ACCEPT');
      await accept.getByTestId('worklist-action-confirm').click();
      await reader.page.getByText(CASE_MESSAGES.accepted).first().waitFor();
      await readerList.waitForRow(patientId, 'IN PROGRESS');
      await adminList.waitForCount('IN PROGRESS', 1);
      await adminList.waitForCount('PENDING FOR ACCEPTANCE', 0);

      // and sends it to the transcriptionist (the centre chooses typists by hand: MANUAL, the default)
      const send = await readerList.act(patientId, 'SEND_TO_TYPIST');
      await send.getByTestId('worklist-action-confirm').click();
      await send.getByText(CASE_MESSAGES.chooseTypist).waitFor();
      await send.getByTestId('worklist-action-typist').click();
      await reader.page
        .getByRole('option', { name: new RegExp(tenant().name) })
        .first()
        .click();
      await screenshot(reader.page, 'worklist-send-to-typist', false);
      await send.getByTestId('worklist-action-confirm').click();
      await reader.page.getByText(CASE_MESSAGES.sentToTypist).first().waitFor();
      await readerList.waitForRow(patientId, 'PENDING AT TYPIST');
      await screenshot(reader.page, 'worklist-radiologist-sent');

      // the administrator's counts followed every move live
      await adminList.waitForCount('PENDING AT TYPIST', 1);
      await adminList.waitForCount('IN PROGRESS', 0);
      const atTypist = await adminList.waitForRow(patientId, 'PENDING AT TYPIST');
      expect(await atTypist.getAttribute('data-status')).toBe('PENDING AT TYPIST');
      await adminList.openTab('PENDING AT TYPIST');
      await adminList.waitForRow(patientId, 'PENDING AT TYPIST');
      await screenshot(admin.page, 'worklist-admin-typist-tab');

      // the row names the transcriptionist in the assign page's answer, and the case reached the right one
      const cases = await (
        await ApiSession.login(tenant().login('admin'), TEST_PASSWORD)
      ).call(CASES_API.findCases, { search: patientId, limit: 10 });
      expect(cases.map((c) => [c.status, c.typistId, c.radiologistId])).toEqual([
        ['PENDING AT TYPIST', typistId, radiologistId],
      ]);

      // the transcriptionist column, chosen once, stays chosen; the search goes to the address bar
      await admin.page.getByTestId('worklist-columns').click();
      await admin.page.locator('input[data-testid="worklist-column-toggle"][data-column="typistName"]').check();
      await admin.page.keyboard.press('Escape');
      expect(await adminList.row(patientId).getByTestId('worklist-typist').innerText()).toContain(tenant().name);
      await admin.page.getByTestId('worklist-search').fill(patientId.toLowerCase());
      await admin.page.waitForURL((u) => u.searchParams.get('q') === patientId.toLowerCase());
      await admin.page.reload({ waitUntil: 'domcontentloaded' });
      await adminList.waitUntilReady();
      const found = await adminList.waitForRow(patientId, 'PENDING AT TYPIST');
      expect(await found.getByTestId('worklist-typist').innerText()).toContain(tenant().name);
      expect(await admin.page.getByTestId('worklist-search').inputValue()).toBe(patientId.toLowerCase());
      expect(await admin.page.getByTestId('worklist-tab').evaluateAll((tabs) => tabs.length)).toBe(10);

      // open in viewer (Cloud, the default) opens the case's viewer in a new tab; Enter opens the case
      const viewerTab = reader.page.context().waitForEvent('page');
      await readerList.row(patientId).getByTestId('worklist-open-viewer').click();
      const tab = await viewerTab;
      await tab.waitForURL((u) => u.pathname === '/dicomviewer');
      expect(new URL(tab.url()).searchParams.get('case')).toBe(
        await readerList.row(patientId).getAttribute('data-case-id'),
      );
      await tab.close();
      await reader.page.getByTestId('worklist-table').focus();
      await reader.page.keyboard.press('ArrowDown');
      await reader.page.keyboard.press('Enter');
      const opened = reader.page.getByTestId('worklist-case-body');
      await opened.waitFor();
      expect(await opened.getAttribute('data-case-id')).toBe(cases[0]!._id);
      expect(apiErrors).toEqual([]);
      expect(admin.pageErrors).toEqual([]);
      expect(reader.pageErrors).toEqual([]);
    } finally {
      await admin.context.close();
      await reader.context.close();
    }
  }, 400_000);
});
