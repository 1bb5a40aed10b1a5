import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { In } from 'typeorm';
import {
  ALL_STATUSES_TAB,
  CASE_STATUSES,
  type Case,
  type CaseListBody,
  type CaseSortKey,
  type CaseStatus,
} from '@rayworks/contracts';
import { QueryParams, typedRows, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { CaseEntity, type NewCase } from './case.entity.js';
import { caseOfRow, caseRowSchema, caseRowsSql, type CaseRow } from './case.mapper.js';
import {
  afterCursorSql,
  caseFilterSql,
  cursorValueSql,
  decodeCursor,
  encodeCursor,
  orderSql,
  searchedIdsSql,
  searchRangesSql,
  type CaseFilter,
  type SearchRange,
} from './case-query.js';
import {
  caseCountReachSql,
  caseReachAlternativesSql,
  caseReachSql,
  countedFromRows,
  patientCaseReachSql,
} from './case-reach.js';
import { fusionReachSql } from './fusion-reach.js';

/** PostgreSQL's foreign_key_violation (SQLSTATE 23503). */
const FOREIGN_KEY_VIOLATION = '23503';

/** The dimensions of the maintained counts a statistics call or a total may filter by. */
export type CountFilter = Pick<
  CaseFilter,
  'status' | 'centreId' | 'radiologistId' | 'workflowType' | 'modality' | 'priority'
>;

const countRow = z.object({ status: z.enum(CASE_STATUSES), n: z.coerce.number().int() });
const dueRow = z.object({ overdue: z.coerce.number().int(), due_soon: z.coerce.number().int() });
const medianRow = z.object({
  modality: z.string().nullable(),
  completed: z.coerce.number().int(),
  median_minutes: z.coerce.number(),
});

const breakdownCountRow = z.object({
  key: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(CASE_STATUSES),
  n: z.coerce.number().int(),
});
const breakdownMedianRow = z.object({
  key: z.string().nullable(),
  completed: z.coerce.number().int(),
  median_minutes: z.coerce.number(),
});

/** The dimensions a statistics breakdown groups by: the count table's column and the directory that names it. */
export const BREAKDOWN_DIMENSIONS = {
  centre: { column: 'centre_id', names: 'cases.centres', nameColumn: 'name' },
  radiologist: { column: 'radiologist_id', names: 'cases.users', nameColumn: 'full_name' },
} as const;
export type BreakdownDimension = keyof typeof BREAKDOWN_DIMENSIONS;

const idRow = z.object({ id: z.uuid() });
/** The ids an INSERT … RETURNING id answers. */
const idRows = z.array(idRow);

/**
 * The queries of cases.cases and cases.case_counts (the only file with case query code besides the transitions'):
 * every read goes through the reach rule (case-reach.ts).
 */
@Injectable()
export class CasesRepository {
  /**
   * One page of the worklist, and the cursor of the next page (null on the last). A free-text search reads, per
   * searched column, only the rows up to the page's end in the list's order (searchedIdsSql), not every match.
   */
  async page(tx: ReadTx, access: RequestAccess, body: CaseListBody): Promise<{ items: Case[]; next: string | null }> {
    const p = new QueryParams();
    const { search, ...filter } = body;
    const conditions = caseFilterSql(filter, p);
    const cursor = body.cursor ? decodeCursor(body.cursor, body.sortBy, body.sortDir) : null;
    if (cursor) conditions.push(afterCursorSql(cursor, p));
    const offset = cursor ? 0 : (body.page - 1) * body.pageSize;
    const where = [caseReachSql(access, p, 'c', body.status), ...conditions];
    const ranges = search ? searchRangesSql(search, p) : null;
    if (ranges) {
      const limit = offset + body.pageSize + 1;
      where.push(searchedSql(access, p, body.status, where[0]!, conditions, ranges, body.sortBy, body.sortDir, limit));
    }
    const rows = await this.rows(tx, p, where, body.sortBy, body.sortDir, offset, body.pageSize + 1);
    const page = rows.slice(0, body.pageSize);
    const last = page.at(-1);
    const next =
      rows.length > body.pageSize && last
        ? encodeCursor({ sortBy: body.sortBy, sortDir: body.sortDir, value: last.cursorValue, id: last._id })
        : null;
    return { items: page.map(caseOfRow), next };
  }

  /** Cases matching a filter (and ids), newest first, at most `limit` (a search reads as a page does). */
  async find(
    tx: ReadTx,
    access: RequestAccess,
    filter: CaseFilter,
    ids: readonly string[] | undefined,
    limit: number,
  ): Promise<Case[]> {
    const p = new QueryParams();
    const { search, ...rest } = filter;
    const conditions = caseFilterSql(rest, p);
    if (ids) conditions.push(`c.id = ANY(${p.add([...ids])}::uuid[])`);
    const where = [caseReachSql(access, p, 'c', filter.status), ...conditions];
    const ranges = search ? searchRangesSql(search, p) : null;
    if (ranges) {
      where.push(searchedSql(access, p, filter.status, where[0]!, conditions, ranges, 'receivedAt', 'desc', limit));
    }
    return (await this.rows(tx, p, where, 'receivedAt', 'desc', 0, limit)).map(caseOfRow);
  }

  /**
   * The rows of a list as API cases computed in SQL (caseRowsSql), in the list's order. Planned each time, never a
   * prepared statement: a generic plan of one text serves every tab, radiologist and centre alike, and the one
   * PostgreSQL kept for a radiologist's tabs made one tab in five take 300 ms (docs/decisions/0197).
   */
  private rows(
    tx: ReadTx,
    p: QueryParams,
    where: readonly string[],
    sortBy: CaseSortKey,
    sortDir: 'asc' | 'desc',
    offset: number,
    limit: number,
  ): Promise<CaseRow[]> {
    if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(limit) || limit < 1)
      throw new RangeError(`rows: offset ${offset}, limit ${limit}`);
    const order = orderSql(sortBy, sortDir)
      .map((term) => term.filter((part) => part !== undefined).join(' '))
      .join(', ');
    const inner = `SELECT c.*, ${cursorValueSql(sortBy)} AS cursor_value FROM cases.cases c
      WHERE ${where.join(' AND ')} ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`;
    return typedRows(tx.manager, caseRowSchema, caseRowsSql(inner, order), p);
  }

  /** A case by id in the unit of work's company (row-level security), or null: for the system's own work. */
  byId(tx: ReadTx, id: string): Promise<CaseEntity | null> {
    return tx.repo(CaseEntity).findOne({ where: { id } });
  }

  /** Cases by id in the unit of work's reach (row-level security), in no particular order. */
  byIds(tx: ReadTx, ids: readonly string[]): Promise<CaseEntity[]> {
    return tx.repo(CaseEntity).find({ where: ids.map((id) => ({ id })) });
  }

  /** One case the caller may see, or null (another company's, outside the reach, or missing: the same answer). */
  findVisible(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<CaseEntity | null> {
    return this.oneInReach(tx, id, (p) => caseReachSql(access, p), lock);
  }

  /** One case by id within a reach (SQL on alias `c`), under row-level security; locked for a change if asked. */
  private oneInReach(
    tx: ReadTx,
    id: string,
    reach: (p: QueryParams) => string,
    lock: boolean,
  ): Promise<CaseEntity | null> {
    const p = new QueryParams();
    const qb = tx
      .repo(CaseEntity)
      .createQueryBuilder('c')
      .where(`c.id = ${p.add(id)}`)
      .andWhere(reach(p))
      .setParameters(p.values);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** A case sent to the caller's fusion side (fusionReachSql under row-level security), or null. */
  findFusionSent(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<CaseEntity | null> {
    return this.oneInReach(tx, id, (p) => fusionReachSql(access, p), lock);
  }

  /** A page of the cases sent to the caller's fusion centres (fccases), newest first, and their total. */
  fusionSentPage(
    tx: ReadTx,
    access: RequestAccess,
    q: { fusionStatus?: string | null; page: number; pageSize: number },
  ): Promise<[CaseEntity[], number]> {
    const p = new QueryParams();
    const qb = tx
      .repo(CaseEntity)
      .createQueryBuilder('c')
      .where(fusionReachSql(access, p))
      .andWhere('c.fusion_status IS NOT NULL');
    if (q.fusionStatus) qb.andWhere(`c.fusion_status = ${p.add(q.fusionStatus)}`);
    qb.setParameters(p.values);
    return qb
      .orderBy('c.received_at', 'DESC', 'NULLS LAST')
      .addOrderBy('c.id', 'DESC')
      .skip((q.page - 1) * q.pageSize)
      .take(q.pageSize)
      .getManyAndCount();
  }

  /**
   * The same patient's other cases the caller may read (docs/decisions/0218-patient-identity-and-priors.md): the
   * patient is the case's company, centre and Patient ID (the same ID in another centre is another patient), each
   * case passes patientCaseReachSql; newest study first, at most `limit`. `studyInstanceUid`: only that study's.
   */
  samePatient(
    tx: ReadTx,
    access: RequestAccess,
    of: Pick<CaseEntity, 'tenantId' | 'centreId' | 'patientId' | 'studyInstanceUid'>,
    limit: number,
    studyInstanceUid?: string,
  ): Promise<CaseEntity[]> {
    if (of.centreId === null || of.patientId.trim() === '' || of.studyInstanceUid === null) return Promise.resolve([]);
    const p = new QueryParams();
    const qb = tx
      .repo(CaseEntity)
      .createQueryBuilder('c')
      .where(`c.tenant_id = ${p.add(of.tenantId)}::uuid`)
      .andWhere(`c.centre_id = ${p.add(of.centreId)}::uuid`)
      .andWhere(`c.patient_id = ${p.add(of.patientId)}`)
      .andWhere('c.study_instance_uid IS NOT NULL')
      .andWhere(`c.study_instance_uid <> ${p.add(of.studyInstanceUid)}`)
      .andWhere(patientCaseReachSql(access, p, of.centreId));
    if (studyInstanceUid !== undefined) qb.andWhere(`c.study_instance_uid = ${p.add(studyInstanceUid)}`);
    return qb
      .orderBy('c.study_date', 'DESC', 'NULLS LAST')
      .addOrderBy('c.received_at', 'DESC', 'NULLS LAST')
      .limit(limit)
      .setParameters(p.values)
      .getMany();
  }

  /** Cases per status in the caller's reach, from the maintained counts (never a scan of the cases). */
  async countsByStatus(tx: ReadTx, access: RequestAccess, f: CountFilter): Promise<Record<CaseStatus, number>> {
    const p = new QueryParams();
    // a marketplace radiologist's reach (offers, its own cases) and a fusion user's (the cases sent to its centres) are
    // no dimension of the counts: their few rows are counted
    const sql = countedFromRows(access)
      ? `SELECT c.status, count(*) AS n FROM cases.cases c
          WHERE ${[caseReachSql(access, p), ...caseFilterSql(f, p)].join(' AND ')} GROUP BY c.status`
      : `SELECT k.status, sum(k.n) AS n FROM cases.case_counts k
          WHERE ${[caseCountReachSql(access, p, 'k', f.status), ...countFilterSql(f, p)].join(' AND ')} GROUP BY k.status`;
    // the maintained counts' few thousand rows: a prepared statement, whose plan cannot go far wrong (the rows'
    // count is planned each time: the reach's cases vary too much between callers for one plan)
    const rows = await typedRows(tx.manager, countRow, sql, p, { prepare: !countedFromRows(access) });
    const counts = Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>;
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }

  /** Open cases past their due time, and due within the hour (one range of the open-cases due index). */
  async dueCounts(tx: ReadTx, access: RequestAccess, f: CountFilter): Promise<{ overdue: number; dueSoon: number }> {
    const p = new QueryParams();
    const where = [
      caseReachSql(access, p, 'c', f.status),
      ...caseFilterSql(f, p),
      `c.status NOT IN ('COMPLETED', 'PENDING FOR SCAN')`,
      `c.due_at IS NOT NULL`,
      `c.due_at < now() + interval '1 hour'`,
    ];
    const [row] = await typedRows(
      tx.manager,
      dueRow,
      `SELECT count(*) FILTER (WHERE c.due_at < now()) AS overdue,
              count(*) FILTER (WHERE c.due_at >= now()) AS due_soon
       FROM cases.cases c WHERE ${where.join(' AND ')}`,
      p,
    );
    return { overdue: row?.overdue ?? 0, dueSoon: row?.due_soon ?? 0 };
  }

  /** Median minutes from received to completed per modality, over the cases completed in the last `hours`. */
  async medians(tx: ReadTx, access: RequestAccess, f: CountFilter, hours: number) {
    const p = new QueryParams();
    const where = [
      caseReachSql(access, p, 'c', 'COMPLETED'),
      ...caseFilterSql({ ...f, status: undefined }, p),
      `c.status = 'COMPLETED'`,
      `c.completed_at IS NOT NULL`,
      `c.completed_at >= now() - make_interval(hours => ${p.add(hours)}::int)`,
    ];
    const rows = await typedRows(
      tx.manager,
      medianRow,
      `SELECT c.modality, count(*) AS completed,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.completed_at - c.received_at) / 60)
                AS median_minutes
       FROM cases.cases c WHERE ${where.join(' AND ')}
       GROUP BY c.modality ORDER BY c.modality NULLS LAST`,
      p,
    );
    return rows.map((r) => ({
      modality: r.modality,
      completed: r.completed,
      medianMinutes: Math.round(r.median_minutes * 10) / 10,
    }));
  }

  /**
   * Cases per status of each centre or radiologist in the caller's reach, from the maintained counts (a few rows
   * per key), named from the directory's read models.
   */
  async countsBy(
    tx: ReadTx,
    access: RequestAccess,
    f: CountFilter,
    dimension: BreakdownDimension,
  ): Promise<{ key: string | null; name: string | null; status: CaseStatus; n: number }[]> {
    const { column, names, nameColumn } = BREAKDOWN_DIMENSIONS[dimension];
    const p = new QueryParams();
    // as countsByStatus: from the maintained counts, or from the rows of a reach they have no dimension for
    const counted = countedFromRows(access)
      ? `SELECT c.${column} AS key, c.status, count(*) AS n FROM cases.cases c
          WHERE ${[caseReachSql(access, p), ...caseFilterSql(f, p)].join(' AND ')} GROUP BY c.${column}, c.status`
      : `SELECT k.${column} AS key, k.status, sum(k.n) AS n FROM cases.case_counts k
          WHERE ${[caseCountReachSql(access, p), ...countFilterSql(f, p)].join(' AND ')}
          GROUP BY k.${column}, k.status HAVING sum(k.n) <> 0`;
    return typedRows(
      tx.manager,
      breakdownCountRow,
      `SELECT t.key::text AS key, d.${nameColumn} AS name, t.status, t.n FROM (${counted}) t
       LEFT JOIN ${names} d ON d.id = t.key`,
      p,
    );
  }

  /** Median minutes from received to completed of each centre or radiologist, over the last `hours`. */
  async mediansBy(tx: ReadTx, access: RequestAccess, f: CountFilter, hours: number, dimension: BreakdownDimension) {
    const { column } = BREAKDOWN_DIMENSIONS[dimension];
    const p = new QueryParams();
    const where = [
      caseReachSql(access, p, 'c', 'COMPLETED'),
      ...caseFilterSql({ ...f, status: undefined }, p),
      `c.status = 'COMPLETED'`,
      `c.completed_at IS NOT NULL`,
      `c.completed_at >= now() - make_interval(hours => ${p.add(hours)}::int)`,
    ];
    return typedRows(
      tx.manager,
      breakdownMedianRow,
      `SELECT c.${column}::text AS key, count(*) AS completed,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.completed_at - c.received_at) / 60)
                AS median_minutes
       FROM cases.cases c WHERE ${where.join(' AND ')}
       GROUP BY c.${column}`,
      p,
    );
  }

  // --- writes (the intake, registrations, edits) ---

  /**
   * The company's unsplit cases of these studies (the unique index is per company), locked for the change (in id
   * order, so two changes lock them alike).
   */
  findByStudies(tx: ChangeTx, studyInstanceUids: readonly string[]): Promise<CaseEntity[]> {
    if (studyInstanceUids.length === 0) return Promise.resolve([]);
    return (
      tx
        .repo(CaseEntity)
        .createQueryBuilder('c')
        // the company's own (row-level security's OR of company, fusion and marketplace keeps tenant_id out of the
        // index otherwise: a scan of the whole index at a million cases)
        .where('c.tenant_id = :tenantId AND c.study_instance_uid = ANY(:uids) AND c.parent_case_id IS NULL', {
          tenantId: tx.tenantId,
          uids: [...studyInstanceUids],
        })
        .orderBy('c.id')
        .setLock('pessimistic_write')
        .getMany()
    );
  }

  /**
   * The PENDING FOR SCAN registrations any of these studies could fill in (by accession number or patient ID), the
   * oldest first, locked (SKIP LOCKED: two studies never fill one registration, nor two intakes). Which study
   * takes which is the intake's choice (`pendingRegistrationFor`).
   */
  pendingForScanOf(
    tx: ChangeTx,
    studies: readonly { patientId: string; accessionNumber: string | null }[],
  ): Promise<CaseEntity[]> {
    const accessions = [...new Set(studies.flatMap((s) => (s.accessionNumber ? [s.accessionNumber] : [])))];
    const patientIds = [...new Set(studies.flatMap((s) => (s.patientId ? [s.patientId] : [])))];
    if (accessions.length === 0 && patientIds.length === 0) return Promise.resolve([]);
    return tx
      .repo(CaseEntity)
      .createQueryBuilder('c')
      .where(
        `c.tenant_id = :tenantId AND c.status = 'PENDING FOR SCAN' AND c.study_instance_uid IS NULL
         AND (c.accession_number = ANY(:accessions) OR c.patient_id = ANY(:patientIds))`,
        { tenantId: tx.tenantId, accessions, patientIds },
      )
      .orderBy('c.created_at', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  /** New cases in one multi-row INSERT (the count trigger runs once for them all); answers them in the order given. */
  async insertMany(tx: ChangeTx, rows: readonly NewCase[]): Promise<CaseEntity[]> {
    if (rows.length === 0) return [];
    const repo = tx.repo(CaseEntity);
    const result = await repo
      .createQueryBuilder()
      .insert()
      .into(CaseEntity)
      .values(rows.map((row) => repo.create(row)))
      .returning(['id'])
      .updateEntity(false)
      .execute();
    const ids = idRows.parse(result.raw).map((r) => r.id);
    const byId = new Map((await repo.findBy({ id: In(ids) })).map((c) => [c.id, c]));
    return ids.map((id) => byId.get(id)!);
  }

  async insert(tx: ChangeTx, row: NewCase): Promise<CaseEntity> {
    const repo = tx.repo(CaseEntity);
    const saved = await repo.save(repo.create(row));
    return repo.findOneByOrFail({ id: saved.id });
  }

  /**
   * A registration item's case, inserted once: the item's case already there (a second delivery, the registration
   * published again) meets the unique index and nothing is inserted (null) — `ON CONFLICT DO NOTHING`, so the
   * consumer's transaction goes on (docs/decisions/0261).
   */
  async insertForRegistrationItem(
    tx: ChangeTx,
    row: NewCase & { registrationItemId: string },
  ): Promise<CaseEntity | null> {
    const result = await tx
      .repo(CaseEntity)
      .createQueryBuilder()
      .insert()
      .into(CaseEntity)
      .values(row)
      .orIgnore()
      .returning(['id'])
      .execute();
    const [inserted] = idRows.parse(result.raw);
    return inserted ? tx.repo(CaseEntity).findOneByOrFail({ id: inserted.id }) : null;
  }

  /** The cases of these registration items (a cancellation names them), locked for the change. */
  ofRegistrationItems(tx: ChangeTx, itemIds: readonly string[]): Promise<CaseEntity[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return tx
      .repo(CaseEntity)
      .createQueryBuilder('c')
      .where('c.registration_item_id IN (:...itemIds)', { itemIds })
      .orderBy('c.id')
      .setLock('pessimistic_write')
      .getMany();
  }

  /**
   * Deletes a registration's case that is still waiting for its study, at `version`, unless something refers to it
   * (a chat message, a history entry, a rating or share written on it: those keep their case); false when it is not
   * such a case or is referred to (docs/decisions/0262). The refusal of a reference is the database's own (a foreign
   * key), taken back to a savepoint so the unit of work goes on.
   */
  async deleteUnscanned(tx: ChangeTx, id: string, version: number): Promise<boolean> {
    await tx.manager.query('SAVEPOINT delete_unscanned');
    try {
      const rows = await typedRows(
        tx.manager,
        idRow,
        `DELETE FROM cases.cases
          WHERE id = :id AND version = :version AND status = 'PENDING FOR SCAN' AND study_instance_uid IS NULL
          RETURNING id`,
        { id, version },
      );
      await tx.manager.query('RELEASE SAVEPOINT delete_unscanned');
      return rows.length === 1;
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      await tx.manager.query('ROLLBACK TO SAVEPOINT delete_unscanned');
      return false;
    }
  }

  /**
   * Writes a change if the case is still at `version` (optimistic concurrency; the version goes up); null when
   * it moved on meanwhile.
   */
  async updateIfVersion(
    tx: ChangeTx,
    id: string,
    version: number,
    patch: Partial<Omit<CaseEntity, 'id' | 'tenantId' | 'version' | 'createdAt' | 'updatedAt'>>,
  ): Promise<CaseEntity | null> {
    const result = await tx
      .repo(CaseEntity)
      .createQueryBuilder()
      .update(CaseEntity)
      .set(patch)
      .where('id = :id AND version = :version', { id, version })
      .execute();
    if (!result.affected) return null;
    return tx.repo(CaseEntity).findOneByOrFail({ id });
  }
}

/**
 * A search's condition on `c.id` (searchedIdsSql): per searched column, a branch for the caller's reach — or, for a
 * walked name column, one per alternative of it (a radiologist's own cases, its review queue), each walking its own
 * index.
 */
function searchedSql(
  access: RequestAccess,
  p: QueryParams,
  tab: string | undefined,
  reach: string,
  conditions: readonly string[],
  ranges: SearchRange[],
  sortBy: CaseSortKey,
  sortDir: 'asc' | 'desc',
  limit: number,
): string {
  const walks = caseReachAlternativesSql(access, p, 'c', tab)?.map((r) => [r, ...conditions]);
  return searchedIdsSql(ranges, [reach, ...conditions], sortBy, sortDir, limit, walks);
}

/** The count table's dimensions as conditions on alias `k`. */
function countFilterSql(f: CountFilter, p: QueryParams): string[] {
  const parts: string[] = [];
  if (f.status && f.status !== ALL_STATUSES_TAB) parts.push(`k.status = ${p.add(f.status)}`);
  if (f.centreId) parts.push(`k.centre_id = ${p.add(f.centreId)}`);
  if (f.radiologistId) parts.push(`k.radiologist_id = ${p.add(f.radiologistId)}`);
  if (f.workflowType) parts.push(`k.workflow_type = ${p.add(f.workflowType)}`);
  if (f.modality) parts.push(`k.modality = ${p.add(f.modality)}`);
  if (f.priority) parts.push(`k.priority = ${p.add(f.priority)}`);
  return parts;
}
