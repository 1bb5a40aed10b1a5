import { personName, type Case, type ReportPatient, type ReportStudy } from '@rayworks/contracts';

/** DICOM DA (YYYYMMDD) or ISO date → ISO date (YYYY-MM-DD), or null. */
export function isoDateOf(value: string | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The patient's age at the study (or today) in whole years, as '42Y'; null without a birth date. */
export function ageOf(birthDate: string | null, at: string | null, today = new Date()): string | null {
  const born = isoDateOf(birthDate);
  if (!born) return null;
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const on = isoDateOf(at) ?? today.toISOString().slice(0, 10);
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const years = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return years >= 0 ? `${years}Y` : null;
}

/** The report's patient block from the case (spec §3 patient keys). */
export function patientOf(c: Case): ReportPatient {
  return {
    patientName: c.patientName,
    age: ageOf(c.patientBirthDate, c.studyDate),
    gender: c.patientSex,
    dateOfBirth: isoDateOf(c.patientBirthDate),
    mrID: c.patientId,
    registrationID: c.accessionNumber,
    // the registration's referral, else the study's Referring Physician's Name (a DICOM PN, its carets as spaces)
    referredName: c.referringPhysician?.trim() ? personName(c.referringPhysician) : null,
    phoneNumber: null,
  };
}

/** The report's study block from the case. */
export function studyOf(c: Case): ReportStudy {
  return {
    modality: c.modality,
    studyDescription: c.studyDescription,
    studyDate: isoDateOf(c.studyDate),
    bodyPart: c.bodyPart,
  };
}

/** A new report of the case: its company, the case's patient and study, its centre. */
export function newReportOf(c: Case) {
  return { tenantId: c.companyId, caseId: c._id, patient: patientOf(c), study: studyOf(c), centreId: c.centreId };
}
