import pg from 'pg';

/**
 * Prepares a service's schema and runtime role, as the owner role, idempotently:
 * the schema, a LOGIN role that is neither superuser nor BYPASSRLS, and privileges on that schema only
 * (so a service cannot read another service's schema).
 */
export async function provisionServiceDatabase(ownerUrl: string, serviceUrl: string, schema: string): Promise<void> {
  const runtime = new URL(serviceUrl);
  const role = decodeURIComponent(runtime.username);
  const password = decodeURIComponent(runtime.password);
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`bad role name ${role}`);
  const client = new pg.Client({ connectionString: ownerUrl, application_name: `provision-${schema}` });
  await client.connect();
  try {
    // Serialize provisioning across services started in parallel.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['rayworks.provision']);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const pw = client.escapeLiteral(password);
    if (exists.rowCount === 0) {
      await client.query(`CREATE ROLE ${role} LOGIN PASSWORD ${pw} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
    } else {
      await client.query(`ALTER ROLE ${role} LOGIN PASSWORD ${pw}`);
    }
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
    await client.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
    );
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT ON SEQUENCES TO ${role}`);
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['rayworks.provision']).catch(() => undefined);
    await client.end();
  }
}
