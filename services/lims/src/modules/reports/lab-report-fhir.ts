import { createHash } from 'node:crypto';
import type { DiagnosticReport, Observation, ObservationReferenceRange, Patient, Quantity } from '@medplum/fhirtypes';
import { parseDecimal, unitOf, type LabReportLine, type LabReportTest, type ResultFlag } from '@rayworks/contracts';
import type { LoadedLabReport } from './lab-report.loader.js';

const RAYWORKS_SYSTEM = 'urn:rayworks';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/** LOINC 11502-2 "Laboratory report": the kind of every lab report. */
export const FHIR_LAB_REPORT_CODE = { system: LOINC, code: '11502-2', display: 'Laboratory report' };

/** A result flag as an HL7 v3 ObservationInterpretation code (none for an absurd value, never stored). */
export const FLAG_INTERPRETATION: Readonly<Record<ResultFlag, { code: string; display: string } | null>> = {
  NORMAL: { code: 'N', display: 'Normal' },
  LOW: { code: 'L', display: 'Low' },
  HIGH: { code: 'H', display: 'High' },
  CRITICAL_LOW: { code: 'LL', display: 'Critical low' },
  CRITICAL_HIGH: { code: 'HH', display: 'Critical high' },
  ABNORMAL: { code: 'A', display: 'Abnormal' },
  ABSURD: null,
};

const fhirGender = (value: string): Patient['gender'] => {
  const g = value.trim().toUpperCase();
  return g === 'MALE' || g === 'M' ? 'male' : g === 'FEMALE' || g === 'F' ? 'female' : g ? 'other' : 'unknown';
};

/** A decimal text as a Quantity with the line's UCUM unit (FHIR's decimal keeps the digits: 126, 11.2). */
function quantity(text: string, unit: string | null): Quantity {
  return {
    value: Number(text),
    ...(unit ? { unit: unitOf(unit)?.label ?? unit, system: UCUM, code: unit } : {}),
  };
}

/** An id FHIR allows ([A-Za-z0-9\-.]{1,64}) for a line of an order. */
const observationId = (orderId: string, code: string): string =>
  `obs-${createHash('sha256').update(`${orderId}:${code}`).digest('hex').slice(0, 24)}`;

function observation(
  report: LoadedLabReport,
  test: LabReportTest,
  line: LabReportLine,
  coded: boolean,
): Observation | null {
  if (line.value === null) return null;
  const text = Array.isArray(line.value) ? line.value.join(', ') : (line.value as string);
  const numeric = !Array.isArray(line.value) && parseDecimal(text) !== null;
  const interpretation = line.flag ? FLAG_INTERPRETATION[line.flag] : null;
  const referenceRange: ObservationReferenceRange[] = line.ranges.map((r) => ({
    ...(r.low !== null ? { low: quantity(r.low, line.unit) } : {}),
    ...(r.high !== null ? { high: quantity(r.high, line.unit) } : {}),
    ...(r.label ? { text: r.label } : {}),
  }));
  return {
    resourceType: 'Observation',
    id: observationId(test.orderId, line.code),
    status: test.amendment > 0 ? 'amended' : 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
    code: {
      coding: coded
        ? [{ system: LOINC, code: test.loincCode!, display: test.testName }]
        : [{ system: `${RAYWORKS_SYSTEM}:lab-parameter`, code: `${test.testCode}.${line.code}`, display: line.name }],
      text: line.name,
    },
    subject: { reference: '#patient' },
    ...(report.collectedAt[test.orderId] ? { effectiveDateTime: report.collectedAt[test.orderId]! } : {}),
    issued: test.signedAt,
    ...(test.signer ? { performer: [{ display: test.signer.doctorName }] } : {}),
    ...(numeric ? { valueQuantity: quantity(text, line.unit) } : { valueString: text }),
    ...(interpretation ? { interpretation: [{ coding: [{ system: INTERPRETATION, ...interpretation }] }] } : {}),
    ...(referenceRange.length > 0 ? { referenceRange } : {}),
    ...(test.method ? { method: { text: test.method } } : {}),
  };
}

/** A lab report as the contract answers it (labFhirReportSchema): final, or amended. */
export type FhirLabReport = Omit<DiagnosticReport, 'status'> & { status: 'final' | 'amended' };

/**
 * A lab report as a FHIR R4 DiagnosticReport (docs/decisions/0310): category LAB, LOINC 11502-2; the patient as a
 * contained Patient (MR number, name as text, gender, birth date); one contained Observation per parameter with a
 * value — LOINC-coded with the test's code when the test is one parameter with a LOINC code, else a Rayworks code
 * `<test>.<parameter>` (a panel's LOINC names the panel, not its parts) — with valueQuantity in UCUM (or valueString
 * for text and choices), the reference ranges of the patient, the interpretation from the flag and the method; status
 * `amended` when a test's signed results are an amendment.
 */
export function buildLabFhirReport(report: LoadedLabReport, registrationId: string): FhirLabReport {
  const { view } = report;
  const patient: Patient = {
    resourceType: 'Patient',
    id: 'patient',
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }] },
        system: `${RAYWORKS_SYSTEM}:patient-id`,
        value: view.patient.mrNumber,
      },
    ],
    name: [{ text: view.patient.patientName }],
    gender: fhirGender(view.patient.gender),
    ...(view.patient.dateOfBirth ? { birthDate: view.patient.dateOfBirth } : {}),
  };
  const observations = view.tests.flatMap((t) =>
    t.lines.flatMap((l) => observation(report, t, l, t.loincCode !== null && t.lines.length === 1) ?? []),
  );
  const amended = view.tests.some((t) => t.amendment > 0);
  const signers = [...new Set(view.tests.flatMap((t) => (t.signer ? [t.signer.doctorName] : [])))];
  const issued = view.tests
    .map((t) => t.signedAt)
    .sort()
    .at(-1);
  return {
    resourceType: 'DiagnosticReport',
    id: `lab-${view.reportId}`,
    identifier: [{ system: `${RAYWORKS_SYSTEM}:registration`, value: view.registrationNumber }],
    status: amended ? 'amended' : 'final',
    category: [{ coding: [{ system: V2_0074, code: 'LAB', display: 'Laboratory' }] }],
    code: { coding: [FHIR_LAB_REPORT_CODE], text: 'Laboratory Report' },
    subject: { reference: '#patient' },
    effectiveDateTime: view.registeredAt,
    ...(issued ? { issued } : {}),
    ...(signers.length > 0 ? { resultsInterpreter: signers.map((display) => ({ display })) } : {}),
    basedOn: [{ identifier: { system: `${RAYWORKS_SYSTEM}:registration-id`, value: registrationId } }],
    contained: [patient, ...observations],
    result: observations.map((o) => ({ reference: `#${o.id}` })),
  };
}
