import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  Optional,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ANNOTATIONS_PER_CASE_MAX,
  CLOUD_UPLOADING_DISPLAY,
  grantsAllow,
  requirement,
  STUDY_TOKEN_MAX_STUDIES,
  VIEWER_DICOMWEB_PATH,
  VIEWER_MESSAGES as M,
  WORKLIST,
  weasisLink,
  type CASES_API,
  type ViewerAnnotation,
  type ViewerOpen,
  type ViewerPrior,
  type BodyOf,
} from '@rayworks/contracts';
import { worklistStatusOf } from '@rayworks/lifecycles';
import { KIT_AUDIT_ACTIONS, StudyTokens, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { CaseEntity } from '../cases/case.entity.js';
import { CasesRepository } from '../cases/cases.repository.js';
import { VisibleCases } from '../cases/visible-cases.service.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { selectPriors, type PriorCandidate } from './priors.js';
import type { ViewerAnnotationEntity } from './viewer-annotation.entity.js';
import { ViewerAnnotationsRepository } from './viewer-annotations.repository.js';
import { CASES_ENV, type CasesEnv } from '../../config/env.js';

export const VIEWER_AUDIT_ACTIONS = {
  open: 'CASE_VIEWER_OPEN',
  annotationSave: 'VIEWER_ANNOTATION_SAVE',
  annotationDelete: 'VIEWER_ANNOTATION_DELETE',
} as const;

/** The most same-patient cases the priors query reads (a patient with more keeps the newest). */
const PRIOR_CANDIDATES_MAX = 500;
const COMPARE = requirement('WORKLIST', WORKLIST.COMPARE_STUDIES);
const modalitiesOf = (c: Pick<CaseEntity, 'modalities' | 'modality'>): string[] =>
  c.modalities.length > 0 ? c.modalities : c.modality ? [c.modality] : [];

/**
 * The viewers' side of a case (docs/decisions/0163-viewer-open.md, 0164-study-token.md, 0165-viewer-annotations.md):
 * opening a case in a viewer (what it shows, the priors, a study token for imaging's DICOMweb and the Weasis link),
 * and the measurements and key images saved with the case. Every call takes the case through VisibleCases (404
 * outside the caller's reach) and then works in the case's company (a marketplace radiologist has none of their own).
 */
@Injectable()
export class ViewerService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(CASES_ENV) private readonly env: CasesEnv,
    @Inject(ViewerAnnotationsRepository) private readonly annotations: ViewerAnnotationsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Optional() @Inject(StudyTokens) private readonly tokens: StudyTokens | null = null,
  ) {}

  async open(access: RequestAccess, body: BodyOf<typeof CASES_API.openViewer>): Promise<ViewerOpen> {
    // as the caller: the case (404 outside its reach) and the same patient's other cases the caller may read
    // (docs/decisions/0218-patient-identity-and-priors.md) — a prior is never wider than the caller's reach
    const { found, priors } = await this.withPriors(access, body.caseId);
    if (!found.studyInstanceUid) throw new ConflictException(M.noStudy);
    const study = found.studyInstanceUid;
    // the audited opening, in the case's company (a marketplace radiologist has none of its own)
    await this.uow.read(access, async () => undefined, {
      inCompany: found.tenantId,
      audit: {
        action: VIEWER_AUDIT_ACTIONS.open,
        actor: { userId: access.principal.userId, loginName: access.principal.loginName },
        target: { type: 'case', id: found.id },
        details: { read: 'viewer', studyInstanceUid: study },
      },
    });
    if (!this.tokens) throw new ServiceUnavailableException('The viewer is not configured (VIEWER_TOKEN_SECRET).');
    const signed = await this.tokens.sign({
      userId: access.principal.userId,
      loginName: access.principal.loginName,
      tenantId: found.tenantId,
      caseId: found.id,
      studies: [study, ...priors.map((p) => p.studyInstanceUid)],
    });
    return {
      caseId: found.id,
      patient: {
        name: found.patientName,
        id: found.patientId,
        sex: found.patientSex,
        birthDate: found.patientBirthDate,
      },
      studyInstanceUid: study,
      seriesInstanceUids:
        found.seriesInstanceUids && found.seriesInstanceUids.length > 0 ? found.seriesInstanceUids : null,
      modalities: modalitiesOf(found),
      studyDate: found.studyDate,
      studyDescription: found.studyDescription,
      cloudUploading: worklistStatusOf(found.status, found.imagingState) === CLOUD_UPLOADING_DISPLAY,
      priors,
      dicomweb: { url: VIEWER_DICOMWEB_PATH, token: signed.token, expiresAt: signed.expiresAt.toISOString() },
      weasisUrl: weasisLink({
        // the configured console origin, never a request's Host header (docs/decisions/0220)
        dicomwebUrl: `${this.env.PUBLIC_BASE_URL.replace(/\/+$/, '')}${VIEWER_DICOMWEB_PATH}`,
        studyInstanceUids: [study],
        token: signed.token,
      }),
    };
  }

  /** The priors of a case alone, as open lists them (no token, no audit entry: no patient data beyond the list). */
  async priors(
    access: RequestAccess,
    body: BodyOf<typeof CASES_API.findViewerPriors>,
  ): Promise<{ priors: ViewerPrior[] }> {
    return { priors: (await this.withPriors(access, body.caseId)).priors };
  }

  /**
   * As the caller: the case (404 outside its reach) and its priors — the same patient's other cases the caller may
   * read (docs/decisions/0218-patient-identity-and-priors.md; a prior is never wider than the caller's reach), ranked
   * (docs/decisions/0346); none without WORKLIST › COMPARE_STUDIES.
   */
  private async withPriors(
    access: RequestAccess,
    caseId: string,
  ): Promise<{ found: CaseEntity; priors: ViewerPrior[] }> {
    const { found, candidates } = await this.uow.read(access, async (tx) => {
      const found = await this.visible.load(tx, access, caseId);
      const compare = grantsAllow(access.principal.grants, COMPARE);
      return { found, candidates: compare ? await this.samePatient(tx, access, found) : [] };
    });
    if (!found.studyInstanceUid) return { found, priors: [] };
    const priors = selectPriors(
      candidates,
      {
        studyInstanceUid: found.studyInstanceUid,
        studyDate: found.studyDate,
        modalities: modalitiesOf(found),
        bodyPart: found.bodyPart,
        receivedAt: found.receivedAt,
      },
      STUDY_TOKEN_MAX_STUDIES - 1,
    );
    return { found, priors };
  }

  find(
    access: RequestAccess,
    body: BodyOf<typeof CASES_API.findViewerAnnotations>,
  ): Promise<{ annotations: ViewerAnnotation[] }> {
    return this.onCase(access, body.caseId, (found) =>
      this.uow.read(
        access,
        async (tx) => ({ annotations: await this.views(tx, await this.annotations.ofCase(tx, found.id)) }),
        {
          inCompany: found.tenantId,
          audit: {
            action: KIT_AUDIT_ACTIONS.patientDataRead,
            actor: { userId: access.principal.userId, loginName: access.principal.loginName },
            target: { type: 'case', id: found.id },
            details: { read: 'viewer_annotations' },
          },
        },
      ),
    );
  }

  async save(access: RequestAccess, body: BodyOf<typeof CASES_API.saveViewerAnnotation>): Promise<ViewerAnnotation> {
    const a = body.annotation;
    // as the caller: the case, and — a measurement on another study — that study one of the priors it may read
    const found = await this.uow.read(access, async (tx) => {
      const c = await this.visible.load(tx, access, body.caseId);
      if (a.studyInstanceUid === c.studyInstanceUid) return c;
      const prior = await this.cases.samePatient(tx, access, c, 1, a.studyInstanceUid);
      if (prior.length === 0) throw new BadRequestException(M.annotationStudyMismatch);
      return c;
    });
    return this.uow.change(
      access,
      async (tx) => {
        const existing = await this.annotations.one(tx, found.id, a.id);
        if (!existing && (await this.annotations.count(tx, found.id)) >= ANNOTATIONS_PER_CASE_MAX)
          throw new BadRequestException(M.tooManyAnnotations);
        const row = await this.annotations.upsert(tx, {
          tenantId: found.tenantId,
          caseId: found.id,
          userId: access.principal.userId,
          annotation: a,
        });
        await tx.audit({
          action: VIEWER_AUDIT_ACTIONS.annotationSave,
          target: { type: 'case', id: found.id },
          details: { annotationId: a.id, kind: a.kind, toolName: a.toolName, replaced: existing !== null },
        });
        return (await this.views(tx, [row]))[0]!;
      },
      { inCompany: found.tenantId },
    );
  }

  delete(access: RequestAccess, body: BodyOf<typeof CASES_API.deleteViewerAnnotation>): Promise<{ id: string }> {
    return this.onCase(access, body.caseId, (found) =>
      this.uow.change(
        access,
        async (tx) => {
          if (!(await this.annotations.remove(tx, found.id, body.id)))
            throw new NotFoundException(M.annotationNotFound);
          await tx.audit({
            action: VIEWER_AUDIT_ACTIONS.annotationDelete,
            target: { type: 'case', id: found.id },
            details: { annotationId: body.id },
          });
          return { id: body.id };
        },
        { inCompany: found.tenantId },
      ),
    );
  }

  /** The case as the caller may see it (404 otherwise), then the work in the case's company. */
  private async onCase<T>(access: RequestAccess, caseId: string, work: (found: CaseEntity) => Promise<T>): Promise<T> {
    const found = await this.uow.read(access, (tx) => this.visible.load(tx, access, caseId));
    return work(found);
  }

  /** The same patient's other cases the caller may read, as the priors' selection takes them. */
  private async samePatient(tx: ReadTx, access: RequestAccess, found: CaseEntity): Promise<PriorCandidate[]> {
    const rows = await this.cases.samePatient(tx, access, found, PRIOR_CANDIDATES_MAX);
    return rows.map((c) => ({
      caseId: c.id,
      parentCaseId: c.parentCaseId,
      studyInstanceUid: c.studyInstanceUid,
      studyDate: c.studyDate,
      studyDescription: c.studyDescription,
      modalities: modalitiesOf(c),
      bodyPart: c.bodyPart,
      instanceCount: c.instanceCount,
      receivedAt: c.receivedAt,
    }));
  }

  private async views(tx: ReadTx, rows: readonly ViewerAnnotationEntity[]): Promise<ViewerAnnotation[]> {
    const names = await this.directory.names(
      tx,
      rows.map((r) => r.createdBy),
      [],
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      toolName: r.toolName,
      studyInstanceUid: r.studyInstanceUid,
      seriesInstanceUid: r.seriesInstanceUid,
      sopInstanceUid: r.sopInstanceUid,
      frameNumber: r.frameNumber,
      label: r.label,
      value: r.value,
      data: r.data,
      createdBy: r.createdBy,
      createdByName: r.createdBy ? (names.users.get(r.createdBy) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}
