import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, CONSOLE_ROUTES, REPORTING_API, WORKLIST_STATUSES, routeTo, type Case } from '@rayworks/contracts';
import { buildStudyFolder, eventually, stowFiles, type LabTestDefinition } from '@rayworks/testing';
import type { Locator, Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { ViewerPage } from '../pom/ViewerPage';
import { ApiSession } from '../requests/auth-api';
import { assignToRadiologist } from '../requests/cases-seed';
import { acceptedLabVisit, seedLabTests } from '../requests/lab-seed';
import { blockingViolations, settle, type AxeFinding } from '../support/axe';
import { BASE_URL, navigateInApp, openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant, type EveryRoleUser } from '../support/tenant';

/**
 * Every main screen at a phone's (390 × 844), an upright tablet's (768 × 1024) and a desktop's size (issue 25 items
 * 15 and 16, docs/decisions/0362–0364), in a company of the spec's own with a case that has images, a report and an
 * open critical result: the worklist (its banner), the case, the report, the viewer with the report, the import, the
 * dashboards, the registration and billing desk, the LIMS screens and the admin lists. On each: the page never scrolls
 * sideways, its key controls are whole inside the screen (no ancestor cuts them), axe finds no serious or critical
 * violation, and a screenshot is kept (web/e2e/screenshots/responsive-*.png).
 */

interface Size {
  name: 'phone' | 'tablet' | 'desktop';
  width: number;
  height: number;
}
const SIZES: readonly Size[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
];

interface Screen {
  name: string;
  who: EveryRoleUser;
  path: string;
  /** What must be whole inside the screen once it is ready. */
  keys: (page: Page, size: Size) => Locator[];
  /** Waits until the screen shows what it is for, and checks what is particular to it. */
  ready?: (page: Page, size: Size) => Promise<void>;
}

/** A lab test of the spec's company (billing's rate card and the lab's definition). */
const LAB_TEST: LabTestDefinition = {
  code: 'GLUF',
  name: 'Glucose, fasting',
  department: 'Laboratory',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'PLASMA_FLUORIDE',
  container: 'GREY_FLUORIDE',
  turnaroundHours: 4,
  method: 'Hexokinase',
  loincCode: '1558-6',
  parameters: [
    {
      code: 'GLU',
      name: 'Glucose, fasting',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '5',
      possibleMax: '2000',
      ranges: [{ low: '70', high: '100' }],
    },
  ],
};

/** The page title's badge (a status chip): the element after the title in its row. */
const titleBadge = (page: Page) => page.getByTestId('page-title').locator('xpath=following-sibling::div[1]');

/**
 * Whether an element is whole inside the viewport and inside every ancestor that clips it (overflow other than
 * visible), horizontally and vertically against its clipping ancestors; null when it is, else what cuts it.
 */
async function cutBy(locator: Locator): Promise<string | null> {
  await locator.first().waitFor({ state: 'visible', timeout: 20_000 });
  return locator.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const slack = 0.5;
    if (r.width === 0 || r.height === 0) return 'it has no size';
    if (r.left < -slack || r.right > window.innerWidth + slack) return `the viewport (${r.left}–${r.right})`;
    if (el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
      return `itself (${el.scrollWidth} wide in ${el.clientWidth})`;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      const clipsX = style.overflowX !== 'visible';
      const clipsY = style.overflowY !== 'visible';
      if (clipsX && (r.left < b.left - slack || r.right > b.right + slack))
        return `${a.tagName.toLowerCase()}.${a.className} (x ${b.left}–${b.right}, it is at ${r.left}–${r.right})`;
      if (clipsY && (r.top < b.top - slack || r.bottom > b.bottom + slack))
        return `${a.tagName.toLowerCase()}.${a.className} (y ${b.top}–${b.bottom}, it is at ${r.top}–${r.bottom})`;
    }
    return null;
  });
}

describe('every main screen at phone, tablet and desktop sizes', () => {
  const tenant = useTenant('responsive');
  const browser = useBrowser({ webgl: true });
  let dir: string;
  let c: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-responsive-'));
    const study = await buildStudyFolder(path.join(dir, 'Exam'), {
      patientName: 'Responsive^Rekha',
      patientId: `RS${suffix}`,
      studyDate: '20260310',
      accessionNumber: `ACC${suffix}`,
      studyDescription: 'CT chest for the phone check',
      series: ['ct'],
    });
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    // imaging may be restarting while the shared stack is rebuilt: a 503 is asked again, anything else fails at once
    const { status } = await eventually(
      () => stowFiles(`${BASE_URL}/api/imaging/dicomweb`, gca.session.token, study.files),
      (answer) => answer.status !== 503,
      { timeoutMs: 90_000, intervalMs: 3_000, what: 'imaging to store the study' },
    );
    expect(status).toBe(200);
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const [found] = await eventually(
      () => admin.call(CASES_API.findCases, { search: `RS${suffix}`, status: 'NEW' }),
      (cases) => cases.length > 0,
      { timeoutMs: 60_000, intervalMs: 500, what: 'the case of the stored study' },
    );
    c = found!;
    expect(await assignToRadiologist(admin, tenant(), c.centreId!, [c])).toEqual(['success']);
    const radiologist = await ApiSession.login(tenant().login('radiologist'), TEST_PASSWORD);
    await radiologist.call(REPORTING_API.getReportData, { caseId: c._id });
    // a lab visit whose sample is accepted: open work on the LIS worksheet, a registration on Test Reporting
    const pathologist = await ApiSession.login(tenant().login('pathologist'), TEST_PASSWORD);
    await seedLabTests(admin, [tenant().centres.c2!], [LAB_TEST]);
    await acceptedLabVisit(admin, pathologist, {
      centreId: tenant().centres.c2!,
      patient: {
        patientName: `Rekha Responsive ${suffix}`,
        gender: 'Female',
        dateOfBirth: '1981-06-02',
        phoneNumber: `94${Date.now().toString().slice(-6)}31`,
      },
      testCodes: [LAB_TEST.code],
    });
    // an open critical result: the centre's banner shows it above every screen of the centre's side
    await radiologist.call(REPORTING_API.flagCritical, {
      caseId: c._id,
      finding: `Large left-sided tension pneumothorax with mediastinal shift — ${suffix}`,
    });
  }, 150_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const screens = (): Screen[] => [
    {
      name: 'worklist',
      who: 'gca',
      path: CONSOLE_ROUTES.cases,
      keys: (page, size) => [
        page.getByTestId('critical-acknowledge'),
        page.getByTestId('cases-import'),
        page.getByTestId(size.name === 'phone' ? 'worklist-filters-toggle' : 'worklist-search'),
        page.getByTestId('worklist-row-actions'),
      ],
      ready: async (page, size) => {
        await page.locator('[data-testid="worklist-table"] tbody tr[data-index]').first().waitFor({ timeout: 30_000 });
        await page.getByTestId('critical-alert').first().waitFor({ timeout: 30_000 });
        // the sticky actions never cover the patient's column
        const row = page.locator('[data-testid="worklist-table"] tbody tr[data-index]').first();
        const patient = (await row.locator('td[data-column="patientName"]').boundingBox())!;
        const actions = (await row.locator('td[data-column="actions"]').boundingBox())!;
        expect(patient.x + patient.width).toBeLessThanOrEqual(actions.x + 0.5);
        // the status chip is whole: the spec's word, beside (never under) the sticky actions, its text not clipped
        const chip = row.locator('[data-testid="worklist-status"] .mantine-Badge-root').first();
        expect(WORKLIST_STATUSES).toContain((await chip.textContent())?.trim());
        const chipBox = (await chip.boundingBox())!;
        expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(actions.x + 0.5);
        const clipped = await chip.evaluate((el) =>
          [el, ...el.querySelectorAll('*')].some(
            (e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight,
          ),
        );
        expect(clipped).toBe(false);
        expect(await cutBy(chip)).toBeNull();
        if (size.name === 'phone') {
          // the filters wait behind their button, and open under it
          expect(await page.getByTestId('worklist-search').isVisible()).toBe(false);
          await page.getByTestId('worklist-filters-toggle').click();
          await page.getByTestId('worklist-search').waitFor({ state: 'visible' });
          expect(await cutBy(page.getByTestId('worklist-search'))).toBeNull();
          await screenshot(page, `responsive-worklist-filters-open-${size.width}`, false);
          await page.getByTestId('worklist-filters-toggle').click();
          await page.getByTestId('worklist-search').waitFor({ state: 'hidden' });
        } else {
          expect(await page.getByTestId('worklist-filters-toggle').count()).toBe(0);
        }
      },
    },
    {
      name: 'case',
      who: 'gca',
      path: routeTo(CONSOLE_ROUTES.casesView, { id: c._id }),
      keys: (page) => [page.getByTestId('page-title'), titleBadge(page)],
    },
    {
      name: 'report',
      who: 'radiologist',
      path: routeTo(CONSOLE_ROUTES.casesReport, { id: c._id }),
      keys: (page) => [page.getByTestId('page-title'), titleBadge(page), page.getByTestId('report-content')],
      ready: async (page) => {
        await page.locator('[data-testid="report-editor"][data-status]:not([data-status=""])').waitFor({
          timeout: 30_000,
        });
      },
    },
    {
      name: 'viewer-report',
      who: 'radiologist',
      path: `${CONSOLE_ROUTES.dicomviewer}?case=${encodeURIComponent(c._id)}&report=1`,
      keys: (page, size) =>
        size.name === 'desktop'
          ? [page.getByTestId('report-toggle'), page.getByTestId('report-panel'), page.getByTestId('viewport-0')]
          : [page.getByTestId('images-tab'), page.getByTestId('report-toggle'), page.getByTestId('report-panel')],
      ready: async (page, size) => {
        const viewer = new ViewerPage(page);
        await viewer.waitForState('ready');
        await page.locator('[data-testid="report-editor"][data-status]:not([data-status=""])').waitFor({
          timeout: 30_000,
        });
        const layout = await viewer.root().getAttribute('data-layout');
        expect(layout).toBe(size.name === 'desktop' ? 'split' : 'tabs');
        // the toolbar (docs/decisions/0375): at most two rows beside the report; the rarer tools wait in More, which
        // the keyboard opens and walks, and a tool named by its icon alone is still named for a screen reader
        const toolbar = page.getByTestId('viewer-toolbar');
        if (size.name !== 'phone') {
          if (size.name === 'tablet') await page.getByTestId('images-tab').click();
          await page.getByTestId('tool-WindowLevel').waitFor({ state: 'visible' });
          expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(2 * 40);
          await page.getByRole('button', { name: 'Length', exact: true }).waitFor({ state: 'visible' });
          const more = page.getByTestId('toolbar-more');
          await more.focus();
          await page.keyboard.press('Enter');
          await page.getByTestId('toolbar-more-menu').waitFor({ state: 'visible' });
          expect(await more.getAttribute('aria-expanded')).toBe('true');
          await screenshot(page, `responsive-viewer-more-${size.width}`, false);
          for (let i = 0; i < 10; i++) {
            if (await page.getByTestId('shortcuts-open').evaluate((el) => el === document.activeElement)) break;
            await page.keyboard.press('ArrowDown');
          }
          await page.keyboard.press('Enter');
          await page.getByTestId('shortcuts-list').waitFor({ state: 'visible' });
          // Escape reaches the dialog once the focus is in it (it moves there as the dialog opens)
          await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
          await page.keyboard.press('Escape');
          await page.getByTestId('shortcuts-list').waitFor({ state: 'hidden' });
          if (size.name === 'desktop') {
            // the images alone at 1440: the toolbar is one row
            await page.getByTestId('report-toggle').click();
            await page.getByTestId('report-panel').waitFor({ state: 'hidden' });
            await page.waitForTimeout(300);
            expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(48);
            await screenshot(page, `responsive-viewer-images-${size.width}`, false);
            await page.getByTestId('report-toggle').click();
            await page.getByTestId('report-panel').waitFor({ state: 'visible' });
            return;
          }
          await page.getByTestId('report-toggle').click();
          await page.getByTestId('report-panel').waitFor({ state: 'visible' });
        }
        // the report's tab hides the images; the images' tab shows them whole, with the toolbar above
        expect(await page.getByTestId('viewport-0').isVisible()).toBe(false);
        await screenshot(page, `responsive-viewer-report-tab-${size.width}`, false);
        await page.getByTestId('images-tab').click();
        await page.getByTestId('viewport-0').waitFor({ state: 'visible' });
        await page.waitForTimeout(500);
        const viewport = (await page.getByTestId('viewport-0').boundingBox())!;
        expect(viewport.height).toBeGreaterThan(size.height * 0.4);
        expect(await cutBy(page.getByTestId('viewport-0'))).toBeNull();
        expect(await cutBy(page.getByTestId('tool-WindowLevel'))).toBeNull();
        if (size.name === 'phone') {
          // the toolbar is one row (it scrolls sideways), never the twelve rows over the image
          const toolbar = page.getByTestId('tool-WindowLevel').locator('xpath=../..');
          expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(2 * 40);
        }
        await screenshot(page, `responsive-viewer-images-tab-${size.width}`, false);
        await page.getByTestId('report-toggle').click();
        await page.getByTestId('report-panel').waitFor({ state: 'visible' });
      },
    },
    { name: 'import', who: 'gca', path: CONSOLE_ROUTES.casesImport, keys: (page) => [page.getByTestId('page-title')] },
    {
      name: 'dashboards',
      who: 'gca',
      path: CONSOLE_ROUTES.dashboards,
      keys: (page) => [page.getByTestId('page-title')],
    },
    {
      name: 'registration',
      who: 'reception',
      path: CONSOLE_ROUTES.patientsRegistration,
      keys: (page) => [page.getByTestId('page-title')],
    },
    {
      name: 'invoices',
      who: 'reception',
      path: CONSOLE_ROUTES.invoices,
      keys: (page) => [page.getByTestId('page-title')],
    },
    {
      name: 'day-end',
      who: 'reception',
      path: CONSOLE_ROUTES.dayEnd,
      keys: (page) => [page.getByTestId('page-title')],
    },
    { name: 'lims', who: 'pathologist', path: CONSOLE_ROUTES.lims, keys: (page) => [page.getByTestId('page-title')] },
    {
      name: 'sample-accession',
      who: 'pathologist',
      path: CONSOLE_ROUTES.limsSampleaccession,
      keys: (page) => [page.getByTestId('page-title')],
    },
    {
      name: 'lis-validation',
      who: 'pathologist',
      path: CONSOLE_ROUTES.limsLisvalidation,
      keys: (page) => [page.getByTestId('page-title'), page.getByTestId('worksheet-search')],
      ready: async (page) => {
        await page
          .locator('[data-testid="worksheet-count"]')
          .filter({ hasText: /^[1-9]/ })
          .waitFor({ timeout: 30_000 });
      },
    },
    {
      name: 'test-reporting',
      who: 'pathologist',
      path: CONSOLE_ROUTES.limsTestreporting,
      keys: (page) => [page.getByTestId('page-title'), page.getByTestId('report-generate')],
    },
    { name: 'users', who: 'admin', path: CONSOLE_ROUTES.users, keys: (page) => [page.getByTestId('page-title')] },
    { name: 'centres', who: 'admin', path: CONSOLE_ROUTES.centers, keys: (page) => [page.getByTestId('page-title')] },
    { name: 'groups', who: 'admin', path: CONSOLE_ROUTES.groups, keys: (page) => [page.getByTestId('page-title')] },
  ];

  for (const size of SIZES) {
    it(`${size.name} (${size.width} × ${size.height}): no sideways scroll, key controls whole, axe clean`, async () => {
      const findings: AxeFinding[] = [];
      const problems: string[] = [];
      const byUser = new Map<EveryRoleUser, Screen[]>();
      for (const screen of screens()) byUser.set(screen.who, [...(byUser.get(screen.who) ?? []), screen]);
      for (const [who, list] of byUser) {
        const { context, page, pageErrors } = await openConsole(browser(), size);
        try {
          await new LoginPage(page).login(tenant().login(who), TEST_PASSWORD);
          for (const screen of list) {
            const where = `${screen.name} at ${size.width}`;
            try {
              // opened as the console's links open it: no reload of the whole console for each screen
              await navigateInApp(page, screen.path);
              await settle(page);
              await screen.ready?.(page, size);
              await settle(page);
              const wide = await page.evaluate(() => ({
                page: document.documentElement.scrollWidth,
                body: document.body.scrollWidth,
                width: window.innerWidth,
              }));
              if (Math.max(wide.page, wide.body) > wide.width)
                problems.push(
                  `${where}: the page scrolls sideways (${Math.max(wide.page, wide.body)} > ${wide.width})`,
                );
              for (const key of screen.keys(page, size)) {
                const cut = await cutBy(key);
                if (cut) problems.push(`${where}: ${key.toString()} is cut by ${cut}`);
              }
              findings.push(...(await blockingViolations(page, where)));
              await screenshot(page, `responsive-${screen.name}-${size.width}`, false);
            } catch (error) {
              // one screen's failure is reported with its name, and the others are still checked
              problems.push(`${where}: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`);
              await screenshot(page, `responsive-${screen.name}-${size.width}-failed`, false);
            }
          }
          expect(pageErrors).toEqual([]);
        } finally {
          await context.close();
        }
      }
      expect(problems).toEqual([]);
      expect(findings).toEqual([]);
    }, 420_000);
  }
});
