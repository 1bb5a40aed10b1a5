import type { Locator, Page } from 'playwright-core';
import { url } from '../support/browser';

/** /samplecollection: the samples to collect, their labels and the collection dialog. */
export class SampleCollectionPage {
  constructor(private readonly page: Page) {}

  async open(search?: string): Promise<void> {
    await this.page.goto(url(`/samplecollection${search ? `?q=${encodeURIComponent(search)}` : ''}`), {
      waitUntil: 'domcontentloaded',
    });
    await this.page.getByTestId('list-samples').waitFor();
  }

  /** The list's row of a barcode. */
  row(barcode: string): Locator {
    return this.page.getByTestId('list-samples-row').filter({ hasText: barcode });
  }

  /** The barcodes the list shows, in its order. */
  async barcodes(): Promise<string[]> {
    await this.page.getByTestId('list-samples-row').first().waitFor();
    return (await this.page.getByTestId('sample-barcode').allTextContents()).map((t) => t.trim());
  }

  /**
   * Prints a row's label and answers the printable page it handed to the browser (the hidden frame's document, read
   * as it is added — the frame goes once the print dialog closes).
   */
  async printLabel(barcode: string): Promise<string> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __labels: string[] };
      w.__labels = [];
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLIFrameElement && node.dataset.testid === 'label-print-frame')
              w.__labels.push(node.srcdoc);
      }).observe(document.body, { childList: true });
    });
    await this.row(barcode).getByTestId('print-label').click();
    await this.page.waitForFunction(() => (window as unknown as { __labels: string[] }).__labels.length > 0);
    return this.page.evaluate(() => (window as unknown as { __labels: string[] }).__labels[0]!);
  }

  /** Collects a row's sample: at home or the centre, by someone else when named. */
  async collect(barcode: string, place: 'Centre' | 'Home Collection', collector?: string): Promise<void> {
    await this.row(barcode).getByTestId('collect-sample').click();
    await this.page.getByTestId('collect-place').getByText(place, { exact: true }).click();
    if (collector) await this.page.getByTestId('collect-collector').fill(collector);
    await this.page.getByTestId('collect-submit').click();
    await this.page.getByTestId('collect-submit').waitFor({ state: 'detached' });
  }

  /** The live notices of rejected samples shown above the screen (their barcodes). */
  notice(barcode: string): Locator {
    return this.page.locator(`[data-testid="sample-rejected-notice"][data-barcode="${barcode}"]`);
  }
}

/** /lims/sampleaccession: scan, accept, reject. */
export class SampleAccessionPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(url('/lims/sampleaccession'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('accession-barcode').waitFor();
  }

  /** Scans as a keyboard-wedge scanner does: the code typed into the focused field, then Enter. */
  async scan(barcode: string): Promise<void> {
    await this.page.getByTestId('accession-barcode').focus();
    await this.page.keyboard.type(barcode);
    await this.page.keyboard.press('Enter');
  }

  /** Waits for the scanned sample's card and answers its status. */
  async scannedStatus(barcode: string): Promise<string> {
    const summary = this.page.locator(`[data-testid="sample-summary"][data-barcode="${barcode}"]`);
    await summary.waitFor();
    return (await summary.getByTestId('sample-status').getAttribute('data-status')) ?? '';
  }

  async accept(): Promise<void> {
    await this.page.getByTestId('accession-accept').click();
  }

  async reject(reason: string, note?: string): Promise<void> {
    await this.page.getByTestId('accession-reason').click();
    await this.page.getByRole('option', { name: reason, exact: true }).click();
    if (note) await this.page.getByTestId('accession-note').fill(note);
    await this.page.getByTestId('accession-reject').click();
  }

  async error(): Promise<string> {
    const alert = this.page.getByTestId('accession-error');
    await alert.waitFor();
    return (await alert.innerText()).trim();
  }

  /** Whether the scan field has the focus again (the next tube can be scanned at once). */
  scanFieldFocused(): Promise<boolean> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'accession-barcode');
  }

  actionsShown(): Promise<boolean> {
    return this.page.getByTestId('accession-accept').isVisible();
  }
}
