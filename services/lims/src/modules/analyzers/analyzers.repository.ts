import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { AnalyzerCode, AnalyzerProtocol, BodyOf, LIMS_API } from '@rayworks/contracts';
import { containsPattern, orderAndPage, typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { AnalyzerEntity } from './analyzer.entity.js';

/** Sortable list fields (contract names) → columns. */
const ANALYZER_SORT = { name: 'a.name', protocol: 'a.protocol', createdAt: 'a.createdAt' } as const;

export interface AnalyzerFields {
  name: string;
  protocol: AnalyzerProtocol;
  sendingApplication: string;
  sendingFacility: string;
  centreId: string;
  groupId: string | null;
}

const senderRow = z.object({ id: z.uuid(), tenant_id: z.uuid() });
const codeRow = z.object({ analyzer_code: z.string(), test_code: z.string(), parameter_code: z.string() });

/** lims.analyzers and lims.analyzer_codes under row-level security. */
@Injectable()
export class AnalyzersRepository {
  async list(
    tx: ReadTx,
    q: BodyOf<typeof LIMS_API.findAnalyzers>,
  ): Promise<{ items: AnalyzerEntity[]; total: number }> {
    const qb = tx.repo(AnalyzerEntity).createQueryBuilder('a');
    if (q.search) qb.andWhere('(a.name ILIKE :s OR a.sending_application ILIKE :s)', { s: containsPattern(q.search) });
    if (q.isActive !== undefined) qb.andWhere('a.is_active = :active', { active: q.isActive });
    const [items, total] = await orderAndPage(qb, q, ANALYZER_SORT, 'name', 'a.id').getManyAndCount();
    return { items, total };
  }

  find(tx: ReadTx, id: string, lock = false): Promise<AnalyzerEntity | null> {
    const qb = tx.repo(AnalyzerEntity).createQueryBuilder('a').where('a.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  async insert(tx: ChangeTx, row: AnalyzerFields & { tenantId: string }): Promise<string> {
    const result = await tx.repo(AnalyzerEntity).insert({ ...row, isActive: true });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ChangeTx, id: string, fields: AnalyzerFields): Promise<void> {
    await tx.repo(AnalyzerEntity).update({ id }, fields);
  }

  async setActive(tx: ChangeTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(AnalyzerEntity).update({ id }, { isActive });
  }

  /**
   * The active analyzer that sends with this identity, of any company: read in the listener's 'system' context (the
   * policy analyzer_listener shows it every company's analyzers, and nothing else).
   */
  async bySender(
    tx: ReadTx,
    protocol: AnalyzerProtocol,
    application: string,
    facility: string,
  ): Promise<{ id: string; tenantId: string } | null> {
    const [row] = await typedRows(
      tx.manager,
      senderRow,
      `SELECT id, tenant_id FROM lims.analyzers
        WHERE protocol = :protocol AND sending_application = :application AND sending_facility = :facility
          AND is_active`,
      { protocol, application, facility },
    );
    return row ? { id: row.id, tenantId: row.tenant_id } : null;
  }

  async codes(tx: ReadTx, analyzerId: string): Promise<AnalyzerCode[]> {
    const rows = await typedRows(
      tx.manager,
      codeRow,
      `SELECT analyzer_code, test_code, parameter_code FROM lims.analyzer_codes
        WHERE analyzer_id = :analyzerId ORDER BY analyzer_code`,
      { analyzerId },
    );
    return rows.map((r) => ({ analyzerCode: r.analyzer_code, testCode: r.test_code, parameterCode: r.parameter_code }));
  }

  async replaceCodes(
    tx: ChangeTx,
    tenantId: string,
    analyzerId: string,
    codes: readonly AnalyzerCode[],
  ): Promise<void> {
    await tx.manager.query(`DELETE FROM lims.analyzer_codes WHERE analyzer_id = $1`, [analyzerId]);
    if (codes.length === 0) return;
    await tx.manager.query(
      `INSERT INTO lims.analyzer_codes (tenant_id, analyzer_id, analyzer_code, test_code, parameter_code)
       SELECT $1, $2, c.analyzer_code, c.test_code, c.parameter_code
         FROM jsonb_to_recordset($3::jsonb) AS c (analyzer_code text, test_code text, parameter_code text)`,
      [
        tenantId,
        analyzerId,
        JSON.stringify(
          codes.map((c) => ({ analyzer_code: c.analyzerCode, test_code: c.testCode, parameter_code: c.parameterCode })),
        ),
      ],
    );
  }
}
