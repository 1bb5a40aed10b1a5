import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Credentials } from '@rayworks/api-client';
import { CRITICAL_MESSAGES as M, type Case } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CasesClient } from '../reports/cases.client.js';
import { buildFhirDiagnosticReport, type FhirReport } from './fhir.builder.js';
import { buildHl7OruR01 } from './hl7.builder.js';
import type { InteropReport } from './interop-report.js';
import { InteropRepository, type StoredAddendum, type StoredReport } from './interop.repository.js';

/** The finalized report of a case as interop data (null-safe over what the report row holds). */
export function interopReportOf(c: Case, r: StoredReport, addenda: StoredAddendum[]): InteropReport {
  return {
    reportId: r.id,
    caseId: r.case_id,
    version: r.version,
    reportHTML: r.report_html,
    testName: r.test_name,
    finalizedAt: r.finalized_at!,
    doctorName: r.doctor_info?.doctorName ?? null,
    qualificationName: r.doctor_info?.qualificationName ?? null,
    patient: {
      patientName: r.patient?.patientName ?? c.patientName,
      mrID: r.patient?.mrID ?? c.patientId,
      gender: r.patient?.gender ?? c.patientSex,
      dateOfBirth: r.patient?.dateOfBirth ?? c.patientBirthDate,
    },
    study: {
      modality: r.study?.modality ?? c.modality,
      studyDescription: r.study?.studyDescription ?? c.studyDescription,
      studyDate: r.study?.studyDate ?? c.studyDate,
      bodyPart: r.study?.bodyPart ?? c.bodyPart,
      studyInstanceUid: c.studyInstanceUid,
      accessionNumber: r.patient?.registrationID ?? c.accessionNumber,
    },
    centreName: c.centreName,
    centreId: c.centreId,
    addenda: addenda.map((a) => ({
      id: a.id,
      html: a.html,
      doctorName: a.addendum_doctor_info?.doctorName ?? null,
      finalizedAt: a.finalized_at,
    })),
  };
}

/**
 * A case's FINAL report as FHIR R4 DiagnosticReport or HL7 v2.5 ORU^R01 (docs/decisions/0189): the case is taken
 * through cases (404 outside the caller's reach), the report read in the case's company; each answer is an export
 * of patient data and audited as one.
 */
@Injectable()
export class InteropService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(InteropRepository) private readonly reports: InteropRepository,
    @Inject(CasesClient) private readonly cases: CasesClient,
  ) {}

  async fhir(access: RequestAccess, caller: Credentials, caseId: string): Promise<FhirReport> {
    return buildFhirDiagnosticReport(await this.load(access, caller, caseId, 'fhir'));
  }

  async hl7(access: RequestAccess, caller: Credentials, caseId: string): Promise<{ message: string }> {
    const report = await this.load(access, caller, caseId, 'hl7');
    return {
      message: buildHl7OruR01(report, {
        controlId: randomUUID().replace(/-/g, '').slice(0, 20),
        now: new Date().toISOString(),
      }),
    };
  }

  private async load(
    access: RequestAccess,
    caller: Credentials,
    caseId: string,
    format: string,
  ): Promise<InteropReport> {
    const found = await this.cases.findOne(caller, caseId);
    return this.uow.read(
      access,
      async (tx) => {
        // the case is the caller's (cases answered it): a report not started yet is not final either (409, not 404)
        const report = await this.reports.report(tx, found._id);
        if (!report || report.status !== 'FINAL' || !report.finalized_at) throw new ConflictException(M.reportNotFinal);
        return interopReportOf(found, report, await this.reports.finalAddenda(tx, report.id));
      },
      {
        inCompany: found.companyId,
        audit: {
          action: KIT_AUDIT_ACTIONS.export,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: found._id },
          details: { export: 'report', format },
        },
      },
    );
  }
}
