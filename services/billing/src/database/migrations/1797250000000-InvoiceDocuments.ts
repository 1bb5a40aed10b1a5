import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing's printed documents (docs/decisions/0259): one row per PDF the worker stored — an invoice at a version
 * (`subject_id` the invoice's) or a payment's receipt (`subject_id` the payment's, version 1) — with its object key;
 * UNIQUE (kind, subject_id, version), so a retried job records a document once. The row is written after the object
 * is stored: a row names a PDF that exists.
 */
export class InvoiceDocuments1797250000000 implements MigrationInterface {
  name = 'InvoiceDocuments1797250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('invoice', 'receipt')),
        subject_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        version integer NOT NULL CHECK (version >= 1),
        object_key text NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes > 0),
        pages integer NOT NULL CHECK (pages >= 1),
        render_ms integer NOT NULL CHECK (render_ms >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT documents_once UNIQUE (kind, subject_id, version)
      )`);
    await q.query(`CREATE INDEX documents_invoice ON billing.documents (tenant_id, invoice_id)`);
    await enableTenantRls(q, 'billing.documents');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.documents`);
  }
}
