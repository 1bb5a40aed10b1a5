import { eventually } from './eventually.js';
import { tenantQuery } from './tenants.js';

/**
 * Waits until the reporting service's read model of auth's centres (reporting.directory_centres, from auth.org.v1)
 * holds these centres: a company-level user may name them in a template, macro or layout from then on
 * (docs/decisions/0214).
 */
export async function reportingKnowsCentres(tenantId: string, centreIds: readonly string[]): Promise<void> {
  await eventually(
    () =>
      tenantQuery<{ n: number }>(
        tenantId,
        `SELECT count(*)::int AS n FROM reporting.directory_centres WHERE id = ANY($1)`,
        [centreIds],
      ),
    (rows) => rows[0]!.n === centreIds.length,
    { what: 'the centres in the reporting read model', timeoutMs: 60_000 },
  );
}

/**
 * Waits until the LIMS's read model of auth's centres (lims.centres, from auth.org.v1) holds these centres: an
 * analyzer may name them from then on (docs/decisions/0373).
 */
export async function limsKnowsCentres(tenantId: string, centreIds: readonly string[]): Promise<void> {
  await eventually(
    () =>
      tenantQuery<{ n: number }>(tenantId, `SELECT count(*)::int AS n FROM lims.centres WHERE id = ANY($1)`, [
        centreIds,
      ]),
    (rows) => rows[0]!.n === centreIds.length,
    { what: 'the centres in the LIMS read model', timeoutMs: 60_000 },
  );
}
