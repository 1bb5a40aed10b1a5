import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_API,
  BILLING_MESSAGES,
  BILLING_API,
  DAY_END_MESSAGES,
  DEFAULT_CENTRE_TIME_ZONE,
  LEDGER_REFUSALS,
  type PatientInvoice,
} from '@rayworks/contracts';
import { AMOUNT_REQUIRED_MESSAGE } from '@rayworks/validation';
import { eventually } from '@rayworks/testing';
import type { Page } from 'playwright-core';
import { DayEndPage, InvoiceDetailsPage, InvoicesListPage, waitOrExplain } from '../pom/FinancePages';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

const rupees = (n: number) => n * 100;

/**
 * The front desk's money in the console against the real billing service (issue 22): the receptionist of a tenant
 * of the spec's own finds a visit's invoice, sees the price each line was billed at, takes part of it (the dialog
 * refusing what the ledger would), is told clearly when the invoice changed under her (a stale version) and reads it
 * again, prints the receipt, and closes the day counting blind — short by ₹50, which the closing shows; the centre's
 * administrator then sees the closed day with its figures.
 */
describe('the desk takes part of an invoice and closes the day short', () => {
  const tenant = useTenant('finance');
  const browser = useBrowser();
  let admin: ApiSession;
  let invoice: PatientInvoice;
  let page: Page;
  let pageErrors: string[];
  let closeDesk: () => Promise<void>;
  const stamp = Date.now().toString().slice(-6);

  beforeAll(async () => {
    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const c1 = tenant().centres.c1!;
    // billing learns the company's centres from auth's events
    await eventually(
      () =>
        admin.call(BILLING_API.getBillingSettings, { centreId: c1 }).then(
          () => true,
          () => false,
        ),
      (known) => known,
      { what: 'billing knows the desk’s centre', timeoutMs: 60_000 },
    );
    // no night window: every line of today's visit is at its normal price, whatever the hour
    await admin.call(BILLING_API.updateBillingSettings, {
      centreId: c1,
      timeZone: DEFAULT_CENTRE_TIME_ZONE,
      nightWindow: null,
    });
    await admin.call(BILLING_API.createTest, {
      code: 'CTHEAD',
      name: 'CT Head Plain',
      kind: 'RADIOLOGY',
      modality: 'CT',
      bodyPart: 'HEAD',
    });
    await admin.call(BILLING_API.createTest, {
      code: 'CBC',
      name: 'Complete Blood Count',
      kind: 'LAB',
      sampleType: 'Blood',
    });
    const card = await admin.call(BILLING_API.createRateCard, {
      name: `Walk-in ${stamp}`,
      validFrom: '2020-01-01',
      prices: [
        { testCode: 'CTHEAD', price: '2000', holidayPrice: '2500', nightPrice: '3000', processingFee: '100' },
        { testCode: 'CBC', price: '300', holidayPrice: '400', nightPrice: '450', processingFee: '0' },
      ],
    });
    await admin.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c1] });
    const patient = await admin.call(BILLING_API.createPatient, {
      centreId: c1,
      patientName: `Meera Iyer ${stamp}`,
      gender: 'Female',
      dateOfBirth: '1990-02-14',
      phoneNumber: `93${stamp}44`,
    });
    const registered = await admin.call(BILLING_API.createRegistration, {
      centreId: c1,
      patientId: patient._id,
      items: [{ testCode: 'CTHEAD' }, { testCode: 'CBC' }],
      requestKey: randomUUID(),
    });
    invoice = registered.invoice;
    expect(invoice).toMatchObject({ totalMinor: rupees(2300), paidMinor: 0, status: 'UNPAID' });

    const opened = await openConsole(browser());
    page = opened.page;
    pageErrors = opened.pageErrors;
    closeDesk = () => opened.context.close();
    await new LoginPage(page).login(tenant().login('reception'), TEST_PASSWORD);
    await new Shell(page).waitUntilReady();
  }, 180_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await closeDesk?.();
    await admin?.logout();
  });

  it('shows Finance with Invoices and Day End in the desk’s menu, and finds the visit’s invoice by its number', async () => {
    const menu = await new Shell(page).readMenu();
    const finance = [...menu.items, ...menu.more].find((i) => i.id === 'finance');
    expect(finance?.subItems.map((s) => s.link)).toEqual(['/invoices', '/dayend']);

    const list = new InvoicesListPage(page);
    await list.open('?status=UNPAID');
    expect(await list.numbers()).toEqual([invoice.number]);
    await list.open('?status=PAID');
    expect(await list.rows().count()).toBe(0);
    await list.open();
    await list.search(invoice.number.slice(0, invoice.number.lastIndexOf('/') + 1));
    expect(await list.numbers()).toEqual([invoice.number]);
    await screenshot(page, 'finance-invoices-list');
    await expectAccessible(page, '/invoices (desk)');
    await list.rows().first().click();
    const details = new InvoiceDetailsPage(page);
    await details.waitFor(invoice.number);
    expect(await details.priceKinds()).toEqual(['Normal Price', 'Normal Price']);
    expect(await details.balanceMinor()).toBe(rupees(2300));
    expect(await details.status()).toBe('Unpaid');
  }, 90_000);

  it('refuses in the dialog what the ledger would, then takes ₹1,000 in cash: the balance is ₹1,300', async () => {
    const details = new InvoiceDetailsPage(page);
    await details.openPayment();
    await details.fillAmount('');
    await details.submit();
    expect(await details.fieldError('amount')).toBe(AMOUNT_REQUIRED_MESSAGE);
    await details.fillAmount('2300.01');
    await details.submit();
    expect(await details.fieldError('amount')).toBe(LEDGER_REFUSALS.beyondBalance);
    await details.fillAmount('1000');
    await details.chooseMode('Cheque');
    await details.submit();
    expect(await details.fieldError('reference')).toBe(BILLING_MESSAGES.referenceRequired('CHEQUE'));
    await screenshot(page, 'finance-payment-dialog', false);
    await expectAccessible(page, 'the payment dialog with its errors');
    await details.chooseMode('Cash');
    await details.submit();
    await new Shell(page).waitForToast(BILLING_MESSAGES.paymentReceived);
    await details.dialogClosed();
    await details.waitForBalance(rupees(1300));
    expect(await details.status()).toBe('Partly Paid');
    const billed = await admin.call(BILLING_API.getBilling, { id: invoice._id });
    expect(billed).toMatchObject({ paidMinor: rupees(1000), balanceMinor: rupees(1300) });
    expect(billed.payments.map((p) => [p.kind, p.mode, p.amountMinor])).toEqual([['PAYMENT', 'CASH', rupees(1000)]]);
  }, 60_000);

  it('says clearly when the invoice changed under the open dialog, reads it again, and then takes the payment', async () => {
    const details = new InvoiceDetailsPage(page);
    await details.openPayment();
    // another desk takes ₹100 meanwhile
    await admin.call(BILLING_API.createPayment, {
      invoiceId: invoice._id,
      amountMinor: rupees(100),
      mode: 'CASH',
      idempotencyKey: randomUUID(),
    });
    await details.fillAmount('200');
    await details.submit();
    const refusal = await details.refusal();
    expect(refusal.stale).toBe(true);
    expect(refusal.text).toContain(BILLING_MESSAGES.staleInvoice);
    await screenshot(page, 'finance-payment-stale', false);
    await expectAccessible(page, 'the payment dialog, stale');
    // nothing was recorded by the refused request
    expect((await admin.call(BILLING_API.getBilling, { id: invoice._id })).paidMinor).toBe(rupees(1100));
    await page.getByTestId('ledger-form-reread').click();
    await details.waitForBalance(rupees(1200));
    await details.submit();
    await new Shell(page).waitForToast(BILLING_MESSAGES.paymentReceived);
    await details.dialogClosed();
    await details.waitForBalance(rupees(1000));
    expect((await admin.call(BILLING_API.getBilling, { id: invoice._id })).paidMinor).toBe(rupees(1300));
    await screenshot(page, 'finance-invoice-details');
    await expectAccessible(page, '/invoices/view (desk)');
  }, 60_000);

  it('prints the first payment’s receipt: a PDF behind the link', async () => {
    const details = new InvoiceDetailsPage(page);
    const link = await details.printFirstReceipt();
    await expectAccessible(page, 'the invoice with its receipt’s link');
    expect(link).toMatch(/^https?:\/\//);
    const pdf = await fetch(link);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  }, 90_000);

  it('shows the administrator the open day and the difference a count would make, before anyone closes it', async () => {
    const opened = await openConsole(browser());
    try {
      await new LoginPage(opened.page).login(tenant().login('gca'), TEST_PASSWORD);
      const day = new DayEndPage(opened.page);
      await day.open(tenant().centres.c1!);
      expect((await opened.page.getByTestId('day-status').textContent())?.trim()).toBe('Open');
      expect(await day.minorOf('day-expected-cash')).toBe(rupees(1300));
      await opened.page.getByTestId('field-counted').fill('1250');
      const preview = opened.page.getByTestId('close-day-preview');
      await preview.getByText('Short').waitFor();
      expect(await preview.textContent()).toContain('-₹50.00');
      await screenshot(opened.page, 'finance-day-end-open');
      await expectAccessible(opened.page, '/dayend open (administrator)');
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.context.close();
    }
  }, 60_000);

  it('closes the day counting blind: ₹1,250 counted against ₹1,300 of cash is ₹50 short', async () => {
    const day = new DayEndPage(page);
    await day.open(tenant().centres.c1!);
    // a second tab of the desk, opened before the close, still shows the form
    const stale = await page.context().newPage();
    await new DayEndPage(stale).open(tenant().centres.c1!);
    await stale.getByTestId('field-counted').waitFor();
    // the desk sees what it took itself (₹1,000 + ₹200), not the centre's figures
    expect(await day.minorOf('my-cash')).toBe(rupees(1200));
    expect(await page.getByTestId('close-day-preview').count()).toBe(0);
    await day.closeWith('1250');
    await new Shell(page).waitForToast(DAY_END_MESSAGES.dayClosed);
    expect(await day.minorOf('closing-expected')).toBe(rupees(1300));
    expect(await day.minorOf('closing-difference')).toBe(-rupees(50));
    expect(await day.difference()).toBe('-₹50.00');
    expect(await day.result()).toBe('Short');
    await screenshot(page, 'finance-day-closed-desk');
    await expectAccessible(page, '/dayend closed (desk)');
    // opened again, the desk's day shows its close, not the form
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('desk-day').waitFor();
    await page.getByTestId('day-closed').waitFor();
    expect(await page.getByTestId('field-counted').count()).toBe(0);
    expect(await day.minorOf('closing-difference')).toBe(-rupees(50));
    // a second close from the tab opened before is refused with the service's words, naming who closed it
    await stale.getByTestId('field-counted').fill('1300');
    await stale.getByTestId('close-day-submit').click();
    await stale.getByTestId('close-day-confirm').click();
    const refused = stale.getByTestId('close-day-refusal');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      `is already closed at this centre (by ${tenant().login('reception')})`,
    );
    await stale.close();
  }, 60_000);

  it('shows the centre’s administrator the closed day with its collection and difference, on a desktop and a phone', async () => {
    for (const size of [
      { width: 1440, height: 900, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      const opened = await openConsole(browser(), size);
      try {
        await new LoginPage(opened.page).login(tenant().login('gca'), TEST_PASSWORD);
        const day = new DayEndPage(opened.page);
        await day.open(tenant().centres.c1!);
        await opened.page.getByTestId('day-closed').waitFor();
        expect(await day.minorOf('day-collection')).toBe(rupees(1300));
        expect(await day.minorOf('day-expected-cash')).toBe(rupees(1300));
        expect(await day.minorOf('closing-difference')).toBe(-rupees(50));
        expect(await day.minorOf('day-outstanding')).toBe(rupees(1000));
        expect((await opened.page.getByTestId('day-status').textContent())?.trim()).toBe('Closed');
        await screenshot(opened.page, `finance-day-end-${size.name}`);
        // the whole page on the desktop (a phone's top bar shows initials its menu button's name lacks: the shell's)
        if (size.name === 'desktop') await expectAccessible(opened.page, '/dayend closed');
        await opened.page.goto(url(`/invoices/view/${invoice._id}`), { waitUntil: 'domcontentloaded' });
        await new InvoiceDetailsPage(opened.page).waitFor(invoice.number);
        await screenshot(opened.page, `finance-invoice-${size.name}`);
        if (size.name === 'desktop') await expectAccessible(opened.page, '/invoices/view');
        if (size.name === 'desktop') {
          await opened.page.goto(url('/dashboards'), { waitUntil: 'domcontentloaded' });
          await opened.page.getByTestId('finance-dashboard').waitFor();
          await opened.page.getByTestId('finance-collection').waitFor({ timeout: 20_000 });
          expect(await day.minorOf('finance-collection')).toBe(rupees(1300));
          expect(await day.minorOf('finance-revenue')).toBe(rupees(2300));
          expect(await day.minorOf('finance-outstanding')).toBe(rupees(1000));
          await screenshot(opened.page, 'finance-dashboard');
          await expectAccessible(opened.page, '/dashboards with finance');
        }
        expect(opened.pageErrors).toEqual([]);
      } finally {
        await opened.context.close();
      }
    }
  }, 120_000);

  it('shows what the centre is owed by age, and a referral’s commission on its visit', async () => {
    const c1 = tenant().centres.c1!;
    const referral = await admin.call(AUTH_API.createReferral, {
      name: `Dr Rao ${stamp}`,
      providerType: 'External',
      commissionBasisPoints: 1000,
    });
    // a referred visit (billing learns the referral from auth's events): ₹300, unpaid
    const requestKey = randomUUID();
    const referred = await eventually(
      () =>
        admin
          .call(BILLING_API.createRegistration, {
            centreId: c1,
            patientId: invoice.patient.id,
            referralId: referral._id,
            items: [{ testCode: 'CBC' }],
            requestKey,
          })
          .catch(() => null),
      (r) => r !== null,
      { what: 'billing knows the referral', timeoutMs: 60_000, intervalMs: 1000 },
    );
    const opened = await openConsole(browser());
    try {
      await new LoginPage(opened.page).login(tenant().login('gca'), TEST_PASSWORD);
      await opened.page.goto(url(`/outstanding?centre=${c1}`), { waitUntil: 'domcontentloaded' });
      const day = new DayEndPage(opened.page);
      await waitOrExplain(opened.page, opened.page.getByTestId('outstanding-total'));
      expect(await day.minorOf('outstanding-total')).toBe(rupees(1300));
      await opened.page
        .locator('[data-testid="list-outstanding-table"]:not([data-fetching])')
        .waitFor({ timeout: 20_000 });
      expect(await opened.page.getByTestId('list-outstanding-row').count()).toBe(2);
      await screenshot(opened.page, 'finance-outstanding');
      await expectAccessible(opened.page, '/outstanding');

      const today = referred!.invoice.issuedOn;
      await opened.page.goto(url(`/commission?referral=${referral._id}&from=${today}&to=${today}`), {
        waitUntil: 'domcontentloaded',
      });
      await waitOrExplain(opened.page, opened.page.getByTestId('commission-statement'));
      expect(await day.minorOf('commission-total')).toBe(rupees(30));
      expect(await opened.page.getByTestId('commission-visits').locator('tbody tr').count()).toBe(1);
      await screenshot(opened.page, 'finance-commission');
      await expectAccessible(opened.page, '/commission');
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.context.close();
    }
  }, 120_000);
});
