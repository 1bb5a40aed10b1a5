import type { Locator, Page } from 'playwright-core';

/**
 * The report's inline PDF preview (decision 0345): the editor's `report-pdf` button opens the `report-pdf-preview`
 * dialog, whose `report-pdf-frame` shows the PDF from a same-origin blob; `report-pdf-download` saves the same blob.
 */
export class ReportPdfPreview {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Report PDF' });
  }

  frame(): Locator {
    return this.page.getByTestId('report-pdf-frame');
  }

  /** The bytes of the PDF the frame shows, as the console received them from /report/pdf (set by `open`). */
  pdf: Buffer | null = null;

  /** Clicks the editor's PDF button and waits for the frame; keeps the bytes /report/pdf answered. */
  async open(scope: Locator, timeout = 90_000): Promise<void> {
    const answered = this.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/report/pdf'), { timeout });
    await scope.getByTestId('report-pdf').click();
    const response = await answered;
    if (response.status() !== 200) throw new Error(`/report/pdf answered ${response.status()}`);
    this.pdf = await response.body();
    await this.frame().waitFor({ timeout });
  }

  /** The frame's address (a blob: URL of the console's origin). */
  async source(): Promise<string> {
    return (await this.frame().getAttribute('src')) ?? '';
  }

  /** The bytes the frame shows. */
  bytes(): Buffer {
    if (!this.pdf) throw new Error('open the preview first');
    return this.pdf;
  }

  async close(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Close the PDF' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
