import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outsourcing labs and manifests (issue 23; docs/decisions/0312, 0313):
 * - `outsourcing_labs`: a company's reference laboratories (code unique in the company), optionally linked to one of
 *   its analyzers (the identity its HL7 results come with);
 * - `outsourcing_lab_tests`: the lab catalogue's tests each performs, with the turnaround it promises;
 * - `manifest_counters`: one row per company, its last manifest number ('M' + 7 digits);
 * - `manifests`: samples sent to one lab, their status (outsourcing-states.ts) and who moved it when;
 * - `manifest_samples`: the samples on a manifest; `open` while the manifest is DRAFT, DISPATCHED or RECEIVED_BY_LAB —
 *   a sample is on one open manifest at most (`manifest_samples_open`, the 409's guard against a race);
 * - `manifest_orders`: the sample's orders the lab performs, each `resulted_at` once its results are complete (the
 *   results' unit of work sets it, and completes the manifest when the last one is in).
 */
export class Outsourcing1798400000001 implements MigrationInterface {
  name = 'Outsourcing1798400000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.outsourcing_labs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        name text NOT NULL CHECK (name <> ''),
        code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,20}$'),
        contact_person text,
        email text,
        phone text,
        address text,
        analyzer_id uuid REFERENCES lims.analyzers (id),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT outsourcing_labs_code UNIQUE (tenant_id, code)
      )`);
    await enableTenantRls(q, 'lims.outsourcing_labs');
    await q.query(`
      CREATE TABLE lims.outsourcing_lab_tests (
        tenant_id uuid NOT NULL,
        lab_id uuid NOT NULL REFERENCES lims.outsourcing_labs (id) ON DELETE CASCADE,
        test_code text NOT NULL,
        turnaround_hours integer NOT NULL CHECK (turnaround_hours > 0),
        PRIMARY KEY (lab_id, test_code)
      )`);
    await enableTenantRls(q, 'lims.outsourcing_lab_tests');
    await q.query(`
      CREATE TABLE lims.manifest_counters (
        tenant_id uuid PRIMARY KEY,
        last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0 AND last_number <= 9999999)
      )`);
    await enableTenantRls(q, 'lims.manifest_counters');
    await q.query(`
      CREATE TABLE lims.manifests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        number text NOT NULL CHECK (number ~ '^M[0-9]{7}$'),
        lab_id uuid NOT NULL REFERENCES lims.outsourcing_labs (id),
        status varchar(16) NOT NULL
          CHECK (status IN ('DRAFT', 'DISPATCHED', 'RECEIVED_BY_LAB', 'COMPLETED', 'CANCELLED')),
        courier text,
        tracking_note text,
        created_by uuid,
        created_by_name text NOT NULL,
        dispatched_by uuid,
        dispatched_by_name text,
        dispatched_at timestamptz,
        received_by uuid,
        received_by_name text,
        received_at timestamptz,
        completed_at timestamptz,
        cancelled_by uuid,
        cancelled_by_name text,
        cancelled_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT manifests_number UNIQUE (tenant_id, number),
        CONSTRAINT manifests_dispatched CHECK (status IN ('DRAFT', 'CANCELLED') OR dispatched_at IS NOT NULL),
        CONSTRAINT manifests_completed CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL)),
        CONSTRAINT manifests_cancelled CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX manifests_created ON lims.manifests (tenant_id, created_at DESC)`);
    await enableTenantRls(q, 'lims.manifests');
    await q.query(`
      CREATE TABLE lims.manifest_samples (
        tenant_id uuid NOT NULL,
        manifest_id uuid NOT NULL REFERENCES lims.manifests (id),
        sample_id uuid NOT NULL REFERENCES lims.samples (id),
        open boolean NOT NULL DEFAULT true,
        PRIMARY KEY (manifest_id, sample_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX manifest_samples_open ON lims.manifest_samples (sample_id) WHERE open`);
    await enableTenantRls(q, 'lims.manifest_samples');
    await q.query(`
      CREATE TABLE lims.manifest_orders (
        tenant_id uuid NOT NULL,
        manifest_id uuid NOT NULL REFERENCES lims.manifests (id),
        sample_id uuid NOT NULL REFERENCES lims.samples (id),
        lab_order_id uuid NOT NULL REFERENCES lims.lab_orders (id),
        resulted_at timestamptz,
        PRIMARY KEY (manifest_id, lab_order_id)
      )`);
    await q.query(`CREATE INDEX manifest_orders_order ON lims.manifest_orders (lab_order_id)`);
    await enableTenantRls(q, 'lims.manifest_orders');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.manifest_orders`);
    await q.query(`DROP TABLE lims.manifest_samples`);
    await q.query(`DROP TABLE lims.manifests`);
    await q.query(`DROP TABLE lims.manifest_counters`);
    await q.query(`DROP TABLE lims.outsourcing_lab_tests`);
    await q.query(`DROP TABLE lims.outsourcing_labs`);
  }
}
