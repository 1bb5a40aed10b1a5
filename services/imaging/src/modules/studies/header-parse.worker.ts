import { DicomParseError, parseInstanceHeader } from '@rayworks/dicom';
import { describeInstance, InstanceDescriptionError, type ParsedInstance } from './parsed-instance.js';

/** The answer of one parse: the description, or why the file cannot be kept (plain data across threads). */
export type HeaderParseResult = { ok: true; instance: ParsedInstance } | { ok: false; detail: string };

/**
 * Runs in a worker thread of HeaderParser's pool (piscina): parses one file's header with libs/dicom. A parse
 * that never ends is stopped from outside (the pool terminates this thread when the task's time is up).
 */
export default function parseHeader(bytes: Uint8Array): HeaderParseResult {
  try {
    return { ok: true, instance: describeInstance(parseInstanceHeader(bytes)) };
  } catch (error) {
    if (error instanceof DicomParseError) return { ok: false, detail: error.detail };
    if (error instanceof InstanceDescriptionError) return { ok: false, detail: error.message };
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
