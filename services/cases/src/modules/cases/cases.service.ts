import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ALL_STATUSES_TAB,
  CASE_MESSAGES,
  CASE_STATUSES,
  type Case,
  type CASES_API,
  type CaseListBody,
  type WorklistStatistics,
  type BodyOf,
} from '@rayworks/contracts';
import { centreInReach, companyOf, KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CENTRE_NOT_FOUND, CentreSettingsService } from '../settings/centre-settings.service.js';
import { unworked, type CaseEntity } from './case.entity.js';
import { CASE_AUDIT_ACTIONS } from './case-audit.js';
import { countableFilter } from './case-query.js';
import { dueAtOf } from './case-times.js';
import { CaseMapper } from './case.mapper.js';
import { CasesPublisher } from './cases.publisher.js';
import { CasesRepository, type BreakdownDimension } from './cases.repository.js';
import { foldBreakdown } from './statistics-breakdown.js';
import { VisibleCases } from './visible-cases.service.js';

/** The system-free actions of registrations and edits (events' `action`). */
export const CASE_CORE_ACTIONS = { register: 'REGISTER', edit: 'EDIT' } as const;

/**
 * The worklist's reads and the core's two writes (a registration before the study, an edit of a case's details).
 * Every read is audited as a read of patient data (docs/decisions/0077) and goes through the reach rule.
 */
@Injectable()
export class CasesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CaseMapper) private readonly mapper: CaseMapper,
    @Inject(CasesPublisher) private readonly publisher: CasesPublisher,
    @Inject(CentreSettingsService) private readonly settings: CentreSettingsService,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  /** A page of the worklist; the total from the maintained counts when the filter is one of their dimensions. */
  list(access: RequestAccess, body: CaseListBody) {
    return this.uow.read(
      access,
      async (tx) => {
        const { items, next } = await this.cases.page(tx, access, body);
        let total: number | null = null;
        if (countableFilter(body)) {
          const counts = await this.cases.countsByStatus(tx, access, body);
          total = Object.values(counts).reduce((a, b) => a + b, 0);
        }
        return {
          items,
          page: body.page,
          pageSize: body.pageSize,
          total,
          nextCursor: next,
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: null,
          details: { list: 'cases', status: body.status, page: body.page, cursor: body.cursor !== undefined },
        },
      },
    );
  }

  find(access: RequestAccess, body: BodyOf<typeof CASES_API.findCases>): Promise<Case[]> {
    const { ids, limit, ...filter } = body;
    return this.uow.read(access, async (tx) => this.cases.find(tx, access, filter, ids, limit), {
      audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { list: 'cases.find' } },
    });
  }

  findOne(access: RequestAccess, caseId: string): Promise<Case> {
    return this.uow.read(access, async (tx) => this.mapper.one(tx, await this.visible.load(tx, access, caseId)), {
      audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: { type: 'case', id: caseId } },
    });
  }

  /** Counts per status (maintained), open cases overdue and due within the hour, medians per modality. */
  statistics(access: RequestAccess, body: BodyOf<typeof CASES_API.getWorklistStatistics>): Promise<WorklistStatistics> {
    const { windowHours, breakdown, ...filter } = body;
    return this.uow.read(access, async (tx) => {
      const counts = await this.cases.countsByStatus(tx, access, filter);
      const due = await this.cases.dueCounts(tx, access, filter);
      const medians = await this.cases.medians(tx, access, filter, windowHours);
      const all = CASE_STATUSES.reduce((sum, s) => sum + counts[s], 0);
      const stats: WorklistStatistics = {
        counts: { [ALL_STATUSES_TAB]: all, ...counts },
        turnaround: {
          overdue: due.overdue,
          dueWithinHour: due.dueSoon,
          medianMinutesToComplete: medians,
          windowHours,
        },
      };
      if (breakdown) {
        const by = async (dimension: BreakdownDimension) =>
          foldBreakdown(
            await this.cases.countsBy(tx, access, filter, dimension),
            await this.cases.mediansBy(tx, access, filter, windowHours, dimension),
          );
        stats.byCentre = await by('centre');
        stats.byRadiologist = await by('radiologist');
      }
      return stats;
    });
  }

  /** A case registered before its study arrives (PENDING FOR SCAN), in one of the caller's centres. */
  register(access: RequestAccess, body: BodyOf<typeof CASES_API.createWorklistCase>): Promise<Case> {
    const tenantId = companyOf(access.principal);
    return this.uow.change(access, async (tx) => {
      const centre = await this.directory.centre(tx, body.centreId);
      if (!centre || !centreInReach(access, centre)) throw new NotFoundException(CENTRE_NOT_FOUND);
      const created = await this.cases.insert(tx, {
        tenantId,
        groupId: centre.groupId,
        centreId: centre.id,
        ...unworked(),
        status: 'PENDING FOR SCAN',
        workflowType: 'Center',
        patientName: body.patientName,
        patientId: body.patientId,
        patientSex: body.patientSex ?? null,
        patientBirthDate: body.patientBirthDate ?? null,
        accessionNumber: body.accessionNumber ?? null,
        studyInstanceUid: null,
        studyId: null,
        studyDescription: body.studyDescription ?? null,
        bodyPart: body.bodyPart ?? null,
        modality: body.modality,
        modalities: [body.modality],
        studyDate: null,
        seriesCount: 0,
        instanceCount: 0,
        seriesInstanceUids: null,
        parentCaseId: null,
        imagingState: null,
        priority: body.priority,
        legends: [],
        receivedAt: new Date(),
        // Due from the study's arrival (the registration has nothing to read yet).
        dueAt: null,
      });
      await this.publisher.publish(tx, 'CaseCreated', created, {
        action: CASE_CORE_ACTIONS.register,
        previousStatus: null,
        actorId: access.principal.userId,
      });
      await tx.audit({ action: CASE_AUDIT_ACTIONS.register, target: { type: 'case', id: created.id } });
      return this.mapper.one(tx, created);
    });
  }

  /**
   * A case's patient and study details or priority corrected, at the version the caller read (409 otherwise). A
   * COMPLETED case is not edited (its report stands); a new priority or modality moves the due time.
   */
  edit(access: RequestAccess, body: BodyOf<typeof CASES_API.editWorklistCase>): Promise<Case> {
    const { _id: caseId, version, ...fields } = body;
    return this.uow.change(access, async (tx) => {
      const current = await this.visible.load(tx, access, caseId, { lock: true });
      if (current.version !== version) throw new ConflictException(CASE_MESSAGES.conflict);
      if (current.status === 'COMPLETED')
        throw new ConflictException(CASE_MESSAGES.actionNotAllowed(CASE_CORE_ACTIONS.edit, current.status));
      const patch: Partial<CaseEntity> = {};
      // the fields given (the contract's keys are the row's columns); an absent one stays as it is
      for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
        if (fields[key] !== undefined) Object.assign(patch, { [key]: fields[key] });
      }
      const priority = fields.priority ?? current.priority;
      const modality = fields.modality ?? current.modality;
      if ((fields.priority || fields.modality) && current.status !== 'PENDING FOR SCAN') {
        const settings = await this.settings.of(tx, current.centreId);
        patch.dueAt = dueAtOf(current.receivedAt ?? current.createdAt, priority, modality, settings);
      }
      const updated = await this.cases.updateIfVersion(tx, caseId, version, patch);
      if (!updated) throw new ConflictException(CASE_MESSAGES.conflict);
      await this.publisher.publish(tx, 'CaseUpdated', updated, {
        action: CASE_CORE_ACTIONS.edit,
        previousStatus: current.status,
        actorId: access.principal.userId,
      });
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.edit,
        target: { type: 'case', id: caseId },
        details: { changed: Object.keys(patch) },
      });
      return this.mapper.one(tx, updated);
    });
  }
}
