import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The work around a case (docs/decisions/0142-case-collaboration.md), every table under tenant row-level security:
 * - patient_history: entries of a patient's clinical history (kept per patient ID of the company, written on a
 *   case; edited at a version, deleted softly so the audit trail keeps what was there);
 * - case_comments: the case's chat;
 * - case_ratings: one rating (stars and feedback) per user and case;
 * - case_shares: shareable read-only links (only the SHA-256 of the token; docs/decisions/0144-shared-case-links.md);
 * - worklist_columns: a user's chosen worklist columns per screen (docs/decisions/0145-worklist-columns.md).
 */
export class Collaboration1796100003000 implements MigrationInterface {
  name = 'Collaboration1796100003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.patient_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL REFERENCES cases.cases (id),
        patient_id text NOT NULL,
        text text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
        author_id uuid,
        version int NOT NULL DEFAULT 1,
        deleted_at timestamptz,
        deleted_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE INDEX patient_history_of_patient ON cases.patient_history (tenant_id, patient_id, created_at DESC)
      WHERE deleted_at IS NULL`);
    await enableTenantRls(q, 'cases.patient_history');

    await q.query(`
      CREATE TABLE cases.case_comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL REFERENCES cases.cases (id),
        text text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
        author_id uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX case_comments_of_case ON cases.case_comments (case_id, created_at DESC, id DESC)`);
    await enableTenantRls(q, 'cases.case_comments');

    await q.query(`
      CREATE TABLE cases.case_ratings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL REFERENCES cases.cases (id),
        user_id uuid NOT NULL,
        stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
        feedback text CHECK (feedback IS NULL OR length(feedback) <= 2000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (case_id, user_id)
      )`);
    await enableTenantRls(q, 'cases.case_ratings');

    await q.query(`
      CREATE TABLE cases.case_shares (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL REFERENCES cases.cases (id),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX case_shares_of_case ON cases.case_shares (case_id)`);
    await enableTenantRls(q, 'cases.case_shares');

    await q.query(`
      CREATE TABLE cases.worklist_columns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        user_id uuid NOT NULL,
        screen varchar(32) NOT NULL,
        columns text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, screen)
      )`);
    await enableTenantRls(q, 'cases.worklist_columns');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['worklist_columns', 'case_shares', 'case_ratings', 'case_comments', 'patient_history'])
      await q.query(`DROP TABLE cases.${table}`);
  }
}
