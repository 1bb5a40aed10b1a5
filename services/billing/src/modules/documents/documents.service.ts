import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  DOCUMENT_MESSAGES,
  type BillingDocument,
  type BillingDocumentKind,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, StorageService, UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { DocumentsRepository } from './documents.repository.js';

/**
 * The asks for one document start one job in this time, however often the console polls; a document still not stored
 * after it (its job failed, or waits behind a long queue) gets a new job from the next ask.
 */
const REQUEUE_AFTER_MS = 30_000;
/** How long the presigned URL of a stored PDF works. */
const PDF_URL_TTL_SECONDS = 300;

/** What the answer names: the document and its subject. */
interface Asked {
  document: BillingDocumentKind;
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  version: number;
  downloadName: string;
}

/** The deduplication id of a document's print job: the same for every ask of the document at this version. */
const printJobKey = (document: BillingDocumentKind, id: string, version: number): string =>
  `${document}-${id}-v${version}`;

/**
 * The PDFs of invoices and receipts, printed on the first ask (docs/decisions/0259): reached through the invoice (the
 * caller's centres, 404 otherwise), a 5-minute presigned GET of the stored PDF with an EXPORT audit entry, or `queued`
 * while the worker has not stored it — the ask starts its print job (one per document and version in
 * REQUEUE_AFTER_MS, however often the console asks).
 */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(DocumentsRepository) private readonly documents: DocumentsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** The invoice's PDF at its latest version. */
  invoicePdf(access: RequestAccess, invoiceId: string): Promise<BillingDocument> {
    return this.uow.change(access, async (tx) => {
      const invoice = await this.invoices.findReadable(tx, access, invoiceId);
      if (!invoice) throw new NotFoundException(BILLING_MESSAGES.invoiceNotFound);
      return this.answer(tx, {
        document: 'invoice',
        id: invoice.id,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        version: invoice.version,
        downloadName: `Invoice_${invoice.number}.pdf`,
      });
    });
  }

  /** A payment's receipt; 409 for a refund (it has none). */
  paymentReceipt(access: RequestAccess, paymentId: string): Promise<BillingDocument> {
    return this.uow.change(access, async (tx) => {
      const payment = await this.payments.byId(tx, paymentId);
      const invoice = payment && (await this.invoices.findReadable(tx, access, payment.invoiceId));
      if (!payment || !invoice) throw new NotFoundException(DOCUMENT_MESSAGES.paymentNotFound);
      if (payment.kind !== 'PAYMENT') throw new ConflictException(DOCUMENT_MESSAGES.refundHasNoReceipt);
      return this.answer(tx, {
        document: 'receipt',
        id: payment.id,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        version: 1,
        downloadName: `Receipt_${invoice.number}_${payment.id.slice(0, 8)}.pdf`,
      });
    });
  }

  private async answer(tx: ChangeTx, asked: Asked): Promise<BillingDocument> {
    const { document, id, invoiceNumber, version } = asked;
    const stored = await this.documents.find(tx, document, id, version);
    if (!stored) {
      await tx.enqueue(
        'billingInvoicePdf',
        { document, id, version },
        { deduplication: { id: printJobKey(document, id, version), ttlMs: REQUEUE_AFTER_MS } },
      );
      return { document, id, invoiceNumber, version, state: 'queued', url: null };
    }
    await tx.audit({
      action: KIT_AUDIT_ACTIONS.export,
      target: { type: 'invoice', id: asked.invoiceId },
      details: { document, id, version, pdf: stored.object_key },
    });
    const url = await this.storage.presignGet(stored.object_key, PDF_URL_TTL_SECONDS, {
      downloadName: asked.downloadName,
    });
    return { document, id, invoiceNumber, version, state: 'ready', url };
  }
}
