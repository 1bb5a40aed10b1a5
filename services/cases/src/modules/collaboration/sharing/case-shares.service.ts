import { GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  COLLABORATION_MESSAGES,
  type CASES_API,
  type CaseShare,
  type SharedCase,
  type BodyOf,
} from '@rayworks/contracts';
import { worklistStatusOf } from '@rayworks/lifecycles';
import { companyOf, KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { VisibleCases } from '../../cases/visible-cases.service.js';
import { DirectoryRepository } from '../../directory/directory.repository.js';
import { COLLABORATION_AUDIT_ACTIONS as A, iso } from '../collaboration-audit.js';
import { CaseSharesRepository } from './case-shares.repository.js';
import { newShareToken, shareTokenHash, tenantOfShareToken } from './share-token.js';

const HOUR_MS = 3_600_000;

/**
 * Shareable, expiring, read-only links of a case (spec §7 /share, /findShareCase; docs/decisions/0144): a user who
 * can see the case and holds SEND_REPORT_TO_PATIENT or DOWNLOAD_PRINT makes one (the token is answered once, only
 * its hash is kept); anyone with the token reads the case's patient and study until it expires (410 after, 404 for
 * a token that never was). Every shared read is audited (patient data read by a link, no user).
 */
@Injectable()
export class CaseSharesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CaseSharesRepository) private readonly shares: CaseSharesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  share(access: RequestAccess, body: BodyOf<typeof CASES_API.shareCase>, now = new Date()): Promise<CaseShare> {
    const tenantId = companyOf(access.principal);
    return this.uow.change(access, async (tx) => {
      const found = await this.visible.load(tx, access, body.caseId);
      const token = newShareToken(tenantId);
      const row = await this.shares.insert(tx, {
        tenantId,
        caseId: found.id,
        tokenHash: shareTokenHash(token),
        expiresAt: new Date(now.getTime() + body.expiresInHours * HOUR_MS),
        createdBy: access.principal.userId,
      });
      await tx.audit({
        action: A.share,
        target: { type: 'case', id: found.id },
        details: { shareId: row.id, expiresAt: iso(row.expiresAt) },
      });
      return { _id: row.id, caseId: found.id, token, expiresAt: iso(row.expiresAt), createdAt: iso(row.createdAt) };
    });
  }

  /** The read-only case of a link (no login). */
  async findShared(token: string, now = new Date()): Promise<SharedCase> {
    const tenantId = tenantOfShareToken(token);
    if (!tenantId) throw new NotFoundException(COLLABORATION_MESSAGES.shareNotFound);
    const tokenHash = shareTokenHash(token);
    const link = await this.uow.read({ tenantId }, (tx) => this.shares.byTokenHash(tx, tokenHash));
    if (!link) throw new NotFoundException(COLLABORATION_MESSAGES.shareNotFound);
    if (link.expiresAt.getTime() <= now.getTime()) throw new GoneException(COLLABORATION_MESSAGES.shareExpired);
    return this.uow.read(
      { tenantId },
      async (tx) => {
        const c = await this.shares.sharedCase(tx, link.caseId);
        if (!c) throw new NotFoundException(COLLABORATION_MESSAGES.shareNotFound);
        const names = await this.directory.names(tx, [], [c.centreId]);
        return {
          patientName: c.patientName,
          patientId: c.patientId,
          patientSex: c.patientSex,
          patientBirthDate: c.patientBirthDate,
          accessionNumber: c.accessionNumber,
          studyInstanceUid: c.studyInstanceUid,
          studyDescription: c.studyDescription,
          bodyPart: c.bodyPart,
          modality: c.modality,
          modalities: c.modalities,
          studyDate: c.studyDate,
          seriesCount: c.seriesCount,
          instanceCount: c.instanceCount,
          centreName: c.centreId ? (names.centres.get(c.centreId) ?? null) : null,
          status: c.status,
          worklistStatus: worklistStatusOf(c.status, c.imagingState),
          priority: c.priority,
          completedAt: c.completedAt ? iso(c.completedAt) : null,
          expiresAt: iso(link.expiresAt),
        } satisfies SharedCase;
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: null,
          target: { type: 'case', id: link.caseId },
          details: { read: A.sharedRead, shareId: link.id },
        },
      },
    );
  }
}
