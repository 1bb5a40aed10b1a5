import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { z } from 'zod';
import type { Credentials } from '@rayworks/api-client';
import {
  AUTH_MESSAGES,
  REPORT_EVENTS,
  REPORT_MESSAGES,
  REPORTING_MESSAGES,
  type Case,
  type REPORTING_API,
  type Report,
  type ReportDoctorInfo,
  type ReportEventType,
  type ReportPatient,
  type ReportStatus,
  type ReportVersion,
  type ReportVersionSummary,
  unfilledTemplateFields,
} from '@rayworks/contracts';
import {
  KIT_AUDIT_ACTIONS,
  StorageService,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { sanitiseReportHtml } from '../../common/sanitise-html.js';
import { caseCompanyScope } from '../../common/case-company.js';
import { AuthProfileClient } from './auth-profile.client.js';
import { CasesClient } from './cases.client.js';
import type { ReportAddendumEntity, ReportEntity } from './report.entity.js';
import {
  checkSave,
  finalizeOutcome,
  lockHolder,
  mayAddendum,
  maySendToTypist,
  maySubmitForReview,
  mayWrite,
  takeLock,
  takesTranscription,
  type ReportActor,
  type ReportRefusal,
} from './report-rules.js';
import { ReportsRepository } from './reports.repository.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

/** The reports' audit actions (each write is one entry on the case, in the report's unit of work). */
export const REPORT_AUDIT_ACTIONS = {
  create: 'REPORT_CREATE',
  lock: 'REPORT_LOCK',
  unlock: 'REPORT_UNLOCK',
  save: 'REPORT_SAVE',
  sendToTypist: 'REPORT_SEND_TO_TYPIST',
  transcribe: 'REPORT_TRANSCRIPTION_START',
  submitForReview: 'REPORT_SUBMIT_FOR_REVIEW',
  finalize: 'REPORT_FINALIZE',
  addendumSave: 'REPORT_ADDENDUM_SAVE',
  addendumFinalize: 'REPORT_ADDENDUM_FINALIZE',
} as const;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A refusal of the rules as the API answers it (403 or 409 with its message). */
function fail(refusal: ReportRefusal): never {
  if (refusal.code === 403) throw new ForbiddenException(refusal.message || AUTH_MESSAGES.forbidden);
  throw new ConflictException(refusal.message);
}

/** DICOM DA (YYYYMMDD) or ISO date → ISO date (YYYY-MM-DD), or null. */
export function isoDateOf(value: string | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The patient's age at the study (or today) in whole years, as '42Y'; null without a birth date. */
export function ageOf(birthDate: string | null, at: string | null, today = new Date()): string | null {
  const born = isoDateOf(birthDate);
  if (!born) return null;
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const on = isoDateOf(at) ?? today.toISOString().slice(0, 10);
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const years = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return years >= 0 ? `${years}Y` : null;
}

/** The report's patient block from the case (spec §3 patient keys). */
export function patientOf(c: Case): ReportPatient {
  return {
    patientName: c.patientName,
    age: ageOf(c.patientBirthDate, c.studyDate),
    gender: c.patientSex,
    dateOfBirth: isoDateOf(c.patientBirthDate),
    mrID: c.patientId,
    registrationID: c.accessionNumber,
    referredName: null,
    phoneNumber: null,
  };
}

/** The object key of a signature image copied into a report (one per report and signature file). */
export const signatureKeyOf = (tenantId: string, reportId: string, fileID: string): string =>
  `reports/${tenantId}/${reportId}/signature-${fileID.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/**
 * A case's report (docs/decisions/0173-report-model-and-workflow.md). Every call asks cases for the case with the
 * caller's credentials (404 when out of reach), decides from the case's facts and the shared lifecycle who may do
 * what, and runs one unit of work in the case's company: the row, its version, its audit entry and its outbox event
 * (and the PDF job at finalize) commit together. The case itself moves in cases, from the event.
 */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(AuthProfileClient) private readonly profiles: AuthProfileClient,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** The case's report, created as a DRAFT when it has none (never takes the lock). */
  async get(access: RequestAccess, caller: Credentials, body: Body<'getReportData'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const scope = caseCompanyScope(access, c.companyId);
    const existing = await this.uow.read(scope, (tx) => this.reports.ofCase(tx, c._id));
    if (existing) {
      return this.uow.read(scope, (tx) => this.view(tx, existing), {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: c._id },
          details: { read: 'report', reportId: existing.id },
        },
      });
    }
    return this.uow.change(scope, async (tx) => {
      const row = await this.ensure(tx, c);
      return this.view(tx, row);
    });
  }

  /** Takes or renews the caller's two-minute lock; a typist taking an untyped case starts its transcription. */
  async lock(access: RequestAccess, caller: Credentials, body: Body<'lockReport'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    const profile = await this.profiles.get(caller);
    return this.uow.change(caseCompanyScope(access, c.companyId), async (tx) => {
      const row = await this.ensure(tx, c);
      // someone else at work on it says so first, whoever asks
      const taken = takeLock({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, actor.userId, new Date());
      if (!taken.ok) fail(taken);
      const may = mayWrite(c, row.status, actor);
      if (!may.ok) fail(may);
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
          await this.publish(tx, 'ReportTranscriptionStarted', saved, actor.userId, { typistId: actor.userId });
          await tx.audit({
            action: REPORT_AUDIT_ACTIONS.transcribe,
            target: { type: 'case', id: c._id },
            details: { reportId: row.id },
          });
        }
      }
      return this.view(tx, saved);
    });
  }

  /** Releases the caller's lock (someone else's or none: nothing to release). */
  async unlock(access: RequestAccess, caller: Credentials, body: Body<'unlockReport'>): Promise<{ released: boolean }> {
    const c = await this.cases.findOne(caller, body.caseId);
    return this.uow.change(caseCompanyScope(access, c.companyId), async (tx) => {
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
  async save(access: RequestAccess, caller: Credentials, body: Body<'saveReport'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return this.uow.change(caseCompanyScope(access, c.companyId), async (tx) => {
      const row = await this.ensure(tx, c);
      const may = mayWrite(c, row.status, actor);
      if (!may.ok) fail(may);
      const check = checkSave(
        { userId: row.lockUserId, expiresAt: row.lockExpiresAt },
        row,
        actor.userId,
        body.baseVersion,
        new Date(),
      );
      if (!check.ok) fail(check);
      row.reportHtml = sanitiseReportHtml(body.reportHTML);
      if (body.testName !== undefined) row.testName = body.testName;
      if (body.templateId !== undefined) row.templateId = body.templateId;
      if (body.footerTopFields !== undefined) row.footerTopFields = body.footerTopFields;
      row.version += 1;
      const saved = await this.reports.save(tx, row);
      await this.reports.addVersion(tx, {
        reportId: row.id,
        version: row.version,
        tenantId: row.tenantId,
        html: row.reportHtml,
        status: row.status,
        savedBy: actor.userId,
        savedByName: row.lockUserName,
      });
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.save,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id, version: row.version },
      });
      return this.view(tx, saved);
    });
  }

  async versions(
    access: RequestAccess,
    caller: Credentials,
    body: Body<'reportVersions'>,
  ): Promise<{ versions: ReportVersionSummary[] }> {
    const c = await this.cases.findOne(caller, body.caseId);
    return this.uow.read(caseCompanyScope(access, c.companyId), async (tx) => {
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

  async version(access: RequestAccess, caller: Credentials, body: Body<'reportVersion'>): Promise<ReportVersion> {
    const c = await this.cases.findOne(caller, body.caseId);
    return this.uow.read(
      caseCompanyScope(access, c.companyId),
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
  async sendToTypist(access: RequestAccess, caller: Credentials, body: Body<'sendReportToTypist'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return this.uow.change(caseCompanyScope(access, c.companyId), async (tx) => {
      const row = await this.ensure(tx, c);
      const may = maySendToTypist(c, row.status, actor);
      if (!may.ok) fail(may);
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
    body: Body<'submitReportForReview'>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return this.uow.change(caseCompanyScope(access, c.companyId), async (tx) => {
      const row = await this.ensure(tx, c);
      const may = maySubmitForReview(c, row.status, actor);
      if (!may.ok) fail(may);
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
  async finalize(access: RequestAccess, caller: Credentials, body: Body<'finalizeReport'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    const scope = caseCompanyScope(access, c.companyId);
    const current = await this.uow.change(scope, (tx) => this.ensure(tx, c));
    const outcome = finalizeOutcome(c, current.status, actor);
    if (!outcome.ok) fail(outcome);
    if (outcome.outcome === 'review') return this.submitForReview(access, caller, body);
    const signer = await this.signer(caller, c.companyId, current.id);
    return this.uow.change(scope, async (tx) => {
      const row = (await this.reports.ofCase(tx, c._id, { lock: true }))!;
      const again = finalizeOutcome(c, row.status, actor);
      if (!again.ok) fail(again);
      this.notLockedByOther(row, actor.userId);
      if (row.version === 0) throw new ConflictException(REPORT_MESSAGES.emptyReport);
      await this.refuseUnfilledFields(tx, row);
      const now = new Date();
      row.doctorInfo = signer.doctorInfo;
      row.signatureKey = signer.key;
      row.finalizedAt = now;
      row.finalizedBy = actor.userId;
      row.version += 1;
      await this.reports.addVersion(tx, {
        reportId: row.id,
        version: row.version,
        tenantId: row.tenantId,
        html: row.reportHtml,
        status: 'FINAL',
        savedBy: actor.userId,
        savedByName: signer.doctorInfo.doctorName,
      });
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

  /** 400 when template fields still show their placeholder (decision 0196), named by the template's labels. */
  private async refuseUnfilledFields(tx: ReadTx, row: ReportEntity): Promise<void> {
    const keys = unfilledTemplateFields(row.reportHtml);
    if (keys.length === 0) return;
    const labels = row.templateId ? await this.reports.templateFieldLabels(tx, row.templateId) : new Map();
    throw new BadRequestException(REPORT_MESSAGES.unfilledFields(keys.map((k) => labels.get(k) ?? k)));
  }

  /** Saves the addendum draft of a final report (its own row: the report never changes). */
  async saveAddendum(access: RequestAccess, caller: Credentials, body: Body<'saveAddendum'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return this.uow.change(caseCompanyScope(access, c.companyId), async (tx) => {
      const row = await this.reports.ofCase(tx, c._id, { lock: true });
      if (!row) throw new ConflictException(REPORT_MESSAGES.notFinal);
      const may = mayAddendum(c, row.status, actor);
      if (!may.ok) fail(may);
      const draft = await this.reports.draftAddendum(tx, row.id);
      const html = sanitiseReportHtml(body.html);
      const saved = await this.reports.saveAddendum(
        tx,
        draft
          ? { ...draft, html }
          : { tenantId: row.tenantId, reportId: row.id, status: 'DRAFT', html, createdBy: actor.userId },
      );
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.addendumSave,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id, addendumId: saved.id },
      });
      return this.view(tx, row);
    });
  }

  /**
   * Finalizes the addendum draft: signed like a report (addendumDoctorInfo), ReportAddendumFinalized, and a new PDF
   * of the report with its addenda (the report's version + 1: a version row of the unchanged report text).
   */
  async finalizeAddendum(access: RequestAccess, caller: Credentials, body: Body<'finalizeAddendum'>): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    const scope = caseCompanyScope(access, c.companyId);
    const report = await this.uow.read(scope, (tx) => this.reports.ofCase(tx, c._id));
    if (!report) throw new ConflictException(REPORT_MESSAGES.notFinal);
    const may = mayAddendum(c, report.status, actor);
    if (!may.ok) fail(may);
    const signer = await this.signer(caller, c.companyId, report.id);
    return this.uow.change(scope, async (tx) => {
      const row = (await this.reports.ofCase(tx, c._id, { lock: true }))!;
      const draft = await this.reports.draftAddendum(tx, row.id);
      if (!draft) throw new ConflictException(REPORT_MESSAGES.noAddendum);
      draft.status = 'FINAL';
      draft.addendumDoctorInfo = signer.doctorInfo;
      draft.signatureKey = signer.key;
      draft.finalizedAt = new Date();
      await this.reports.saveAddendum(tx, draft);
      row.version += 1;
      const saved = await this.reports.save(tx, row);
      await this.reports.addVersion(tx, {
        reportId: row.id,
        version: row.version,
        tenantId: row.tenantId,
        html: row.reportHtml,
        status: 'FINAL',
        savedBy: actor.userId,
        savedByName: signer.doctorInfo.doctorName,
      });
      await this.publish(tx, 'ReportAddendumFinalized', saved, actor.userId, { addendumId: draft.id });
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.addendumFinalize,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id, addendumId: draft.id, version: row.version },
      });
      await tx.enqueue('reportingReportPdf', { reportId: row.id, version: row.version });
      return this.view(tx, saved);
    });
  }

  // ---- helpers ----

  /** The case's report row, locked; created (DRAFT, the case's patient and study) when it has none. */
  private async ensure(tx: ChangeTx, c: Case): Promise<ReportEntity> {
    const found = await this.reports.ofCase(tx, c._id, { lock: true });
    if (found) return found;
    const row = await this.reports.createIfMissing(tx, {
      tenantId: c.companyId,
      caseId: c._id,
      patient: patientOf(c),
      study: {
        modality: c.modality,
        studyDescription: c.studyDescription,
        studyDate: isoDateOf(c.studyDate),
        bodyPart: c.bodyPart,
      },
      centreId: c.centreId,
    });
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
    await this.publish(tx, event, saved, actorId, extra);
    await tx.audit({
      action,
      target: { type: 'case', id: c._id },
      details: { reportId: row.id, from, to: status, version: row.version, ...extra },
    });
    return this.view(tx, saved);
  }

  private async publish(
    tx: ChangeTx,
    type: ReportEventType,
    row: ReportEntity,
    actorId: string,
    extra: { typistId?: string | null; addendumId?: string | null },
  ): Promise<void> {
    await tx.publish(REPORT_EVENTS[type], row.caseId, {
      reportId: row.id,
      caseId: row.caseId,
      version: row.version,
      status: row.status,
      centreId: row.centreId,
      actorId,
      ...extra,
    });
  }

  /** Another user's live lock stops a workflow step ('A Transcriptionist is already working on the case'). */
  private notLockedByOther(row: ReportEntity, userId: string): void {
    const holder = lockHolder({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, new Date());
    if (holder !== null && holder !== userId) {
      const taken = takeLock({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, userId, new Date());
      if (!taken.ok) fail(taken);
    }
  }

  /**
   * The signer: the caller's profile (400 'Please Upload Signature In Profile' without a signature), the signature
   * image's bytes copied under the report's own key, so the report keeps the signature it was signed with.
   */
  private async signer(
    caller: Credentials,
    tenantId: string,
    reportId: string,
  ): Promise<{ doctorInfo: ReportDoctorInfo; key: string }> {
    const profile = await this.profiles.get(caller);
    if (!profile.signature) throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    const fileID = profile.signature.fileID;
    const key = signatureKeyOf(tenantId, reportId, fileID);
    let bytes: Buffer;
    try {
      bytes = await this.storage.get(fileID);
    } catch {
      throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    }
    await this.storage.put(key, bytes, contentTypeOf(bytes));
    return {
      doctorInfo: { doctorName: profile.fullName, qualificationName: profile.qualificationName, signature: { fileID } },
      key,
    };
  }

  /** The report as the API shows it, with its addenda and its lock (a lapsed lock shows as none). */
  private async view(tx: ReadTx, row: ReportEntity): Promise<Report> {
    const addenda = await this.reports.addenda(tx, row.id);
    const pdf = await this.reports.latestPdf(tx, row.id);
    const holder = lockHolder({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, new Date());
    return {
      id: row.id,
      caseId: row.caseId,
      status: row.status,
      version: row.version,
      reportHTML: row.reportHtml,
      testName: row.testName,
      templateId: row.templateId,
      doctorInfo: row.doctorInfo,
      footerTopFields: row.footerTopFields,
      patient: row.patient,
      study: row.study,
      centreId: row.centreId,
      finalizedAt: iso(row.finalizedAt),
      finalizedBy: row.finalizedBy,
      addenda: addenda.map(addendumView),
      lock:
        holder !== null
          ? { userId: holder, userName: row.lockUserName, expiresAt: row.lockExpiresAt!.toISOString() }
          : null,
      pdf,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

const actorOf = (access: RequestAccess): ReportActor => ({
  userId: access.principal.userId,
  roleCodes: access.principal.roleCodes,
});

function clearLock(row: ReportEntity): void {
  row.lockUserId = null;
  row.lockUserName = null;
  row.lockExpiresAt = null;
}

const addendumView = (a: ReportAddendumEntity) => ({
  id: a.id,
  reportId: a.reportId,
  status: a.status,
  html: a.html,
  addendumDoctorInfo: a.addendumDoctorInfo,
  createdBy: a.createdBy,
  createdAt: a.createdAt.toISOString(),
  finalizedAt: iso(a.finalizedAt),
});

/** PNG or JPEG by its magic bytes (a profile signature is one of them). */
function contentTypeOf(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString('hex') === '89504e47') return 'image/png';
  if (bytes.subarray(0, 3).toString('hex') === 'ffd8ff') return 'image/jpeg';
  return 'application/octet-stream';
}
