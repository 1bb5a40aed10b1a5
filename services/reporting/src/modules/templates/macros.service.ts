import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { TEMPLATE_MESSAGES as M, type Macro, type REPORTING_API, type BodyOf } from '@rayworks/contracts';
import { UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { sanitiseReportHtml } from '../../common/sanitise-html.js';
import { MacrosRepository } from './macros.repository.js';
import type { ReportMacroEntity } from './report-macro.entity.js';
import { TemplateCentres } from './template-centres.js';
import { mayManage, maySee, templateReachOf, type TemplateReach } from './template-reach.js';

export const MACRO_AUDIT_ACTIONS = {
  create: 'REPORT_MACRO_CREATE',
  update: 'REPORT_MACRO_UPDATE',
  delete: 'REPORT_MACRO_DELETE',
} as const;

const UNIQUE_VIOLATION = '23505';

/**
 * Text macros (docs/decisions/0179-text-macros.md): a code (`.nad`) and the HTML it expands to in the report editor
 * (expandMacro in libs/contracts). Seen and changed as templates are (template-reach.ts, template-centres.ts); a code
 * is unique within its owner and centre (409 otherwise); the text is sanitised before it is stored.
 */
@Injectable()
export class MacrosService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(MacrosRepository) private readonly macros: MacrosRepository,
    @Inject(TemplateCentres) private readonly centres: TemplateCentres,
  ) {}

  find(access: RequestAccess, body: BodyOf<typeof REPORTING_API.findMacros>): Promise<{ macros: Macro[] }> {
    const reach = templateReachOf(access);
    return this.uow.read(access, async (tx) => ({
      macros: (await this.macros.find(tx, reach, body.centreId)).map((m) => m.toMacro()),
    }));
  }

  create(access: RequestAccess, body: BodyOf<typeof REPORTING_API.createMacro>): Promise<Macro> {
    const reach = templateReachOf(access);
    const row = this.rowOf(reach, body);
    return this.unique(() =>
      this.uow.change(access, async (tx) => {
        await this.centres.check(tx, reach, row.centreId);
        if (await this.macros.codeTaken(tx, row)) throw new ConflictException(M.macroCodeTaken);
        const saved = await this.macros.save(
          tx,
          this.macros.create(tx, {
            ...row,
            tenantId: reach.tenantId!,
            createdBy: reach.userId,
            updatedBy: reach.userId,
          }),
        );
        await tx.audit({
          action: MACRO_AUDIT_ACTIONS.create,
          target: { type: 'report_macro', id: saved.id },
          details: { code: saved.code },
        });
        return saved.toMacro();
      }),
    );
  }

  update(access: RequestAccess, body: BodyOf<typeof REPORTING_API.updateMacro>): Promise<Macro> {
    const reach = templateReachOf(access);
    return this.unique(() =>
      this.uow.change(access, async (tx) => {
        const existing = this.manageable(reach, await this.macros.one(tx, body.id));
        const row = this.rowOf(reach, body, existing.ownerId);
        await this.centres.check(tx, reach, row.centreId);
        if (await this.macros.codeTaken(tx, row, existing.id)) throw new ConflictException(M.macroCodeTaken);
        Object.assign(existing, row, { updatedBy: reach.userId });
        const saved = await this.macros.save(tx, existing);
        await tx.audit({
          action: MACRO_AUDIT_ACTIONS.update,
          target: { type: 'report_macro', id: saved.id },
          details: { code: saved.code },
        });
        return saved.toMacro();
      }),
    );
  }

  delete(access: RequestAccess, id: string): Promise<{ id: string }> {
    const reach = templateReachOf(access);
    return this.uow.change(access, async (tx) => {
      const existing = this.manageable(reach, await this.macros.one(tx, id));
      await this.macros.remove(tx, existing.id);
      await tx.audit({
        action: MACRO_AUDIT_ACTIONS.delete,
        target: { type: 'report_macro', id },
        details: { code: existing.code },
      });
      return { id };
    });
  }

  private rowOf(reach: TemplateReach, body: BodyOf<typeof REPORTING_API.createMacro>, keepOwner?: string | null) {
    const ownerId = keepOwner ?? (body.personal ? reach.userId : null);
    const row = { code: body.code, text: sanitiseReportHtml(body.text), centreId: body.centreId, ownerId };
    if (!mayManage(reach, row)) throw new ForbiddenException(M.centreOutOfReach);
    return row;
  }

  private manageable(reach: TemplateReach, found: ReportMacroEntity | null): ReportMacroEntity {
    if (!found || !maySee(reach, found)) throw new NotFoundException(M.macroNotFound);
    if (!mayManage(reach, found)) throw new ForbiddenException(M.centreOutOfReach);
    return found;
  }

  /** Two saves of one code at once: the unique index refuses the second, answered as the check would (409). */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        (error as { code?: string }).code === UNIQUE_VIOLATION ||
        (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION
      )
        throw new ConflictException(M.macroCodeTaken);
      throw error;
    }
  }
}
