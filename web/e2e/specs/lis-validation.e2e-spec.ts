import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LIMS_API,
  PARAMETER_MESSAGES,
  REPORTING_API,
  RESULT_MESSAGES,
  RESULT_STATUSES,
  type OrderResults,
  type Sample,
} from '@rayworks/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { LisValidationPage } from '../pom/LisValidationPage';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { acceptedLabVisit, giveSignature, seedLabTests } from '../requests/lab-seed';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * The validation worksheet in Chromium (issue 23, docs/decisions/0306, 0308), on a lab company of its own: two
 * patients of centre c2 registered for a lipid profile, their samples collected and accepted through the API. The
 * pathologist opens /lims/lisvalidation, scans a sample's barcode into the search field to jump to it, types the
 * results down the column with the keyboard (Enter and the arrows; the calculated LDL is skipped and filled in), sees
 * the flags — critical high, low, high, abnormal — and a refused value before anything is saved; saves one order with
 * Ctrl+S (the other stays unsaved), meets an order saved meanwhile by someone else (409: read again); sees that the
 * centre was told of the critical value, which its group admin acknowledges in the console's banner (a second page);
 * validates, signs and amends with a reason; the
 * history keeps the signed values. On a desktop and on a phone, axe-checked.
 */
describe('LIS validation worksheet', () => {
  const tenant = useTenant('lisval');
  const browser = useBrowser();
  const stamp = Date.now().toString().slice(-6);
  let admin: ApiSession;
  let pathologist: ApiSession;
  let desk: { context: BrowserContext; page: Page; pageErrors: string[] };
  let worksheet: LisValidationPage;
  let shell: Shell;
  /** The two lipid orders, in the worksheet's order (oldest accepted first), and their samples. */
  const a = { orderId: '', barcode: '' };
  const b = { orderId: '', barcode: '' };

  const orderOf = async (orderId: string): Promise<OrderResults> =>
    (await pathologist.call(LIMS_API.findWorksheet, { orderId, status: [...RESULT_STATUSES] })).items[0]!;
  const valueOf = (o: OrderResults, code: string) => o.lines.find((l) => l.code === code)?.value ?? null;

  beforeAll(async () => {
    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    pathologist = await ApiSession.login(tenant().login('pathologist'), TEST_PASSWORD);
    const c2 = tenant().centres.c2!;
    // signing needs the pathologist's signature in their profile
    await Promise.all([
      giveSignature(pathologist),
      seedLabTests(
        admin,
        [c2],
        [
          {
            code: 'LIPID',
            name: 'Lipid Profile',
            department: 'Laboratory',
            subDepartmentCode: 'BIOC',
            subDepartmentName: 'Biochemistry',
            sampleType: 'SERUM',
            container: 'GOLD_SST',
            turnaroundHours: 6,
            method: 'Enzymatic; LDL by Friedewald',
            loincCode: null,
            parameters: [
              {
                code: 'TCHOL',
                name: 'Cholesterol, total',
                type: 'Numeric',
                unit: 'mg/dL',
                possibleMin: '20',
                possibleMax: '1000',
                criticalHigh: '500',
                ranges: [{ high: '200' }],
              },
              { code: 'HDL', name: 'HDL cholesterol', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '40' }] },
              { code: 'TG', name: 'Triglycerides', type: 'Numeric', unit: 'mg/dL', ranges: [{ high: '150' }] },
              {
                code: 'LDL',
                name: 'LDL cholesterol',
                type: 'Numeric',
                unit: 'mg/dL',
                ranges: [{ high: '100' }],
                formula: 'TCHOL - HDL - TG / 5',
              },
              {
                code: 'APPEAR',
                name: 'Serum appearance',
                type: 'Custom',
                options: [{ value: 'Clear' }, { value: 'Lipemic', abnormal: true }],
              },
            ],
          },
        ],
      ),
    ]);
    const samples: Sample[] = [];
    for (const [n, name] of ['Kavya Rao', 'Arjun Iyer'].entries()) {
      const visit = await acceptedLabVisit(admin, pathologist, {
        centreId: c2,
        patient: {
          patientName: `${name} ${stamp}`,
          gender: n === 0 ? 'Female' : 'Male',
          dateOfBirth: n === 0 ? '1984-07-09' : '1990-02-11',
          phoneNumber: `97${stamp}${n}1`,
        },
        testCodes: ['LIPID'],
      });
      samples.push(visit.samples[0]!);
    }
    Object.assign(a, { orderId: samples[0]!.orders[0]!._id, barcode: samples[0]!.barcode });
    Object.assign(b, { orderId: samples[1]!.orders[0]!._id, barcode: samples[1]!.barcode });

    desk = await openConsole(browser());
    await new LoginPage(desk.page).login(tenant().login('pathologist'), TEST_PASSWORD);
    worksheet = new LisValidationPage(desk.page);
    shell = new Shell(desk.page);
  }, 240_000);

  afterAll(async () => {
    expect(desk?.pageErrors ?? []).toEqual([]);
    await desk?.context.close();
    await admin?.logout();
    await pathologist?.logout();
  });

  it('jumps to a scanned sample and walks the column with the keyboard, judging as it is typed', async () => {
    // the pathologist landed on the LIMS home (docs/decisions/0338) and opens the worksheet from it
    await worksheet.openFromHome();
    await worksheet.waitForOrders(2);
    await expectAccessible(desk.page, '/lims/lisvalidation');

    // a keyboard-wedge scan of the second sample puts the cursor on its first value; ↑ goes back into the first order
    await worksheet.scan(b.barcode);
    await worksheet.waitForFocus(b.orderId, 'TCHOL');
    await desk.page.keyboard.press('ArrowUp');
    await worksheet.waitForFocus(a.orderId, 'APPEAR');

    await worksheet.scan(a.barcode);
    await worksheet.waitForFocus(a.orderId, 'TCHOL');
    for (const value of ['520', '35', '150']) {
      await desk.page.keyboard.type(value);
      await desk.page.keyboard.press('Enter');
    }
    // the calculated LDL is skipped: the cursor is on the choice list, where letters pick
    expect(await worksheet.focusedCell()).toBe(`${a.orderId}:APPEAR`);
    await desk.page.keyboard.type('Lip');
    await desk.page.keyboard.press('Enter');
    await worksheet.waitForFocus(b.orderId, 'TCHOL');
    await desk.page.keyboard.press('Shift+Enter');
    await worksheet.waitForFocus(a.orderId, 'APPEAR');
    expect(await worksheet.value(a.orderId, 'APPEAR').inputValue()).toBe('Lipemic');

    // flags in letters and words, and the calculated LDL (520 − 35 − 150 / 5), before anything is saved
    expect(await worksheet.flag(a.orderId, 'TCHOL')).toEqual({ flag: 'CRITICAL_HIGH', text: 'HH Critical high' });
    expect(await worksheet.flag(a.orderId, 'HDL')).toEqual({ flag: 'LOW', text: 'L Low' });
    expect(await worksheet.flag(a.orderId, 'TG')).toEqual({ flag: 'NORMAL', text: 'Normal' });
    expect(await worksheet.flag(a.orderId, 'LDL')).toEqual({ flag: 'HIGH', text: 'H High' });
    expect(await worksheet.flag(a.orderId, 'APPEAR')).toEqual({ flag: 'ABNORMAL', text: 'A Abnormal' });
    expect(await worksheet.result(a.orderId, 'LDL').getByTestId('result-calculated-value').innerText()).toBe('455');
    expect(await worksheet.order(a.orderId).getByTestId('order-critical').innerText()).toContain(
      'the referring centre is told when the results are saved',
    );
    await worksheet.order(a.orderId).getByTestId('order-unsaved').waitFor();

    // a value the parameter cannot be is refused in place, with the reason
    await worksheet.scan(b.barcode);
    await worksheet.waitForFocus(b.orderId, 'TCHOL');
    await desk.page.keyboard.type('5000');
    const refused = worksheet.result(b.orderId, 'TCHOL');
    await refused.getByText(PARAMETER_MESSAGES.outsidePossibleValue('20', '1000')).waitFor();
    expect(await worksheet.value(b.orderId, 'TCHOL').getAttribute('aria-invalid')).toBe('true');
    await desk.page.keyboard.press('Control+A');
    await desk.page.keyboard.type('180');
    await desk.page.keyboard.press('ArrowDown');
    await desk.page.keyboard.type('55');
    expect(await worksheet.value(b.orderId, 'TCHOL').getAttribute('aria-invalid')).not.toBe('true');
    await screenshot(desk.page, 'lis-validation-typed');
    await expectAccessible(desk.page, '/lims/lisvalidation (typed: flags, a refusal, a critical value)');

    // nothing reached the server yet
    expect(await orderOf(a.orderId)).toMatchObject({ status: 'PENDING', version: 1 });
  }, 90_000);

  it('saves one order with Ctrl+S (only it), and reads again an order someone else saved meanwhile', async () => {
    await worksheet.value(a.orderId, 'HDL').focus();
    await desk.page.keyboard.press('Control+S');
    await shell.waitForToast(RESULT_MESSAGES.saved);
    await worksheet.waitForStatus(a.orderId, 'ENTERED');
    const saved = await orderOf(a.orderId);
    expect(['TCHOL', 'HDL', 'TG', 'LDL', 'APPEAR'].map((c) => valueOf(saved, c))).toEqual([
      '520',
      '35',
      '150',
      '455',
      'Lipemic',
    ]);
    expect(saved.lines.find((l) => l.code === 'LDL')?.source).toBe('CALCULATED');
    expect(await orderOf(b.orderId)).toMatchObject({ status: 'PENDING', version: 1 });
    await worksheet.order(b.orderId).getByTestId('order-unsaved').waitFor();

    // someone saves the second order meanwhile: its save answers 409, and the worksheet shows theirs
    await admin.call(LIMS_API.saveResults, { orderId: b.orderId, version: 1, values: { HDL: '60' } });
    await worksheet.button(b.orderId, 'save').click();
    await shell.waitForToast(RESULT_MESSAGES.changed);
    await desk.page
      .locator(`[data-testid="worksheet-order"][data-order-id="${b.orderId}"][data-version="2"]`)
      .waitFor({ timeout: 10_000 });
    expect(await worksheet.value(b.orderId, 'HDL').inputValue()).toBe('60');
    expect(await worksheet.value(b.orderId, 'TCHOL').inputValue()).toBe('');
    expect(await worksheet.order(b.orderId).getByTestId('order-unsaved').count()).toBe(0);
  });

  it('shows that the centre was told of the critical value, then that it acknowledged', async () => {
    const notice = worksheet.order(a.orderId).getByTestId('order-critical');
    await desk.page
      .locator(`[data-testid="worksheet-order"][data-order-id="${a.orderId}"] [data-alert-status="OPEN"]`)
      .waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toContain('not acknowledged yet');

    const [alert] = (await pathologist.call(REPORTING_API.findLabCritical, { labOrderIds: [a.orderId] })).alerts;
    // the value typed on the worksheet reaches the centre's banner: its group admin acknowledges it there
    const centre = await openConsole(browser());
    try {
      await new LoginPage(centre.page).login(tenant().login('group.admin'), TEST_PASSWORD);
      await new Shell(centre.page).waitUntilReady();
      const row = centre.page.locator(`[data-testid="critical-alert"][data-alert-id="${alert!.id}"]`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getByTestId('critical-alert-value').allInnerTexts()).toContainEqual(
        expect.stringContaining('Cholesterol, total: 520 mg/dL (critical high)'),
      );
      expect(await row.getByTestId('critical-alert-worksheet').getAttribute('href')).toContain(`order=${a.orderId}`);
      await screenshot(centre.page, 'lab-typed-critical-in-centre-banner');
      await row.getByTestId('critical-acknowledge').click();
      await row.waitFor({ state: 'detached', timeout: 20_000 });
      expect(centre.pageErrors).toEqual([]);
    } finally {
      await centre.context.close();
    }
    await desk.page
      .locator(`[data-testid="worksheet-order"][data-order-id="${a.orderId}"] [data-alert-status="ACKNOWLEDGED"]`)
      .waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toContain('acknowledged by the centre');
  }, 90_000);

  it('validates; the pathologist signs, then amends with a reason, and the history keeps the signed values', async () => {
    await worksheet.button(a.orderId, 'validate').click();
    await shell.waitForToast(RESULT_MESSAGES.validated);
    await worksheet.waitForStatus(a.orderId, 'VALIDATED');
    expect(await desk.page.getByTestId('sign-all').innerText()).toContain('Sign validated (1)');
    // the person as the directory names them (first and last name), not their login (docs/decisions/0374)
    const person = `pathologist ${tenant().name}`;
    await worksheet.order(a.orderId).getByText(`Validated by ${person}, `).waitFor();
    await screenshot(desk.page, 'lis-validation-validated-by');

    await worksheet.button(a.orderId, 'sign').click();
    await shell.waitForToast(RESULT_MESSAGES.signed);
    await worksheet.waitForStatus(a.orderId, 'SIGNED');
    expect(await worksheet.value(a.orderId, 'TCHOL').isDisabled()).toBe(true);
    expect((await orderOf(a.orderId)).signed?.name).toBe(person);
    await worksheet.order(a.orderId).getByText(`Signed by ${person}, `).waitFor();

    await worksheet.button(a.orderId, 'amend').click();
    await desk.page.getByTestId('amend-submit').click();
    await desk.page.getByText(RESULT_MESSAGES.reasonRequired).waitFor();
    await desk.page.getByTestId('amend-reason').fill('Sample re-run: total cholesterol re-measured');
    await desk.page.getByTestId('amend-submit').click();
    await shell.waitForToast(RESULT_MESSAGES.amended);
    await worksheet.waitForStatus(a.orderId, 'ENTERED');
    expect(await worksheet.order(a.orderId).getByTestId('order-amendment').textContent()).toBe('Amendment 1');
    expect(await worksheet.value(a.orderId, 'TCHOL').isDisabled()).toBe(false);

    await worksheet.button(a.orderId, 'history').click();
    const entries = desk.page.getByTestId('history-entry');
    await entries.nth(1).waitFor();
    expect(await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).toEqual([
      'SIGNED',
      'ENTERED',
    ]);
    expect(await entries.nth(0).innerText()).toContain('520');
    expect(await entries.nth(1).getByTestId('history-reason').innerText()).toContain('total cholesterol re-measured');
    await screenshot(desk.page, 'lis-validation-history');
    await expectAccessible(desk.page, '/lims/lisvalidation (history)');
    await desk.page.keyboard.press('Escape');
    await screenshot(desk.page, 'lis-validation-desktop');
  }, 90_000);

  it('fits a phone and the dark scheme (the lab’s administrator)', async () => {
    const phone = await openConsole(browser(), { width: 390, height: 844 });
    try {
      await new LoginPage(phone.page).login(tenant().login('admin'), TEST_PASSWORD);
      const small = new LisValidationPage(phone.page);
      await small.open();
      await small.waitForOrders(2);
      expect(await small.flag(a.orderId, 'TCHOL')).toEqual({ flag: 'CRITICAL_HIGH', text: 'HH Critical high' });
      await screenshot(phone.page, 'lis-validation-phone');
      await expectAccessible(phone.page, '/lims/lisvalidation (phone)');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
    // and in the dark scheme, with the flags and the critical notice shown
    const dark = await openConsole(browser(), { colorScheme: 'dark' });
    try {
      await new LoginPage(dark.page).login(tenant().login('admin'), TEST_PASSWORD);
      const sheet = new LisValidationPage(dark.page);
      await sheet.open();
      await sheet.waitForOrders(2);
      await screenshot(dark.page, 'lis-validation-dark');
      await expectAccessible(dark.page, '/lims/lisvalidation (dark)');
      expect(dark.pageErrors).toEqual([]);
    } finally {
      await dark.context.close();
    }
  }, 90_000);
});
