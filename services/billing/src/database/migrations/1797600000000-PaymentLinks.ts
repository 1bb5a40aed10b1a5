import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment links and the payment provider's events on them (docs/decisions/0281–0284):
 * - `payment_links`: an invoice's balance at the time, payable online until `expires_at`; the token's secret is kept
 *   only as its SHA-256. One OPEN link per invoice (a partial unique index); a PAID link names its ledger entry.
 * - `payment_link_events`: every verified webhook event, once per provider and event id (a replay finds it and
 *   changes nothing), with what it did (`outcome`) — REFUND_DUE rows are money the provider took that the invoice did
 *   not take.
 */
export class PaymentLinks1797600000000 implements MigrationInterface {
  name = 'PaymentLinks1797600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.payment_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        centre_id uuid NOT NULL,
        group_id uuid,
        invoice_number text NOT NULL,
        centre_name text NOT NULL,
        patient_display text NOT NULL,
        token_hash char(64) NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('OPEN', 'PAID', 'CANCELLED', 'EXPIRED')),
        provider varchar(16) NOT NULL,
        expires_at timestamptz NOT NULL,
        payment_id uuid REFERENCES billing.payments (id),
        provider_payment_id text,
        paid_at timestamptz,
        cancelled_at timestamptz,
        cancelled_by uuid,
        created_by uuid NOT NULL,
        created_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_links_token UNIQUE (tenant_id, token_hash),
        CONSTRAINT payment_links_paid CHECK ((status = 'PAID') = (payment_id IS NOT NULL AND paid_at IS NOT NULL)),
        CONSTRAINT payment_links_cancelled CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX payment_links_one_open ON billing.payment_links (tenant_id, invoice_id) WHERE status = 'OPEN'`,
    );
    await q.query(
      `CREATE INDEX payment_links_invoice ON billing.payment_links (tenant_id, invoice_id, created_at DESC)`,
    );
    await enableTenantRls(q, 'billing.payment_links');

    await q.query(`
      CREATE TABLE billing.payment_link_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        link_id uuid NOT NULL REFERENCES billing.payment_links (id),
        provider varchar(16) NOT NULL,
        event_id text NOT NULL,
        type varchar(8) NOT NULL CHECK (type IN ('PAID', 'FAILED')),
        checkout_id text NOT NULL,
        attempt_id uuid NOT NULL,
        provider_payment_id text,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency char(3) NOT NULL,
        occurred_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        outcome varchar(16) NOT NULL CHECK (outcome IN ('APPLIED', 'FAILED', 'IGNORED', 'REFUND_DUE')),
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_link_events_once UNIQUE (tenant_id, provider, event_id)
      )`);
    await q.query(
      `CREATE INDEX payment_link_events_link ON billing.payment_link_events (tenant_id, link_id, received_at)`,
    );
    await enableTenantRls(q, 'billing.payment_link_events');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE billing.payment_link_events');
    await q.query('DROP TABLE billing.payment_links');
  }
}
