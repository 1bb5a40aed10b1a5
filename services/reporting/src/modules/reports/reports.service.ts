import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import {
  REPORT_MESSAGES,
  type Case,
  type REPORTING_API,
  type Report,
  type ReportEventType,
  type ReportStatus,
  type ReportVersion,
  type ReportVersionSummary,
  unfilledTemplateFields,
  type BodyOf,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { sanitiseReportHtml } from '../../common/sanitise-html.js';
import { AuthProfileClient } from './auth-profile.client.js';
import { CasesClient } from './cases.client.js';
import { versionOf, type ReportEntity } from './report.entity.js';
import { newReportOf, patientOf, studyOf } from './report-patient.js';
import {
  actorOf,
  checkSave,
  finalizeOutcome,
  lockHolder,
  maySendToTypist,
  maySubmitForReview,
  mayWrite,
  takeLock,
  takesTranscription,
} from './report-rules.js';
import { changeInCase, readInCase } from './case-work.js';
import { REPORT_AUDIT_ACTIONS } from './report-audit.js';
import { ReportSigner } from './report-signer.js';
import { ReportViews } from './report-views.js';
import { refuse } from './reports.errors.js';
import { ReportsPublisher } from './reports.publisher.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * A case's report (docs/decisions/0173-report-model-and-workflow.md; its addenda: AddendaService). Every call asks
 * cases for the case with the caller's credentials (404 when out of reach), decides from the case's facts and the
 * shared lifecycle who may do what, and runs one unit of work in the case's company: the row, its version, its audit
 * entry and its outbox event (and the PDF job at finalize) commit together. The case itself moves in cases, from the
 * event.
 */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(AuthProfileClient) private readonly profiles: AuthProfileClient,
    @Inject(ReportSigner) private readonly signer: ReportSigner,
    @Inject(ReportsPublisher) private readonly publisher: ReportsPublisher,
    @Inject(ReportViews) private readonly views: ReportViews,
  ) {}

  /** The case's report, created as a DRAFT when it has none (never takes the lock). */
  async get(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.getReportData>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const existing = await readInCase(this.uow, access, c, (tx) => this.reports.ofCase(tx, c._id));
    if (existing) {
      return readInCase(this.uow, access, c, (tx) => this.views.view(tx, existing), {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: c._id },
          details: { read: 'report', reportId: existing.id },
        },
      });
    }
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.ensure(tx, c);
      return this.views.view(tx, row);
    });
  }

  /** Takes or renews the caller's two-minute lock; a typist taking an untyped case starts its transcription. */
  async lock(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.lockReport>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    const profile = await this.profiles.get(caller);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.ensure(tx, c);
      // someone else at work on it says so first, whoever asks
      const taken = takeLock({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, actor.userId, new Date());
      if (!taken.ok) refuse(taken);
      const may = mayWrite(c, row.status, actor);
      if (!may.ok) refuse(may);
      row.lockUserId = actor.userId;
      row.lockUserName = profile.fullName;
      row.lockExpiresAt = taken.expiresAt;
      const saved = await this.reports.save(tx, row);
      if (!taken.renewed) {
        await tx.audit({
          action: REPORT_AUDIT_ACTIONS.lock,
          target: { type: 'case', id: c._id },
          details: { reportId: row.id },
        });
        if (takesTranscription(c, actor)) {
          await this.publisher.report(tx, 'ReportTranscriptionStarted', saved, actor.userId, {
            typistId: actor.userId,
          });
          await tx.audit({
            action: REPORT_AUDIT_ACTIONS.transcribe,
            target: { type: 'case', id: c._id },
            details: { reportId: row.id },
          });
        }
      }
      return this.views.view(tx, saved);
    });
  }

  /** Releases the caller's lock (someone else's or none: nothing to release). */
  async unlock(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.unlockReport>,
  ): Promise<{ released: boolean }> {
    const c = await this.cases.findOne(caller, body.caseId);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.reports.ofCase(tx, c._id, { lock: true });
      if (
        !row ||
        lockHolder({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, new Date()) !== access.principal.userId
      )
        return { released: false };
      clearLock(row);
      await this.reports.save(tx, row);
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.unlock,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id },
      });
      return { released: true };
    });
  }

  /** Saves the report under the caller's lock from the version the editor holds: a new version. */
  async save(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.saveReport>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.ensure(tx, c);
      const may = mayWrite(c, row.status, actor);
      if (!may.ok) refuse(may);
      const check = checkSave(
        { userId: row.lockUserId, expiresAt: row.lockExpiresAt },
        row,
        actor.userId,
        body.baseVersion,
        new Date(),
      );
      if (!check.ok) refuse(check);
      row.reportHtml = sanitiseReportHtml(body.reportHTML);
      if (body.testName !== undefined) row.testName = body.testName;
      if (body.templateId !== undefined) row.templateId = body.templateId;
      if (body.footerTopFields !== undefined) row.footerTopFields = body.footerTopFields;
      row.version += 1;
      const saved = await this.reports.save(tx, row);
      await this.reports.addVersion(tx, versionOf(row, row.status, actor.userId, row.lockUserName));
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.save,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id, version: row.version },
      });
      return this.views.view(tx, saved);
    });
  }

  async versions(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.reportVersions>,
  ): Promise<{ versions: ReportVersionSummary[] }> {
    const c = await this.cases.findOne(caller, body.caseId);
    return readInCase(this.uow, access, c, async (tx) => {
      const row = await this.reports.ofCase(tx, c._id);
      if (!row) return { versions: [] };
      const rows = await this.reports.versions(tx, row.id);
      return {
        versions: rows.map((v) => ({
          reportId: v.reportId,
          version: v.version,
          savedBy: v.savedBy,
          savedByName: v.savedByName,
          status: v.status,
          createdAt: v.createdAt.toISOString(),
        })),
      };
    });
  }

  async version(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.reportVersion>,
  ): Promise<ReportVersion> {
    const c = await this.cases.findOne(caller, body.caseId);
    return readInCase(
      this.uow,
      access,
      c,
      async (tx) => {
        const row = await this.reports.ofCase(tx, c._id);
        const v = row ? await this.reports.version(tx, row.id, body.version) : null;
        if (!v) throw new NotFoundException(REPORT_MESSAGES.versionNotFound);
        return {
          reportId: v.reportId,
          version: v.version,
          html: v.html,
          savedBy: v.savedBy,
          savedByName: v.savedByName,
          status: v.status,
          createdAt: v.createdAt.toISOString(),
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: c._id },
          details: { read: 'report_version', version: body.version },
        },
      },
    );
  }

  /** To the typist (the machine's case.sendToTypist): AT_TYPIST, the lock released, ReportSentToTypist. */
  async sendToTypist(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.sendReportToTypist>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.ensure(tx, c);
      const may = maySendToTypist(c, row.status, actor);
      if (!may.ok) refuse(may);
      this.notLockedByOther(row, actor.userId);
      return this.step(tx, c, row, actor.userId, 'AT_TYPIST', 'ReportSentToTypist', REPORT_AUDIT_ACTIONS.sendToTypist, {
        typistId: body.typistId ?? null,
      });
    });
  }

  /** To review (the machine's case.submitForReview): IN_REVIEW, the lock released, ReportSubmittedForReview. */
  async submitForReview(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.submitReportForReview>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.ensure(tx, c);
      const may = maySubmitForReview(c, row.status, actor);
      if (!may.ok) refuse(may);
      this.notLockedByOther(row, actor.userId);
      if (row.version === 0) throw new ConflictException(REPORT_MESSAGES.emptyReport);
      return this.step(
        tx,
        c,
        row,
        actor.userId,
        'IN_REVIEW',
        'ReportSubmittedForReview',
        REPORT_AUDIT_ACTIONS.submitForReview,
        {},
      );
    });
  }

  /**
   * Finalize (the machine's case.complete): signed with the caller's profile signature (400 without one), its image
   * copied into the report's objects, FINAL, ReportFinalized and the PDF job in the same unit of work. A junior
   * reader's report goes to review instead.
   */
  async finalize(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.finalizeReport>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    const current = await changeInCase(this.uow, access, c, (tx) => this.ensure(tx, c));
    const outcome = finalizeOutcome(c, current.status, actor);
    if (!outcome.ok) refuse(outcome);
    if (outcome.outcome === 'review') return this.submitForReview(access, caller, body);
    const signer = await this.signer.sign(caller, c.companyId, current.id);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = (await this.reports.ofCase(tx, c._id, { lock: true }))!;
      const again = finalizeOutcome(c, row.status, actor);
      if (!again.ok) refuse(again);
      this.notLockedByOther(row, actor.userId);
      if (row.version === 0) throw new ConflictException(REPORT_MESSAGES.emptyReport);
      await this.refuseUnfilledFields(tx, row);
      const now = new Date();
      row.doctorInfo = signer.doctorInfo;
      row.signatureKey = signer.key;
      row.finalizedAt = now;
      row.finalizedBy = actor.userId;
      // the signed report names the case as it is now: a referrer, accession or patient that came after the report
      // was opened is printed (decision 0343)
      row.patient = patientOf(c);
      row.study = studyOf(c);
      row.version += 1;
      await this.reports.addVersion(tx, versionOf(row, 'FINAL', actor.userId, signer.doctorInfo.doctorName));
      const view = await this.step(
        tx,
        c,
        row,
        actor.userId,
        'FINAL',
        'ReportFinalized',
        REPORT_AUDIT_ACTIONS.finalize,
        {},
      );
      await tx.enqueue('reportingReportPdf', { reportId: row.id, version: row.version });
      return view;
    });
  }

  /**
   * 400 when template fields still show their placeholder (decision 0196), named by their templates' labels in the
   * report's order (decision 0340: the report's template first, then the company's others; the key only when no
   * template defines it).
   */
  private async refuseUnfilledFields(tx: ReadTx, row: ReportEntity): Promise<void> {
    const keys = unfilledTemplateFields(row.reportHtml);
    if (keys.length === 0) return;
    const labels = await this.reports.fieldLabels(tx, keys, row.templateId);
    throw new BadRequestException(REPORT_MESSAGES.unfilledFields(keys.map((k) => labels.get(k) ?? k)));
  }

  // ---- helpers ----

  /** The case's report row, locked; created (DRAFT, the case's patient and study) when it has none. */
  private async ensure(tx: ChangeTx, c: Case): Promise<ReportEntity> {
    const found = await this.reports.ofCase(tx, c._id, { lock: true });
    if (found) return found;
    const row = await this.reports.createIfMissing(tx, newReportOf(c));
    await tx.audit({
      action: REPORT_AUDIT_ACTIONS.create,
      target: { type: 'case', id: c._id },
      details: { reportId: row.id },
    });
    return row;
  }

  /** A step of the workflow: the new status, the lock released, the event and the audit entry. */
  private async step(
    tx: ChangeTx,
    c: Case,
    row: ReportEntity,
    actorId: string,
    status: ReportStatus,
    event: ReportEventType,
    action: string,
    extra: { typistId?: string | null },
  ): Promise<Report> {
    const from = row.status;
    row.status = status;
    clearLock(row);
    const saved = await this.reports.save(tx, row);
    await this.publisher.report(tx, event, saved, actorId, extra);
    await tx.audit({
      action,
      target: { type: 'case', id: c._id },
      details: { reportId: row.id, from, to: status, version: row.version, ...extra },
    });
    return this.views.view(tx, saved);
  }

  /** Another user's live lock stops a workflow step ('A Transcriptionist is already working on the case'). */
  private notLockedByOther(row: ReportEntity, userId: string): void {
    const holder = lockHolder({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, new Date());
    if (holder !== null && holder !== userId) {
      const taken = takeLock({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, userId, new Date());
      if (!taken.ok) refuse(taken);
    }
  }
}

function clearLock(row: ReportEntity): void {
  row.lockUserId = null;
  row.lockUserName = null;
  row.lockExpiresAt = null;
}
