import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CONSOLE_ROUTES,
  LIMS_API,
  MANIFEST_STATUS_LABELS,
  OUTSOURCING_MESSAGES,
  type Sample,
} from '@rayworks/contracts';
import { eventually } from '@rayworks/testing';
import type { Page } from 'playwright-core';
import { LisValidationPage } from '../pom/LisValidationPage';
import { LoginPage } from '../pom/LoginPage';
import { OutsourcingPage } from '../pom/OutsourcingPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { acceptedLabVisit, seedLabTests } from '../requests/lab-seed';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Outsourcing in the console against the running system (issue 23, docs/decisions/0312, 0313), on a lab company of its
 * own: a Vitamin D visit at c2, its sample accepted through the API. The admin adds an outsourcing lab that performs
 * VITD on /outsourcing-lab, puts the sample on a new manifest, prints its sheet (barcode, MR number, test), dispatches
 * it with the courier and marks it received; the pathologist's result (typed through the API) completes it, which the
 * console shows. On a desktop and on a phone, axe-checked.
 */
describe('outsourcing lab and manifests', () => {
  const tenant = useTenant('outsrc');
  const browser = useBrowser();
  const stamp = Date.now().toString().slice(-6);
  const labName = `Metro Reference ${stamp}`;
  let admin: ApiSession;
  let pathologist: ApiSession;
  let sample: Sample;
  let mrNumber: string;
  let page: Page;
  let shell: Shell;
  let outsourcing: OutsourcingPage;
  let pageErrors: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    pathologist = await ApiSession.login(tenant().login('pathologist'), TEST_PASSWORD);
    const c2 = tenant().centres.c2!;
    await seedLabTests(
      admin,
      [c2],
      [
        {
          code: 'VITD',
          name: 'Vitamin D, 25-hydroxy',
          department: 'Laboratory',
          subDepartmentCode: 'BIOC',
          subDepartmentName: 'Biochemistry',
          sampleType: 'SERUM',
          container: 'GOLD_SST',
          turnaroundHours: 72,
          method: 'CLIA',
          loincCode: '62292-8',
          parameters: [
            { code: 'VITD', name: 'Vitamin D, 25-OH', type: 'Numeric', unit: 'ng/mL', ranges: [{ low: '30' }] },
          ],
        },
      ],
    );
    const visit = await acceptedLabVisit(admin, pathologist, {
      centreId: c2,
      patient: {
        patientName: `Meera Nair ${stamp}`,
        gender: 'Female',
        dateOfBirth: '1979-03-14',
        phoneNumber: `94${stamp}11`,
      },
      testCodes: ['VITD'],
    });
    sample = visit.samples[0]!;
    mrNumber = visit.patient.mrID;
    const opened = await openConsole(browser());
    page = opened.page;
    pageErrors = opened.pageErrors;
    close = () => opened.context.close();
    await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
    shell = new Shell(page);
    await shell.waitUntilReady();
    outsourcing = new OutsourcingPage(page);
  }, 180_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await close?.();
  });

  it('adds a lab with the tests it performs, and sends the accepted sample on a printed, dispatched manifest', async () => {
    await page.goto(url(CONSOLE_ROUTES.outsourcingLab));
    await outsourcing.addLab({
      name: labName,
      code: `MR${stamp}`,
      contactPerson: 'Dr. Anita Desai',
      phone: '+91 22 5555 0101',
      tests: ['VITD'],
    });
    await shell.waitForToast(OUTSOURCING_MESSAGES.lab.created);
    await page.getByTestId('list-outsourcing-labs').getByText('VITD · 72 h').waitFor();
    await screenshot(page, 'outsourcing-labs-desktop');
    await expectAccessible(page, 'outsourcing: labs');

    await outsourcing.newManifest(labName, [sample.barcode]);
    const drawer = page.getByTestId('manifest-drawer');
    await outsourcing.waitForStatus(MANIFEST_STATUS_LABELS.DRAFT);
    await expect(drawer.getByTestId(`manifest-sample-${sample.barcode}`).textContent()).resolves.toContain(mrNumber);
    const sheet = await outsourcing.printSheet();
    expect(sheet).toMatch(/<title>Manifest M\d{7}<\/title>/);
    expect(sheet).toContain(`<tr data-barcode="${sample.barcode}">`);
    expect(sheet).toContain(mrNumber);
    expect(sheet).toContain('VITD — ');

    await outsourcing.dispatch('BlueDart', `AWB ${stamp}`);
    await shell.waitForToast(OUTSOURCING_MESSAGES.dispatched);
    await outsourcing.waitForStatus(MANIFEST_STATUS_LABELS.DISPATCHED);
    await outsourcing.markReceived();
    await shell.waitForToast(OUTSOURCING_MESSAGES.received);
    await outsourcing.waitForStatus(MANIFEST_STATUS_LABELS.RECEIVED_BY_LAB);
    await screenshot(page, 'outsourcing-manifest-desktop');
    await expectAccessible(page, 'outsourcing: a manifest');
  });

  it('shows the pathologist on the worksheet where the outsourced test is performed', async () => {
    const lab = await openConsole(browser());
    try {
      await new LoginPage(lab.page).login(tenant().login('pathologist'), TEST_PASSWORD);
      await new Shell(lab.page).waitUntilReady();
      const worksheet = new LisValidationPage(lab.page);
      await worksheet.open();
      const badge = worksheet.order(sample.orders[0]!._id).getByTestId('order-performed-at');
      await expect(badge.textContent()).resolves.toBe(OUTSOURCING_MESSAGES.performedAt(labName));
      await screenshot(lab.page, 'outsourcing-worksheet-performed-at');
      expect(lab.pageErrors).toEqual([]);
    } finally {
      await lab.context.close();
    }
  });

  it('completes the manifest when the outsourced result is in, and shows it on a phone', async () => {
    const [order] = (await pathologist.call(LIMS_API.findWorksheet, { sampleId: sample._id })).items;
    await pathologist.call(LIMS_API.saveResults, {
      orderId: order!.orderId,
      version: order!.version,
      values: { VITD: '18.4' },
      validate: false,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(CONSOLE_ROUTES.outsourcingLab));
    await eventually(
      async () => (await page.getByTestId('manifest-status').first().textContent()) ?? '',
      (text) => text === MANIFEST_STATUS_LABELS.COMPLETED,
      { what: 'the manifest completed in the list', timeoutMs: 15_000, intervalMs: 500 },
    );
    await expect(page.getByTestId('manifest-progress').first().textContent()).resolves.toBe('1 of 1 results in');
    await screenshot(page, 'outsourcing-manifests-phone');
    await expectAccessible(page, 'outsourcing: manifests on a phone');
    await page
      .getByTestId('list-manifests')
      .getByRole('button')
      .filter({ hasText: /^M\d{7}$/ })
      .first()
      .click();
    await outsourcing.waitForStatus(MANIFEST_STATUS_LABELS.COMPLETED);
    await screenshot(page, 'outsourcing-manifest-phone');
    await expectAccessible(page, 'outsourcing: a completed manifest on a phone');
    await page.getByRole('button', { name: 'Close the manifest' }).click();
    await page.getByTestId('tab-labs').click();
    await page.getByTestId(`lab-edit-MR${stamp}`).click();
    await page.getByTestId('lab-test-VITD').waitFor();
    await screenshot(page, 'outsourcing-lab-drawer-phone');
    await expectAccessible(page, 'outsourcing: the lab drawer on a phone');
  });
});
