/**
 * Billing's patient as a case names it (docs/decisions/0261, 0263): the DICOM Patient ID is the centre's MR number,
 * the sex DICOM's M / F / O, the birth date DICOM's YYYYMMDD.
 */
export interface FrontDeskPatient {
  mrNumber: string;
  patientName: string;
  /** Billing's gender: Male, Female or Other. */
  gender: string;
  /** YYYY-MM-DD, or null when only the age was told. */
  dateOfBirth: string | null;
}

const SEX_OF_GENDER: Readonly<Record<string, string>> = { Male: 'M', Female: 'F', Other: 'O' };

/** The case's patient columns from billing's patient. */
export function casePatientOf(p: FrontDeskPatient): {
  patientName: string;
  patientId: string;
  patientSex: string | null;
  patientBirthDate: string | null;
} {
  return {
    patientName: p.patientName,
    patientId: p.mrNumber,
    patientSex: SEX_OF_GENDER[p.gender] ?? null,
    patientBirthDate:
      p.dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(p.dateOfBirth) ? p.dateOfBirth.replaceAll('-', '') : null,
  };
}
