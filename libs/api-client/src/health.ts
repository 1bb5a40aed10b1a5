import { readinessReportSchema, type ReadinessReport, type ServiceName } from '@rayworks/contracts';
import type { ApiClient } from './client.js';
import { ApiError } from './errors.js';

/**
 * GET /health/ready of a service, or of the gateway itself (`'gateway'`), through the client's base URL.
 * A readiness report is a valid answer with HTTP 200 (ready) and 503 (not ready); any other answer, or a 503 that
 * is not a report (the gateway could not reach the service), is an ApiError.
 */
export async function readReadiness(
  client: ApiClient,
  target: ServiceName | 'gateway',
  options: { signal?: AbortSignal } = {},
): Promise<ReadinessReport> {
  const service = target === 'gateway' ? null : target;
  const path = '/health/ready';
  const answer = await client.raw(service, 'GET', path, undefined, { signal: options.signal });
  if (answer.status !== 200 && answer.status !== 503)
    throw ApiError.http(target, 'GET', path, answer.status, answer.body);
  const report = readinessReportSchema.safeParse(answer.body);
  if (report.success) return report.data;
  if (answer.status === 503) throw ApiError.http(target, 'GET', path, answer.status, answer.body);
  throw ApiError.invalid(target, 'GET', path, answer.status, 'not a readiness report');
}
