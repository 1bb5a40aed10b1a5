import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { chromium, type Browser } from 'playwright-core';
import { LOGGER } from '@rayworks/nest-kit';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';

/** The pages of a PDF (its page objects; Chromium writes them uncompressed). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

export interface RenderedPdf {
  pdf: Buffer;
  pages: number;
  ms: number;
}

/**
 * Prints the print document (renderReportDocument) to PDF with headless Chromium from Debian through playwright-core
 * (docs/decisions/0182-report-pdf-worker.md): one browser per worker process, launched on the first job and again if
 * it dies; a fresh context and page per job with JavaScript off and every network request refused (the document is
 * self-contained: styles inline, images as data: URLs), so a report can neither run code nor fetch anything.
 * The paper size and margins come from the document's @page rule (preferCSSPageSize).
 */
@Injectable()
export class PdfRenderer implements OnApplicationShutdown {
  private browser: Promise<Browser> | null = null;

  constructor(
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = chromium
        .launch({ executablePath: this.env.CHROMIUM_PATH, args: ['--disable-gpu', '--no-first-run'] })
        .then((browser) => {
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          });
          this.logger.info({ version: browser.version() }, 'chromium launched for report PDFs');
          return browser;
        });
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
      this.browser = launching;
    }
    return this.browser;
  }

  async render(html: string): Promise<RenderedPdf> {
    const started = performance.now();
    const browser = await this.launch();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      await context.route('**/*', (route) => route.abort());
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
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
