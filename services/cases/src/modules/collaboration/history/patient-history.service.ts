import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { COLLABORATION_MESSAGES, type CASES_API, type PatientHistoryEntry, type BodyOf } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { CaseEntity } from '../../cases/case.entity.js';
import { VisibleCases } from '../../cases/visible-cases.service.js';
import { DirectoryRepository } from '../../directory/directory.repository.js';
import { COLLABORATION_AUDIT_ACTIONS as A, iso } from '../collaboration-audit.js';
import type { PatientHistoryEntity } from './patient-history.entity.js';
import { PatientHistoryRepository, type HistoryPatient } from './patient-history.repository.js';

const patientOf = (c: CaseEntity): HistoryPatient => ({ caseId: c.id, centreId: c.centreId, patientId: c.patientId });

/**
 * A patient's history (spec §7 /patienthistory/*): kept per patient — the company's centre and Patient ID
 * (docs/decisions/0218-patient-identity-and-priors.md) — so every case of the patient at that centre shows it, and
 * never a case of the same Patient ID at another centre; read, added, edited and deleted through a case the caller can
 * see (404 otherwise) by the holders of HISTORY_ADD / HISTORY_EDIT / HISTORY_DELETE (the contract's access rules).
 * An entry of another patient is as absent as a missing one (404). Each change is one unit of work with its audit
 * entry (the entry's text is patient data: the audit names the entry, never its text).
 */
@Injectable()
export class PatientHistoryService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(PatientHistoryRepository) private readonly history: PatientHistoryRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  find(access: RequestAccess, caseId: string): Promise<PatientHistoryEntry[]> {
    return this.onCase(access, caseId, (found) =>
      this.uow.read(access, async (tx) => this.views(tx, await this.history.ofPatient(tx, patientOf(found))), {
        inCompany: found.tenantId,
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: caseId },
          details: { read: 'patient_history' },
        },
      }),
    );
  }

  add(access: RequestAccess, body: BodyOf<typeof CASES_API.createPatientHistory>): Promise<PatientHistoryEntry> {
    return this.onCase(access, body.caseId, (found) =>
      this.uow.change(
        access,
        async (tx) => {
          const row = await this.history.insert(tx, {
            tenantId: found.tenantId,
            caseId: found.id,
            centreId: found.centreId,
            patientId: found.patientId,
            text: body.text,
            authorId: access.principal.userId,
          });
          await tx.audit({
            action: A.historyAdd,
            target: { type: 'patient_history', id: row.id },
            details: { caseId: found.id },
          });
          return (await this.views(tx, [row]))[0]!;
        },
        { inCompany: found.tenantId },
      ),
    );
  }

  /**
   * The case as the caller may see it (404 otherwise), then the work in the case's company: a marketplace
   * radiologist's or the fusion side's entry is the case company's row (the unit of work's inCompany).
   */
  private async onCase<T>(access: RequestAccess, caseId: string, work: (found: CaseEntity) => Promise<T>): Promise<T> {
    const found = await this.uow.read(access, (tx) => this.visible.load(tx, access, caseId));
    return work(found);
  }

  update(access: RequestAccess, body: BodyOf<typeof CASES_API.updatePatientHistory>): Promise<PatientHistoryEntry> {
    return this.uow.change(access, async (tx) => {
      const found = await this.visible.load(tx, access, body.caseId);
      const row = await this.history.findForChange(tx, body._id, patientOf(found));
      if (!row) throw new NotFoundException(COLLABORATION_MESSAGES.historyNotFound);
      if (row.version !== body.version) throw new ConflictException(COLLABORATION_MESSAGES.historyConflict);
      row.text = body.text;
      const saved = await this.history.save(tx, row);
      await tx.audit({
        action: A.historyEdit,
        target: { type: 'patient_history', id: row.id },
        details: { caseId: found.id, version: saved.version },
      });
      return (await this.views(tx, [saved]))[0]!;
    });
  }

  delete(access: RequestAccess, body: BodyOf<typeof CASES_API.deletePatientHistory>): Promise<{ _id: string }> {
    return this.uow.change(access, async (tx) => {
      const found = await this.visible.load(tx, access, body.caseId);
      const row = await this.history.findForChange(tx, body._id, patientOf(found));
      if (!row) throw new NotFoundException(COLLABORATION_MESSAGES.historyNotFound);
      row.deletedAt = new Date();
      row.deletedBy = access.principal.userId;
      await this.history.save(tx, row);
      await tx.audit({
        action: A.historyDelete,
        target: { type: 'patient_history', id: row.id },
        details: { caseId: found.id },
      });
      return { _id: row.id };
    });
  }

  private async views(tx: ReadTx, rows: readonly PatientHistoryEntity[]): Promise<PatientHistoryEntry[]> {
    const names = await this.directory.names(
      tx,
      rows.map((r) => r.authorId),
      [],
    );
    return rows.map((r) => ({
      _id: r.id,
      caseId: r.caseId,
      patientId: r.patientId,
      text: r.text,
      authorId: r.authorId,
      authorName: r.authorId ? (names.users.get(r.authorId) ?? null) : null,
      version: r.version,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }));
  }
}
