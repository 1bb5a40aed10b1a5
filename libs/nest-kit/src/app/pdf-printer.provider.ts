import type { FactoryProvider } from '@nestjs/common';
import type { Logger } from 'pino';
import { PdfPrinter } from '../print/pdf-printer.js';
import { LOGGER } from './tokens.js';

/**
 * The PdfPrinter of a process whose env (under `envToken`) has printEnvVars, logging with the kit's logger:
 * `providers: [pdfPrinterProvider(ITS_ENV)]` in a worker's module (docs/decisions/0258).
 */
export const pdfPrinterProvider = (envToken: symbol): FactoryProvider<PdfPrinter> => ({
  provide: PdfPrinter,
  useFactory: (env: { CHROMIUM_PATH: string }, logger: Logger) =>
    new PdfPrinter({ chromiumPath: env.CHROMIUM_PATH }, logger),
  inject: [envToken, LOGGER],
});
