import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The archive's index (docs/decisions/0097-imaging-states.md): studies, series and instances, under tenant
 * row-level security; one row per Study/Series/SOP Instance UID per tenant (a re-import adds only what is new);
 * QIDO-RS keys as indexed columns, DICOM JSON in jsonb.
 */
export class ArchiveIndex1796000000000 implements MigrationInterface {
  name = 'ArchiveIndex1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE imaging.studies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        group_id uuid,
        centre_id uuid,
        study_instance_uid varchar(64) NOT NULL,
        patient_name text NOT NULL DEFAULT '',
        patient_id text NOT NULL DEFAULT '',
        patient_birth_date varchar(8),
        patient_sex varchar(16),
        study_date varchar(8),
        study_time varchar(32),
        accession_number text,
        study_id text,
        study_description text,
        referring_physician_name text,
        modalities text[] NOT NULL DEFAULT '{}',
        series_count int NOT NULL DEFAULT 0,
        instance_count int NOT NULL DEFAULT 0,
        size_bytes bigint NOT NULL DEFAULT 0,
        state varchar(32) NOT NULL CHECK (state IN ('CLOUD_UPLOADING', 'IMPORTED')),
        attributes jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT studies_uid UNIQUE (tenant_id, study_instance_uid),
        CONSTRAINT studies_id_tenant UNIQUE (id, tenant_id)
      )`);
    await q.query(`CREATE INDEX studies_date ON imaging.studies (tenant_id, study_date)`);
    await q.query(`CREATE INDEX studies_patient_id ON imaging.studies (tenant_id, patient_id)`);
    await q.query(`CREATE INDEX studies_accession ON imaging.studies (tenant_id, accession_number)`);
    await q.query(`CREATE INDEX studies_centre ON imaging.studies (tenant_id, centre_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE imaging.series (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        study_id uuid NOT NULL,
        series_instance_uid varchar(64) NOT NULL,
        modality varchar(16) NOT NULL DEFAULT '',
        series_number int,
        series_description text,
        body_part_examined text,
        instance_count int NOT NULL DEFAULT 0,
        size_bytes bigint NOT NULL DEFAULT 0,
        attributes jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT series_uid UNIQUE (tenant_id, series_instance_uid),
        CONSTRAINT series_id_tenant UNIQUE (id, tenant_id),
        CONSTRAINT series_study FOREIGN KEY (study_id, tenant_id) REFERENCES imaging.studies (id, tenant_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX series_of_study ON imaging.series (study_id, series_number)`);
    await q.query(`
      CREATE TABLE imaging.instances (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        study_id uuid NOT NULL,
        series_id uuid NOT NULL,
        sop_instance_uid varchar(64) NOT NULL,
        sop_class_uid varchar(64) NOT NULL,
        instance_number int,
        transfer_syntax_uid varchar(64) NOT NULL,
        rows int,
        columns int,
        number_of_frames int NOT NULL DEFAULT 1,
        storage_key text NOT NULL,
        size_bytes bigint NOT NULL,
        pixel_data_offset bigint,
        pixel_data_length bigint,
        pixel_data_encapsulated boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT instances_uid UNIQUE (tenant_id, sop_instance_uid),
        CONSTRAINT instances_series FOREIGN KEY (series_id, tenant_id) REFERENCES imaging.series (id, tenant_id) ON DELETE CASCADE,
        CONSTRAINT instances_study FOREIGN KEY (study_id, tenant_id) REFERENCES imaging.studies (id, tenant_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX instances_of_series ON imaging.instances (series_id, instance_number)`);
    await q.query(`CREATE INDEX instances_of_study ON imaging.instances (study_id)`);
    for (const table of ['studies', 'series', 'instances']) await enableTenantRls(q, `imaging.${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.instances`);
    await q.query(`DROP TABLE imaging.series`);
    await q.query(`DROP TABLE imaging.studies`);
  }
}
