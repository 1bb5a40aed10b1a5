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

/** A document not stored this long after its invoice or payment changed is printed again (its job failed). */
const REQUEUE_AFTER_MS = 30_000;
/** How long the presigned URL of a stored PDF works. */
const PDF_URL_TTL_SECONDS = 300;

/** What the answer names: the document, its subject and the time its job was last started. */
interface Asked {
  document: BillingDocumentKind;
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  version: number;
  changedAt: Date;
  downloadName: string;
}

/**
 * The PDFs of invoices and receipts (docs/decisions/0259): reached through the invoice (the caller's centres, 404
 * otherwise), a 5-minute presigned GET of the stored PDF with an EXPORT audit entry, or `queued` while the worker has
 * not stored it — started again when its job should long have finished.
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
        changedAt: invoice.updatedAt,
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
        changedAt: payment.createdAt,
        downloadName: `Receipt_${invoice.number}_${payment.id.slice(0, 8)}.pdf`,
      });
    });
  }

  private async answer(tx: ChangeTx, asked: Asked): Promise<BillingDocument> {
    const { document, id, invoiceNumber, version } = asked;
    const stored = await this.documents.find(tx, document, id, version);
    if (!stored) {
      if (Date.now() - asked.changedAt.getTime() > REQUEUE_AFTER_MS)
        await tx.enqueue('billingInvoicePdf', { document, id, version });
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
