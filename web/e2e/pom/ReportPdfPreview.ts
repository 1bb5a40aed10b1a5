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

  /** Clicks the editor's PDF button and waits for the frame. */
  async open(scope: Locator, timeout = 90_000): Promise<void> {
    await scope.getByTestId('report-pdf').click();
    await this.frame().waitFor({ timeout });
  }

  /** The frame's address (a blob: URL of the console's origin). */
  async source(): Promise<string> {
    return (await this.frame().getAttribute('src')) ?? '';
  }

  /** The bytes the frame shows, read in the page from its blob. */
  async bytes(): Promise<Buffer> {
    const src = await this.source();
    const base64 = await this.page.evaluate(async (address) => {
      const buffer = new Uint8Array(await (await fetch(address)).arrayBuffer());
      let binary = '';
      for (let i = 0; i < buffer.length; i += 0x8000)
        binary += String.fromCharCode(...buffer.subarray(i, Math.min(buffer.length, i + 0x8000)));
      return btoa(binary);
    }, src);
    return Buffer.from(base64, 'base64');
  }

  async close(): Promise<void> {
    await this.dialog().getByRole('button', { name: /close/i }).first().click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
