import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import {
  rankTemplates,
  TEMPLATE_MESSAGES as M,
  type BodyOf,
  type FoundTemplates,
  type REPORTING_API,
  type ReportTemplate,
} from '@rayworks/contracts';
import { UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { sanitiseReportHtml } from '../../common/sanitise-html.js';
import { CasesClient } from '../reports/cases.client.js';
import type { ReportTemplateEntity } from './report-template.entity.js';
import { TemplateCentres } from './template-centres.js';
import { mayManage, maySee, templateReachOf, type TemplateReach } from './template-reach.js';
import { TemplatesRepository, type TemplateRow } from './templates.repository.js';

export const TEMPLATE_AUDIT_ACTIONS = {
  create: 'REPORT_TEMPLATE_CREATE',
  update: 'REPORT_TEMPLATE_UPDATE',
  activate: 'REPORT_TEMPLATE_ACTIVATE',
  inactivate: 'REPORT_TEMPLATE_INACTIVATE',
} as const;

/**
 * Report templates (docs/decisions/0178-report-templates.md): a company's, a centre's or a radiologist's own, found by
 * modality and body part; their HTML is sanitised before it is stored. What a caller sees and changes is
 * template-reach.ts; a template out of sight is a 404, one in sight but not the caller's to change a 403, and so is
 * a centre that is not the caller's (another company's, one out of reach, or none: template-centres.ts).
 */
@Injectable()
export class TemplatesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(TemplatesRepository) private readonly templates: TemplatesRepository,
    @Inject(TemplateCentres) private readonly centres: TemplateCentres,
    @Inject(CasesClient) private readonly cases: CasesClient,
  ) {}

  /**
   * The templates in reach by the filters; with a `caseId` (the report editor's), each with its fit to the case's
   * study and the study's first (decision 0344): the case asked of cases with the caller's credentials (404 for one
   * they cannot see), its modality, body part and description (a registered case's is the registration's test).
   */
  async find(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.findReportTemplates>,
  ): Promise<FoundTemplates> {
    const reach = templateReachOf(access);
    const { caseId, ...filter } = body;
    const c = caseId ? await this.cases.findOne(caller, caseId) : null;
    const found = await this.uow.read(access, async (tx) =>
      (await this.templates.find(tx, reach, filter)).map((t) => t.toTemplate()),
    );
    if (!c) return { templates: found.map((t) => ({ ...t, match: null })), study: null };
    const study = { modality: c.modality, bodyPart: c.bodyPart, description: c.studyDescription };
    return { templates: rankTemplates(found, { ...study, modalities: c.modalities }), study };
  }

  findOne(access: RequestAccess, id: string): Promise<ReportTemplate> {
    const reach = templateReachOf(access);
    return this.uow.read(access, async (tx) => this.visible(reach, await this.templates.one(tx, id)).toTemplate());
  }

  create(access: RequestAccess, body: BodyOf<typeof REPORTING_API.createReportTemplate>): Promise<ReportTemplate> {
    const reach = templateReachOf(access);
    const row = this.rowOf(reach, body);
    return this.uow.change(access, async (tx) => {
      await this.centres.check(tx, reach, row.centreId);
      const saved = await this.templates.insert(tx, reach.tenantId!, reach.userId, row);
      await this.audit(tx, TEMPLATE_AUDIT_ACTIONS.create, saved);
      return saved.toTemplate();
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof REPORTING_API.updateReportTemplate>): Promise<ReportTemplate> {
    const reach = templateReachOf(access);
    return this.uow.change(access, async (tx) => {
      const existing = this.manageable(reach, await this.templates.one(tx, body.id, true));
      // a personal template stays its owner's when an administrator edits it
      const row = this.rowOf(reach, body, existing.ownerId);
      await this.centres.check(tx, reach, row.centreId);
      const saved = await this.templates.update(tx, existing, reach.userId, row);
      await this.audit(tx, TEMPLATE_AUDIT_ACTIONS.update, saved);
      return saved.toTemplate();
    });
  }

  setActive(
    access: RequestAccess,
    body: BodyOf<typeof REPORTING_API.setReportTemplateActive>,
  ): Promise<ReportTemplate> {
    const reach = templateReachOf(access);
    return this.uow.change(access, async (tx) => {
      const existing = this.manageable(reach, await this.templates.one(tx, body.id, true));
      const saved = await this.templates.update(tx, existing, reach.userId, { isActive: body.isActive });
      await this.audit(tx, body.isActive ? TEMPLATE_AUDIT_ACTIONS.activate : TEMPLATE_AUDIT_ACTIONS.inactivate, saved);
      return saved.toTemplate();
    });
  }

  private rowOf(
    reach: TemplateReach,
    body: BodyOf<typeof REPORTING_API.createReportTemplate>,
    keepOwner?: string | null,
  ): TemplateRow {
    const ownerId = keepOwner !== undefined && keepOwner !== null ? keepOwner : body.personal ? reach.userId : null;
    const row: TemplateRow = {
      name: body.name,
      centreId: body.centreId,
      ownerId,
      modality: body.modality,
      bodyPart: body.bodyPart,
      html: sanitiseReportHtml(body.html),
      fields: body.fields,
    };
    if (!mayManage(reach, row)) throw new ForbiddenException(M.centreOutOfReach);
    return row;
  }

  private visible(reach: TemplateReach, found: ReportTemplateEntity | null): ReportTemplateEntity {
    if (!found || !maySee(reach, found)) throw new NotFoundException(M.notFound);
    return found;
  }

  private manageable(reach: TemplateReach, found: ReportTemplateEntity | null): ReportTemplateEntity {
    const template = this.visible(reach, found);
    if (!mayManage(reach, template)) throw new ForbiddenException(M.centreOutOfReach);
    return template;
  }

  private audit(tx: ChangeTx, action: string, t: ReportTemplateEntity): Promise<void> {
    return tx.audit({
      action,
      target: { type: 'report_template', id: t.id },
      details: { name: t.name, centreId: t.centreId, ownerId: t.ownerId, isActive: t.isActive },
    });
  }
}
