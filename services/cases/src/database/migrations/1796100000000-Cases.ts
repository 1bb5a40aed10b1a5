import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The case (docs/decisions/0113-case-model.md): one row per study of a company (or per split part of it, or per
 * registration still waiting for its study), its status, workflow type and fusion status, the patient and study
 * it reads, who reads it, its priority and due time, and `version` for optimistic concurrency. Exactly one
 * unsplit case per study: the unique index is what makes a StudyImported delivered twice create one case.
 */
export class Cases1796100000000 implements MigrationInterface {
  name = 'Cases1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.cases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        version int NOT NULL DEFAULT 1,
        group_id uuid,
        centre_id uuid,
        status varchar(32) NOT NULL CHECK (status IN ('PENDING FOR SCAN', 'NEW', 'PENDING FOR ACCEPTANCE',
          'IN PROGRESS', 'PENDING AT TYPIST', 'PENDING FOR REVIEW', 'COMPLETED', 'REJECTED', 'RECALLED')),
        fusion_status varchar(32) CHECK (fusion_status IN ('NEW', 'ASSIGNED', 'PENDING_FOR_ACCEPTANCE',
          'ACCEPTED', 'REJECTED', 'IN_PROGRESS', 'COMPLETED', 'RECALLED')),
        workflow_type varchar(16) NOT NULL DEFAULT 'Center' CHECK (workflow_type IN ('Center', 'Marketplace')),
        patient_name text NOT NULL DEFAULT '',
        patient_id text NOT NULL DEFAULT '',
        patient_sex varchar(16),
        patient_birth_date varchar(8),
        accession_number text,
        study_instance_uid varchar(64),
        study_id text,
        study_description text,
        body_part text,
        modality varchar(16),
        modalities text[] NOT NULL DEFAULT '{}',
        study_date varchar(8),
        series_count int NOT NULL DEFAULT 0,
        instance_count int NOT NULL DEFAULT 0,
        series_instance_uids text[],
        parent_case_id uuid REFERENCES cases.cases (id),
        imaging_state varchar(32) CHECK (imaging_state IN ('CLOUD_UPLOADING', 'IMPORTED')),
        priority varchar(16) NOT NULL DEFAULT 'ROUTINE' CHECK (priority IN ('EMERGENT', 'STAT', 'ROUTINE')),
        legends text[] NOT NULL DEFAULT '{}',
        radiologist_id uuid,
        typist_id uuid,
        on_hold boolean NOT NULL DEFAULT false,
        recall_requested_at timestamptz,
        recall_requested_by uuid,
        reject_reason text,
        fusion_centre_id uuid,
        received_at timestamptz,
        due_at timestamptz,
        assigned_at timestamptz,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX cases_one_per_study ON cases.cases (tenant_id, study_instance_uid)
      WHERE parent_case_id IS NULL AND study_instance_uid IS NOT NULL`);
    await q.query(`CREATE INDEX cases_of_parent ON cases.cases (parent_case_id) WHERE parent_case_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX cases_pending_scan ON cases.cases (tenant_id, patient_id) WHERE status = 'PENDING FOR SCAN'`,
    );
    await enableTenantRls(q, 'cases.cases');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cases.cases`);
  }
}
