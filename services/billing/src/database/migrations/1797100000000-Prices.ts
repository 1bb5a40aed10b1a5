import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prices (docs/decisions/0248–0250):
 * - `tests`, `packages`, `package_tests`: the company's billable catalogue; a code names a test or a package for good;
 * - `centre_settings`: a centre's clock (time zone, night window), tax and discount limits; `holidays` its calendar
 *   (local dates); read through the centre (billing.centres) for the caller's reach;
 * - `rate_cards` (the company's, optionally a referral's or a corporate client's) with their validity dates,
 *   `rate_card_centres` (assignment), and `rate_card_prices`: one row per version of one item's prices, never
 *   updated (a trigger refuses it) — an edit inserts the next version, so an invoice line's price row stays readable.
 */
export class Prices1797100000000 implements MigrationInterface {
  name = 'Prices1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.tests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        code text NOT NULL,
        name text NOT NULL,
        kind varchar(9) NOT NULL CHECK (kind IN ('RADIOLOGY', 'LAB')),
        modality text,
        body_part text,
        sample_type text,
        taxable boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tests_code UNIQUE (tenant_id, code),
        CHECK (
          (kind = 'RADIOLOGY' AND modality IS NOT NULL AND sample_type IS NULL)
          OR (kind = 'LAB' AND sample_type IS NOT NULL AND modality IS NULL AND body_part IS NULL)
        )
      )`);
    await q.query(`CREATE INDEX tests_name ON billing.tests (tenant_id, lower(name) text_pattern_ops)`);
    await enableTenantRls(q, 'billing.tests');

    await q.query(`
      CREATE TABLE billing.packages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        code text NOT NULL,
        name text NOT NULL,
        taxable boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT packages_code UNIQUE (tenant_id, code)
      )`);
    await q.query(`CREATE INDEX packages_name ON billing.packages (tenant_id, lower(name) text_pattern_ops)`);
    await enableTenantRls(q, 'billing.packages');
    await q.query(`
      CREATE TABLE billing.package_tests (
        tenant_id uuid NOT NULL,
        package_id uuid NOT NULL REFERENCES billing.packages (id) ON DELETE CASCADE,
        test_id uuid NOT NULL REFERENCES billing.tests (id),
        position smallint NOT NULL CHECK (position >= 0),
        PRIMARY KEY (package_id, test_id)
      )`);
    await q.query(`CREATE INDEX package_tests_test ON billing.package_tests (test_id)`);
    await enableTenantRls(q, 'billing.package_tests');

    await q.query(`
      CREATE TABLE billing.centre_settings (
        centre_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        time_zone text NOT NULL,
        night_start char(5),
        night_end char(5),
        tax_state_code char(2),
        tax_rate_basis_points integer NOT NULL CHECK (tax_rate_basis_points BETWEEN 0 AND 10000),
        discount_limits jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((night_start IS NULL) = (night_end IS NULL)),
        CHECK (night_start IS DISTINCT FROM night_end OR night_start IS NULL)
      )`);
    await enableTenantRls(q, 'billing.centre_settings');
    await q.query(`
      CREATE TABLE billing.holidays (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        local_date date NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT holidays_centre_date UNIQUE (tenant_id, centre_id, local_date)
      )`);
    await enableTenantRls(q, 'billing.holidays');

    await q.query(`
      CREATE TABLE billing.rate_cards (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        referral_id uuid,
        corporate_client text,
        valid_from date NOT NULL,
        valid_to date,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT rate_cards_name UNIQUE (tenant_id, name),
        CHECK (valid_to IS NULL OR valid_to >= valid_from),
        CHECK (referral_id IS NULL OR corporate_client IS NULL)
      )`);
    await enableTenantRls(q, 'billing.rate_cards');
    await q.query(`
      CREATE TABLE billing.rate_card_centres (
        tenant_id uuid NOT NULL,
        rate_card_id uuid NOT NULL REFERENCES billing.rate_cards (id),
        centre_id uuid NOT NULL,
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (rate_card_id, centre_id)
      )`);
    await q.query(`CREATE INDEX rate_card_centres_centre ON billing.rate_card_centres (tenant_id, centre_id)`);
    await enableTenantRls(q, 'billing.rate_card_centres');
    await q.query(`
      CREATE TABLE billing.rate_card_prices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        rate_card_id uuid NOT NULL REFERENCES billing.rate_cards (id),
        test_id uuid REFERENCES billing.tests (id),
        package_id uuid REFERENCES billing.packages (id),
        normal_minor bigint NOT NULL CHECK (normal_minor >= 0),
        holiday_minor bigint NOT NULL CHECK (holiday_minor >= 0),
        night_minor bigint NOT NULL CHECK (night_minor >= 0),
        processing_fee_minor bigint NOT NULL CHECK (processing_fee_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'INR',
        withdrawn boolean NOT NULL DEFAULT false,
        valid_from timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        CHECK (num_nonnulls(test_id, package_id) = 1),
        CHECK (processing_fee_minor = 0 OR processing_fee_minor < normal_minor)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX rate_card_prices_version
        ON billing.rate_card_prices (rate_card_id, COALESCE(test_id, package_id), valid_from DESC)`);
    await enableTenantRls(q, 'billing.rate_card_prices');
    // a price row is a version: an invoice line names it, so it never changes (an edit inserts the next one)
    await q.query(`
      CREATE FUNCTION billing.rate_card_price_is_a_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a rate card price row is never changed: insert the next version';
      END $$`);
    await q.query(`
      CREATE TRIGGER rate_card_prices_never_updated BEFORE UPDATE ON billing.rate_card_prices
        FOR EACH ROW EXECUTE FUNCTION billing.rate_card_price_is_a_version()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.rate_card_prices`);
    await q.query(`DROP FUNCTION billing.rate_card_price_is_a_version()`);
    await q.query(`DROP TABLE billing.rate_card_centres`);
    await q.query(`DROP TABLE billing.rate_cards`);
    await q.query(`DROP TABLE billing.holidays`);
    await q.query(`DROP TABLE billing.centre_settings`);
    await q.query(`DROP TABLE billing.package_tests`);
    await q.query(`DROP TABLE billing.packages`);
    await q.query(`DROP TABLE billing.tests`);
  }
}
