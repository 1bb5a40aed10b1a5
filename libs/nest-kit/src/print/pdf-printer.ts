import type { OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Browser } from 'playwright-core';
import { z } from 'zod';

/** The variables of a process that prints PDFs; `envSchema.extend(printEnvVars)` (or spread into its object). */
export const printEnvVars = {
  /** The Chromium that prints (Debian's package; deploy/local/chromium.sh installs it with fonts-dejavu-core). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
};

export interface PrintSettings {
  /** The Chromium executable (CHROMIUM_PATH). */
  chromiumPath: string;
}

/** The pages of a PDF: its page objects (Chromium writes them uncompressed). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

export interface PrintedPdf {
  pdf: Buffer;
  pages: number;
  /** How long the print took, ms (for the log and the stored row; never asserted). */
  ms: number;
}

/** How long a document may take to load (it fetches nothing, so only a huge document comes near it). */
const LOAD_TIMEOUT_MS = 30_000;

/**
 * Prints a self-contained HTML document to PDF with headless Chromium through playwright-core
 * (docs/decisions/0182-report-pdf-worker.md, 0258-print-kit.md): one browser per process, launched on the first print
 * and again if it dies; a fresh context and page per document with JavaScript off and every network request refused
 * (the document brings its styles inline and its images as data: URLs), so a document can neither run code nor fetch
 * anything. The paper size and margins come from the document's @page rule (preferCSSPageSize); backgrounds print.
 * Fonts are the system's: a document's font stack resolves to DejaVu Sans on Debian.
 *
 * Provide it in a worker with `pdfPrinterProvider(ENV_TOKEN)` (app/pdf-printer.provider.ts); Nest closes the browser at
 * shutdown.
 */
export class PdfPrinter implements OnApplicationShutdown {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly settings: PrintSettings,
    private readonly logger: Logger,
  ) {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core loads when the first document is printed, not with the kit: most processes never print
      const launching = import('playwright-core')
        .then(({ chromium }) =>
          chromium.launch({ executablePath: this.settings.chromiumPath, args: ['--disable-gpu', '--no-first-run'] }),
        )
        .then((browser) => {
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          });
          this.logger.info({ version: browser.version() }, 'chromium launched for printing PDFs');
          return browser;
        });
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
      this.browser = launching;
    }
    return this.browser;
  }

  /** The PDF of one document. Rejects when Chromium cannot start or the page does not load in time. */
  async print(html: string): Promise<PrintedPdf> {
    const started = performance.now();
    const browser = await this.launch();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      await context.route('**/*', (route) => route.abort());
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      return { pdf, pages: pdfPageCount(pdf), ms: Math.round(performance.now() - started) };
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }
}
