import type { Page } from 'playwright-core';

/**
 * Page objects of online payment: the public /payment page a patient opens from the link the desk sent, and the
 * local payment gateway's checkout page it sends the patient to (docs/decisions/0281, 0282).
 */
export class PaymentLinkPage {
  constructor(private readonly page: Page) {}

  /** Opens the link as the patient received it (the /payment address with its token). */
  async open(linkUrl: string): Promise<void> {
    await this.page.goto(linkUrl, { waitUntil: 'domcontentloaded' });
    await this.page
      .locator('[data-testid="payment-page"], [data-testid="payment-paid"], [data-testid="payment-unpayable"]')
      .first()
      .waitFor();
  }

  text(testId: string): Promise<string> {
    return this.page
      .getByTestId(testId)
      .innerText()
      .then((t) => t.trim());
  }

  /** What the page shows of the bill. */
  async summary(): Promise<{ amount: string; centre: string; invoice: string; patient: string }> {
    return {
      amount: await this.text('payment-amount'),
      centre: await this.text('payment-centre'),
      invoice: await this.text('payment-invoice'),
      patient: await this.text('payment-patient'),
    };
  }

  /** Presses Pay and waits for the provider's checkout page. */
  async pay(): Promise<LocalCheckoutPage> {
    await this.page.getByTestId('payment-pay').click();
    await this.page.waitForURL(/\/local-gateway\/checkout\//);
    const checkout = new LocalCheckoutPage(this.page);
    await checkout.ready();
    return checkout;
  }

  /** Back from the provider: waits until the page shows the confirmation. */
  async waitForPaid(): Promise<void> {
    await this.page.getByTestId('payment-paid').waitFor({ timeout: 30_000 });
  }

  /** The card's state: open, confirming, failed (data-state). */
  state(): Promise<string | null> {
    return this.page.getByTestId('payment-page').getAttribute('data-state');
  }
}

/** The local payment gateway's checkout page (plain HTML served by billing under /local-gateway). */
export class LocalCheckoutPage {
  constructor(private readonly page: Page) {}

  async ready(): Promise<void> {
    await this.page.getByTestId('local-checkout-pay').waitFor();
  }

  heading(): Promise<string> {
    return this.page.locator('h1').innerText();
  }

  /** Pays (or declines) and waits until the gateway has sent the patient back to the /payment page. */
  async complete(result: 'pay' | 'decline'): Promise<void> {
    await this.page.getByTestId(result === 'pay' ? 'local-checkout-pay' : 'local-checkout-decline').click();
    await this.page.waitForURL(/\/payment\?token=.+&attempt=/);
  }
}
