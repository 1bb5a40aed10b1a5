import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The laboratory's samples and orders (issue 23; docs/decisions/0297, 0298):
 * - `sample_barcode_counters`: one row per company, its last sample barcode number ('L' + 9 digits);
 * - `samples`: what is drawn from a patient for a registration, one per sample type and container, with its
 *   barcode (unique in the company), its status (sample-states.ts) and who collected, accepted or rejected it;
 *   the patient's name, MR number, sex and birth date are copied from the registration event (the LIMS keeps no
 *   patient table);
 * - `lab_orders`: one per LAB item of a registration (`registration_item_id` unique: a registration delivered twice
 *   orders nothing twice), on the sample it is collected in — moved to the new sample when its sample is rejected.
 */
export class Samples1798100000000 implements MigrationInterface {
  name = 'Samples1798100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.sample_barcode_counters (
        tenant_id uuid PRIMARY KEY,
        last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0 AND last_number <= 999999999)
      )`);
    await enableTenantRls(q, 'lims.sample_barcode_counters');
    await q.query(`
      CREATE TABLE lims.samples (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        group_id uuid,
        registration_id uuid NOT NULL,
        registration_number text NOT NULL,
        registered_at timestamptz NOT NULL,
        patient_id uuid NOT NULL,
        mr_number text NOT NULL,
        patient_name text NOT NULL,
        gender text NOT NULL,
        date_of_birth date,
        sample_type text NOT NULL,
        container text NOT NULL,
        barcode text NOT NULL CHECK (barcode ~ '^L[0-9]{9}$'),
        status varchar(24) NOT NULL
          CHECK (status IN ('PENDING_COLLECTION', 'COLLECTED', 'ACCEPTED', 'REJECTED', 'CANCELLED')),
        collected_by uuid,
        collected_by_name text,
        collected_at timestamptz,
        collection_place varchar(8) CHECK (collection_place IN ('CENTRE', 'HOME')),
        accepted_by uuid,
        accepted_by_name text,
        accepted_at timestamptz,
        rejected_by uuid,
        rejected_by_name text,
        rejected_at timestamptz,
        rejection_reason varchar(32),
        rejection_note text,
        recollection_of uuid REFERENCES lims.samples (id),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT samples_barcode UNIQUE (tenant_id, barcode),
        CONSTRAINT samples_collected CHECK (status IN ('PENDING_COLLECTION', 'CANCELLED') OR collected_at IS NOT NULL),
        CONSTRAINT samples_accepted CHECK ((status = 'ACCEPTED') = (accepted_at IS NOT NULL)),
        CONSTRAINT samples_rejected CHECK ((status = 'REJECTED') = (rejected_at IS NOT NULL AND rejection_reason IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX samples_status ON lims.samples (tenant_id, status, registered_at DESC)`);
    await q.query(`CREATE INDEX samples_centre ON lims.samples (tenant_id, centre_id, registered_at DESC)`);
    await q.query(`CREATE INDEX samples_registration ON lims.samples (tenant_id, registration_id)`);
    await enableTenantRls(q, 'lims.samples');
    await q.query(`
      CREATE TABLE lims.lab_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        sample_id uuid NOT NULL REFERENCES lims.samples (id),
        registration_id uuid NOT NULL,
        registration_item_id uuid NOT NULL,
        test_code text NOT NULL,
        test_name text NOT NULL,
        package_code text,
        status varchar(16) NOT NULL CHECK (status IN ('ORDERED', 'CANCELLED')),
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT lab_orders_item UNIQUE (registration_item_id),
        CONSTRAINT lab_orders_cancelled CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX lab_orders_sample ON lims.lab_orders (tenant_id, sample_id)`);
    await q.query(`CREATE INDEX lab_orders_registration ON lims.lab_orders (tenant_id, registration_id)`);
    await enableTenantRls(q, 'lims.lab_orders');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.lab_orders`);
    await q.query(`DROP TABLE lims.samples`);
    await q.query(`DROP TABLE lims.sample_barcode_counters`);
  }
}
