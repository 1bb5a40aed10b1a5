import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Patient invoices, their payments, refunds and credit notes (docs/decisions/0241, 0243, 0253–0257):
 * - `document_counters`: one row per company, centre, financial year and series (INVOICE, CREDIT_NOTE), advanced by
 *   `INSERT … ON CONFLICT DO UPDATE … RETURNING` in the issuing unit of work — the row stays locked until that unit
 *   commits, so numbers are handed out one at a time, and a unit that rolls back gives its number back;
 * - `invoices`: an issued invoice is never edited; only its credited and paid amounts, its status (read from them)
 *   and its version move. CHECKs are the last guard of the ledger: 0 ≤ credited, 0 ≤ paid,
 *   paid + credited ≤ total (so paid ≤ total and the balance is never negative);
 * - `invoice_lines`: what was billed, with the rate card price row it was billed at and its exact amounts;
 * - `payments`: payments and refunds (kind), each with an idempotency key unique in the company;
 * - `credit_notes`: their own gap-free series, each taking back part of an invoice's balance.
 */
export class Invoices1797200000000 implements MigrationInterface {
  name = 'Invoices1797200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.document_counters (
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
        series varchar(16) NOT NULL CHECK (series IN ('INVOICE', 'CREDIT_NOTE')),
        last_number bigint NOT NULL CHECK (last_number >= 1),
        PRIMARY KEY (centre_id, financial_year, series)
      )`);
    await enableTenantRls(q, 'billing.document_counters');

    await q.query(`
      CREATE TABLE billing.invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        group_id uuid,
        patient_id uuid NOT NULL REFERENCES billing.patients (id),
        patient_name text NOT NULL,
        mr_number text NOT NULL,
        registration_id uuid,
        number text NOT NULL,
        financial_year text NOT NULL,
        sequence bigint NOT NULL CHECK (sequence >= 1),
        issued_at timestamptz NOT NULL,
        issued_on date NOT NULL,
        currency char(3) NOT NULL,
        gross_minor bigint NOT NULL CHECK (gross_minor >= 0),
        discount_exact numeric NOT NULL,
        taxable_exact numeric NOT NULL,
        cgst_exact numeric NOT NULL,
        sgst_exact numeric NOT NULL,
        igst_exact numeric NOT NULL,
        total_exact numeric NOT NULL,
        round_off_exact numeric NOT NULL,
        total_minor bigint NOT NULL CHECK (total_minor >= 0),
        credited_minor bigint NOT NULL DEFAULT 0 CHECK (credited_minor >= 0),
        paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
        status varchar(16) NOT NULL CHECK (status IN ('UNPAID', 'PART_PAID', 'PAID', 'CANCELLED')),
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invoices_paid_within_due CHECK (paid_minor + credited_minor <= total_minor),
        CONSTRAINT invoices_number UNIQUE (tenant_id, centre_id, financial_year, sequence)
      )`);
    await q.query(`CREATE INDEX invoices_centre ON billing.invoices (tenant_id, centre_id, issued_on DESC, id)`);
    await q.query(`CREATE INDEX invoices_patient ON billing.invoices (tenant_id, patient_id, issued_at DESC)`);
    await q.query(`CREATE INDEX invoices_number_prefix ON billing.invoices (tenant_id, number text_pattern_ops)`);
    await q.query(`CREATE INDEX invoices_registration ON billing.invoices (tenant_id, registration_id)`);
    await enableTenantRls(q, 'billing.invoices');

    await q.query(`
      CREATE TABLE billing.invoice_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        position smallint NOT NULL CHECK (position >= 0),
        line_id text NOT NULL,
        code text NOT NULL,
        name text NOT NULL,
        price_kind varchar(8) NOT NULL CHECK (price_kind IN ('normal', 'holiday', 'night')),
        unit_minor bigint NOT NULL CHECK (unit_minor >= 0),
        quantity integer NOT NULL CHECK (quantity >= 1),
        discount jsonb,
        tax jsonb NOT NULL,
        rate_card_price_id uuid,
        gross_minor bigint NOT NULL CHECK (gross_minor >= 0),
        discount_exact numeric NOT NULL,
        taxable_exact numeric NOT NULL,
        cgst_exact numeric NOT NULL,
        sgst_exact numeric NOT NULL,
        igst_exact numeric NOT NULL,
        total_exact numeric NOT NULL CHECK (total_exact >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (invoice_id, position)
      )`);
    await enableTenantRls(q, 'billing.invoice_lines');

    await q.query(`
      CREATE TABLE billing.payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        centre_id uuid NOT NULL,
        group_id uuid,
        kind varchar(8) NOT NULL CHECK (kind IN ('PAYMENT', 'REFUND')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        mode varchar(16) NOT NULL CHECK (mode IN ('CASH', 'CARD', 'UPI', 'CHEQUE', 'ONLINE', 'CREDIT')),
        reference text,
        reason text,
        idempotency_key text NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        taken_by uuid NOT NULL,
        taken_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payments_refund_reason CHECK (kind = 'PAYMENT' OR reason IS NOT NULL),
        CONSTRAINT payments_idempotency_key UNIQUE (tenant_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX payments_invoice ON billing.payments (tenant_id, invoice_id, taken_at)`);
    await q.query(`CREATE INDEX payments_centre_day ON billing.payments (tenant_id, centre_id, taken_at)`);
    await enableTenantRls(q, 'billing.payments');

    await q.query(`
      CREATE TABLE billing.credit_notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        centre_id uuid NOT NULL,
        group_id uuid,
        number text NOT NULL,
        financial_year text NOT NULL,
        sequence bigint NOT NULL CHECK (sequence >= 1),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        reason text NOT NULL,
        idempotency_key text NOT NULL,
        issued_at timestamptz NOT NULL,
        issued_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_notes_number UNIQUE (tenant_id, centre_id, financial_year, sequence),
        CONSTRAINT credit_notes_idempotency_key UNIQUE (tenant_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX credit_notes_invoice ON billing.credit_notes (tenant_id, invoice_id, issued_at)`);
    await enableTenantRls(q, 'billing.credit_notes');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.credit_notes`);
    await q.query(`DROP TABLE billing.payments`);
    await q.query(`DROP TABLE billing.invoice_lines`);
    await q.query(`DROP TABLE billing.invoices`);
    await q.query(`DROP TABLE billing.document_counters`);
  }
}
