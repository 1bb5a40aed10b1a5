import { Injectable } from '@nestjs/common';
import { Brackets, type SelectQueryBuilder } from 'typeorm';
import { TEMPLATE_LIMITS, type TemplateField } from '@rayworks/contracts';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import type { ReportMacroEntity } from './report-macro.entity.js';
import { ReportTemplateEntity } from './report-template.entity.js';
import type { TemplateReach } from './template-reach.js';

export interface TemplateFilter {
  modality?: string;
  bodyPart?: string;
  centreId?: string;
  active?: boolean;
  personal?: boolean;
  search?: string;
}

export interface TemplateRow {
  name: string;
  centreId: string | null;
  ownerId: string | null;
  modality: string | null;
  bodyPart: string | null;
  html: string;
  fields: TemplateField[];
}

/** Rows the reach shows (template-reach.ts maySee, in SQL): one's own, the company's, the reachable centres'. */
export function visibleTo<T extends ReportTemplateEntity | ReportMacroEntity>(
  qb: SelectQueryBuilder<T>,
  reach: TemplateReach,
  alias: string,
): SelectQueryBuilder<T> {
  return qb.andWhere(
    new Brackets((w) => {
      w.where(`${alias}.owner_id = :me`, { me: reach.userId });
      if (reach.centreIds === null) w.orWhere(`${alias}.owner_id IS NULL`);
      else
        w.orWhere(`${alias}.owner_id IS NULL AND (${alias}.centre_id IS NULL OR ${alias}.centre_id = ANY(:centres))`, {
          centres: [...reach.centreIds],
        });
    }),
  );
}

/** The queries of reporting.report_templates. */
@Injectable()
export class TemplatesRepository {
  find(tx: ReadTx, reach: TemplateReach, f: TemplateFilter): Promise<ReportTemplateEntity[]> {
    const qb = visibleTo(tx.repo(ReportTemplateEntity).createQueryBuilder('t'), reach, 't');
    if (f.modality !== undefined)
      qb.andWhere('(t.modality IS NULL OR t.modality = :modality)', { modality: f.modality });
    if (f.bodyPart !== undefined)
      qb.andWhere('(t.body_part IS NULL OR t.body_part = :bodyPart)', { bodyPart: f.bodyPart });
    if (f.centreId !== undefined)
      qb.andWhere('(t.centre_id IS NULL OR t.centre_id = :centreId)', { centreId: f.centreId });
    if (f.active !== undefined) qb.andWhere('t.is_active = :active', { active: f.active });
    if (f.personal === true) qb.andWhere('t.owner_id = :me', { me: reach.userId });
    if (f.personal === false) qb.andWhere('t.owner_id IS NULL');
    if (f.search)
      qb.andWhere(`t.name ILIKE :search ESCAPE '\\'`, { search: `%${f.search.replace(/[\\%_]/g, '\\$&')}%` });
    // the most specific first (modality and body part set), then by name
    return qb
      .orderBy('(t.modality IS NULL)', 'ASC')
      .addOrderBy('(t.body_part IS NULL)', 'ASC')
      .addOrderBy('t.name', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .take(TEMPLATE_LIMITS.findMax)
      .getMany();
  }

  one(tx: ReadTx, id: string, lock = false): Promise<ReportTemplateEntity | null> {
    return tx
      .repo(ReportTemplateEntity)
      .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' } } : {}) });
  }

  insert(tx: ChangeTx, tenantId: string, userId: string, row: TemplateRow): Promise<ReportTemplateEntity> {
    const repo = tx.repo(ReportTemplateEntity);
    return repo.save(repo.create({ ...row, tenantId, isActive: true, createdBy: userId, updatedBy: userId }));
  }

  update(
    tx: ChangeTx,
    entity: ReportTemplateEntity,
    userId: string,
    change: Partial<TemplateRow> & { isActive?: boolean },
  ) {
    const repo = tx.repo(ReportTemplateEntity);
    return repo.save(repo.merge(entity, { ...change, updatedBy: userId }));
  }
}
