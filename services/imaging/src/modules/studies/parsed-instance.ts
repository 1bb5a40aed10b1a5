import type { DicomJsonAttribute, DicomJsonObject } from '@rayworks/contracts';

/**
 * What the archive keeps of one instance's header: its identity, where its pixel data lies in the file, the QIDO-RS
 * keys of its study and series, and the DICOM JSON (bulk data left out) for the study, series and instance rows.
 * Made in the header-parse thread (header-parse.worker.ts) from libs/dicom's parse.
 */
export interface ParsedInstance {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  instanceNumber: number | null;
  rows: number | null;
  columns: number | null;
  numberOfFrames: number;
  pixelData: { offset: number; length: number | null; encapsulated: boolean } | null;
  study: {
    patientName: string;
    patientId: string;
    patientBirthDate: string | null;
    patientSex: string | null;
    studyDate: string | null;
    studyTime: string | null;
    accessionNumber: string | null;
    studyId: string | null;
    studyDescription: string | null;
    referringPhysicianName: string | null;
    attributes: DicomJsonObject;
  };
  series: {
    modality: string;
    seriesNumber: number | null;
    seriesDescription: string | null;
    bodyPartExamined: string | null;
    attributes: DicomJsonObject;
  };
  metadata: DicomJsonObject;
}

/** Study-level attributes (patient and general study modules) kept on the study row, for QIDO-RS study answers. */
const STUDY_TAGS = new Set([
  '00080005', // SpecificCharacterSet
  '00080020', // StudyDate
  '00080030', // StudyTime
  '00080050', // AccessionNumber
  '00080090', // ReferringPhysicianName
  '00081030', // StudyDescription
  '00100010', // PatientName
  '00100020', // PatientID
  '00100030', // PatientBirthDate
  '00100040', // PatientSex
  '0020000D', // StudyInstanceUID
  '00200010', // StudyID
]);

/** Series-level attributes (general series module) kept on the series row. */
const SERIES_TAGS = new Set([
  '00080005', // SpecificCharacterSet
  '00080021', // SeriesDate
  '00080031', // SeriesTime
  '00080060', // Modality
  '0008103E', // SeriesDescription
  '00180015', // BodyPartExamined
  '0020000E', // SeriesInstanceUID
  '00200011', // SeriesNumber
]);

/** A DICOM UID (PS3.5 9.1): digits and dots, at most 64 characters. Also what keeps the storage key a plain path. */
const UID = /^[0-9]+(\.[0-9]+)*$/;

export class InstanceDescriptionError extends Error {}

const first = (attribute: DicomJsonAttribute | undefined): unknown => attribute?.Value?.[0];

const text = (json: DicomJsonObject, tag: string): string | null => {
  const value = first(json[tag]);
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && 'Alphabetic' in value) return String((value as { Alphabetic: unknown }).Alphabetic);
  const s = String(value).trim();
  return s === '' ? null : s;
};

const integer = (json: DicomJsonObject, tag: string): number | null => {
  const value = first(json[tag]);
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

const uid = (json: DicomJsonObject, tag: string, name: string, fallback?: string | null): string => {
  const value = text(json, tag) ?? fallback ?? null;
  if (value === null) throw new InstanceDescriptionError(`${name} missing`);
  const trimmed = value.replace(/\0/g, '').trim();
  if (trimmed.length > 64 || !UID.test(trimmed)) throw new InstanceDescriptionError(`${name} is not a valid UID`);
  return trimmed;
};

const pick = (json: DicomJsonObject, tags: Set<string>): DicomJsonObject =>
  Object.fromEntries(Object.entries(json).filter(([tag]) => tags.has(tag)));

/** DICOM DA: eight digits, else null (QIDO-RS date ranges compare it as text). */
const date = (value: string | null): string | null => (value !== null && /^\d{8}$/.test(value) ? value : null);

/**
 * The archive's description of an instance from its DICOM JSON (group 0002 included or not: the transfer syntax and
 * SOP identity may come from the file meta information, passed as `meta`). Refuses an instance without valid
 * Study, Series and SOP Instance UIDs (they name the stored object).
 */
export function describeInstance(
  json: DicomJsonObject,
  meta: {
    transferSyntaxUid?: string | null;
    mediaStorageSopInstanceUid?: string | null;
    mediaStorageSopClassUid?: string | null;
    pixelData: ParsedInstance['pixelData'];
  },
): ParsedInstance {
  const studyInstanceUid = uid(json, '0020000D', 'Study Instance UID');
  const seriesInstanceUid = uid(json, '0020000E', 'Series Instance UID');
  const sopInstanceUid = uid(json, '00080018', 'SOP Instance UID', meta.mediaStorageSopInstanceUid);
  const sopClassUid = uid(json, '00080016', 'SOP Class UID', meta.mediaStorageSopClassUid);
  const transferSyntaxUid = uid(json, '00020010', 'Transfer Syntax UID', meta.transferSyntaxUid ?? '1.2.840.10008.1.2');
  const metadata = Object.fromEntries(
    Object.entries(json).filter(([tag]) => !tag.startsWith('0002') && tag !== '7FE00010'),
  ) as DicomJsonObject;
  return {
    studyInstanceUid,
    seriesInstanceUid,
    sopInstanceUid,
    sopClassUid,
    transferSyntaxUid,
    instanceNumber: integer(json, '00200013'),
    rows: integer(json, '00280010'),
    columns: integer(json, '00280011'),
    numberOfFrames: Math.max(1, integer(json, '00280008') ?? 1),
    pixelData: meta.pixelData,
    study: {
      patientName: text(json, '00100010') ?? '',
      patientId: text(json, '00100020') ?? '',
      patientBirthDate: date(text(json, '00100030')),
      patientSex: text(json, '00100040')?.slice(0, 16) ?? null,
      studyDate: date(text(json, '00080020')),
      studyTime: text(json, '00080030')?.slice(0, 32) ?? null,
      accessionNumber: text(json, '00080050'),
      studyId: text(json, '00200010'),
      studyDescription: text(json, '00081030'),
      referringPhysicianName: text(json, '00080090'),
      attributes: pick(metadata, STUDY_TAGS),
    },
    series: {
      modality: (text(json, '00080060') ?? '').slice(0, 16),
      seriesNumber: integer(json, '00200011'),
      seriesDescription: text(json, '0008103E'),
      bodyPartExamined: text(json, '00180015'),
      attributes: pick(metadata, SERIES_TAGS),
    },
    metadata,
  };
}
