import { DataSource } from 'typeorm';
import { infraEnv, roleUrl, uniqueSuffix, withOwnerClient } from '@rayworks/testing';
import type pg from 'pg';
import { provisionServiceDatabase } from '../../src/index.js';

/**
 * A throwaway schema with its own runtime role (neither superuser nor BYPASSRLS), prepared exactly as a
 * service's is, plus a data source connected as that role. `ddl` runs as the owner before the role connects.
 */
export async function createScratchSchema(prefix: string, ddl: (schema: string, client: pg.Client) => Promise<void>) {
  const schema = `${prefix}_${uniqueSuffix()}`;
  const role = `rayworks_${prefix}`;
  const owner = infraEnv().ownerDatabaseUrl;
  await provisionServiceDatabase(owner, roleUrl(owner, role), schema);
  await withOwnerClient((client) => ddl(schema, client));
  const dataSource = await new DataSource({
    type: 'postgres',
    url: roleUrl(owner, role),
    schema,
    extra: { max: 5, options: `-c search_path=${schema}` },
  }).initialize();
  return {
    schema,
    role,
    roleUrl: roleUrl(owner, role),
    dataSource,
    drop: async () => {
      await dataSource.destroy();
      await withOwnerClient((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}
