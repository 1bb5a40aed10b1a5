import { z } from 'zod';
import { workerEnvSchema } from '@rayworks/nest-kit';

/**
 * The lims-analyzers process's environment (docs/decisions/0301): the worker's (database, Redis, Kafka, storage,
 * its health PORT) and where analyzers connect: HL7 v2 over MLLP on HL7_MLLP_PORT, ASTM over TCP on ASTM_PORT, both
 * on ANALYZER_HOST (every interface by default: analyzers are on the laboratory's network).
 */
export const analyzersEnvSchema = workerEnvSchema.extend({
  HL7_MLLP_PORT: z.coerce.number().int().min(1).max(65535),
  ASTM_PORT: z.coerce.number().int().min(1).max(65535),
  ANALYZER_HOST: z.string().min(1).default('0.0.0.0'),
});
export type AnalyzersEnv = z.infer<typeof analyzersEnvSchema>;
export const ANALYZERS_ENV = Symbol('ANALYZERS_ENV');
