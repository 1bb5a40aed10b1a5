import type { Locator, Page } from 'playwright-core';
import { url } from '../support/browser';

/** /lims/lisvalidation: the validation worksheet — orders' headers, value inputs, flags, the order's actions. */
export class LisValidationPage {
  constructor(private readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(url(`/lims/lisvalidation${query}`), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('worksheet').waitFor({ timeout: 15_000 });
  }

  /** From the LIMS home (/lims, where a pathologist's day starts): its LIS Validation link, as a user clicks it. */
  async openFromHome(): Promise<void> {
    await this.page.waitForURL((u) => u.pathname === '/lims', { timeout: 15_000 });
    await this.page.getByTestId('lims-home').getByRole('link', { name: 'LIS Validation' }).click();
    await this.page.waitForURL((u) => u.pathname === '/lims/lisvalidation', { timeout: 15_000 });
    await this.page.getByTestId('worksheet').waitFor({ timeout: 15_000 });
  }

  /** Waits until the worksheet shows `count` orders. */
  async waitForOrders(count: number): Promise<void> {
    await this.page.waitForFunction(
      (n) => document.querySelector('[data-testid="worksheet"]')?.getAttribute('data-orders') === String(n),
      count,
      { timeout: 20_000 },
    );
  }

  /** Scans as a keyboard-wedge scanner does: the code typed into the search field, then Enter. */
  async scan(barcode: string): Promise<void> {
    await this.page.getByTestId('worksheet-search').focus();
    await this.page.keyboard.type(barcode);
    await this.page.keyboard.press('Enter');
  }

  /** An order's header row. */
  order(orderId: string): Locator {
    return this.page.locator(`[data-testid="worksheet-order"][data-order-id="${orderId}"]`);
  }

  /** A parameter's row of an order. */
  result(orderId: string, code: string): Locator {
    return this.page.locator(`[data-testid="worksheet-result"][data-order-id="${orderId}"][data-code="${code}"]`);
  }

  /** A parameter's value input (or select) of an order. */
  value(orderId: string, code: string): Locator {
    return this.result(orderId, code).locator(`[data-cell="${orderId}:${code}"]`);
  }

  /** The flag a parameter's row shows (data-flag) and its words. */
  async flag(orderId: string, code: string): Promise<{ flag: string | null; text: string }> {
    const flag = this.result(orderId, code).getByTestId('result-flag');
    if ((await flag.count()) === 0) return { flag: null, text: '' };
    return { flag: await flag.getAttribute('data-flag'), text: (await flag.innerText()).replace(/\s+/g, ' ').trim() };
  }

  /** The cell the keyboard is in: 'orderId:code', or null. */
  focusedCell(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
  }

  /** Waits until the keyboard is in this cell. */
  async waitForFocus(orderId: string, code: string): Promise<void> {
    await this.page.waitForFunction(
      (cell) => document.activeElement?.getAttribute('data-cell') === cell,
      `${orderId}:${code}`,
      { timeout: 10_000 },
    );
  }

  /** Waits until an order's header says this status (PENDING, ENTERED, VALIDATED, SIGNED). */
  async waitForStatus(orderId: string, status: string): Promise<void> {
    await this.page
      .locator(`[data-testid="worksheet-order"][data-order-id="${orderId}"][data-status="${status}"]`)
      .waitFor({ timeout: 20_000 });
  }

  button(orderId: string, action: 'save' | 'validate' | 'sign' | 'amend' | 'history'): Locator {
    return this.order(orderId).getByTestId(`order-${action}`);
  }
}
