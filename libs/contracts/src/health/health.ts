import { z } from 'zod';

/** A dependency a service checks before it says it is ready. */
export const HEALTH_DEPENDENCIES = ['database', 'redis', 'kafka', 'storage', 'services'] as const;
export type HealthDependency = (typeof HEALTH_DEPENDENCIES)[number];

export const healthCheckResultSchema = z.object({
  status: z.enum(['up', 'down']),
  /** Round-trip time of the check in milliseconds. */
  latencyMs: z.number().nonnegative(),
  error: z.string().optional(),
});
export type HealthCheckResult = z.infer<typeof healthCheckResultSchema>;

/** Body of GET /health/ready (HTTP 200 when status is 'ready', 503 otherwise). */
export const readinessReportSchema = z.object({
  service: z.string(),
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), healthCheckResultSchema),
  checkedAt: z.string(),
});
export type ReadinessReport = z.infer<typeof readinessReportSchema>;

/** Body of GET /health/live (HTTP 200 while the process runs). */
export const livenessReportSchema = z.object({
  service: z.string(),
  status: z.literal('live'),
  uptimeSeconds: z.number(),
});
export type LivenessReport = z.infer<typeof livenessReportSchema>;
