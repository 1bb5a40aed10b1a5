import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, CASES_API, CASE_MESSAGES, type CaseAssignee } from '@rayworks/contracts';
import { arriveAt, eventually, TestEvents } from '@rayworks/testing';
import { fillDay, typedDay, typeIntoDay } from '../pom/DayInput';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { AssignPage, WorklistPage } from '../pom/WorklistPage';
import { ApiSession } from '../requests/auth-api';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Issue 25 items 11 and 14 in Chromium. A group-centre administrator assigns cases on the assign page.
 * - The picker filters the centre's radiologists by availability and specialization (the server keeps the list).
 * - Choosing the offline junior warns, and Assign asks again before it assigns.
 * - Every assignment is confirmed with 'Case Assigned Successfully' and the assignee's name.
 * The worklist's date filters show and take spec §9's '28 Nov 2026' (decisions 0349, 0350). Screens at 1440 × 900
 * and 390 × 844.
 */
describe('assignment confirmed, offline warned, picker filtered; dates as the spec writes them', () => {
  const tenant = useTenant('assign');
  const browser = useBrowser();
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const toOffline = `AO${suffix}`;
  const toOnline = `AN${suffix}`;
  const events = new TestEvents();
  let R: CaseAssignee;
  let JR: CaseAssignee;

  afterAll(async () => {
    await events.stop();
  });

  beforeAll(async () => {
    const t = tenant();
    const c1 = t.centres.c1!;
    const admin = await ApiSession.login(t.login('admin'), TEST_PASSWORD);
    // two MR studies arrive at c1 as imaging publishes them: two NEW cases
    await events.start();
    for (const patientId of [toOffline, toOnline])
      await arriveAt(events, t, 'c1', { patientName: `Assign^${patientId}`, patientId, modality: 'MR' });
    // the radiologist reads neuro and is online; the junior lists nothing (reads everything) and stays offline
    const radiologist = await ApiSession.login(t.login('radiologist'), TEST_PASSWORD);
    await radiologist.call(AUTH_API.setSpecialization, { specialization: ['Neuro'] });
    await radiologist.call(AUTH_API.online, {}, { userId: t.users[t.login('radiologist')]! });
    const people = await eventually(
      async () => (await admin.call(CASES_API.caseAssignees, { centreId: c1, as: 'radiologist' })).assignees,
      (list) =>
        list.some((p) => p.id === t.users[t.login('radiologist')] && p.isAvailable && p.specializations.length > 0) &&
        list.some((p) => p.id === t.users[t.login('jr.radiologist')]),
      { timeoutMs: 60_000, intervalMs: 500, what: 'the radiologists, online and specialized, in the cases service' },
    );
    R = people.find((p) => p.id === t.users[t.login('radiologist')])!;
    JR = people.find((p) => p.id === t.users[t.login('jr.radiologist')])!;
    expect(JR.isAvailable).toBe(false);
  }, 120_000);

  it('filters the picker, warns before an offline radiologist, and confirms with the assignee', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      const worklist = new WorklistPage(page);
      await worklist.goto();
      await worklist.waitForRow(toOffline, 'NEW');
      await worklist.select(toOffline);
      await page.getByTestId('worklist-bulk-assign').click();
      const assign = new AssignPage(page);
      await assign.waitUntilReady();

      // online first; the filters narrow the list on the server
      expect((await assign.listed()).slice(0, 1)).toEqual([R.id]);
      await assign.filterAvailability('Online');
      await assign.waitForListed([R.id]);
      await assign.filterAvailability('Offline');
      await assign.waitForListed([JR.id]);
      await assign.filterAvailability('All');
      await assign.filterSpecialization('Neuro');
      await assign.waitForListed([R.id, JR.id]);
      await screenshot(page, 'assign-picker-filtered');

      // the offline junior: a warning beside the picker, and Assign asks again
      await assign.choose(JR.id);
      const warning = page.getByTestId('assign-offline-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toContain(CASE_MESSAGES.assigneeOffline(JR.fullName));
      await page.getByTestId('assign-submit').click();
      const dialog = page.getByRole('dialog', { name: CASE_MESSAGES.assigneeOfflineTitle(JR.fullName) });
      await dialog.waitFor();
      await screenshot(page, 'assign-offline-warning', false);
      // Cancel keeps the case where it was; Assign anyway gives it
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toMatch(/^\/worklist\/edit\//);
      await assign.submit();
      await shell.waitForToastTitled(CASE_MESSAGES.assigned, CASE_MESSAGES.assignedTo(JR.fullName, 1, 1));
      await screenshot(page, 'assign-confirmed', false);
      await worklist.waitForRow(toOffline, 'IN PROGRESS');

      // an online radiologist: no warning, straight to the confirmation
      await worklist.select(toOnline);
      await page.getByTestId('worklist-bulk-assign').click();
      await assign.waitUntilReady();
      await assign.choose(R.id);
      expect(await page.getByTestId('assign-offline-warning').count()).toBe(0);
      await page.getByTestId('assign-submit').click();
      await shell.waitForToastTitled(CASE_MESSAGES.assigned, `Assigned to ${R.fullName}`);
      expect(await page.getByTestId('assign-offline-confirm').count()).toBe(0);
      await worklist.waitForRow(toOnline, 'IN PROGRESS');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("shows and takes the worklist's dates as '28 Nov 2026', and keeps YYYY-MM-DD in the address", async () => {
    for (const size of [
      { width: 1440, height: 900, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      const { context, page, pageErrors } = await openConsole(browser(), size);
      try {
        await new LoginPage(page).login(tenant().login('gca'), TEST_PASSWORD);
        await new Shell(page).waitUntilReady();
        const worklist = new WorklistPage(page);
        await worklist.goto('?from=2026-11-28');
        await worklist.openFilters();
        const from = page.getByTestId('worklist-from');
        // the address's day is shown as the rest of the console writes dates
        expect(await from.inputValue()).toBe('28 Nov 2026');
        expect(await from.getAttribute('placeholder')).toBe('DD MMM YYYY');
        // typed as a person writes it
        await fillDay(from, '2026-01-01');
        await page.waitForURL((u) => u.searchParams.get('from') === '2026-01-01');
        expect(await from.inputValue()).toBe(typedDay('2026-01-01'));
        expect(typedDay('2026-01-01')).toBe('01 Jan 2026');
        // day-first numbers are taken and shown the spec's way; what is not a day is put back
        const to = page.getByTestId('worklist-to');
        expect(await typeIntoDay(to, '3/2/2026')).toBe('03 Feb 2026');
        await page.waitForURL((u) => u.searchParams.get('to') === '2026-02-03');
        expect(await typeIntoDay(to, '31 Feb 2026')).toBe('03 Feb 2026');
        expect(new URL(page.url()).searchParams.get('to')).toBe('2026-02-03');
        // today's cases are outside January; clearing the range brings them back
        await fillDay(from, '');
        await fillDay(to, '');
        await page.waitForURL((u) => !u.searchParams.has('from') && !u.searchParams.has('to'));
        await worklist.waitForRow(toOnline);
        // the calendar opens on the shown day, in the spec's month names
        await fillDay(from, '2026-11-28');
        await from.click();
        const month = page.locator('.mantine-DateInput-calendarHeaderLevel:visible');
        await month.waitFor();
        expect(await month.innerText()).toMatch(/November 2026/);
        await screenshot(page, `worklist-date-filter-${size.name}`, false);
        // the assign page at this size: the picker's filters and the offline warning fit
        await from.press('Escape');
        const caseId = await (await worklist.waitForRow(toOffline)).getAttribute('data-case-id');
        await page.goto(url(`/worklist/edit/${caseId}`), { waitUntil: 'domcontentloaded' });
        const assign = new AssignPage(page);
        await assign.waitUntilReady();
        await assign.choose(R.id === (await assign.listed())[0] ? JR.id : R.id);
        await screenshot(page, `assign-${size.name}`);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
