import { Injectable } from '@nestjs/common';
import { TEMPLATE_LIMITS } from '@rayworks/contracts';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { ReportMacroEntity } from './report-macro.entity.js';
import type { TemplateReach } from './template-reach.js';
import { visibleTo } from './templates.repository.js';

/** The queries of reporting.report_macros. */
@Injectable()
export class MacrosRepository {
  find(tx: ReadTx, reach: TemplateReach, centreId?: string): Promise<ReportMacroEntity[]> {
    const qb = visibleTo(tx.repo(ReportMacroEntity).createQueryBuilder('m'), reach, 'm');
    if (centreId !== undefined) qb.andWhere('(m.centre_id IS NULL OR m.centre_id = :centreId)', { centreId });
    return qb
      .orderBy('m.code', 'ASC')
      .addOrderBy('m.owner_id', 'ASC', 'NULLS LAST')
      .take(TEMPLATE_LIMITS.macrosMax)
      .getMany();
  }

  one(tx: ReadTx, id: string): Promise<ReportMacroEntity | null> {
    return tx.repo(ReportMacroEntity).findOne({ where: { id } });
  }

  /** The macro of this code in the same owner/centre scope (the unique index's key), other than `exceptId`. */
  async codeTaken(
    tx: ReadTx,
    row: { code: string; ownerId: string | null; centreId: string | null },
    exceptId?: string,
  ): Promise<boolean> {
    const qb = tx
      .repo(ReportMacroEntity)
      .createQueryBuilder('m')
      .where('m.code = :code', { code: row.code })
      .andWhere(row.ownerId === null ? 'm.owner_id IS NULL' : 'm.owner_id = :owner', { owner: row.ownerId })
      .andWhere(row.centreId === null ? 'm.centre_id IS NULL' : 'm.centre_id = :centre', { centre: row.centreId });
    if (exceptId) qb.andWhere('m.id <> :exceptId', { exceptId });
    return (await qb.getCount()) > 0;
  }

  save(tx: ChangeTx, entity: ReportMacroEntity): Promise<ReportMacroEntity> {
    return tx.repo(ReportMacroEntity).save(entity);
  }

  create(tx: ChangeTx, row: Partial<ReportMacroEntity>): ReportMacroEntity {
    return tx.repo(ReportMacroEntity).create(row);
  }

  async remove(tx: ChangeTx, id: string): Promise<void> {
    await tx.repo(ReportMacroEntity).delete({ id });
  }
}
