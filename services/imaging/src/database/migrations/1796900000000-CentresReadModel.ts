import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * imaging.centres gets the columns of the kit's read model of auth's groups and centres (nest-kit
 * `OrgUnitsReadModel`, docs/decisions/0238): name, code, whether a fusion centre, when first known. Rows kept before
 * hold '' for name and code until auth's next event of the unit; imaging reads only the group and the Active flag.
 */
export class CentresReadModel1796900000000 implements MigrationInterface {
  name = 'CentresReadModel1796900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imaging.centres
      ADD COLUMN name text NOT NULL DEFAULT '',
      ADD COLUMN code text NOT NULL DEFAULT '',
      ADD COLUMN is_fusion boolean NOT NULL DEFAULT false,
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE imaging.centres ALTER COLUMN name DROP DEFAULT, ALTER COLUMN code DROP DEFAULT`);
    await q.query(`ALTER TABLE imaging.centres ALTER COLUMN kind TYPE varchar(8)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imaging.centres ALTER COLUMN kind TYPE varchar(16)`);
    await q.query(`ALTER TABLE imaging.centres DROP COLUMN created_at, DROP COLUMN is_fusion, DROP COLUMN code,
      DROP COLUMN name`);
  }
}
