import { Inject, Injectable } from '@nestjs/common';
import {
  rangesFor,
  testParametersSchema,
  type LabReportTest,
  type LabReportView,
  type PatientAge,
  type RangeSubject,
} from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { OutsourcedOrdersRepository } from '../outsourcing/outsourced-orders.repository.js';
import { ResultSignaturesRepository } from '../results/result-signatures.repository.js';
import { patientSubjectOfRow } from '../results/patient-age.js';
import { ResultsRepository } from '../results/results.repository.js';
import type { ReportOrderRow } from './lab-reports.repository.js';

/** A lab report's view, with what the print needs beside it: the signing pathologist's signature image key. */
export interface LoadedLabReport {
  view: LabReportView;
  /** The signature the report prints: the latest signer's. */
  signatureKey: string | null;
  centreId: string;
  /**
   * The registering centre's time zone (RegistrationCreated, decision 0374), whose clock the printed dates read; null
   * for samples registered before the registration carried it (then UTC).
   */
  timeZone: string | null;
  /** When the samples were collected (FHIR's effective time), by order. */
  collectedAt: Readonly<Record<string, string | null>>;
}

/**
 * The patient the ranges judge: their sex, and their age on the centre's day the sample was collected (as the
 * worksheet judged them; decisions 0306, 0374).
 */
export function reportSubjectOf(row: ReportOrderRow): RangeSubject {
  return patientSubjectOfRow(row);
}

/** '39 Y', '4 M', '12 D'. */
export const ageText = (age: PatientAge): string =>
  age.years > 0 ? `${age.years} Y` : age.months > 0 ? `${age.months} M` : `${age.days} D`;

/**
 * Reads a lab report's view in the caller's transaction (row-level security of the company): the chosen signed
 * orders' results with the catalogue versions they were judged by (results' repository), the ranges of the patient
 * (rangesFor), and who signed each (result signatures). The orders are given in print order.
 */
@Injectable()
export class LabReportLoader {
  constructor(
    @Inject(ResultsRepository) private readonly results: ResultsRepository,
    @Inject(ResultSignaturesRepository) private readonly signatures: ResultSignaturesRepository,
    @Inject(OutsourcedOrdersRepository) private readonly outsourced: OutsourcedOrdersRepository,
  ) {}

  async load(tx: ReadTx, reportId: string, orders: readonly ReportOrderRow[]): Promise<LoadedLabReport> {
    const first = orders[0]!;
    const ids = orders.map((o) => o.order_id);
    const [versions, stored, signed, performed] = await Promise.all([
      this.results.versions(tx, [...new Set(orders.flatMap((o) => o.test_version_id ?? []))]),
      this.results.results(tx, ids),
      this.signatures.of(
        tx,
        orders.map((o) => ({ orderId: o.order_id, amendment: o.amendment ?? 0 })),
      ),
      this.outsourced.performedAt(tx, ids),
    ]);
    const parametersOf = new Map(versions.map((v) => [v.id, testParametersSchema.parse(v.parameters)]));
    const signatureOf = new Map(signed.map((s) => [s.lab_order_id, s]));
    const tests: LabReportTest[] = orders.map((o) => {
      const values = new Map(stored.filter((s) => s.lab_order_id === o.order_id).map((s) => [s.parameter_code, s]));
      const subject = reportSubjectOf(o);
      const signature = signatureOf.get(o.order_id);
      return {
        orderId: o.order_id,
        testCode: o.test_code,
        testName: o.test_name,
        department: o.department,
        subDepartmentName: o.sub_department_name,
        method: o.method,
        loincCode: o.loinc_code,
        amendment: o.amendment ?? 0,
        signedAt: (o.signed_at ?? new Date(0)).toISOString(),
        signer: signature ? { doctorName: signature.doctor_name, qualification: signature.qualification } : null,
        performedAt: performed.get(o.order_id)?.labName ?? null,
        lines: (parametersOf.get(o.test_version_id ?? '') ?? []).map((p) => {
          const value = values.get(p.code);
          return {
            code: p.code,
            name: p.name,
            value: value?.value ?? null,
            decimals: p.decimals,
            unit: p.unit,
            ranges: rangesFor(p, subject).map((r) => ({ label: r.label, low: r.low, high: r.high })),
            flag: value?.flag ?? null,
          };
        }),
      };
    });
    const latest = [...signed].sort((a, b) => b.signed_at.getTime() - a.signed_at.getTime())[0];
    return {
      view: {
        reportId,
        registrationNumber: first.registration_number,
        registeredAt: first.registered_at.toISOString(),
        patient: {
          patientName: first.patient_name,
          mrNumber: first.mr_number,
          gender: first.gender,
          dateOfBirth: first.date_of_birth,
          age: ageText(reportSubjectOf(first).age),
        },
        tests,
      },
      signatureKey: latest?.signature_key ?? null,
      centreId: first.centre_id,
      timeZone: orders.find((o) => o.time_zone !== null)?.time_zone ?? null,
      collectedAt: Object.fromEntries(orders.map((o) => [o.order_id, o.collected_at?.toISOString() ?? null])),
    };
  }
}
