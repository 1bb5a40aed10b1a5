import { TEST_MESSAGES } from '../billing/catalogue-messages.js';
import { formatBytes } from '../api/body-limit.js';

/**
 * The laboratory catalogue's words (spec §8 'Unable Update Test Details' word for word; the others designed here, the
 * specification names the screens, not their words). Asserted by the integration and end-to-end tests.
 */
export const LAB_TEST_MESSAGES = {
  created: 'Lab Test Definition Saved Successfully',
  updated: 'Lab Test Definition Updated Successfully',
  /** 404: not a lab test of the caller's company (or never defined). */
  notFound: 'Lab test not defined',
  versionNotFound: 'Lab test version not found',
  /** spec §8: an update that cannot be made (another company's test, a gone one, a bulk upload's bad rows). */
  updateFailed: TEST_MESSAGES.updateFailed,
  /** 409 */
  codeTaken: 'A lab test with this code is already defined',
  /** 409: two changes of one test at the same moment (two uploads creating a code, two new versions): the later one. */
  changedMeanwhile:
    'Another change to these lab tests was saved at the same moment: nothing of this one was saved; try again',
  containerMismatch: (container: string, sampleType: string) =>
    `The ${container} container does not take a ${sampleType} sample`,
  unknownSampleType: 'Choose a sample type from the list',
  unknownContainer: 'Choose a container from the list',
  loincFormat: 'A LOINC code is digits, a hyphen and a check digit (e.g. 2093-3)',
  loincCheckDigit: 'The LOINC code’s check digit is wrong',
  departmentCode: 'A sub-department code has only capital letters, digits and _',
  uploaded: (tests: number, versions: number) =>
    `Uploaded: ${tests} ${tests === 1 ? 'test' : 'tests'}, ${versions} new parameter ${versions === 1 ? 'version' : 'versions'}`,
  /** 400 naming each bad row (the header is row 1, as a spreadsheet numbers it). */
  badRows: (rows: readonly string[], more: number) =>
    `${TEST_MESSAGES.updateFailed}: ${rows.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
  row: (row: number, field: string, message: string) => `row ${row}: ${field}: ${message}`,
  fileEmpty: 'The file has no rows under its header',
  tooManyRows: (max: number) => `The file has more than ${max} rows: split it`,
  tooLarge: (bytes: number) => `The file is larger than ${formatBytes(bytes)}: split it`,
  notReadable: (format: string) => `The file cannot be read as ${format.toUpperCase()}`,
  missingColumns: (columns: readonly string[]) => `The header lacks the columns ${columns.join(', ')}`,
  unknownColumns: (columns: readonly string[]) => `The header has unknown columns ${columns.join(', ')}`,
  duplicateInFile: (code: string, row: number) => `${code} is already on row ${row}`,
  testNotDefined: (code: string) => `${code} is not a lab test of this company (upload it in the tests file first)`,
} as const;
