import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The finance dashboard's summed days carry running totals (docs/decisions/0290): each row of billing.finance_days
 * and billing.finance_day_modes also holds the centre's totals (of that mode) from its first summed day through this
 * one. A period's figures are then the totals at its last day less those before its first — two index probes per
 * centre (and mode) whatever the period's length — and what the summed days still owe is the totals of a centre's
 * last summed day. Summed days are appended in date order and never change, so a running total never changes either.
 * The existing rows get theirs here; new ones from FinanceDaysRepository.freeze.
 */
export class FinanceRunningSums1797800000000 implements MigrationInterface {
  name = 'FinanceRunningSums1797800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE billing.finance_days
        ADD COLUMN run_invoices bigint NOT NULL DEFAULT 0,
        ADD COLUMN run_invoiced_minor bigint NOT NULL DEFAULT 0,
        ADD COLUMN run_credit_notes bigint NOT NULL DEFAULT 0,
        ADD COLUMN run_credited_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE billing.finance_days f
      SET run_invoices = r.run_invoices, run_invoiced_minor = r.run_invoiced_minor,
          run_credit_notes = r.run_credit_notes, run_credited_minor = r.run_credited_minor
      FROM (
        SELECT centre_id, local_date,
               sum(invoices) OVER w AS run_invoices, sum(invoiced_minor) OVER w AS run_invoiced_minor,
               sum(credit_notes) OVER w AS run_credit_notes, sum(credited_minor) OVER w AS run_credited_minor
        FROM billing.finance_days
        WINDOW w AS (PARTITION BY centre_id ORDER BY local_date)
      ) AS r
      WHERE f.centre_id = r.centre_id AND f.local_date = r.local_date`);
    await q.query(`
      ALTER TABLE billing.finance_day_modes
        ADD COLUMN run_payments bigint NOT NULL DEFAULT 0,
        ADD COLUMN run_paid_minor bigint NOT NULL DEFAULT 0,
        ADD COLUMN run_refunds bigint NOT NULL DEFAULT 0,
        ADD COLUMN run_refunded_minor bigint NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE billing.finance_day_modes m
      SET run_payments = r.run_payments, run_paid_minor = r.run_paid_minor,
          run_refunds = r.run_refunds, run_refunded_minor = r.run_refunded_minor
      FROM (
        SELECT centre_id, local_date, mode,
               sum(payments) OVER w AS run_payments, sum(paid_minor) OVER w AS run_paid_minor,
               sum(refunds) OVER w AS run_refunds, sum(refunded_minor) OVER w AS run_refunded_minor
        FROM billing.finance_day_modes
        WINDOW w AS (PARTITION BY centre_id, mode ORDER BY local_date)
      ) AS r
      WHERE m.centre_id = r.centre_id AND m.local_date = r.local_date AND m.mode = r.mode`);
    // a centre's (mode's) last summed day at or before a date: one probe, answered from the index
    await q.query(`DROP INDEX billing.finance_days_sums`);
    await q.query(`DROP INDEX billing.finance_day_modes_sums`);
    await q.query(`
      CREATE INDEX finance_days_running ON billing.finance_days (tenant_id, centre_id, local_date)
        INCLUDE (run_invoices, run_invoiced_minor, run_credit_notes, run_credited_minor)`);
    await q.query(`
      CREATE INDEX finance_day_modes_running ON billing.finance_day_modes (tenant_id, centre_id, mode, local_date)
        INCLUDE (run_payments, run_paid_minor, run_refunds, run_refunded_minor)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX billing.finance_day_modes_running`);
    await q.query(`DROP INDEX billing.finance_days_running`);
    await q.query(`
      CREATE INDEX finance_days_sums ON billing.finance_days (tenant_id, centre_id, local_date)
        INCLUDE (invoices, invoiced_minor, credit_notes, credited_minor)`);
    await q.query(`
      CREATE INDEX finance_day_modes_sums ON billing.finance_day_modes (tenant_id, centre_id, local_date)
        INCLUDE (mode, payments, paid_minor, refunds, refunded_minor)`);
    await q.query(`
      ALTER TABLE billing.finance_day_modes DROP COLUMN run_payments, DROP COLUMN run_paid_minor,
        DROP COLUMN run_refunds, DROP COLUMN run_refunded_minor`);
    await q.query(`
      ALTER TABLE billing.finance_days DROP COLUMN run_invoices, DROP COLUMN run_invoiced_minor,
        DROP COLUMN run_credit_notes, DROP COLUMN run_credited_minor`);
  }
}
