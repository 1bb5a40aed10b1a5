// Tags as DICOM JSON keys: 8 upper-case hex digits. No dictionary here (the console loads this without it).

/**
 * A tag as 8 upper-case hex digits, the key of DICOM JSON: accepts '0020000D', '0020000d', 'x0020000d' (dicom-parser)
 * and '(0020,000D)' / '0020,000D'. Throws on anything else.
 */
export function dicomTag(hex: string): string {
  const compact = hex
    .trim()
    .replace(/^x/i, '')
    .replace(/[(),\s]/g, '');
  if (!/^[0-9A-Fa-f]{8}$/.test(compact)) throw new Error(`Not a DICOM tag: ${hex}`);
  return compact.toUpperCase();
}

/** Tags the import, QIDO and WADO code name (keyword → 8 hex digits). */
export const DICOM_TAGS = {
  SpecificCharacterSet: '00080005',
  SOPClassUID: '00080016',
  SOPInstanceUID: '00080018',
  StudyDate: '00080020',
  StudyTime: '00080030',
  AccessionNumber: '00080050',
  Modality: '00080060',
  ModalitiesInStudy: '00080061',
  ReferringPhysicianName: '00080090',
  StudyDescription: '00081030',
  SeriesDescription: '0008103E',
  RetrieveURL: '00081190',
  PatientName: '00100010',
  PatientID: '00100020',
  PatientBirthDate: '00100030',
  PatientSex: '00100040',
  BodyPartExamined: '00180015',
  StudyInstanceUID: '0020000D',
  SeriesInstanceUID: '0020000E',
  StudyID: '00200010',
  SeriesNumber: '00200011',
  InstanceNumber: '00200013',
  NumberOfStudyRelatedSeries: '00201206',
  NumberOfStudyRelatedInstances: '00201208',
  NumberOfSeriesRelatedInstances: '00201209',
  SamplesPerPixel: '00280002',
  PhotometricInterpretation: '00280004',
  NumberOfFrames: '00280008',
  Rows: '00280010',
  Columns: '00280011',
  BitsAllocated: '00280100',
  TransferSyntaxUID: '00020010',
  PixelData: '7FE00010',
} as const;
