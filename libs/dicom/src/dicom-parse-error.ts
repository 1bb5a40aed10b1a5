import { IMPORT_MESSAGES } from './import-messages.js';

/**
 * Any DICOM input that cannot be read: not Part 10, truncated, missing a required UID, an unsupported transfer
 * syntax. `message` is always the spec's toast ('Error parsing DICOM file.'); `detail` says what was wrong, for
 * logs and the worker's per-file error report.
 */
export class DicomParseError extends Error {
  override readonly name = 'DicomParseError';
  readonly detail: string;

  constructor(detail: string, options?: { cause?: unknown }) {
    super(IMPORT_MESSAGES.parseError, options);
    this.detail = detail;
  }
}

/** The words of whatever dicom-parser threw (it throws strings, Errors, or `{ exception, dataSet }`). */
export function describeParserFailure(thrown: unknown): string {
  if (typeof thrown === 'string') return thrown;
  if (thrown instanceof Error) return thrown.message;
  if (thrown && typeof thrown === 'object' && 'exception' in thrown) {
    return describeParserFailure((thrown as { exception: unknown }).exception);
  }
  return String(thrown);
}
