// The import folder's words and constants live in libs/contracts (the import machine uses them too); they are
// re-exported here beside the rules that use them.
export {
  IMPORT_COUNTDOWN_SECONDS,
  IMPORT_MESSAGES,
  IMPORT_SOURCE,
  IMPORT_ZIP_LEVEL,
  type ImportMessage,
} from '@rayworks/contracts';

/** Bytes 128..132 of a DICOM Part 10 file spell DICM (spec §9); 0..128 are the preamble. */
export const DICM_MARKER_OFFSET = 128;
/** The four bytes at {@link DICM_MARKER_OFFSET}. */
export const DICM_MARKER = 'DICM';
/** Bytes a file needs for its marker to be read: the preamble and DICM. */
export const DICM_HEADER_LENGTH = DICM_MARKER_OFFSET + DICM_MARKER.length;
