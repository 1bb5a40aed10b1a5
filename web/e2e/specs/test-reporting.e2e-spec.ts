import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAB_REPORT_MESSAGES, LIMS_API, PARAMETER_MESSAGES } from '@rayworks/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { TestReportingPage } from '../pom/TestReportingPage';
import { ApiSession } from '../requests/auth-api';
import { acceptedLabVisit, giveSignature, seedLabTests } from '../requests/lab-seed';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, SCREENSHOT_DIR, useBrowser } from '../support/browser';
import { waitForMail } from '../support/mail';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Test Reporting in Chromium (issue 23, docs/decisions/0309, 0310), on a lab company of its own: a fasting glucose
 * registered at centre c2, collected, accepted, validated and signed by the pathologist (with the signature of their
 * profile) through the API. The pathologist opens /lims/testreporting, finds the registration, generates the lab
 * report (the lims worker prints it; the tab opened at the click shows it), the PDF holds the value, flag, unit and
 * range; with no test chosen the spec's message answers; then sends it by e-mail and it arrives in the SMTP catcher.
 * On a desktop and on a phone, axe-checked.
 */
describe('Test Reporting', () => {
  const tenant = useTenant('labrep');
  const browser = useBrowser();
  const stamp = Date.now().toString().slice(-6);
  let admin: ApiSession;
  let pathologist: ApiSession;
  let desk: { context: BrowserContext; page: Page; pageErrors: string[] };
  let reporting: TestReportingPage;
  let shell: Shell;
  let registrationNumber = '';
  let mrNumber = '';

  beforeAll(async () => {
    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    pathologist = await ApiSession.login(tenant().login('pathologist'), TEST_PASSWORD);
    const c2 = tenant().centres.c2!;
    await Promise.all([
      giveSignature(pathologist),
      seedLabTests(
        admin,
        [c2],
        [
          {
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
          },
        ],
      ),
    ]);
    const visit = await acceptedLabVisit(admin, pathologist, {
      centreId: c2,
      patient: {
        patientName: `Meera Nair ${stamp}`,
        gender: 'Female',
        dateOfBirth: '1979-03-14',
        phoneNumber: `95${stamp}21`,
      },
      testCodes: ['GLUF'],
    });
    mrNumber = visit.patient.mrID;
    const accepted = visit.samples[0]!;
    registrationNumber = accepted.registrationNumber;
    const orderId = accepted.orders[0]!._id;
    await pathologist.call(LIMS_API.saveResults, { orderId, version: 1, values: { GLU: '126' }, validate: true });
    await pathologist.call(LIMS_API.signResults, { orderIds: [orderId] });

    desk = await openConsole(browser());
    await new LoginPage(desk.page).login(tenant().login('pathologist'), TEST_PASSWORD);
    reporting = new TestReportingPage(desk.page);
    shell = new Shell(desk.page);
  }, 240_000);

  afterAll(async () => {
    expect(desk?.pageErrors ?? []).toEqual([]);
    await desk?.context.close();
    await admin?.logout();
    await pathologist?.logout();
  });

  it('generates the lab report of the signed test: the PDF holds the value, flag, unit and range', async () => {
    await reporting.open(mrNumber);
    await reporting.row(registrationNumber).waitFor();
    expect(await reporting.test(registrationNumber, 'GLUF').isChecked()).toBe(true);
    await expectAccessible(desk.page, '/lims/testreporting');
    await screenshot(desk.page, 'test-reporting');

    // the tab opened at the click is handed the PDF's link once printed (a download: it stays blank here)
    const tab = await reporting.generate(registrationNumber);
    const href = await reporting.readyLink();
    await tab.close();
    const pdf = Buffer.from(await (await fetch(href)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const dir = path.join(SCREENSHOT_DIR, 'test-reporting-pdf');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'lab-report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text).toMatch(/Glucose, fasting 126 High mg\/dL 70 - 100/);
    expect(text).toContain('Method: Hexokinase');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);

    // with no test chosen, the spec's message
    await reporting.test(registrationNumber, 'GLUF').uncheck();
    const empty = await reporting.generate(registrationNumber);
    await shell.waitForToast(PARAMETER_MESSAGES.selectTestCode);
    await empty.close().catch(() => undefined);
    await reporting.test(registrationNumber, 'GLUF').check();
  }, 120_000);

  it('sends the lab report by e-mail: it arrives with the PDF', async () => {
    const to = `labrep-${stamp}@test.rayworks.local`;
    const since = Date.now();
    await reporting.send(registrationNumber, to, 'Meera');
    await shell.waitForToast(LAB_REPORT_MESSAGES.mailQueued);
    const mail = await waitForMail(to, /^Your lab report$/, since, 60_000);
    expect(mail.text).toContain('Hello Meera,');
    expect(mail.text).toContain(registrationNumber);
  }, 90_000);

  it('fits a phone', async () => {
    const phone = await openConsole(browser(), { width: 390, height: 844 });
    try {
      // the pathologist: the shell's user button shows only their initials on a phone, and its name must hold them
      await new LoginPage(phone.page).login(tenant().login('pathologist'), TEST_PASSWORD);
      const small = new TestReportingPage(phone.page);
      await small.open(mrNumber);
      await small.row(registrationNumber).waitFor();
      await screenshot(phone.page, 'test-reporting-phone');
      await expectAccessible(phone.page, '/lims/testreporting (phone)');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  }, 90_000);
});
