import type { DicomJsonObject } from '@rayworks/contracts';
import type { InstanceHeader } from '@rayworks/dicom';
import { withBulkLocators } from './bulk-locator.js';

/**
 * What the archive keeps of one instance's header: its identity, where its pixel data lies in the file, the QIDO-RS
 * keys of its study and series, and the DICOM JSON (bulk data as locators of its bytes) for the study, series and
 * instance rows.
 * Made in the header-parse thread (header-parse.worker.ts) from libs/dicom's `parseInstanceHeader`; plain data, so
 * it crosses the thread boundary as is.
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
  pixelData: { offset: number; length: number; encapsulated: boolean } | null;
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

/** A DICOM UID (PS3.5 9.1): digits and dots, at most 64 characters. It is also what keeps a storage key a plain path. */
const UID = /^[0-9]+(\.[0-9]+)*$/;

/** A header the archive cannot keep (its detail is reported with 'Error parsing DICOM file.'). */
export class InstanceDescriptionError extends Error {}

const uid = (value: string, name: string): string => {
  const trimmed = value.replace(/\0/g, '').trim();
  if (trimmed.length === 0) throw new InstanceDescriptionError(`${name} is missing`);
  if (trimmed.length > 64 || !UID.test(trimmed)) throw new InstanceDescriptionError(`${name} is not a valid UID`);
  return trimmed;
};

const pick = (json: DicomJsonObject, tags: Set<string>): DicomJsonObject =>
  Object.fromEntries(Object.entries(json).filter(([tag]) => tags.has(tag)));

/** DICOM DA: eight digits, else null (QIDO-RS date ranges compare it as text). */
const date = (value: string | null): string | null => (value !== null && /^\d{8}$/.test(value) ? value : null);
const upTo = (value: string | null, length: number): string | null => (value === null ? null : value.slice(0, length));

/**
 * The archive's description of a parsed header. Refuses a header whose Study, Series, SOP Instance or SOP Class
 * UID is not a valid UID (they name the stored object: `tenants/{t}/studies/{Study}/{Series}/{SOP}.dcm`).
 */
export function describeInstance(header: InstanceHeader): ParsedInstance {
  // bulk data (binary values over 1 KiB) kept as where its bytes are, for WADO-RS bulkdata (bulk-locator.ts)
  const metadata: DicomJsonObject = withBulkLocators(header.dicomJson, header.bulkData);
  return {
    studyInstanceUid: uid(header.studyInstanceUid, 'Study Instance UID'),
    seriesInstanceUid: uid(header.seriesInstanceUid, 'Series Instance UID'),
    sopInstanceUid: uid(header.sopInstanceUid, 'SOP Instance UID'),
    sopClassUid: uid(header.sopClassUid, 'SOP Class UID'),
    transferSyntaxUid: uid(header.transferSyntaxUid, 'Transfer Syntax UID'),
    instanceNumber: header.instanceNumber,
    rows: header.rows,
    columns: header.columns,
    numberOfFrames: Math.max(1, header.numberOfFrames),
    pixelData: header.pixelData
      ? {
          offset: header.pixelData.offset,
          length: header.pixelData.length,
          encapsulated: header.pixelData.encapsulated,
        }
      : null,
    study: {
      patientName: header.patientName,
      patientId: header.patientId,
      patientBirthDate: date(header.patientBirthDate),
      patientSex: upTo(header.patientSex, 16),
      studyDate: date(header.studyDate),
      studyTime: upTo(header.studyTime, 32),
      accessionNumber: header.accessionNumber,
      studyId: header.studyId,
      studyDescription: header.studyDescription,
      referringPhysicianName: header.referringPhysicianName,
      attributes: pick(metadata, STUDY_TAGS),
    },
    series: {
      modality: header.modality.slice(0, 16),
      seriesNumber: header.seriesNumber,
      seriesDescription: header.seriesDescription,
      bodyPartExamined: header.bodyPartExamined,
      attributes: pick(metadata, SERIES_TAGS),
    },
    metadata,
  };
}
