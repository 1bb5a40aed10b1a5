import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * reporting.directory_centres gets the columns of the kit's read model of auth's groups and centres (nest-kit
 * `OrgUnitsReadModel`, docs/decisions/0238): the unit's code and whether it is a fusion centre. Rows kept before hold
 * '' and false until auth's next event of the unit; reporting reads the name, the group and the Active flag.
 */
export class CentresReadModel1796900000000 implements MigrationInterface {
  name = 'CentresReadModel1796900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reporting.directory_centres
      ADD COLUMN code text NOT NULL DEFAULT '',
      ADD COLUMN is_fusion boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE reporting.directory_centres ALTER COLUMN code DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reporting.directory_centres DROP COLUMN is_fusion, DROP COLUMN code`);
  }
}
