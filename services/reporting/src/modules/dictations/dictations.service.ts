import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import {
  DICTATION_MESSAGES as M,
  type BodyOf,
  type Case,
  type DictationClip,
  type REPORTING_API,
  type ReportStatus,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, StorageService, UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { AuthProfileClient } from '../reports/auth-profile.client.js';
import { CasesClient } from '../reports/cases.client.js';
import { changeInCase, readInCase } from '../reports/case-work.js';
import type { ReportEntity } from '../reports/report.entity.js';
import { REPORT_AUDIT_ACTIONS } from '../reports/report-audit.js';
import { newReportOf } from '../reports/report-patient.js';
import { actorOf } from '../reports/report-rules.js';
import { refuse } from '../reports/reports.errors.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { dictationKey, isDictationKeyOf, mayRecord, sniffAudio, SNIFF_BYTES } from './dictation-rules.js';
import { DictationsRepository, type DictationRow } from './dictations.repository.js';

const UPLOAD_URL_SECONDS = 900;

/**
 * A report's dictation clips (issue 25 item 5; docs/decisions/0354-dictation-clips.md). Like every report call: the
 * case from cases with the caller's credentials (404 out of reach, another company's too), the rules from the case's
 * facts, one unit of work in the case's company (the clip's row and its audit entry). The recording goes to the
 * object store by a presigned PUT signed for its type and exact size; attaching checks the stored bytes are the
 * declared audio, else deletes them. Clips are only ever added: the report moving on (typist, review, finalize,
 * addenda) keeps every one with the version it was recorded on.
 */
@Injectable()
export class DictationsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(AuthProfileClient) private readonly profiles: AuthProfileClient,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(DictationsRepository) private readonly clips: DictationsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** An upload URL for one recording (the reading radiologist's; 409 otherwise), signed for its type and size. */
  async uploadUrl(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.dictationUploadUrl>,
  ): Promise<{ uploadUrl: string; fileID: string }> {
    const c = await this.cases.findOne(caller, body.caseId);
    const status = await this.reportStatus(access, c);
    const may = mayRecord(c, status, actorOf(access));
    if (!may.ok) refuse(may);
    const fileID = dictationKey(c.companyId, c._id, randomUUID(), body.contentType);
    // the sweeper deletes what is not attached within the grace period (docs/decisions/0377)
    await changeInCase(this.uow, access, c, (tx) =>
      this.clips.recordUpload(tx, { tenantId: c.companyId, caseId: c._id, key: fileID, contentType: body.contentType }),
    );
    return {
      uploadUrl: await this.storage.presignPut(fileID, body.contentType, body.size, UPLOAD_URL_SECONDS),
      fileID,
    };
  }

  /**
   * Keeps an uploaded recording as a clip of the report, on the report's current version. The object must be the
   * case's upload, of the declared size, and its first bytes the declared audio type; otherwise 400 and the object is
   * deleted (nothing is kept). Attaching the same upload again answers the clip already kept.
   */
  async attach(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.attachDictation>,
  ): Promise<DictationClip> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    if (!isDictationKeyOf(body.fileID, c.companyId, c._id, body.contentType)) throw new BadRequestException(M.missing);
    const first = mayRecord(c, await this.reportStatus(access, c), actor);
    if (!first.ok) {
      await this.discard(body.fileID);
      refuse(first);
    }
    await this.checkStored(body.fileID, body.contentType, body.size);
    const profile = await this.profiles.get(caller);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.ensure(tx, c);
      const kept = await this.clips.byKey(tx, body.fileID);
      if (kept) return clipOf(kept);
      const may = mayRecord(c, row.status, actor);
      if (!may.ok) {
        await this.discard(body.fileID);
        refuse(may);
      }
      // the upload's row goes with the attach; none left means the sweeper took it (and its object) — or the URL was
      // signed before uploads were recorded, whose object is then still there (docs/decisions/0377)
      if (!(await this.clips.claimUpload(tx, body.fileID)) && (await this.storage.size(body.fileID)) === null)
        throw new BadRequestException(M.missing);
      const clip = await this.clips.insert(tx, {
        id: randomUUID(),
        tenantId: row.tenantId,
        reportId: row.id,
        caseId: c._id,
        reportVersion: row.version,
        key: body.fileID,
        contentType: body.contentType,
        size: body.size,
        durationMs: body.durationMs,
        recordedBy: actor.userId,
        recordedByName: profile.fullName,
      });
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.dictationAttach,
        target: { type: 'case', id: c._id },
        details: {
          reportId: row.id,
          clipId: clip.id,
          version: row.version,
          sizeBytes: body.size,
          durationMs: body.durationMs,
        },
      });
      return clipOf(clip);
    });
  }

  /** The report's clips, oldest first (none before the report exists). */
  async list(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.findDictations>,
  ): Promise<{ clips: DictationClip[] }> {
    const c = await this.cases.findOne(caller, body.caseId);
    return readInCase(this.uow, access, c, async (tx) => {
      const row = await this.reports.ofCase(tx, c._id);
      return { clips: row ? (await this.clips.ofReport(tx, row.id)).map(clipOf) : [] };
    });
  }

  /** One clip's audio, read from the object store (a patient-data read: audited); 404 for a clip not of the case. */
  async audio(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.dictationAudio>,
  ): Promise<{ clip: DictationClip; bytes: Buffer }> {
    const c = await this.cases.findOne(caller, body.caseId);
    const row = await readInCase(
      this.uow,
      access,
      c,
      async (tx) => {
        const report = await this.reports.ofCase(tx, c._id);
        const clip = report ? await this.clips.one(tx, report.id, body.clipId) : null;
        if (!clip) throw new NotFoundException(M.notFound);
        return clip;
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: c._id },
          details: { read: 'dictation', clipId: body.clipId },
        },
      },
    );
    return { clip: clipOf(row), bytes: await this.storage.get(row.object_key) };
  }

  // ---- helpers ----

  private async reportStatus(access: RequestAccess, c: Case): Promise<ReportStatus> {
    const row = await readInCase(this.uow, access, c, (tx) => this.reports.ofCase(tx, c._id));
    return row?.status ?? 'DRAFT';
  }

  /** The stored object is the declared size and audio type; otherwise it is deleted and the call is a 400. */
  private async checkStored(key: string, type: DictationClip['contentType'], size: number): Promise<void> {
    const stored = await this.storage.size(key);
    if (stored === null) throw new BadRequestException(M.missing);
    if (stored !== size) {
      await this.discard(key);
      throw new BadRequestException(M.sizeMismatch);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.getRange(key, 0, Math.min(SNIFF_BYTES, size)))
      chunks.push(chunk as Buffer);
    if (sniffAudio(Buffer.concat(chunks)) !== type) {
      await this.discard(key);
      throw new BadRequestException(M.notAudio(type));
    }
  }

  private discard(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  /** The case's report row, locked; created (DRAFT) when it has none, as the report calls do. */
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
}

function clipOf(row: DictationRow): DictationClip {
  return {
    id: row.id,
    reportId: row.report_id,
    caseId: row.case_id,
    reportVersion: row.report_version,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    durationMs: row.duration_ms,
    recordedBy: row.recorded_by,
    recordedByName: row.recorded_by_name,
    createdAt: row.created_at.toISOString(),
  };
}
