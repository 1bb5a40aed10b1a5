import { z } from 'zod';
import { TOPICS, type Topic } from './topics.js';

/**
 * The catalogue of event payloads: one entry per (type, version), naming its topic and zod schema.
 * A consumer ignores fields it does not know (schemas are not strict), and refuses a version it does not know.
 */
export interface EventDefinition<TSchema extends z.ZodType = z.ZodType> {
  type: string;
  version: number;
  topic: Topic;
  schema: TSchema;
}

const defineEvent = <TSchema extends z.ZodType>(def: EventDefinition<TSchema>): EventDefinition<TSchema> => def;

/** A study finished importing into the archive (imaging → cases). */
export const StudyImportedV1 = defineEvent({
  type: 'StudyImported',
  version: 1,
  topic: TOPICS.imagingStudy,
  schema: z.object({
    studyInstanceUid: z.string().min(1),
    groupId: z.uuid().nullable(),
    centreId: z.uuid().nullable(),
    patientName: z.string(),
    modality: z.string(),
    studyDate: z.string().nullable(),
    seriesCount: z.number().int().nonnegative(),
    instanceCount: z.number().int().nonnegative(),
  }),
});
export type StudyImportedPayload = z.infer<typeof StudyImportedV1.schema>;

export const EVENT_DEFINITIONS = [StudyImportedV1] as const;

export const eventKey = (type: string, version: number): string => `${type}@v${version}`;
