import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING_API, PAYMENT_PAGE_TEXT } from '@rayworks/contracts';
import { eventually } from '@rayworks/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { PaymentLinkPage } from '../pom/PaymentPages';
import { ApiSession } from '../requests/auth-api';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * A patient pays a bill online on a phone (issue 22, docs/decisions/0281–0284): the desk of a tenant of the spec's own
 * makes a payment link for an invoice; the patient opens /payment?token=… at 390 × 844 without logging in, sees the
 * centre, the invoice, their first name and the amount, pays on the local payment gateway the stack runs, comes back
 * and sees the confirmation once the gateway's signed webhook has recorded the payment.
 */
describe('online payment on the public /payment page', () => {
  const tenant = useTenant('payment');
  const browser = useBrowser();
  let desk: ApiSession;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  const stamp = Date.now().toString().slice(-6);
  let patientId = '';

  /** A visit with an unpaid invoice of ₹1,500 and a link for it: the address the patient gets. */
  async function linkForNewInvoice(): Promise<{ url: string; invoiceId: string; invoiceNumber: string }> {
    const { invoice } = await desk.call(BILLING_API.createRegistration, {
      centreId: tenant().centres.c1!,
      patientId,
      requestKey: randomUUID(),
      items: [{ testCode: 'XRCH' }],
    });
    const { url: linkUrl } = await desk.call(BILLING_API.createPaymentLink, {
      invoiceId: invoice._id,
      validForHours: 24,
    });
    return { url: linkUrl, invoiceId: invoice._id, invoiceNumber: invoice.number };
  }

  beforeAll(async () => {
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const c1 = tenant().centres.c1!;
    // billing learns the company's centres from auth's events
    await eventually(
      () =>
        admin.call(BILLING_API.getBillingSettings, { centreId: c1 }).then(
          () => true,
          () => false,
        ),
      (known) => known,
      { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
    );
    await admin.call(BILLING_API.createTest, {
      code: 'XRCH',
      name: 'X-Ray Chest PA',
      kind: 'RADIOLOGY',
      modality: 'DX',
      bodyPart: 'CHEST',
    });
    const card = await admin.call(BILLING_API.createRateCard, {
      name: `Walk-in ${stamp}`,
      validFrom: '2020-01-01',
      prices: [{ testCode: 'XRCH', price: '1500', holidayPrice: '1500', nightPrice: '1500', processingFee: '0' }],
    });
    await admin.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c1] });
    await admin.logout();
    desk = await ApiSession.login(tenant().login('reception'), TEST_PASSWORD);
    const patient = await desk.call(BILLING_API.createPatient, {
      centreId: c1,
      patientName: `Asha Rao ${stamp}`,
      gender: 'Female',
      dateOfBirth: '1988-04-02',
      phoneNumber: `97${stamp}22`,
    });
    patientId = patient._id;
    // a phone, and no login: the patient's own browser
    const opened = await openConsole(browser(), { width: 390, height: 844 });
    ({ context, page, pageErrors } = opened);
  }, 120_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await context?.close();
    await desk?.logout();
  });

  it('shows the bill, pays it on the local gateway and confirms it once the webhook recorded it', async () => {
    const link = await linkForNewInvoice();
    const payment = new PaymentLinkPage(page);
    await payment.open(link.url);
    expect(await payment.summary()).toEqual({
      amount: '₹1,500.00',
      centre: tenant().centreName('c1'),
      invoice: link.invoiceNumber,
      patient: 'Asha',
    });
    expect(await payment.text('payment-pay')).toBe(PAYMENT_PAGE_TEXT.pay('₹1,500.00'));
    await expectAccessible(page, '/payment (open, phone)');
    await screenshot(page, 'payment-link-open-phone');

    const checkout = await payment.pay();
    expect(await checkout.heading()).toBe('Pay ₹1,500.00');
    await screenshot(page, 'payment-local-gateway-phone');
    await checkout.complete('pay');
    await payment.waitForPaid();
    expect(await payment.text('payment-paid-detail')).toBe(
      PAYMENT_PAGE_TEXT.paidDetail('₹1,500.00', link.invoiceNumber),
    );
    await expectAccessible(page, '/payment (paid, phone)');
    await screenshot(page, 'payment-paid-phone');

    const billing = await desk.call(BILLING_API.getBilling, { id: link.invoiceId });
    expect(billing).toMatchObject({ paidMinor: 150_000, balanceMinor: 0 });
    expect(billing.payments.map((p) => [p.mode, p.amountMinor])).toEqual([['ONLINE', 150_000]]);
    // the link opened again later still says it was paid
    await payment.open(link.url);
    await page.getByTestId('payment-paid').waitFor();
  });

  it('says so when the payment is declined, and lets the patient try again', async () => {
    const link = await linkForNewInvoice();
    const payment = new PaymentLinkPage(page);
    await payment.open(link.url);
    const checkout = await payment.pay();
    await checkout.complete('decline');
    await page.getByTestId('payment-failed').waitFor({ timeout: 30_000 });
    expect(await payment.text('payment-failed')).toContain(PAYMENT_PAGE_TEXT.failed);
    expect(await payment.state()).toBe('failed');
    await expectAccessible(page, '/payment (declined, phone)');
    await screenshot(page, 'payment-declined-phone');
    // nothing was taken, and Pay is there again
    expect((await desk.call(BILLING_API.getBilling, { id: link.invoiceId })).paidMinor).toBe(0);
    const again = await payment.pay();
    await again.complete('pay');
    await payment.waitForPaid();
  });

  it('says a link is not valid when its token is not one', async () => {
    await page.goto(url('/payment?token=AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    await page.getByTestId('payment-unpayable').waitFor();
    expect(await page.getByTestId('payment-unpayable').getAttribute('data-state')).toBe('notValid');
    expect(await page.getByTestId('payment-unpayable').innerText()).toContain(PAYMENT_PAGE_TEXT.notValid);
    await screenshot(page, 'payment-not-valid-phone');
  });
});
