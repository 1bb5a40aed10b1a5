import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';

/** The billing service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'billing',
  entities: [],
  migrations: [EventTables1763712000000],
};
