import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { BILLING_DOCUMENT_KINDS, type BillingDocumentKind } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const documentRow = z.object({
  kind: z.enum(BILLING_DOCUMENT_KINDS),
  subject_id: z.string(),
  version: z.number().int(),
  object_key: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int(),
});
export type StoredDocumentRow = z.infer<typeof documentRow>;

/** Where a document's PDF is stored: one object per invoice version, one per receipt. */
export function documentKey(tenantId: string, kind: BillingDocumentKind, subjectId: string, version: number): string {
  return kind === 'invoice'
    ? `billing/${tenantId}/invoices/${subjectId}/v${version}.pdf`
    : `billing/${tenantId}/receipts/${subjectId}.pdf`;
}

const idRow = z.object({ id: z.string() });

/** billing.documents: the PDFs the worker stored (docs/decisions/0259), under row-level security. */
@Injectable()
export class DocumentsRepository {
  async find(
    tx: ReadTx,
    kind: BillingDocumentKind,
    subjectId: string,
    version: number,
  ): Promise<StoredDocumentRow | null> {
    const [row] = await typedRows(
      tx.manager,
      documentRow,
      `SELECT kind, subject_id, version, object_key, size_bytes, pages
         FROM billing.documents WHERE kind = :kind AND subject_id = :subjectId AND version = :version`,
      { kind, subjectId, version },
    );
    return row ?? null;
  }

  /** Records a stored PDF; false when it was recorded already (a retried job). */
  async insert(
    tx: ChangeTx,
    row: {
      tenantId: string;
      kind: BillingDocumentKind;
      subjectId: string;
      invoiceId: string;
      version: number;
      key: string;
      size: number;
      pages: number;
      ms: number;
    },
  ): Promise<boolean> {
    const inserted = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO billing.documents
         (tenant_id, kind, subject_id, invoice_id, version, object_key, size_bytes, pages, render_ms)
       VALUES (:tenantId, :kind, :subjectId, :invoiceId, :version, :key, :size, :pages, :ms)
       ON CONFLICT (kind, subject_id, version) DO NOTHING RETURNING id`,
      row,
    );
    return inserted.length > 0;
  }
}
