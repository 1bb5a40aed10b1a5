import { describe, expect, it } from '@jest/globals';
import {
  DICM_HEADER_LENGTH,
  DICM_MARKER,
  DICM_MARKER_OFFSET,
  IMPORT_COUNTDOWN_SECONDS,
  IMPORT_MESSAGES,
  IMPORT_SOURCE,
  IMPORT_ZIP_LEVEL,
} from './import-messages.js';

// Word for word as spec §5, §8 and §2 give them ('Upload failed' and 'Network error' have no full stop there).
describe('import messages and constants', () => {
  it.each([
    ['noFiles', 'No files found.'],
    ['invalidPath', 'Invalid file path format.'],
    ['noValidFiles', 'No valid Study/Series/.dcm files found.'],
    ['parseError', 'Error parsing DICOM file.'],
    ['zipOrStudyMissing', 'Zipped data or Study ID not found.'],
    ['importFailed', 'Import failed.'],
    ['uploadFailed', 'Upload failed'],
    ['networkError', 'Network error'],
    ['success', 'File Uploaded Successfully. Case is Processing'],
  ] as const)('%s is %j', (key, words) => {
    expect(IMPORT_MESSAGES[key]).toBe(words);
  });

  it('has no message the specification does not give', () => {
    expect(Object.keys(IMPORT_MESSAGES)).toHaveLength(9);
  });

  it('holds the spec §9 constants', () => {
    expect(IMPORT_COUNTDOWN_SECONDS).toBe(5);
    expect(IMPORT_ZIP_LEVEL).toBe(6);
    expect(IMPORT_SOURCE).toBe('R2');
    expect([DICM_MARKER_OFFSET, DICM_MARKER, DICM_HEADER_LENGTH]).toEqual([128, 'DICM', 132]);
  });
});
