import type { DiagnosticReport, HumanName, Patient } from '@medplum/fhirtypes';
import { personName, personNameParts } from '@rayworks/contracts';
import {
  fhirGender,
  htmlToText,
  isoDate,
  RAYWORKS_SYSTEM,
  reportHtmlDocument,
  type InteropReport,
} from './interop-report.js';

/** LOINC 18748-4 "Diagnostic imaging study": the kind of every Rayworks report. */
export const FHIR_REPORT_CODE = { system: 'http://loinc.org', code: '18748-4', display: 'Diagnostic imaging study' };
const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/**
 * A DICOM person name (family^given^middle^prefix^suffix) as a FHIR HumanName: family, given (the given and the
 * middle names, in order), prefix, suffix, and the name as the console shows it as text (personName); null when the
 * name is empty (FHIR allows no empty strings).
 */
export function fhirHumanName(dicomName: string | null | undefined): HumanName | null {
  const n = personNameParts(dicomName);
  if (Object.values(n).every((c) => c === '')) return null;
  const given = [n.given, n.middle].filter((g) => g !== '');
  return {
    text: personName(dicomName),
    ...(n.family ? { family: n.family } : {}),
    ...(given.length > 0 ? { given } : {}),
    ...(n.prefix ? { prefix: [n.prefix] } : {}),
    ...(n.suffix ? { suffix: [n.suffix] } : {}),
  };
}

/** A DiagnosticReport as the contract answers it (fhirDiagnosticReportSchema): final, or amended. */
export type FhirReport = Omit<DiagnosticReport, 'status'> & { status: 'final' | 'amended' };

/**
 * A FINAL report as a FHIR R4 DiagnosticReport (docs/decisions/0189): status `final`, or `amended` once an
 * addendum is final; LOINC code with the test name as text; the patient as a contained Patient (identifier = the
 * patient ID, the name's family and given names, gender, birth date) referenced as subject; effective = the study
 * date; issued = when it was finalized; the signing radiologist as performer and results interpreter; the study by
 * its Study Instance UID (an identifier reference, as the study is a DICOM study and not a FHIR ImagingStudy resource
 * of ours); the accession number; the text as conclusion; and the HTML of the report with its addenda as
 * presentedForm (base64).
 */
export function buildFhirDiagnosticReport(r: InteropReport): FhirReport {
  const name = fhirHumanName(r.patient.patientName);
  const patient: Patient = {
    resourceType: 'Patient',
    id: 'patient',
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }] },
        system: `${RAYWORKS_SYSTEM}:patient-id`,
        value: r.patient.mrID,
      },
    ],
    ...(name ? { name: [name] } : {}),
    gender: fhirGender(r.patient.gender),
    ...(isoDate(r.patient.dateOfBirth) ? { birthDate: isoDate(r.patient.dateOfBirth)! } : {}),
  };
  const performer = r.doctorName
    ? [{ display: r.qualificationName ? `${r.doctorName}, ${r.qualificationName}` : r.doctorName }]
    : undefined;
  const effective = isoDate(r.study.studyDate);
  const text = [
    htmlToText(r.reportHTML),
    ...r.addenda.map((a) => `Addendum (${a.finalizedAt}):\n${htmlToText(a.html)}`),
  ]
    .filter((t) => t.length > 0)
    .join('\n\n');
  const report: FhirReport = {
    resourceType: 'DiagnosticReport',
    id: r.reportId,
    contained: [patient],
    identifier: [
      { system: `${RAYWORKS_SYSTEM}:report`, value: r.reportId },
      ...(r.study.accessionNumber
        ? [
            {
              type: { coding: [{ system: V2_0203, code: 'ACSN', display: 'Accession ID' }] },
              system: `${RAYWORKS_SYSTEM}:accession`,
              value: r.study.accessionNumber,
            },
          ]
        : []),
    ],
    status: r.addenda.length > 0 ? 'amended' : 'final',
    category: [{ coding: [{ system: V2_0074, code: 'RAD', display: 'Radiology' }] }],
    code: {
      coding: [FHIR_REPORT_CODE],
      text: r.testName ?? r.study.studyDescription ?? FHIR_REPORT_CODE.display,
    },
    subject: { reference: '#patient', ...(name ? { display: name.text } : {}) },
    ...(effective ? { effectiveDateTime: effective } : {}),
    issued: new Date(r.finalizedAt).toISOString(),
    ...(performer ? { performer, resultsInterpreter: performer } : {}),
    ...(r.study.studyInstanceUid
      ? {
          imagingStudy: [
            {
              type: 'ImagingStudy',
              identifier: { system: 'urn:dicom:uid', value: `urn:oid:${r.study.studyInstanceUid}` },
              display: r.study.studyDescription ?? r.study.modality ?? 'Study',
            },
          ],
        }
      : {}),
    ...(text ? { conclusion: text } : {}),
    presentedForm: [
      {
        contentType: 'text/html',
        language: 'en',
        title: r.testName ?? 'Radiology report',
        creation: new Date(r.finalizedAt).toISOString(),
        data: Buffer.from(reportHtmlDocument(r), 'utf8').toString('base64'),
      },
    ],
  };
  return report;
}
