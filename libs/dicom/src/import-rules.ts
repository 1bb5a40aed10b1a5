// The import folder's rules (spec §5 "Import folder"), one implementation for the console (before zipping) and
// the import worker (again, on the zip's entries). Pure: paths, sizes and bytes in, decisions out.
import { DicomParseError } from './dicom-parse-error.js';
import { hasDicmMarker, parsePart10, readString, readWholeString, requireUid } from './dicom-dataset.js';
import { DICOM_TAGS } from './dicom-tags.js';
import { DICM_HEADER_LENGTH, IMPORT_MESSAGES } from './import-messages.js';

export { hasDicmMarker } from './dicom-dataset.js';

/** A dotted numeric identifier: '1', '1.2.840.10008'. */
const DOTTED = /^\d+(?:\.\d+)*$/;
/** An instance file name: a dotted numeric identifier ending in .dcm (any case). */
const INSTANCE_FILE = /^(\d+(?:\.\d+)*)\.dcm$/i;
/** System files that are never part of a study (Finder, Explorer, archive tools). */
const SYSTEM_NAMES = new Set(['__macosx', '.ds_store', 'thumbs.db', 'desktop.ini']);

/** The segments of a path written with '/' or '\' (browser relative paths, zip entry names, Windows paths). */
export function pathSegments(path: string): string[] {
  return path.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
}

/**
 * Whether a path is a hidden or system file that the import skips silently (spec §5): any segment that starts
 * with '.', or is __MACOSX, .DS_Store, Thumbs.db or desktop.ini. '..' is not hidden: it is an invalid path.
 */
export function isHiddenSystemPath(path: string): boolean {
  return pathSegments(path).some(
    (segment) => segment !== '..' && (segment.startsWith('.') || SYSTEM_NAMES.has(segment.toLowerCase())),
  );
}

export type ImportPathCheck =
  { ok: true; study: string; series: string; instance: string; fileName: string } | { ok: false; message: string };

/**
 * Checks one path against spec §5: its last three segments are study/series/instance, each a dotted numeric
 * identifier, the file ending in .dcm; else 'Invalid file path format.'. `instance` is the file's identifier
 * without '.dcm'; `fileName` the last segment as written. A path with a '..' segment is invalid wherever it is.
 */
export function checkImportPath(path: string): ImportPathCheck {
  const segments = pathSegments(path);
  const invalid = { ok: false as const, message: IMPORT_MESSAGES.invalidPath };
  if (segments.length < 3 || segments.includes('..')) return invalid;
  const [study, series, fileName] = segments.slice(-3) as [string, string, string];
  const instance = INSTANCE_FILE.exec(fileName)?.[1];
  if (!DOTTED.test(study) || !DOTTED.test(series) || instance === undefined) return invalid;
  return { ok: true, study, series, instance, fileName };
}

/** One file offered to the import: its relative path, size, and optionally its first bytes (at least 132). */
export interface ImportCandidate {
  path: string;
  size: number;
  /** The file's first bytes; when given, a file without the DICM marker is skipped as not DICOM. */
  head?: Uint8Array;
}

export interface AcceptedImportFile {
  path: string;
  size: number;
  study: string;
  series: string;
  instance: string;
}

export type ImportSkipReason = 'hidden' | 'notDicom';

export interface SkippedImportFile {
  path: string;
  reason: ImportSkipReason;
}

export type ImportPlan =
  | {
      ok: true;
      accepted: AcceptedImportFile[];
      skipped: SkippedImportFile[];
      /** The study folder's name (the first in path order when the selection holds several). */
      studyId: string;
      /** Every study folder of the selection, in path order. */
      studies: string[];
    }
  | {
      ok: false;
      message: string;
      skipped: SkippedImportFile[];
      /** The visible files whose path is not study/series/instance.dcm (why the selection was refused). */
      invalid: string[];
    };

/**
 * Applies the spec §5 rules to a selection (docs/decisions/0092-import-folder-rules.md):
 * - empty selection → 'No files found.';
 * - hidden/system files are skipped;
 * - any other file whose path is not study/series/instance.dcm refuses the whole selection with
 *   'Invalid file path format.' (nothing is half-imported);
 * - a file shorter than the DICM header, or whose `head` lacks DICM at byte 128, is skipped as not DICOM;
 * - nothing left → 'No valid Study/Series/.dcm files found.'.
 * Accepted files come in path order; `studyId` is the first study folder.
 */
export function planImport(files: readonly ImportCandidate[]): ImportPlan {
  const skipped: SkippedImportFile[] = [];
  if (files.length === 0) return { ok: false, message: IMPORT_MESSAGES.noFiles, skipped, invalid: [] };
  const accepted: AcceptedImportFile[] = [];
  const invalid: string[] = [];
  for (const file of files) {
    if (isHiddenSystemPath(file.path)) {
      skipped.push({ path: file.path, reason: 'hidden' });
      continue;
    }
    const check = checkImportPath(file.path);
    if (!check.ok) {
      invalid.push(file.path);
      continue;
    }
    const notDicom = file.size < DICM_HEADER_LENGTH || (file.head !== undefined && !hasDicmMarker(file.head));
    if (notDicom) {
      skipped.push({ path: file.path, reason: 'notDicom' });
      continue;
    }
    accepted.push({
      path: file.path,
      size: file.size,
      study: check.study,
      series: check.series,
      instance: check.instance,
    });
  }
  if (invalid.length > 0) return { ok: false, message: IMPORT_MESSAGES.invalidPath, skipped, invalid };
  if (accepted.length === 0) return { ok: false, message: IMPORT_MESSAGES.noValidFiles, skipped, invalid };
  accepted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const studies = [...new Set(accepted.map((file) => file.study))];
  return { ok: true, accepted, skipped, studyId: studies[0]!, studies };
}

/** The study metadata the import screen shows, read from the first file (spec §3). */
export interface StudyMetadata {
  /** The PN value as written ('Doe^John'), '' when absent. */
  patientName: string;
  modality: string;
  /** DA value 'YYYYMMDD', or null. */
  studyDate: string | null;
  /** Study ID (0020,0010), or null. */
  studyId: string | null;
  studyInstanceUid: string;
}

/**
 * Reads the study metadata of one file's header with dicom-parser, stopping before the pixel data (so the first
 * bytes of a large file are enough). Throws DicomParseError ('Error parsing DICOM file.') when unreadable.
 */
export function readStudyMetadata(bytes: Uint8Array): StudyMetadata {
  const parsed = parsePart10(bytes, { untilPixelData: true });
  try {
    return {
      patientName: readWholeString(parsed, DICOM_TAGS.PatientName) ?? '',
      modality: readString(parsed, DICOM_TAGS.Modality) ?? '',
      studyDate: readString(parsed, DICOM_TAGS.StudyDate),
      studyId: readString(parsed, DICOM_TAGS.StudyID, { text: true }),
      studyInstanceUid: requireUid(parsed, DICOM_TAGS.StudyInstanceUID, 'Study Instance UID'),
    };
  } catch (thrown) {
    if (thrown instanceof DicomParseError) throw thrown;
    throw new DicomParseError(String(thrown), { cause: thrown });
  }
}
