import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_CENTRE_TIME_ZONE,
  localDateTime,
  PATIENT_MESSAGES,
  PatientRegisteredV1,
  PatientUpdatedV1,
  type PatientEventPayload,
  type BILLING_API,
  type BodyOf,
  type Page,
  type Patient,
} from '@rayworks/contracts';
import {
  centreInReach,
  companyOf,
  KIT_AUDIT_ACTIONS,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { CentresRepository, type KnownCentre } from '../directory/centres.repository.js';
import { PATIENT_AUDIT_ACTIONS } from './patient-audit.js';
import type { PatientEntity } from './patient.entity.js';
import { PatientsRepository, type PatientFields } from './patients.repository.js';

/** The centre's date today ('YYYY-MM-DD'), which dates a patient's age. */
const today = (): string => localDateTime(new Date(), DEFAULT_CENTRE_TIME_ZONE).date;

/** An MR number: the centre's code and its counter, e.g. BLR01-000042. */
export const mrNumberOf = (centreCode: string, n: number): string => `${centreCode}-${String(n).padStart(6, '0')}`;

/**
 * The front desk's patients (docs/decisions/0218, 0247): a patient is registered at a centre the caller reaches
 * (404 otherwise), gets the centre's next MR number, and is read, searched and corrected only by those who reach that
 * centre. A record of the same person (centre, name, phone, birth date) is refused (409, naming its MR numbers) until
 * the desk confirms it (`allowDuplicate`). Every read of patients is audited as a read of patient data.
 */
@Injectable()
export class PatientsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PatientsRepository) private readonly patients: PatientsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findPatients>): Promise<Page<Patient>> {
    return this.uow.read(
      access,
      async (tx) => {
        const { items, total } = await this.patients.list(tx, access, q);
        const on = today();
        return { items: items.map((p) => p.toPatient(on)), total, page: q.page, pageSize: q.pageSize };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { read: 'patients' } } },
    );
  }

  /** The desk's pick list as it types (no total: docs/decisions/0305). */
  lookup(access: RequestAccess, q: BodyOf<typeof BILLING_API.lookupPatients>): Promise<{ items: Patient[] }> {
    return this.uow.read(
      access,
      async (tx) => {
        const on = today();
        return { items: (await this.patients.lookup(tx, access, q)).map((p) => p.toPatient(on)) };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { read: 'patients' } } },
    );
  }

  get(access: RequestAccess, id: string): Promise<Patient> {
    return this.uow.read(
      access,
      async (tx) => {
        const patient = await this.patients.findReadable(tx, access, id);
        if (!patient) throw new NotFoundException(PATIENT_MESSAGES.notFound);
        return patient.toPatient(today());
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: { type: 'patient', id } } },
    );
  }

  duplicates(
    access: RequestAccess,
    who: BodyOf<typeof BILLING_API.findDuplicatePatients>,
  ): Promise<{ duplicates: Patient[] }> {
    return this.uow.read(access, async (tx) => {
      await this.centreOf(tx, access, who.centreId);
      const found = await this.patients.duplicates(tx, who.centreId, {
        patientName: who.patientName,
        phoneNumber: who.phoneNumber,
        dateOfBirth: who.dateOfBirth ?? null,
      });
      const on = today();
      return { duplicates: found.map((p) => p.toPatient(on)) };
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createPatient>): Promise<Patient> {
    const fields = fieldsOf(body);
    return this.uow.change(access, async (tx) => {
      const centre = await this.centreOf(tx, access, body.centreId);
      const same = await this.patients.duplicates(tx, centre.id, fields);
      if (same.length > 0 && !body.allowDuplicate)
        throw new ConflictException(PATIENT_MESSAGES.duplicate(same.map((p) => p.mrNumber)));
      const tenantId = companyOf(access.principal);
      const mrNumber = mrNumberOf(centre.code, await this.patients.nextMrNumber(tx, tenantId, centre.id));
      const id = await this.patients.insert(tx, {
        ...fields,
        tenantId,
        centreId: centre.id,
        groupId: centre.groupId,
        mrNumber,
      });
      await tx.audit({
        action: same.length > 0 ? PATIENT_AUDIT_ACTIONS.createDespiteDuplicate : PATIENT_AUDIT_ACTIONS.create,
        target: { type: 'patient', id },
        details: { centreId: centre.id, mrNumber, ...(same.length > 0 ? { duplicateOf: same.map((p) => p.id) } : {}) },
      });
      const patient = (await this.patients.findReadable(tx, access, id))!;
      await tx.publish(PatientRegisteredV1, id, patientEventOf(patient));
      return patient.toPatient(today());
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof BILLING_API.updatePatient>): Promise<Patient> {
    const fields = fieldsOf(body);
    return this.uow.change(access, async (tx) => {
      const current = await this.patients.findReadable(tx, access, body.id, true);
      if (!current) throw new NotFoundException(PATIENT_MESSAGES.notFound);
      if (current.mergedInto) throw new ConflictException(await this.mergedMessage(tx, access, current.mergedInto));
      await this.patients.update(tx, current.id, fields);
      // the patient's data itself stays out of the audit entry: it names the record and what was changed
      await tx.audit({
        action: PATIENT_AUDIT_ACTIONS.update,
        target: { type: 'patient', id: current.id },
        details: { changed: changedFields(current, fields) },
      });
      const patient = (await this.patients.findReadable(tx, access, current.id))!;
      await tx.publish(PatientUpdatedV1, patient.id, patientEventOf(patient));
      return patient.toPatient(today());
    });
  }

  /**
   * Merges two records of one person at a centre (docs/decisions/0265): `mergeId` becomes read only and points at
   * `keepId`; the visits, invoices and payments of both are read as the kept record's (their rows are not rewritten,
   * so the audit shows which record each was made on). Both are locked in id order, so two merges at once cannot
   * deadlock or make a cycle.
   */
  merge(access: RequestAccess, body: BodyOf<typeof BILLING_API.mergePatients>): Promise<Patient> {
    if (body.keepId === body.mergeId) throw new BadRequestException(PATIENT_MESSAGES.mergeIntoItself);
    return this.uow.change(access, async (tx) => {
      const [first, second] = [body.keepId, body.mergeId].sort();
      const locked = new Map<string, PatientEntity>();
      for (const id of [first!, second!]) {
        const patient = await this.patients.findReadable(tx, access, id, true);
        if (!patient) throw new NotFoundException(PATIENT_MESSAGES.notFound);
        locked.set(id, patient);
      }
      const keep = locked.get(body.keepId)!;
      const merge = locked.get(body.mergeId)!;
      if (keep.centreId !== merge.centreId) throw new BadRequestException(PATIENT_MESSAGES.mergeAcrossCentres);
      for (const p of [keep, merge])
        if (p.mergedInto) throw new ConflictException(await this.mergedMessage(tx, access, p.mergedInto));
      const moved = await this.patients.merge(tx, merge.id, keep.id);
      await tx.audit({
        action: PATIENT_AUDIT_ACTIONS.merge,
        target: { type: 'patient', id: merge.id },
        details: { into: keep.id, mrNumber: merge.mrNumber, intoMrNumber: keep.mrNumber, records: moved },
      });
      const merged = (await this.patients.findReadable(tx, access, merge.id))!;
      await tx.publish(PatientUpdatedV1, merged.id, patientEventOf(merged));
      return (await this.patients.findReadable(tx, access, keep.id))!.toPatient(today());
    });
  }

  private async mergedMessage(tx: ReadTx, access: RequestAccess, intoId: string): Promise<string> {
    const into = await this.patients.findReadable(tx, access, intoId);
    return PATIENT_MESSAGES.mergedRecord(into?.mrNumber ?? intoId);
  }

  /** A centre of the caller's company that the caller reaches, or 404 (a group, another's or a missing one alike). */
  private async centreOf(tx: ReadTx | ChangeTx, access: RequestAccess, centreId: string): Promise<KnownCentre> {
    const centre = await this.centres.centre(tx, centreId);
    if (!centre || !centre.isActive || !centreInReach(access, centre))
      throw new NotFoundException(PATIENT_MESSAGES.centreNotFound);
    return centre;
  }
}

/** What the desk's form says of a patient; a told age is dated today. */
function fieldsOf(body: {
  patientName: string;
  gender: PatientFields['gender'];
  dateOfBirth?: string | null;
  ageYears?: number | null;
  phoneNumber: string;
}): PatientFields {
  const dateOfBirth = body.dateOfBirth ?? null;
  const ageYears = dateOfBirth ? null : (body.ageYears ?? null);
  return {
    patientName: body.patientName,
    gender: body.gender,
    dateOfBirth,
    ageYears,
    ageRecordedOn: ageYears === null ? null : today(),
    phoneNumber: body.phoneNumber,
  };
}

/** The names of the fields a correction changes (never their values: they are patient data). */
function changedFields(current: PatientFields, next: PatientFields): string[] {
  return (Object.keys(next) as (keyof PatientFields)[]).filter((k) => k !== 'ageRecordedOn' && current[k] !== next[k]);
}

/** The whole patient on billing.patient.v1 (compacted: the last event of each patient is its state; decision 0263). */
const patientEventOf = (p: PatientEntity): PatientEventPayload => ({
  id: p.id,
  centreId: p.centreId,
  groupId: p.groupId,
  mrNumber: p.mrNumber,
  patientName: p.patientName,
  gender: p.gender,
  dateOfBirth: p.dateOfBirth,
  ageYears: p.ageYears,
  ageRecordedOn: p.ageRecordedOn,
  phoneNumber: p.phoneNumber,
  mergedInto: p.mergedInto,
});
