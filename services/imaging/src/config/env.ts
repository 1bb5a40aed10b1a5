import { loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';

const positive = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * The imaging service's own variables (both processes: the API stores STOW-RS instances, the worker imports zips),
 * beside the kit's. The import limits are counted on the bytes actually inflated, never on the sizes an archive
 * declares (docs/decisions/0099-hostile-archives.md).
 */
export const imagingEnvSchema = z.object({
  /** Most entries (files and folders) one import zip may hold. */
  IMPORT_MAX_ENTRIES: positive(50_000, 10_000_000),
  /** Most bytes one import zip may inflate to, in total (20 GiB). */
  IMPORT_MAX_INFLATED_BYTES: positive(20 * 1024 ** 3, Number.MAX_SAFE_INTEGER),
  /** Highest ratio of inflated to compressed bytes over the archive read so far (a zip bomb's is in the thousands). */
  IMPORT_MAX_RATIO: positive(200, 1_000_000),
  /** How long one instance's header may take to parse before the file is reported and skipped. */
  IMPORT_PARSE_TIMEOUT_MS: positive(10_000, 600_000),
  /** Threads parsing headers (each parse runs in one; a parse that never ends is stopped by ending its thread). */
  IMPORT_PARSE_THREADS: positive(2, 64),
  /**
   * Instances ingested as one batch (one read, one unit of work indexing them, their objects written side by side;
   * docs/decisions/0326-batched-ingest.md): an import's batch of zip entries, and STOW-RS's most parts per batch.
   */
  INGEST_BATCH_INSTANCES: positive(50, 1000),
  /** Imports one worker runs at a time. */
  IMPORT_CONCURRENCY: positive(1, 16),
  /**
   * An upload whose studies were not finished (a STOW-RS request or an import that crashed) is finished by the
   * sweeper once nothing was indexed into them for this long (docs/decisions/0204-abandoned-uploads.md).
   */
  UPLOAD_ABANDONED_AFTER_SECONDS: positive(900, 7 * 86_400),
  /** How often the API process looks for abandoned uploads; 0 turns the sweeper off. */
  UPLOAD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
});
export type ImagingEnv = z.infer<typeof imagingEnvSchema>;

export const IMAGING_ENV = Symbol('IMAGING_ENV');

export const loadImagingEnv = (env: Record<string, string | undefined> = process.env): ImagingEnv =>
  loadEnv(imagingEnvSchema, env);
