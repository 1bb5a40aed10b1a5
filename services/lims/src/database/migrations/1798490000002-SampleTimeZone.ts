import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `samples.time_zone`: the registering centre's time zone (RegistrationCreated's `timeZone`), whose calendar the
 * patient's age is counted on (docs/decisions/0374). Samples registered before keep none: UTC, as they were counted.
 */
export class SampleTimeZone1798490000002 implements MigrationInterface {
  name = 'SampleTimeZone1798490000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lims.samples ADD COLUMN time_zone text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lims.samples DROP COLUMN time_zone`);
  }
}
