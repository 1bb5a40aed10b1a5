import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BILLING_API,
  CONSOLE_ROUTES,
  LAB_TEST_MESSAGES,
  LAB_UPLOAD_COLUMNS,
  PARAMETER_MESSAGES,
  routeTo,
} from '@rayworks/contracts';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

const measurementsCsv = (rows: Record<string, string>[]) =>
  [
    LAB_UPLOAD_COLUMNS.measurements.join(','),
    ...rows.map((r) => LAB_UPLOAD_COLUMNS.measurements.map((c) => r[c] ?? '').join(',')),
  ].join('\n');

/**
 * The laboratory's catalogue in the console against the real lims service (issue 23 slice 2): the admin defines a
 * LAB test's laboratory side on its edit screen (sub-department, container, parameters with ranges, a calculated
 * LDL), sees it on the view screen as version 1, changes a range (version 2), then uploads a measurements file —
 * a bad one is refused naming its row and changes nothing — and finds the parameters on /measurements.
 */
describe('the lab test catalogue', () => {
  const tenant = useTenant('labcat');
  const browser = useBrowser();
  let page: Page;
  let shell: Shell;
  let pageErrors: string[];
  let close: () => Promise<void>;
  let testId = '';

  const field = (testid: string) => page.getByTestId(testid);
  const choose = async (testid: string, option: string) => {
    await field(testid).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    testId = (
      await admin.call(BILLING_API.createTest, {
        code: 'LIPID',
        name: 'Lipid Profile',
        kind: 'LAB',
        sampleType: 'Serum',
      })
    )._id;
    await admin.logout();
    const opened = await openConsole(browser());
    page = opened.page;
    pageErrors = opened.pageErrors;
    close = () => opened.context.close();
    await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
    shell = new Shell(page);
    await shell.waitUntilReady();
  }, 120_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await close?.();
  });

  it('defines the lab side of a LAB test on its edit screen: parameters, ranges, a formula; version 1 on its page', async () => {
    await page.goto(url(routeTo(CONSOLE_ROUTES.testsView, { id: testId })));
    await field('lab-undefined').waitFor();
    await page.goto(url(routeTo(CONSOLE_ROUTES.testsEdit, { id: testId })));
    await field('lab-definition-form').waitFor();
    await choose('lab-subdepartment', 'Biochemistry (BIOC)');
    await choose('lab-container', 'Gold / yellow top (SST gel)');
    await field('lab-method').fill('Enzymatic');
    await field('lab-loinc').fill('57698-3');

    // first parameter, typed from the keyboard: code, Tab, name
    await field('parameter-0-code').fill('TCHOL');
    await field('parameter-0-code').press('Tab');
    await page.keyboard.type('Total Cholesterol');
    await field('parameter-0-range-0-high').fill('200');
    // a second parameter gets the focus on its code
    await field('lab-add-parameter').click();
    await page.keyboard.type('HDL');
    await field('parameter-1-name').fill('HDL Cholesterol');
    await field('parameter-1-range-0-low').fill('40');
    await field('lab-add-parameter').click();
    await page.keyboard.type('LDL');
    await field('parameter-2-name').fill('LDL Cholesterol');
    await field('parameter-2-formula').fill('TCHOL - HDL -');
    expect(await page.getByText(/Cannot be read/).count()).toBe(1);
    await field('parameter-2-formula').fill('TCHOL - HDL - 30');
    await field('parameter-2-range-0-high').fill('100');

    // a range whose low is above its high is named before anything is sent
    await field('parameter-1-range-0-low').fill('60');
    await field('parameter-1-add-range').click();
    await field('parameter-1-range-1-low').fill('90');
    await field('parameter-1-range-1-high').fill('50');
    await screenshot(page, 'lab-catalogue-edit-desktop');
    await field('lab-definition-form-submit').click();
    await expect(field('lab-definition-problems').textContent()).resolves.toContain(PARAMETER_MESSAGES.lowAboveHigh);
    await page.getByRole('button', { name: 'Remove range 2 of HDL' }).click();
    await field('lab-definition-form-submit').click();

    await shell.waitForToast(LAB_TEST_MESSAGES.created);
    await field('lab-parameters').waitFor();
    await expect(field('lab-version').textContent()).resolves.toMatch(/^1 · /);
    const table = (await field('lab-parameters').textContent()) ?? '';
    expect(table).toContain('TCHOL');
    expect(table).toContain('= TCHOL - HDL - 30');
    await expect(field('lab-container-value').textContent()).resolves.toBe('Gold / yellow top (SST gel)');
    await screenshot(page, 'lab-catalogue-view-desktop');
    await expectAccessible(page, 'lab test view');
  });

  it('saves a changed range as version 2', async () => {
    await page.goto(url(routeTo(CONSOLE_ROUTES.testsEdit, { id: testId })));
    await field('parameter-0-range-0-high').fill('190');
    await field('lab-definition-form-submit').click();
    await shell.waitForToast(LAB_TEST_MESSAGES.updated);
    await field('lab-parameters').waitFor();
    await expect(field('lab-version').textContent()).resolves.toMatch(/^2 · /);
  });

  it('uploads a measurements file all or nothing, naming a bad row, then lists the parameters', async () => {
    await page.goto(url(CONSOLE_ROUTES.measurementsUpload));
    const good = [
      {
        testCode: 'LIPID',
        parameterCode: 'TCHOL',
        parameterName: 'Total Cholesterol',
        type: 'Numeric',
        unit: 'mg/dL',
        high: '200',
      },
      {
        testCode: 'LIPID',
        parameterCode: 'TG',
        parameterName: 'Triglycerides',
        type: 'Numeric',
        unit: 'mg/dL',
        high: '150',
      },
    ];
    const bad = [
      ...good,
      { testCode: 'LIPID', parameterCode: 'HDL', parameterName: 'HDL', type: 'Numeric', low: '60', high: '40' },
    ];
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(measurementsCsv(bad)),
    });
    await field('upload-submit').click();
    await expect(field('upload-errors').textContent()).resolves.toContain(
      `row 4: high: ${PARAMETER_MESSAGES.lowAboveHigh}`,
    );
    await screenshot(page, 'lab-catalogue-upload-errors-desktop');
    await expectAccessible(page, 'measurements upload with errors');

    await page.locator('input[type="file"]').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(measurementsCsv(good)),
    });
    await field('upload-submit').click();
    await expect(field('upload-result').textContent()).resolves.toContain(LAB_TEST_MESSAGES.uploaded(1, 1));

    await page.goto(url(CONSOLE_ROUTES.measurements));
    await page.getByText('Triglycerides').waitFor();
    await screenshot(page, 'lab-catalogue-measurements-desktop');
    await expectAccessible(page, 'measurements');

    await page.goto(url(routeTo(CONSOLE_ROUTES.testsView, { id: testId })));
    await expect(field('lab-version').textContent()).resolves.toMatch(/^3 · /);
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(routeTo(CONSOLE_ROUTES.testsEdit, { id: testId })));
    await field('lab-definition-form').waitFor();
    await screenshot(page, 'lab-catalogue-edit-phone');
    await expectAccessible(page, 'lab test edit (phone)');
    await page.goto(url(routeTo(CONSOLE_ROUTES.testsView, { id: testId })));
    await field('lab-parameters').waitFor();
    await screenshot(page, 'lab-catalogue-view-phone');
    await page.goto(url(CONSOLE_ROUTES.testsUpload));
    await field('upload-template').waitFor();
    await screenshot(page, 'lab-catalogue-upload-phone');
    await expectAccessible(page, 'tests upload (phone)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
