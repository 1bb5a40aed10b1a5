import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ApiClient, credentialHeaders, credentialsOf, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, serviceApiPrefix } from '@rayworks/contracts';
import { infraEnv, TEST_PASSWORD } from '@rayworks/testing';

/**
 * What the service benchmarks (bench:billing, bench:lims and their seeds) share: the gateway, printing, the typed
 * client's sign-in, a timed call, the owner's transaction inside a tenant, and a readiness probe. Written once here.
 */

export const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: GATEWAY });

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
export const log = (line) => console.log(line);
export const step = (line) => process.stderr.write(`  … ${line}\n`);

/** Signs a bench user in through the gateway: their login, id and credentials. */
export async function signIn(loginName) {
  const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) });
  return { loginName, userId: session._id, credentials: credentialsOf(session) };
}

/** A call whose 409 means "already there" (the setup is run again on a kept company). */
export async function ensure(endpoint, body, session) {
  const reply = await api.reply(endpoint, body, { session });
  if (reply.status !== 200 && reply.status !== 409)
    throw new Error(`${endpoint.path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply;
}

/**
 * One call, timed from the request to the last byte of the answer; `base` is the gateway (the endpoint's service
 * prefix is added) or a service's own address. Through the gateway the answer is compressed as the console's is
 * (Chromium's accept-encoding; each service compresses its own answers: decision 0371). Anything but a 2xx success is a failure of the
 * benchmark, not a figure.
 */
export async function timedCall(base, caller, endpoint, body) {
  const prefix = base === GATEWAY ? `${GATEWAY}${serviceApiPrefix(endpoint.service)}` : base;
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...credentialHeaders(caller.credentials, typeof endpoint.access === 'object' ? endpoint.access.type : undefined),
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const started = performance.now();
  const res = await fetch(`${prefix}${endpoint.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (res.status !== 200 || json?.status !== 'success')
    throw new Error(`${endpoint.path} ${JSON.stringify(body).slice(0, 200)}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, data: json.data, bytes: text.length };
}

/** A connection of the database owner, named for pg_stat_activity. */
export async function ownerClient(applicationName) {
  const client = new pg.Client({ connectionString: infraEnv().ownerDatabaseUrl, application_name: applicationName });
  await client.connect();
  return client;
}

/** Runs `work` in one transaction of the database owner inside the tenant (RLS forces the owner too). */
export async function inTenant(tenantId, work, applicationName = 'bench') {
  const client = await ownerClient(applicationName);
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Whether a process of the stack answers its readiness probe. */
export async function answers(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}
