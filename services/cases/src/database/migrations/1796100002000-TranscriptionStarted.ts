import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the case's typist started transcribing it (docs/decisions/0123-assignment-and-typists.md): until then an
 * admin may hand the case to another typist; from then on 'A Transcriptionist is already working on the case'.
 */
export class TranscriptionStarted1796100002000 implements MigrationInterface {
  name = 'TranscriptionStarted1796100002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.cases ADD COLUMN IF NOT EXISTS transcription_started_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.cases DROP COLUMN IF EXISTS transcription_started_at`);
  }
}
