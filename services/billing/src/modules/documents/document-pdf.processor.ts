import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { JobPayload } from '@rayworks/contracts';
import {
  jobCompany,
  JobProcessors,
  LOGGER,
  PdfPrinter,
  processor,
  StorageService,
  UnitOfWork,
  type JobContext,
} from '@rayworks/nest-kit';
import { BILLING_ENV, type BillingEnv } from '../../config/env.js';
import { DocumentLoader } from './document.loader.js';
import { documentKey, DocumentsRepository } from './documents.repository.js';
import { renderInvoiceDocument } from './invoice-document.js';
import { renderReceiptDocument } from './receipt-document.js';

export type DocumentJobOutcome = 'stored' | 'already-stored' | 'stale' | 'missing' | 'refund';

/**
 * The processor of billing.invoice-pdf (docs/decisions/0259): reads the invoice (or the payment and its invoice) as
 * the system in the job's company, renders the document (renderInvoiceDocument / renderReceiptDocument), prints it
 * with the kit's PdfPrinter, stores it at billing/<tenant>/invoices/<id>/v<version>.pdf (receipts/<id>.pdf), then
 * records it in billing.documents. Idempotent: a document recorded once is done; a retry after the object was stored
 * but before the row overwrites the same key with the same document. An invoice job for a version older than the
 * invoice's is stale (the newer version's job prints it); a payment that is a refund has no receipt.
 */
@Injectable()
export class DocumentPdfProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(PdfPrinter) private readonly printer: PdfPrinter,
    @Inject(DocumentLoader) private readonly loader: DocumentLoader,
    @Inject(DocumentsRepository) private readonly documents: DocumentsRepository,
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('billingInvoicePdf', (payload, context) => this.process(payload, context), {
        concurrency: this.env.DOCUMENT_PDF_CONCURRENCY,
      }),
    );
  }

  async process(payload: JobPayload<'billingInvoicePdf'>, { meta }: JobContext): Promise<DocumentJobOutcome> {
    const scope = jobCompany('billingInvoicePdf', meta);
    const { document, id, version } = payload;
    const found = await this.uow.read(scope, async (tx) => {
      if (await this.documents.find(tx, document, id, version)) return 'already-stored' as const;
      if (document === 'receipt') {
        const receipt = await this.loader.receipt(tx, id);
        if (!receipt || receipt === 'refund') return receipt ?? ('missing' as const);
        return { invoiceId: receipt.invoiceId, html: renderReceiptDocument(receipt.view) };
      }
      const invoice = await this.loader.invoice(tx, id);
      if (!invoice) return 'missing' as const;
      if (invoice.invoice.version > version) return 'stale' as const;
      return { invoiceId: invoice.invoice.id, html: renderInvoiceDocument(invoice.view) };
    });
    if (typeof found === 'string') return this.done(payload, found);

    const printed = await this.printer.print(found.html);
    const key = documentKey(scope.tenantId, document, id, version);
    await this.storage.put(key, printed.pdf, 'application/pdf');
    const inserted = await this.uow.change(scope, (tx) =>
      this.documents.insert(tx, {
        tenantId: scope.tenantId,
        kind: document,
        subjectId: id,
        invoiceId: found.invoiceId,
        version,
        key,
        size: printed.pdf.length,
        pages: printed.pages,
        ms: printed.ms,
      }),
    );
    this.logger.info(
      { document, id, version, pages: printed.pages, bytes: printed.pdf.length, ms: printed.ms },
      'billing document PDF stored',
    );
    return inserted ? 'stored' : 'already-stored';
  }

  private done(payload: JobPayload<'billingInvoicePdf'>, outcome: DocumentJobOutcome): DocumentJobOutcome {
    this.logger.info({ ...payload, outcome }, 'billing document job: nothing to print');
    return outcome;
  }
}
