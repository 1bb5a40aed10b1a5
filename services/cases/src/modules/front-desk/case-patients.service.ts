import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CASE_MESSAGES,
  PATIENT_MESSAGES,
  type AssignablePatient,
  type BodyOf,
  type Case,
  type CASES_API,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CASE_AUDIT_ACTIONS } from '../cases/case-audit.js';
import { CaseMapper } from '../cases/case.mapper.js';
import { CasesPublisher } from '../cases/cases.publisher.js';
import { CasesRepository } from '../cases/cases.repository.js';
import { VisibleCases } from '../cases/visible-cases.service.js';
import type { BillingPatientEntity } from './billing-patient.entity.js';
import { BillingPatientsRepository } from './billing-patients.repository.js';
import { casePatientOf } from './front-desk-patient.js';

/** The action of a patient assignment (the case event's `action`). */
export const ASSIGN_PATIENT = 'ASSIGN_PATIENT';

/**
 * The worklist's patient assignment (docs/decisions/0263): the front desk's patients of the case's centre — only
 * those, from the read model of billing's patients — offered for a case the caller may see, and one of them given to
 * the case (its name, MR number as the Patient ID, sex and birth date; the case names billing's patient). Reading the
 * list is a read of patient data (audited); the assignment is one unit of work with its CaseUpdated and audit entry.
 */
@Injectable()
export class CasePatientsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(BillingPatientsRepository) private readonly patients: BillingPatientsRepository,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(CasesPublisher) private readonly publisher: CasesPublisher,
    @Inject(CaseMapper) private readonly mapper: CaseMapper,
  ) {}

  /** The patients the case may be given; none: the list is empty and the answer says so (spec §8). */
  assignable(
    access: RequestAccess,
    body: BodyOf<typeof CASES_API.findAssignablePatients>,
  ): Promise<{ patients: AssignablePatient[]; message: string | undefined }> {
    return this.uow.read(
      access,
      async (tx) => {
        const found = await this.visible.load(tx, access, body._id);
        const rows = found.centreId ? await this.patients.ofCentre(tx, found.centreId, body.search, body.limit) : [];
        return {
          patients: rows.map(assignableOf),
          message: rows.length === 0 ? CASE_MESSAGES.noPatientsToAssign : undefined,
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: { type: 'case', id: body._id },
          details: { list: 'assignable patients' },
        },
      },
    );
  }

  /** Gives the case a patient of its centre, at the version the caller read. */
  assign(access: RequestAccess, body: BodyOf<typeof CASES_API.assignCasePatient>): Promise<Case> {
    return this.uow.change(access, async (tx) => {
      const current = await this.visible.load(tx, access, body._id, { lock: true });
      if (current.version !== body.version) throw new ConflictException(CASE_MESSAGES.conflict);
      if (current.status === 'COMPLETED')
        throw new ConflictException(CASE_MESSAGES.actionNotAllowed(ASSIGN_PATIENT, current.status));
      const patient = current.centreId ? await this.patients.ofCentreById(tx, current.centreId, body.patientId) : null;
      if (!patient) throw new NotFoundException(PATIENT_MESSAGES.notFound);
      const updated = await this.cases.updateIfVersion(tx, current.id, current.version, {
        ...casePatientOf(patient),
        billingPatientId: patient.id,
      });
      if (!updated) throw new ConflictException(CASE_MESSAGES.conflict);
      await this.publisher.publish(tx, 'CaseUpdated', updated, {
        action: ASSIGN_PATIENT,
        previousStatus: current.status,
        actorId: access.principal.userId,
      });
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.patientAssign,
        target: { type: 'case', id: current.id },
        details: { billingPatientId: patient.id, previousBillingPatientId: current.billingPatientId },
      });
      return this.mapper.one(tx, updated);
    });
  }
}

const assignableOf = (p: BillingPatientEntity): AssignablePatient => ({
  _id: p.id,
  centreId: p.centreId,
  mrID: p.mrNumber,
  patientName: p.patientName,
  gender: p.gender,
  dateOfBirth: p.dateOfBirth,
  ageYears: p.ageYears,
});
