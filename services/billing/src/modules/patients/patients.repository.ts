import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { BodyOf, BILLING_API, Gender } from '@rayworks/contracts';
import {
  centreReachSql,
  orderAndPage,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { PatientEntity } from './patient.entity.js';

/** Sortable list fields (contract names) → columns. */
export const PATIENT_SORT = { patientName: 'p.patientName', mrID: 'p.mrNumber', createdAt: 'p.createdAt' } as const;

/**
 * The end of a prefix's range: the prefix with its last character raised ('sun' → 'suo'), or null when it cannot be
 * (the range is then open above). Text starting with the prefix is exactly [prefix, end) byte-wise.
 */
function prefixUpperBound(prefix: string): string | null {
  const last = prefix.charCodeAt(prefix.length - 1);
  if (Number.isNaN(last) || last >= 0xffff) return null;
  return `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
}

/**
 * The desk's search as it types, as one condition on `p`: the start of the name or MR number (any case) or of the
 * phone number. Prefix ranges with the leakproof `~>=~` / `~<~` on the stored lower-cased columns, so under row-level
 * security each is an index condition — LIKE and lower() are not leakproof, and read every patient of the caller's
 * reach (docs/decisions/0289).
 */
export function patientSearchSql(search: string, p: QueryParams): string {
  const text = search.toLowerCase();
  const from = p.add(text);
  const upTo = prefixUpperBound(text);
  const until = upTo === null ? null : p.add(upTo);
  const starts = (column: string) =>
    until === null ? `${column} ~>=~ ${from}` : `(${column} ~>=~ ${from} AND ${column} ~<~ ${until})`;
  return `(${starts('p.patient_name_lower')} OR ${starts('p.phone_number')} OR ${starts('p.mr_number_lower')})`;
}

/** What the desk records of a patient (the MR number and the centre's group are given, not typed). */
export interface PatientFields {
  patientName: string;
  gender: Gender;
  dateOfBirth: string | null;
  ageYears: number | null;
  ageRecordedOn: string | null;
  phoneNumber: string;
}

const lastNumberRow = z.object({ last_number: z.coerce.number().int() });
const idRow = z.object({ id: z.uuid() });

/** billing.patients under row-level security, narrowed to the caller's centres (centreReachSql). */
@Injectable()
export class PatientsRepository {
  private inReach(tx: ReadTx, access: RequestAccess) {
    const p = new QueryParams();
    const qb = tx
      .repo(PatientEntity)
      .createQueryBuilder('p')
      .where(centreReachSql(access, p, { centre: 'p.centre_id', group: 'p.group_id' }));
    return { qb, p };
  }

  /** A page of the patients the caller reaches, searched as the desk types (patientSearchSql). */
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof BILLING_API.findPatients>,
  ): Promise<{ items: PatientEntity[]; total: number }> {
    const { qb, p } = this.inReach(tx, access);
    if (q.search) qb.andWhere(patientSearchSql(q.search, p));
    if (q.centreId) qb.andWhere(`p.centre_id = ${p.add(q.centreId)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, PATIENT_SORT, 'createdAt', 'p.id').getManyAndCount();
    return { items, total };
  }

  /**
   * The desk's pick list as it types: the newest `limit` patients the caller reaches whose name, phone or MR number
   * begins with the text — one statement, no count (docs/decisions/0305).
   */
  lookup(tx: ReadTx, access: RequestAccess, q: BodyOf<typeof BILLING_API.lookupPatients>): Promise<PatientEntity[]> {
    const { qb, p } = this.inReach(tx, access);
    qb.andWhere(patientSearchSql(q.search, p));
    if (q.centreId) qb.andWhere(`p.centre_id = ${p.add(q.centreId)}`);
    return qb
      .setParameters(p.values)
      .orderBy('p.createdAt', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(q.limit)
      .getMany();
  }

  /** The company's patient by its id, whoever reaches it (for work that runs as the system, e.g. a printed invoice). */
  byId(tx: ReadTx, id: string): Promise<PatientEntity | null> {
    return tx.repo(PatientEntity).findOneBy({ id });
  }

  /** The patient if the caller reaches it, or null (another centre's, another company's or missing: the same). */
  findReadable(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<PatientEntity | null> {
    const { qb, p } = this.inReach(tx, access);
    qb.andWhere(`p.id = ${p.add(id)}`).setParameters(p.values);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The centre's records that may be this person: same name (any case), phone and birth date, not merged away. */
  duplicates(
    tx: ReadTx,
    centreId: string,
    who: { patientName: string; phoneNumber: string; dateOfBirth: string | null },
  ): Promise<PatientEntity[]> {
    return tx
      .repo(PatientEntity)
      .createQueryBuilder('p')
      .where('p.centre_id = :centreId AND lower(p.patient_name) = lower(:name) AND p.phone_number = :phone', {
        centreId,
        name: who.patientName,
        phone: who.phoneNumber,
      })
      .andWhere('p.date_of_birth IS NOT DISTINCT FROM :dob::date', { dob: who.dateOfBirth })
      .andWhere('p.merged_into IS NULL')
      .orderBy('p.created_at', 'ASC')
      .getMany();
  }

  /**
   * The centre's next MR number (1, 2, …): its counter row, taken in this unit of work, so two registrations at once
   * get two numbers and a number given is never given again.
   */
  async nextMrNumber(tx: ChangeTx, tenantId: string, centreId: string): Promise<number> {
    const [row] = await typedRows(
      tx.manager,
      lastNumberRow,
      `INSERT INTO billing.mr_counters (tenant_id, centre_id, last_number) VALUES (:tenantId, :centreId, 1)
       ON CONFLICT (centre_id) DO UPDATE SET last_number = billing.mr_counters.last_number + 1
       RETURNING last_number`,
      { tenantId, centreId },
    );
    return row!.last_number;
  }

  async insert(
    tx: ChangeTx,
    row: PatientFields & { tenantId: string; centreId: string; groupId: string | null; mrNumber: string },
  ): Promise<string> {
    const result = await tx.repo(PatientEntity).insert({ ...row, mergedInto: null });
    return (result.identifiers[0] as { id: string }).id;
  }

  /**
   * Merges one record into another: it, and any record merged into it before, now point at `keepId` (so a patient's
   * history is one hop: the record and those merged into it). Answers the ids re-pointed.
   */
  async merge(tx: ChangeTx, mergeId: string, keepId: string): Promise<string[]> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `UPDATE billing.patients SET merged_into = :keepId, updated_at = now()
       WHERE id = :mergeId OR merged_into = :mergeId RETURNING id`,
      { keepId, mergeId },
    );
    return rows.map((r) => r.id);
  }

  async update(tx: ChangeTx, id: string, fields: PatientFields): Promise<void> {
    await tx.repo(PatientEntity).update({ id }, fields);
  }
}
