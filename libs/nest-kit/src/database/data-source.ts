import { DataSource, type EntitySchema, type MixedList } from 'typeorm';

export interface ServiceDatabaseOptions {
  /** The service's own PostgreSQL schema (its name: auth, cases, ...). */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/**
 * The TypeORM data source of one service, on its own schema. Migrations only: never `synchronize`.
 * At run time the service connects as its own role (neither superuser nor BYPASSRLS), so row-level
 * security applies; migrations connect as the owner role.
 */
export function createDataSource(url: string, options: ServiceDatabaseOptions, applicationName: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    applicationName,
    extra: { max: 10, options: `-c search_path=${options.schema} -c jit=off` },
  });
}
