import { randomUUID } from 'node:crypto';
import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_REPORT_LAYOUT,
  GENERIC,
  grantsAllow,
  requirement,
  reportLayoutSchema,
  ReportLayoutSavedV1,
  TEMPLATE_MESSAGES as M,
  type LayoutAssets,
  type REPORTING_API,
  type ReportConfig,
  type ReportLayout,
  type BodyOf,
} from '@rayworks/contracts';
import { StorageService, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { TemplateCentres } from '../templates/template-centres.js';
import { templateReachOf, type TemplateReach } from '../templates/template-reach.js';
import { LayoutsRepository } from './layouts.repository.js';
import type { ReportLayoutEntity } from './report-layout.entity.js';

export const LAYOUT_AUDIT_ACTIONS = { save: 'REPORT_LAYOUT_SAVE' } as const;

/** How long a layout image's presigned GET lasts (a preview or a print document made now). */
const IMAGE_URL_SECONDS = 900;
const UPLOAD_URL_SECONDS = 900;
const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
const CENTRES_EDIT = requirement('CENTERS', GENERIC.EDIT);

/** Where a centre's layout images live in the object store: the fileID starts here. */
export const layoutImagePrefix = (tenantId: string, centreId: string): string =>
  `report-layouts/${tenantId}/${centreId}/`;

/**
 * A centre's report layout (spec §3; docs/decisions/0180-report-layout.md, 0181-layout-privilege.md): read by anyone
 * with TEMPLATES › VIEW whose reach holds the centre, a centre of the caller's company (404 otherwise, another
 * company's centre too: template-centres.ts, docs/decisions/0214; the default layout until one is saved); saved
 * by a company-level user with TEMPLATES › EDIT or a centre administrator (CENTERS › EDIT) of the centre. Its logos
 * are uploaded to the object store with a presigned PUT under the centre's prefix and kept as {fileID}.
 */
@Injectable()
export class LayoutsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(LayoutsRepository) private readonly layouts: LayoutsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(TemplateCentres) private readonly centres: TemplateCentres,
  ) {}

  async get(access: RequestAccess, centreId: string): Promise<ReportConfig> {
    const reach = templateReachOf(access);
    const row = await this.uow.read(access, async (tx: ReadTx) => {
      await this.reachable(tx, reach, centreId);
      return this.layouts.ofCentre(tx, centreId);
    });
    return this.configOf(centreId, row);
  }

  async save(access: RequestAccess, body: BodyOf<typeof REPORTING_API.createReportConfig>): Promise<ReportConfig> {
    const reach = this.maySave(access);
    await this.uow.read(access, (tx) => this.reachable(tx, reach, body.centreId));
    await this.checkImages(reach.tenantId!, body.centreId, body.layout);
    const row = await this.uow.change(access, async (tx) => {
      const saved = await this.layouts.upsert(tx, {
        tenantId: reach.tenantId!,
        centreId: body.centreId,
        layout: body.layout,
        userId: reach.userId,
      });
      // the whole layout, for the services that print in it (the LIMS's lab reports; docs/decisions/0309)
      await tx.publish(ReportLayoutSavedV1, body.centreId, { centreId: body.centreId, layout: body.layout });
      await tx.audit({
        action: LAYOUT_AUDIT_ACTIONS.save,
        target: { type: 'centre', id: body.centreId },
        details: { paperType: body.layout.paperType },
      });
      return saved;
    });
    return this.configOf(body.centreId, row);
  }

  async imageUploadUrl(
    access: RequestAccess,
    body: BodyOf<typeof REPORTING_API.layoutImageUploadUrl>,
  ): Promise<{ uploadUrl: string; fileID: string }> {
    const reach = this.maySave(access);
    await this.uow.read(access, (tx) => this.reachable(tx, reach, body.centreId));
    const fileID = `${layoutImagePrefix(reach.tenantId!, body.centreId)}${body.kind}-${randomUUID()}.${EXTENSIONS[body.contentType]}`;
    return {
      uploadUrl: await this.storage.presignPut(fileID, body.contentType, body.size, UPLOAD_URL_SECONDS),
      fileID,
    };
  }

  /** The centre must be the caller's: in reach and of its company (template-centres.ts); 404 otherwise. */
  private reachable(tx: ReadTx, reach: TemplateReach, centreId: string): Promise<void> {
    return this.centres.check(tx, reach, centreId, () => new NotFoundException(M.centreOutOfReach));
  }

  private maySave(access: RequestAccess): TemplateReach {
    const reach = templateReachOf(access);
    if (reach.tenantId === null) throw new NotFoundException(M.centreOutOfReach);
    if (!reach.companyLevel && !grantsAllow(access.principal.grants, CENTRES_EDIT))
      throw new ForbiddenException(M.centreOutOfReach);
    return reach;
  }

  /** Every image of the layout must be an upload of this centre that reached the store. */
  private async checkImages(tenantId: string, centreId: string, layout: ReportLayout): Promise<void> {
    const prefix = layoutImagePrefix(tenantId, centreId);
    const files = [layout.header.logo, layout.footer.logo, layout.body.waterMark.image].filter((f) => f !== null);
    for (const file of files) {
      if (!file.fileID.startsWith(prefix) || file.fileID.includes('..') || !(await this.storage.exists(file.fileID)))
        throw new BadRequestException(M.logoMissing);
    }
  }

  private async configOf(centreId: string, row: ReportLayoutEntity | null): Promise<ReportConfig> {
    // a stored layout is parsed again: one written by an older contract still answers the current shape or fails loudly
    const layout = row ? reportLayoutSchema.parse(row.layout) : DEFAULT_REPORT_LAYOUT;
    return {
      centreId,
      layout,
      isDefault: row === null,
      assets: await this.assetsOf(layout),
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  private async assetsOf(layout: ReportLayout): Promise<LayoutAssets> {
    const url = (file: { fileID: string } | null) =>
      file ? this.storage.presignGet(file.fileID, IMAGE_URL_SECONDS) : Promise.resolve(null);
    const [headerLogoUrl, footerLogoUrl, waterMarkImageUrl] = await Promise.all([
      url(layout.header.logo),
      url(layout.footer.logo),
      url(layout.body.waterMark.image),
    ]);
    return { headerLogoUrl, footerLogoUrl, waterMarkImageUrl };
  }
}
