import { HL7_2_5 } from 'node-hl7-client';
import { hl7Sex, htmlToText, isoDate, RAYWORKS_APPLICATION, type InteropReport } from './interop-report.js';

/**
 * HL7 v2 escaping of a value placed in one component (HL7 v2.5 §2.7): the escape character first, then the field,
 * component, subcomponent and repetition separators; a line end becomes the formatted-text break `\.br\` (FT, TX).
 */
export function hl7Escape(value: string, { lineBreaks = false }: { lineBreaks?: boolean } = {}): string {
  const escaped = value
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\');
  const lines = escaped.replace(/\r\n?/g, '\n');
  return lineBreaks ? lines.replace(/\n/g, '\\.br\\') : lines.replace(/\n/g, ' ');
}

/** An HL7 TS (YYYYMMDDHHMMSS+0000, UTC) of an ISO instant. */
export function hl7Timestamp(iso: string): string {
  const d = new Date(iso);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}+0000`;
}

const hl7Date = (value: string | null): string => (isoDate(value) ?? '').replace(/-/g, '');

/** LOINC 18782-3 "Radiology Study observation (narrative)": the OBX of the report's text. */
export const HL7_REPORT_OBSERVATION = '18782-3^Radiology Study observation (narrative)^LN';
/** DICOM DCM 110180 "Study Instance UID": the OBX carrying the study. */
export const HL7_STUDY_UID_OBSERVATION = '110180^Study Instance UID^DCM';

export interface Hl7Options {
  /** MSH-10: the message control id (unique per message sent). */
  controlId: string;
  /** MSH-7: when the message is made (ISO). */
  now: string;
}

/**
 * A FINAL report as an HL7 v2.5 ORU^R01 (docs/decisions/0189), with node-hl7-client: its v2.5 builder makes and
 * checks the MSH (message type, processing id, version); PID, OBR and OBX are added to that message field by field
 * (the library's per-field length table for them is HL7 2.1's, e.g. PID-3 at most 20 characters, too short for real
 * identifiers and report text). PID: patient ID as MR, name, birth date, sex. OBR: placer = the case, filler = the
 * report, the test, the study date, the accession, finalized time, section RAD, status F — C once an addendum is
 * final —, the signing radiologist. OBX 1 FT the report text; one FT OBX per final addendum; an OBX with the Study
 * Instance UID. Every value is escaped per HL7 (hl7Escape); segments end with a carriage return.
 */
export function buildHl7OruR01(r: InteropReport, options: Hl7Options): string {
  const e = (v: string | null | undefined) => hl7Escape(v ?? '');
  const amended = r.addenda.length > 0;
  const message = new HL7_2_5()
    .buildMSH({
      msh_3: RAYWORKS_APPLICATION,
      msh_4: RAYWORKS_APPLICATION,
      msh_9_1: 'ORU',
      msh_9_2: 'R01',
      msh_9_3: 'ORU_R01',
      msh_10: e(options.controlId),
      msh_11_1: 'P',
    })
    .toMessage();
  // set after the builder's checks: its length table is v2.1's (MSH-4 ≤ 20), a centre's name is longer
  message.set('MSH.4', e(r.centreName ?? RAYWORKS_APPLICATION));
  message.set('MSH.7', hl7Timestamp(options.now));
  const segment = (name: string, fields: Record<number, string>) => {
    const s = message.addSegment(name);
    for (const [n, value] of Object.entries(fields)) if (value !== '') s.set(`${name}.${n}`, value);
  };
  segment('PID', {
    1: '1',
    3: `${e(r.patient.mrID)}^^^${RAYWORKS_APPLICATION}^MR`,
    5: e(r.patient.patientName),
    7: hl7Date(r.patient.dateOfBirth),
    8: hl7Sex(r.patient.gender),
  });
  const test = r.testName ?? r.study.studyDescription ?? 'Radiology report';
  segment('OBR', {
    1: '1',
    2: `${r.caseId}^${RAYWORKS_APPLICATION}`,
    3: `${r.reportId}^${RAYWORKS_APPLICATION}`,
    4: `${e(r.study.modality ?? 'RAD')}^${e(test)}^L`,
    7: hl7Date(r.study.studyDate),
    18: e(r.study.accessionNumber),
    22: hl7Timestamp(r.finalizedAt),
    24: 'RAD',
    25: amended ? 'C' : 'F',
    32: r.doctorName ? `&${e(r.doctorName)}` : '',
  });
  let set = 0;
  const observation = (type: 'FT' | 'ST', id: string, value: string, at: string) =>
    segment('OBX', { 1: String(++set), 2: type, 3: id, 5: value, 11: 'F', 14: hl7Timestamp(at) });
  observation('FT', HL7_REPORT_OBSERVATION, hl7Escape(htmlToText(r.reportHTML), { lineBreaks: true }), r.finalizedAt);
  for (const a of r.addenda) {
    const head = `Addendum${a.doctorName ? ` by ${a.doctorName}` : ''} (${a.finalizedAt})`;
    observation(
      'FT',
      HL7_REPORT_OBSERVATION,
      hl7Escape(`${head}\n${htmlToText(a.html)}`, { lineBreaks: true }),
      a.finalizedAt,
    );
  }
  if (r.study.studyInstanceUid)
    observation('ST', HL7_STUDY_UID_OBSERVATION, e(r.study.studyInstanceUid), r.finalizedAt);
  return message.toString();
}
