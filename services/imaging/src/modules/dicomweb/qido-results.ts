import type { DicomJsonAttribute, DicomJsonObject } from '@rayworks/contracts';
import type { InstanceEntity } from '../studies/entities/instance.entity.js';
import type { SeriesEntity } from '../studies/entities/series.entity.js';
import type { StudyEntity } from '../studies/entities/study.entity.js';
import { withoutBulkData } from '../studies/bulk-locator.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import { TAGS } from './qido-params.js';

/**
 * QIDO-RS answers (PS3.18 10.6.3, Tables 10.6.3-3 to -5): for each match the attributes the standard requires at
 * its level, then those `includefield` asked for (or all the index keeps), as DICOM JSON. Counts, modalities,
 * UIDs and RetrieveURL come from the index's columns; the rest from the DICOM JSON kept with the row.
 */
const STUDY_REQUIRED = [
  TAGS.SpecificCharacterSet,
  TAGS.StudyDate,
  TAGS.StudyTime,
  TAGS.AccessionNumber,
  TAGS.InstanceAvailability,
  TAGS.ModalitiesInStudy,
  TAGS.ReferringPhysicianName,
  TAGS.StudyDescription,
  TAGS.RetrieveURL,
  TAGS.PatientName,
  TAGS.PatientID,
  TAGS.PatientBirthDate,
  TAGS.PatientSex,
  TAGS.StudyInstanceUID,
  TAGS.StudyID,
  TAGS.NumberOfStudyRelatedSeries,
  TAGS.NumberOfStudyRelatedInstances,
];
const SERIES_REQUIRED = [
  TAGS.SpecificCharacterSet,
  TAGS.Modality,
  TAGS.SeriesDescription,
  TAGS.RetrieveURL,
  TAGS.StudyInstanceUID,
  TAGS.SeriesInstanceUID,
  TAGS.SeriesNumber,
  TAGS.NumberOfSeriesRelatedInstances,
  TAGS.PerformedProcedureStepStartDate,
  TAGS.PerformedProcedureStepStartTime,
];
const INSTANCE_REQUIRED = [
  TAGS.SpecificCharacterSet,
  TAGS.SOPClassUID,
  TAGS.SOPInstanceUID,
  TAGS.InstanceAvailability,
  TAGS.RetrieveURL,
  TAGS.StudyInstanceUID,
  TAGS.SeriesInstanceUID,
  TAGS.InstanceNumber,
  TAGS.NumberOfFrames,
  TAGS.Rows,
  TAGS.Columns,
  TAGS.BitsAllocated,
];

/** The VR of the attributes we may have to write empty (from the index's columns when the JSON lacks them). */
const VR: Record<string, string> = {
  [TAGS.SpecificCharacterSet]: 'CS',
  [TAGS.StudyDate]: 'DA',
  [TAGS.StudyTime]: 'TM',
  [TAGS.AccessionNumber]: 'SH',
  [TAGS.InstanceAvailability]: 'CS',
  [TAGS.ModalitiesInStudy]: 'CS',
  [TAGS.ReferringPhysicianName]: 'PN',
  [TAGS.StudyDescription]: 'LO',
  [TAGS.RetrieveURL]: 'UR',
  [TAGS.PatientName]: 'PN',
  [TAGS.PatientID]: 'LO',
  [TAGS.PatientBirthDate]: 'DA',
  [TAGS.PatientSex]: 'CS',
  [TAGS.StudyInstanceUID]: 'UI',
  [TAGS.StudyID]: 'SH',
  [TAGS.NumberOfStudyRelatedSeries]: 'IS',
  [TAGS.NumberOfStudyRelatedInstances]: 'IS',
  [TAGS.Modality]: 'CS',
  [TAGS.SeriesDescription]: 'LO',
  [TAGS.SeriesInstanceUID]: 'UI',
  [TAGS.SeriesNumber]: 'IS',
  [TAGS.NumberOfSeriesRelatedInstances]: 'IS',
  [TAGS.PerformedProcedureStepStartDate]: 'DA',
  [TAGS.PerformedProcedureStepStartTime]: 'TM',
  [TAGS.SOPClassUID]: 'UI',
  [TAGS.SOPInstanceUID]: 'UI',
  [TAGS.InstanceNumber]: 'IS',
  [TAGS.NumberOfFrames]: 'IS',
  [TAGS.Rows]: 'US',
  [TAGS.Columns]: 'US',
  [TAGS.BitsAllocated]: 'US',
};

const attr = (tag: string, value: unknown): DicomJsonAttribute => {
  const vr = VR[tag] ?? 'UN';
  if (value === null || value === undefined || value === '') return { vr };
  return { vr, Value: Array.isArray(value) ? value : [value] };
};
const pn = (name: string | null): DicomJsonAttribute =>
  name ? { vr: 'PN', Value: [{ Alphabetic: name }] } : { vr: 'PN' };

/** Picks the required tags and the asked-for ones from a DICOM JSON source, in tag order. */
function pick(
  source: DicomJsonObject,
  required: readonly string[],
  include: readonly string[] | 'all',
  computed: DicomJsonObject,
): DicomJsonObject {
  const tags = new Set<string>([...required, ...Object.keys(computed)]);
  if (include === 'all') for (const tag of Object.keys(source)) tags.add(tag);
  else for (const tag of include) tags.add(tag);
  const out: DicomJsonObject = {};
  for (const tag of [...tags].sort()) {
    const value = computed[tag] ?? source[tag];
    if (value) out[tag] = value;
    else if (required.includes(tag)) out[tag] = { vr: VR[tag] ?? 'UN' };
  }
  return out;
}

/**
 * The tags the study and series rows keep (required ones and what parsed-instance.ts picks): any other asked for by
 * `includefield` comes from one of the matched study's or series' instances.
 */
export const LEVEL_KEPT_TAGS = new Set<string>([
  ...STUDY_REQUIRED,
  ...SERIES_REQUIRED,
  '00080021', // SeriesDate
  '00080031', // SeriesTime
  '00180015', // BodyPartExamined
]);

/** The attributes of an instance that `includefield` asked for, without bulk data. */
function asked(instance: DicomJsonObject | undefined, include: readonly string[] | 'all'): DicomJsonObject {
  if (!instance || include === 'all') return {};
  const clean = withoutBulkData(instance);
  const out: DicomJsonObject = {};
  for (const tag of include) {
    const value = clean[tag];
    if (value && !value.BulkDataURI) out[tag] = value;
  }
  return out;
}

export function studyResult(
  study: StudyEntity,
  include: readonly string[] | 'all',
  instance?: DicomJsonObject,
): DicomJsonObject {
  const a = study.attributes ?? {};
  const computed: DicomJsonObject = {
    [TAGS.StudyInstanceUID]: attr(TAGS.StudyInstanceUID, study.studyInstanceUid),
    [TAGS.ModalitiesInStudy]: attr(TAGS.ModalitiesInStudy, study.modalities.length ? study.modalities : null),
    [TAGS.NumberOfStudyRelatedSeries]: attr(TAGS.NumberOfStudyRelatedSeries, study.seriesCount),
    [TAGS.NumberOfStudyRelatedInstances]: attr(TAGS.NumberOfStudyRelatedInstances, study.instanceCount),
    [TAGS.InstanceAvailability]: attr(TAGS.InstanceAvailability, 'ONLINE'),
    [TAGS.RetrieveURL]: attr(TAGS.RetrieveURL, dicomwebUrls.study(study.studyInstanceUid)),
  };
  // from the columns when the kept JSON lacks them
  const fallback: DicomJsonObject = {
    [TAGS.PatientName]: pn(study.patientName),
    [TAGS.PatientID]: attr(TAGS.PatientID, study.patientId),
    [TAGS.StudyDate]: attr(TAGS.StudyDate, study.studyDate),
    [TAGS.StudyTime]: attr(TAGS.StudyTime, study.studyTime),
    [TAGS.AccessionNumber]: attr(TAGS.AccessionNumber, study.accessionNumber),
    [TAGS.StudyID]: attr(TAGS.StudyID, study.studyId),
    [TAGS.StudyDescription]: attr(TAGS.StudyDescription, study.studyDescription),
    [TAGS.PatientBirthDate]: attr(TAGS.PatientBirthDate, study.patientBirthDate),
    [TAGS.PatientSex]: attr(TAGS.PatientSex, study.patientSex),
    [TAGS.ReferringPhysicianName]: pn(study.referringPhysicianName),
  };
  return pick({ ...asked(instance, include), ...fallback, ...a }, STUDY_REQUIRED, include, computed);
}

/** A series; with its study's required attributes too when asked at the top level (/series) or for includefield. */
export function seriesResult(
  series: SeriesEntity,
  study: StudyEntity,
  include: readonly string[] | 'all',
  withStudy: boolean,
  instance?: DicomJsonObject,
): DicomJsonObject {
  const computed: DicomJsonObject = {
    [TAGS.StudyInstanceUID]: attr(TAGS.StudyInstanceUID, study.studyInstanceUid),
    [TAGS.SeriesInstanceUID]: attr(TAGS.SeriesInstanceUID, series.seriesInstanceUid),
    [TAGS.NumberOfSeriesRelatedInstances]: attr(TAGS.NumberOfSeriesRelatedInstances, series.instanceCount),
    [TAGS.RetrieveURL]: attr(TAGS.RetrieveURL, dicomwebUrls.series(study.studyInstanceUid, series.seriesInstanceUid)),
  };
  const fallback: DicomJsonObject = {
    [TAGS.Modality]: attr(TAGS.Modality, series.modality),
    [TAGS.SeriesNumber]: attr(TAGS.SeriesNumber, series.seriesNumber),
    [TAGS.SeriesDescription]: attr(TAGS.SeriesDescription, series.seriesDescription),
  };
  const own = pick(
    // the series row keeps no Performed Procedure Step start: its first instance's
    {
      ...asked(instance, [
        ...(include === 'all' ? [] : include),
        TAGS.PerformedProcedureStepStartDate,
        TAGS.PerformedProcedureStepStartTime,
      ]),
      ...fallback,
      ...(series.attributes ?? {}),
    },
    SERIES_REQUIRED,
    include,
    computed,
  );
  if (!withStudy) return own;
  const studyPart = studyResult(study, include === 'all' ? [] : include, instance);
  delete studyPart[TAGS.RetrieveURL];
  return sortByTag({ ...studyPart, ...own });
}

export function instanceResult(
  instance: InstanceEntity,
  series: SeriesEntity,
  study: StudyEntity,
  include: readonly string[] | 'all',
): DicomJsonObject {
  const computed: DicomJsonObject = {
    [TAGS.StudyInstanceUID]: attr(TAGS.StudyInstanceUID, study.studyInstanceUid),
    [TAGS.SeriesInstanceUID]: attr(TAGS.SeriesInstanceUID, series.seriesInstanceUid),
    [TAGS.SOPInstanceUID]: attr(TAGS.SOPInstanceUID, instance.sopInstanceUid),
    [TAGS.SOPClassUID]: attr(TAGS.SOPClassUID, instance.sopClassUid),
    [TAGS.InstanceAvailability]: attr(TAGS.InstanceAvailability, 'ONLINE'),
    [TAGS.RetrieveURL]: attr(
      TAGS.RetrieveURL,
      dicomwebUrls.instance(study.studyInstanceUid, series.seriesInstanceUid, instance.sopInstanceUid),
    ),
  };
  const fallback: DicomJsonObject = {
    [TAGS.InstanceNumber]: attr(TAGS.InstanceNumber, instance.instanceNumber),
    [TAGS.Rows]: attr(TAGS.Rows, instance.rows),
    [TAGS.Columns]: attr(TAGS.Columns, instance.columns),
  };
  const metadata = withoutBulkData(instance.metadata ?? {});
  const source = { ...fallback, ...metadata };
  // the required ones of the series and study levels too, as Orthanc and dcm4chee answer
  return pick(source, INSTANCE_REQUIRED, include, computed);
}

const sortByTag = (json: DicomJsonObject): DicomJsonObject =>
  Object.fromEntries(Object.entries(json).sort(([a], [b]) => (a < b ? -1 : 1)));
