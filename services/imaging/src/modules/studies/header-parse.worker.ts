import { DicomParseError, parseInstanceHeader } from '@rayworks/dicom';
import { describeInstance, InstanceDescriptionError, type ParsedInstance } from './parsed-instance.js';

/** The answer of one parse: the description, or why the file cannot be kept (plain data across threads). */
export type HeaderParseResult = { ok: true; instance: ParsedInstance } | { ok: false; detail: string };

/**
 * Runs in a worker thread of HeaderParser's pool (piscina): parses one file's header with libs/dicom. A parse
 * that never ends is stopped from outside (the pool terminates this thread when the task's time is up).
 */
/** A parse task: the whole file, or (`headerOnly`) its first bytes, up to at least the Pixel Data element's header. */
export type HeaderParseTask = Uint8Array | { bytes: Uint8Array; headerOnly: boolean };

export default function parseHeader(task: HeaderParseTask): HeaderParseResult {
  const { bytes, headerOnly } = task instanceof Uint8Array ? { bytes: task, headerOnly: false } : task;
  try {
    return { ok: true, instance: describeInstance(parseInstanceHeader(bytes, { headerOnly })) };
  } catch (error) {
    if (error instanceof DicomParseError) return { ok: false, detail: error.detail };
    if (error instanceof InstanceDescriptionError) return { ok: false, detail: error.message };
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
