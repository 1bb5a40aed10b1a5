import { enableTenantRls, TENANT_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
// INVOICE_STATUSES and INVOICE_SIDES (libs/contracts) as they were when this migration was written
const STATUSES = `'INVOICE RAISED', 'AWAITING PAYMENT CONFIRMATION', 'PAYMENT RE-REQUESTED', 'PARTIALLY PAID',
  'INVOICE ON HOLD', 'COMPLETED'`;
const SIDES = `'FUSION_HUB', 'CLIENT_CENTRE'`;

/**
 * Fusion invoicing (docs/decisions/0274–0277):
 * - `fusion_rates` / `fusion_rate_versions`: a fusion centre's rate per client centre (null: every client centre
 *   without its own) and modality, the hub company's rows; each version starts on a day and is never changed, so a
 *   line keeps the version it was billed at;
 * - `fusion_invoices`: one per (fusion centre, client centre, month), the hub company's row (`tenant_id`), naming the
 *   client's company (`client_tenant_id`). Status null until the hub raises it; then the invoice machine's fields;
 * - `fusion_invoice_lines`: one per completed fusion read — `case_id` UNIQUE, so a read is billed once whatever the
 *   deliveries of its event;
 * - `fusion_invoice_activity`: the invoice's history (actions and comments).
 * Row-level security: the hub's company reads and writes its rows; the client's company reads (and may lock, never
 * write) a RAISED invoice addressed to it, with its lines and history — its own actions are written in the hub's
 * company as itself (`inCompany`, docs/decisions/0225), as the fusion side's case actions are (0150). Nobody else
 * sees anything.
 */
export class FusionInvoices1797400000000 implements MigrationInterface {
  name = 'FusionInvoices1797400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.fusion_rates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        fusion_centre_id uuid NOT NULL,
        client_centre_id uuid,
        modality text NOT NULL CHECK (modality ~ '^[A-Z0-9]{1,16}$'),
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE NULLS NOT DISTINCT (fusion_centre_id, client_centre_id, modality)
      )`);
    await q.query(`CREATE INDEX fusion_rates_tenant ON billing.fusion_rates (tenant_id, fusion_centre_id)`);
    await enableTenantRls(q, 'billing.fusion_rates');

    await q.query(`
      CREATE TABLE billing.fusion_rate_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        rate_id uuid NOT NULL REFERENCES billing.fusion_rates (id),
        rate_minor bigint NOT NULL CHECK (rate_minor >= 0),
        currency char(3) NOT NULL,
        valid_from date NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (rate_id, valid_from)
      )`);
    await enableTenantRls(q, 'billing.fusion_rate_versions');

    await q.query(`
      CREATE TABLE billing.fusion_invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        fusion_centre_id uuid NOT NULL,
        fusion_centre_name text,
        client_tenant_id uuid NOT NULL,
        client_centre_id uuid NOT NULL,
        client_centre_name text,
        month char(7) NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        status text CHECK (status IN (${STATUSES})),
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        currency char(3) NOT NULL,
        line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
        total_minor bigint CHECK (total_minor > 0),
        paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
        requested_minor bigint CHECK (requested_minor > 0),
        held_from text CHECK (held_from IN (${STATUSES})),
        held_by text CHECK (held_by IN (${SIDES})),
        hold_reason text,
        reject_reason text,
        raised_at timestamptz,
        raised_by uuid,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (fusion_centre_id, client_centre_id, month),
        CHECK ((status IS NULL) = (total_minor IS NULL)),
        CHECK (total_minor IS NULL OR paid_minor + COALESCE(requested_minor, 0) <= total_minor)
      )`);
    await q.query(`CREATE INDEX fusion_invoices_hub ON billing.fusion_invoices (tenant_id, month DESC)`);
    await q.query(`CREATE INDEX fusion_invoices_client ON billing.fusion_invoices (client_tenant_id, month DESC)
      WHERE status IS NOT NULL`);
    await this.sharedWithClient(q, 'billing.fusion_invoices', `status IS NOT NULL`, true);

    const raised = `EXISTS (SELECT 1 FROM billing.fusion_invoices i WHERE i.id = invoice_id AND i.status IS NOT NULL)`;
    await q.query(`
      CREATE TABLE billing.fusion_invoice_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        client_tenant_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.fusion_invoices (id),
        case_id uuid NOT NULL UNIQUE,
        modality text,
        completed_at timestamptz NOT NULL,
        completed_on date NOT NULL,
        radiologist_id uuid,
        rate_version_id uuid REFERENCES billing.fusion_rate_versions (id),
        unit_minor bigint CHECK (unit_minor >= 0),
        currency char(3) NOT NULL,
        event_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((rate_version_id IS NULL) = (unit_minor IS NULL))
      )`);
    await q.query(
      `CREATE INDEX fusion_invoice_lines_invoice ON billing.fusion_invoice_lines (invoice_id, completed_at)`,
    );
    await this.sharedWithClient(q, 'billing.fusion_invoice_lines', raised, false);

    await q.query(`
      CREATE TABLE billing.fusion_invoice_activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        client_tenant_id uuid NOT NULL,
        invoice_id uuid NOT NULL REFERENCES billing.fusion_invoices (id),
        kind text NOT NULL CHECK (kind IN ('ACTION', 'COMMENT')),
        action text NOT NULL,
        side text NOT NULL CHECK (side IN (${SIDES})),
        actor_id uuid,
        actor_name text,
        text text,
        amount_minor bigint,
        status text CHECK (status IN (${STATUSES})),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX fusion_invoice_activity_invoice ON billing.fusion_invoice_activity (invoice_id, created_at)`,
    );
    await this.sharedWithClient(q, 'billing.fusion_invoice_activity', raised, false);
  }

  /**
   * The hub's company owns the rows (every command); the client's company reads them once the invoice is raised,
   * and may lock an invoice (to act on one it reaches; the change is then written in the hub's company), never write.
   */
  private async sharedWithClient(q: QueryRunner, table: string, visible: string, lock: boolean): Promise<void> {
    await enableTenantRls(q, table);
    const client = `client_tenant_id = ${tenant} AND ${visible}`;
    await q.query(`CREATE POLICY client_reads ON ${table} FOR SELECT USING (${client})`);
    if (lock) await q.query(`CREATE POLICY client_locks ON ${table} FOR UPDATE USING (${client}) WITH CHECK (false)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.fusion_invoice_activity`);
    await q.query(`DROP TABLE billing.fusion_invoice_lines`);
    await q.query(`DROP TABLE billing.fusion_invoices`);
    await q.query(`DROP TABLE billing.fusion_rate_versions`);
    await q.query(`DROP TABLE billing.fusion_rates`);
  }
}
