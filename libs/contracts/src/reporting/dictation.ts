import { z } from 'zod';

/**
 * Dictation (issue 25 item 5; docs/decisions/0354-dictation-clips.md, 0355-dictation-player-keys.md): audio clips a
 * radiologist records on a case's report (MediaRecorder), kept in the object store and indexed in
 * reporting.report_dictations, each with the report version it was recorded on; never deleted. The transcriptionist
 * plays them with the keyboard keys a foot pedal's driver sends.
 */

/** The audio types a clip may be: what MediaRecorder writes in Chromium (webm) and Firefox (ogg), without codecs. */
export const DICTATION_TYPES = ['audio/webm', 'audio/ogg'] as const;
export type DictationType = (typeof DICTATION_TYPES)[number];

/** The largest clip: 20 MiB (15 minutes of speech at the recorder's 32 kbit/s take about 3.6 MiB). */
export const DICTATION_MAX_BYTES = 20 * 1024 * 1024;
/** The longest clip the recorder makes (it stops itself there): 15 minutes. */
export const DICTATION_MAX_MS = 15 * 60 * 1000;
/** The bit rate the console asks MediaRecorder for (speech in Opus). */
export const DICTATION_BITS_PER_SECOND = 32_000;

export const dictationClipSchema = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  caseId: z.uuid(),
  /** The report version the clip was recorded on (0: before the report's first save). */
  reportVersion: z.number().int().min(0),
  contentType: z.enum(DICTATION_TYPES),
  sizeBytes: z.number().int().min(1),
  /** The recording's length as the recorder measured it. */
  durationMs: z.number().int().min(0),
  recordedBy: z.uuid(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type DictationClip = z.infer<typeof dictationClipSchema>;

/** The player's keys (decision 0355): what foot-pedal drivers send by default for transcription software. */
export const DICTATION_KEYS = {
  rewind: 'F7',
  forward: 'F8',
  playPause: 'F9',
} as const;
/** How far the rewind and forward keys move the clip. */
export const DICTATION_SKIP_SECONDS = 3;
/** The player's speeds. */
export const DICTATION_SPEEDS = [0.75, 1, 1.25, 1.5] as const;

/** Dictation's refusals (400 unless said), each saying what was refused. */
export const DICTATION_MESSAGES = {
  attached: 'Dictation attached to the report',
  notAudio: (type: string) => `The file is not ${type} audio: nothing was kept`,
  missing: 'The recording did not reach the storage server: record it again',
  sizeMismatch: 'The recording on the storage server is not the size that was declared: nothing was kept',
  notFound: 'No such dictation on this report',
  notRecorder: (status: string) => `Dictation is recorded by the reading radiologist; the case is ${status}`,
} as const;
