import { adminMessages } from '../auth/messages.js';

/** The front desk's patient messages (spec §8 'Patients Not Found'; the others in its words for records). */
export const PATIENT_MESSAGES = {
  ...adminMessages('Patient'),
  /** spec §8: a search that finds nobody. */
  notFound: 'Patients Not Found',
  centreNotFound: 'Centre not found',
  /** A record of the same person (centre, name, phone and birth date) exists: the desk confirms or picks it. */
  duplicate: (mrIDs: readonly string[]) =>
    `A patient with this name, phone number and date of birth is already registered (${mrIDs.join(', ')})`,
  /** A record merged into another is read only: its corrections and visits go to the record it was merged into. */
  mergedRecord: (mrID: string) => `This record was merged into ${mrID}`,
  mergeIntoItself: 'A record cannot be merged into itself',
  mergeAcrossCentres: 'Only two records of the same centre can be merged',
  merged: 'Patients Merged Successfully',
} as const;
