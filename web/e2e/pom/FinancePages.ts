import type { Locator, Page } from 'playwright-core';
import { PRINT_MESSAGES } from '../../src/shared/print/print-document';
import { url } from '../support/browser';

/** Waits for a locator; when it never shows, the error says what the page showed instead (a refusal, a loader). */
export async function waitOrExplain(page: Page, locator: Locator, timeout = 30_000): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    const shown = (
      await page
        .locator('main, body')
        .first()
        .innerText()
        .catch(() => '')
    ).replace(/\s+/g, ' ');
    throw new Error(`${(error as Error).message}\n${page.url()} showed: ${shown.slice(0, 600)}`, { cause: error });
  }
}

const text = async (page: Page, testId: string): Promise<string> =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

/** /invoices: the patient invoices list with its filters. */
export class InvoicesListPage {
  constructor(private readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(url(`/invoices${query}`), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('list-invoices').waitFor();
    await this.settled();
  }

  /** Waits until the list answers `search` with no fetch running. */
  async settled(search = ''): Promise<void> {
    await this.page
      .locator(`[data-testid="list-invoices-table"][data-search="${search}"]:not([data-fetching])`)
      .waitFor({ timeout: 30_000 });
  }

  rows() {
    return this.page.getByTestId('list-invoices-row');
  }

  async numbers(): Promise<string[]> {
    return (await this.page.getByTestId('invoice-number').allTextContents()).map((t) => t.trim());
  }

  async search(prefix: string): Promise<void> {
    const box = this.page.getByTestId('list-invoices-search');
    await box.fill(prefix);
    await this.page.waitForURL((u) => (u.searchParams.get('q') ?? '') === prefix, { timeout: 10_000 });
    await this.settled(prefix);
  }
}

/** /invoices/view/{id}: an invoice, its dialogs and printing. */
export class InvoiceDetailsPage {
  constructor(private readonly page: Page) {}

  async waitFor(number: string): Promise<void> {
    await this.page.getByTestId('page-title').filter({ hasText: number }).waitFor({ timeout: 15_000 });
  }

  /** The balance in minor units, as the page holds it. */
  async balanceMinor(): Promise<number> {
    return Number(await this.page.getByTestId('invoice-balance').getAttribute('data-minor'));
  }

  async waitForBalance(minor: number): Promise<void> {
    await this.page.locator(`[data-testid="invoice-balance"][data-minor="${minor}"]`).waitFor({ timeout: 15_000 });
  }

  status(): Promise<string> {
    return text(this.page, 'invoice-status');
  }

  async priceKinds(): Promise<string[]> {
    return (await this.page.getByTestId('invoice-line-price-kind').allTextContents()).map((t) => t.trim());
  }

  async openPayment(): Promise<void> {
    await this.page.getByTestId('invoice-take-payment').click();
    await this.page.getByTestId('ledger-form-payment').waitFor();
  }

  async fillAmount(amount: string): Promise<void> {
    await this.page.getByTestId('field-amount').fill(amount);
  }

  async chooseMode(label: string): Promise<void> {
    await this.page.getByTestId('field-mode').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('ledger-form-submit').click();
  }

  /** The message under a field of the open dialog. */
  fieldError(field: string): Promise<string> {
    return this.page.evaluate((f) => {
      const input = document.querySelector(`[data-testid="field-${f}"]`);
      return (
        input
          ?.closest('.mantine-InputWrapper-root')
          ?.querySelector('.mantine-InputWrapper-error')
          ?.textContent?.trim() ?? ''
      );
    }, field);
  }

  async refusal(): Promise<{ text: string; stale: boolean }> {
    const alert = this.page.getByTestId('ledger-form-refusal');
    await alert.waitFor({ timeout: 10_000 });
    return {
      text: ((await alert.textContent()) ?? '').trim(),
      stale: (await alert.getAttribute('data-stale')) !== null,
    };
  }

  async dialogClosed(): Promise<void> {
    await this.page.getByTestId('ledger-form-submit').waitFor({ state: 'detached', timeout: 15_000 });
  }

  /** Prints a payment's receipt (the first payment row) and answers the PDF link the page shows. */
  async printFirstReceipt(): Promise<string> {
    const link = this.page.getByTestId('print-link');
    const error = this.page.getByTestId('print-error');
    // the worker's queue is shared: while the PDF is still queued the page says so, and the desk asks again
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await this.page.getByTestId('print-receipt').first().click();
      await link.or(error).waitFor({ timeout: 60_000 });
      if (await link.isVisible()) return (await link.getAttribute('href')) ?? '';
      if (!((await error.textContent()) ?? '').includes(PRINT_MESSAGES.stillQueued)) break;
      await error.getByRole('button').click();
    }
    throw new Error(`no receipt PDF: ${(await error.textContent().catch(() => '')) ?? ''}`);
  }
}

/** /dayend: a centre's day, and its closing. */
export class DayEndPage {
  constructor(private readonly page: Page) {}

  async open(centreId: string): Promise<void> {
    await this.page.goto(url(`/dayend?centre=${centreId}`), { waitUntil: 'domcontentloaded' });
    await waitOrExplain(
      this.page,
      this.page.locator('[data-testid="day-end-report"], [data-testid="desk-day"]').first(),
    );
  }

  async closeWith(counted: string): Promise<void> {
    await this.page.getByTestId('field-counted').fill(counted);
    await this.page.getByTestId('close-day-submit').click();
    await this.page.getByTestId('close-day-confirm').click();
    await this.page.getByTestId('day-closed').waitFor({ timeout: 15_000 });
  }

  async minorOf(testId: string): Promise<number> {
    return Number(await this.page.getByTestId(testId).first().getAttribute('data-minor'));
  }

  result(): Promise<string> {
    return text(this.page, 'closing-result');
  }

  difference(): Promise<string> {
    return text(this.page, 'closing-difference');
  }
}

/** /fusioninvoices/view/{id}: a fusion invoice and the action bar the invoice machine allows. */
export class FusionInvoicePage {
  constructor(private readonly page: Page) {}

  async open(id: string): Promise<void> {
    await this.page.goto(url(`/fusioninvoices/view/${id}`), { waitUntil: 'domcontentloaded' });
    await waitOrExplain(this.page, this.page.getByTestId('fusion-action-bar'));
  }

  /** The actions the bar offers, in its order. */
  async actions(): Promise<string[]> {
    const ids = await this.page
      .getByTestId('fusion-action-bar')
      .locator('[data-testid^="fusion-action-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('fusion-action-', ''));
  }

  async waitForStatus(status: string): Promise<void> {
    await this.page
      .locator(`[data-testid="fusion-invoice-header-status"][data-status="${status}"]`)
      // in the DOM on every width (a phone shows the same status under the header)
      .waitFor({ state: 'attached', timeout: 15_000 });
  }

  async act(action: string): Promise<void> {
    await this.page.getByTestId(`fusion-action-${action}`).click();
    await this.page.getByTestId(`fusion-action-form-${action}`).waitFor();
  }

  async fill(field: 'amount' | 'text', value: string): Promise<void> {
    await this.page.getByTestId(`field-${field}`).fill(value);
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('fusion-action-submit').click();
  }

  fieldError(field: 'amount' | 'text'): Promise<string> {
    return this.page.evaluate((f) => {
      const input = document.querySelector(`[data-testid="field-${f}"]`);
      return (
        input
          ?.closest('.mantine-InputWrapper-root')
          ?.querySelector('.mantine-InputWrapper-error')
          ?.textContent?.trim() ?? ''
      );
    }, field);
  }

  async dialogClosed(): Promise<void> {
    await this.page.getByTestId('fusion-action-submit').waitFor({ state: 'detached', timeout: 15_000 });
  }

  async minorOf(testId: string): Promise<number> {
    return Number(await this.page.getByTestId(testId).first().getAttribute('data-minor'));
  }
}
