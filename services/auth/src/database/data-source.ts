import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { IdentitySchema1763800000000 } from './migrations/1763800000000-IdentitySchema.js';
import { UserLogo1764100000000 } from './migrations/1764100000000-UserLogo.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';

/** The auth service's schema, entities and migrations, in order. Queries are plain SQL in the repositories (docs/decisions/0013). */
export const database: ServiceDatabaseOptions = {
  schema: 'auth',
  entities: [],
  migrations: [EventTables1763712000000, IdentitySchema1763800000000, UserLogo1764100000000, JobOutbox1795392000000],
};
