import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A centre's day end (docs/decisions/0278–0280):
 * - `day_closings`: a centre's day closed with the cash counted, once per centre and local date (a second close is
 *   refused by the unique key), with the cash the day's collection said should be there, the difference, and the
 *   collection by mode as it stood (what came after the close is measured from it);
 * - `finance_days`, `finance_day_modes`, `finance_frontiers`: a centre's finished days summed once (invoices, credit
 *   notes; payments and refunds by mode) for the finance dashboard (0280). A day's figures never change once it is over
 *   (every entry is dated when it is made), so a day is summed when first asked for, two days after it ended, and kept;
 *   the frontier is the last day summed. Written only by the dashboard's reads, never by a desk's unit of work;
 * - indexes on the invoices', payments', credit notes' and registrations' tables for the figures read here (a centre's
 *   day, the days not yet summed, the unpaid invoices by age, a referral's visits), covering what the sums read so
 *   they are answered from the index alone at a million invoices (the benchmark of issue 22).
 */
export class DayEnd1797500000000 implements MigrationInterface {
  name = 'DayEnd1797500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.day_closings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        group_id uuid,
        local_date date NOT NULL,
        time_zone text NOT NULL,
        currency char(3) NOT NULL,
        counted_cash_minor bigint NOT NULL CHECK (counted_cash_minor >= 0),
        expected_cash_minor bigint NOT NULL,
        difference_minor bigint NOT NULL,
        collection jsonb NOT NULL,
        note text,
        closed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        closed_by uuid NOT NULL,
        closed_by_name text NOT NULL,
        CONSTRAINT day_closings_centre_date UNIQUE (tenant_id, centre_id, local_date),
        CONSTRAINT day_closings_difference CHECK (difference_minor = counted_cash_minor - expected_cash_minor)
      )`);
    await enableTenantRls(q, 'billing.day_closings');

    await q.query(`
      CREATE TABLE billing.finance_frontiers (
        centre_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        frozen_through date NOT NULL,
        time_zone text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRls(q, 'billing.finance_frontiers');
    await q.query(`
      CREATE TABLE billing.finance_days (
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        local_date date NOT NULL,
        invoices integer NOT NULL CHECK (invoices >= 0),
        invoiced_minor bigint NOT NULL CHECK (invoiced_minor >= 0),
        credit_notes integer NOT NULL CHECK (credit_notes >= 0),
        credited_minor bigint NOT NULL CHECK (credited_minor >= 0),
        PRIMARY KEY (centre_id, local_date)
      )`);
    await enableTenantRls(q, 'billing.finance_days');
    await q.query(`
      CREATE TABLE billing.finance_day_modes (
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        local_date date NOT NULL,
        mode varchar(16) NOT NULL,
        payments integer NOT NULL CHECK (payments >= 0),
        paid_minor bigint NOT NULL CHECK (paid_minor >= 0),
        refunds integer NOT NULL CHECK (refunds >= 0),
        refunded_minor bigint NOT NULL CHECK (refunded_minor >= 0),
        PRIMARY KEY (centre_id, local_date, mode)
      )`);
    await enableTenantRls(q, 'billing.finance_day_modes');

    // a centre's invoices of a day or a period: count and totals from the index alone
    await q.query(`
      CREATE INDEX invoices_finance_day ON billing.invoices (tenant_id, centre_id, issued_on)
        INCLUDE (total_minor, credited_minor, paid_minor)`);
    // what is owed: only invoices with something left to pay, oldest first
    await q.query(`
      CREATE INDEX invoices_open ON billing.invoices (tenant_id, centre_id, issued_on, id)
        INCLUDE (total_minor, credited_minor, paid_minor)
        WHERE paid_minor + credited_minor < total_minor`);
    // a centre's payments and refunds between two instants (its local day or period), by kind and mode
    await q.query(`
      CREATE INDEX payments_finance_day ON billing.payments (tenant_id, centre_id, taken_at)
        INCLUDE (kind, mode, amount_minor)`);
    await q.query(`
      CREATE INDEX credit_notes_finance_day ON billing.credit_notes (tenant_id, centre_id, issued_at)
        INCLUDE (amount_minor)`);
    // a referral's visits of a period (its commission statement)
    await q.query(`
      CREATE INDEX registrations_referral ON billing.registrations (tenant_id, referral_id, registered_at)
        WHERE referral_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX billing.registrations_referral`);
    await q.query(`DROP INDEX billing.credit_notes_finance_day`);
    await q.query(`DROP INDEX billing.payments_finance_day`);
    await q.query(`DROP INDEX billing.invoices_open`);
    await q.query(`DROP INDEX billing.invoices_finance_day`);
    await q.query(`DROP TABLE billing.finance_day_modes`);
    await q.query(`DROP TABLE billing.finance_days`);
    await q.query(`DROP TABLE billing.finance_frontiers`);
    await q.query(`DROP TABLE billing.day_closings`);
  }
}
