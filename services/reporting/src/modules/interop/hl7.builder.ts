import { HL7_2_5 } from 'node-hl7-client';
import { personNameParts } from '@rayworks/contracts';
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

/** MSH-18, the character set (HL7 table 0211): the message's text is UTF-8 (names, the report). */
export const HL7_CHARACTER_SET = 'UNICODE UTF-8';

/**
 * HL7 v2.5's maximum lengths of the data types whose values can be long here (Chapter 2A): IS (a coded value, as
 * HD-1 of MSH-4), ST in CE-2 (a coded element's text, OBR-4's test name) and FT (formatted text, OBX-5).
 */
export const HL7_LENGTHS = { is: 20, ceText: 199, ft: 65_536 } as const;

/** How many characters of `escaped` (hl7Escape's output) fit in `max` without cutting an escape sequence or a character. */
function fitting(escaped: string, max: number): number {
  let end = 0;
  while (end < escaped.length) {
    let next = end + 1;
    if (escaped[end] === '\\') next = escaped.indexOf('\\', end + 1) + 1 || end + 1;
    else if (/[\uD800-\uDBFF]/.test(escaped[end]!)) next = end + 2;
    if (next > max) break;
    end = next;
  }
  return end;
}

/** A value escaped (hl7Escape) and, when longer, cut to at most `max` characters (never inside an escape sequence). */
export function hl7EscapeFit(value: string, max: number): string {
  const escaped = hl7Escape(value);
  return escaped.slice(0, fitting(escaped, max)).trimEnd();
}

/**
 * A text as formatted-text (FT) values of at most `max` characters each: lines joined by `\.br\` while they fit, a
 * longer text continued in the next value at a line break (or, for one line longer than `max`, wherever it must, never
 * inside an escape sequence or a character). Each value becomes its own OBX, as long reports are sent line-wise.
 */
export function hl7TextChunks(text: string, max: number = HL7_LENGTHS.ft): string[] {
  const chunks: string[] = [];
  let current: string | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    let rest = hl7Escape(line);
    if (current !== null && current.length + 4 + rest.length <= max) {
      current += `\\.br\\${rest}`;
      continue;
    }
    if (current !== null) chunks.push(current);
    while (rest.length > max) {
      const cut = Math.max(fitting(rest, max), 1);
      chunks.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  chunks.push(current ?? '');
  return chunks;
}

/**
 * MSH-4, the sending facility, as an HD: the centre's name as the namespace (cut to IS's 20 characters), and the
 * centre's id as a universal id of type UUID, which names it whole; RAYWORKS without a centre.
 */
export function hl7Facility(centreName: string | null, centreId: string | null): string {
  const namespace = hl7EscapeFit(centreName ?? RAYWORKS_APPLICATION, HL7_LENGTHS.is);
  return centreId ? `${namespace}^${centreId}^UUID` : namespace;
}

/**
 * A DICOM person name (family^given^middle^prefix^suffix) as an HL7 XPN: family name ^ given name ^ second and
 * further given names ^ suffix ^ prefix (HL7 v2.5 §2.A.88; note the suffix comes before the prefix), each
 * component escaped on its own, empty trailing components left out.
 */
export function hl7PersonName(dicomName: string | null | undefined): string {
  const n = personNameParts(dicomName);
  return [n.family, n.given, n.middle, n.suffix, n.prefix]
    .map((c) => hl7Escape(c))
    .join('^')
    .replace(/\^+$/, '');
}

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
 * identifiers and report text): the values are kept to v2.5's lengths instead (HL7_LENGTHS; a long report text is
 * sent in several OBX). MSH-4 is the centre (HD: name, id), MSH-18 declares UTF-8. PID: patient ID as MR, the DICOM name split into its XPN
 * components, birth date, sex. OBR: placer = the case, filler = the report, the test, the study date, the accession,
 * finalized time, section RAD, status F — C once an addendum is final —, the signing radiologist. OBX 1 FT the
 * report text; one FT OBX per final addendum; an OBX with the Study Instance UID. Every value is escaped per HL7
 * (hl7Escape); segments end with a carriage return.
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
  // set after the builder's checks: its length table is v2.1's
  message.set('MSH.4', hl7Facility(r.centreName, r.centreId));
  message.set('MSH.7', hl7Timestamp(options.now));
  message.set('MSH.18', HL7_CHARACTER_SET);
  const segment = (name: string, fields: Record<number, string>) => {
    const s = message.addSegment(name);
    for (const [n, value] of Object.entries(fields)) if (value !== '') s.set(`${name}.${n}`, value);
  };
  segment('PID', {
    1: '1',
    3: `${e(r.patient.mrID)}^^^${RAYWORKS_APPLICATION}^MR`,
    5: hl7PersonName(r.patient.patientName),
    7: hl7Date(r.patient.dateOfBirth),
    8: hl7Sex(r.patient.gender),
  });
  const test = r.testName ?? r.study.studyDescription ?? 'Radiology report';
  segment('OBR', {
    1: '1',
    2: `${r.caseId}^${RAYWORKS_APPLICATION}`,
    3: `${r.reportId}^${RAYWORKS_APPLICATION}`,
    4: `${e(r.study.modality ?? 'RAD')}^${hl7EscapeFit(test, HL7_LENGTHS.ceText)}^L`,
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
  const text = (value: string, at: string) => {
    for (const chunk of hl7TextChunks(value)) observation('FT', HL7_REPORT_OBSERVATION, chunk, at);
  };
  text(htmlToText(r.reportHTML), r.finalizedAt);
  for (const a of r.addenda) {
    const head = `Addendum${a.doctorName ? ` by ${a.doctorName}` : ''} (${a.finalizedAt})`;
    text(`${head}\n${htmlToText(a.html)}`, a.finalizedAt);
  }
  if (r.study.studyInstanceUid)
    observation('ST', HL7_STUDY_UID_OBSERVATION, e(r.study.studyInstanceUid), r.finalizedAt);
  return message.toString();
}
