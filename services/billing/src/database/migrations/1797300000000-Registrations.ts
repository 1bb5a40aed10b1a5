import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registration desk's visits (docs/decisions/0264):
 * - `registration_counters`: one row per centre, its last visit number, taken in the registering unit of work;
 * - `accession_counters`: one row per company, its last accession number (a radiology item's key at the modality
 *   and in cases; unique in the company);
 * - `registrations`: a patient's visit at their centre, with its referral, provider kind, the price kind it was billed
 *   at and its invoice; `request_key` is the desk's idempotency key (a second click registers nothing twice);
 * - `registration_items`: the tests ordered, one row per test (a package expanded), each ORDERED or CANCELLED.
 */
export class Registrations1797300000000 implements MigrationInterface {
  name = 'Registrations1797300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.registration_counters (
        tenant_id uuid NOT NULL,
        centre_id uuid PRIMARY KEY,
        last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0)
      )`);
    await enableTenantRls(q, 'billing.registration_counters');
    await q.query(`
      CREATE TABLE billing.accession_counters (
        tenant_id uuid PRIMARY KEY,
        last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0)
      )`);
    await enableTenantRls(q, 'billing.accession_counters');
    await q.query(`
      CREATE TABLE billing.registrations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        group_id uuid,
        patient_id uuid NOT NULL REFERENCES billing.patients (id),
        registration_number text NOT NULL,
        referral_id uuid,
        referral_name text,
        provider_kind varchar(8) NOT NULL CHECK (provider_kind IN ('Internal', 'External')),
        price_kind varchar(8) NOT NULL CHECK (price_kind IN ('normal', 'holiday', 'night')),
        invoice_id uuid NOT NULL REFERENCES billing.invoices (id),
        request_key text NOT NULL,
        registered_by uuid NOT NULL,
        registered_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, request_key),
        UNIQUE (centre_id, registration_number)
      )`);
    await q.query(`CREATE INDEX ON billing.registrations (tenant_id, patient_id, registered_at DESC)`);
    await q.query(`CREATE INDEX ON billing.registrations (tenant_id, centre_id, registered_at DESC)`);
    await enableTenantRls(q, 'billing.registrations');
    await q.query(`
      CREATE TABLE billing.registration_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        registration_id uuid NOT NULL REFERENCES billing.registrations (id),
        position smallint NOT NULL,
        line_code text NOT NULL,
        kind varchar(9) NOT NULL CHECK (kind IN ('RADIOLOGY', 'LAB')),
        code text NOT NULL,
        name text NOT NULL,
        modality text,
        body_part text,
        sample_type text,
        package_code text,
        accession_number text,
        status varchar(9) NOT NULL DEFAULT 'ORDERED' CHECK (status IN ('ORDERED', 'CANCELLED')),
        cancelled_at timestamptz,
        cancelled_by uuid,
        cancel_reason text,
        UNIQUE (registration_id, position),
        UNIQUE (tenant_id, accession_number),
        CHECK ((kind = 'RADIOLOGY') = (accession_number IS NOT NULL)),
        CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
      )`);
    await enableTenantRls(q, 'billing.registration_items');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.registration_items`);
    await q.query(`DROP TABLE billing.registrations`);
    await q.query(`DROP TABLE billing.accession_counters`);
    await q.query(`DROP TABLE billing.registration_counters`);
  }
}
