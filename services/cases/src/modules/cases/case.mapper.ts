import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { caseSchema, type Case } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { DirectoryRepository, type DirectoryNames } from '../directory/directory.repository.js';
import type { CaseEntity } from './case.entity.js';
import { worklistStatusOf } from '@rayworks/lifecycles';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A case row as the API returns it (caseSchema), with the names of its centre, radiologist and typist. */
export function toCase(c: CaseEntity, names: DirectoryNames): Case {
  return {
    _id: c.id,
    version: c.version,
    status: c.status,
    worklistStatus: worklistStatusOf(c.status, c.imagingState),
    fusionStatus: c.fusionStatus,
    workflowType: c.workflowType,
    companyId: c.tenantId,
    groupId: c.groupId,
    centreId: c.centreId,
    centreName: c.centreId ? (names.centres.get(c.centreId) ?? null) : null,
    patientName: c.patientName,
    patientId: c.patientId,
    patientSex: c.patientSex,
    patientBirthDate: c.patientBirthDate,
    accessionNumber: c.accessionNumber,
    studyInstanceUid: c.studyInstanceUid,
    studyId: c.studyId,
    studyDescription: c.studyDescription,
    bodyPart: c.bodyPart,
    referringPhysician: c.referringPhysician,
    modality: c.modality,
    modalities: c.modalities,
    studyDate: c.studyDate,
    seriesCount: c.seriesCount,
    instanceCount: c.instanceCount,
    seriesInstanceUids: c.seriesInstanceUids,
    parentCaseId: c.parentCaseId,
    imagingState: c.imagingState,
    priority: c.priority,
    legends: c.legends,
    radiologistId: c.radiologistId,
    radiologistName: c.radiologistId ? (names.users.get(c.radiologistId) ?? null) : null,
    typistId: c.typistId,
    typistName: c.typistId ? (names.users.get(c.typistId) ?? null) : null,
    onHold: c.onHold,
    recallRequested: c.recallRequestedAt !== null,
    rejectReason: c.rejectReason,
    fusionCentreId: c.fusionCentreId,
    receivedAt: iso(c.receivedAt),
    dueAt: iso(c.dueAt),
    assignedAt: iso(c.assignedAt),
    completedAt: iso(c.completedAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/**
 * The same API case computed in SQL, for lists (the worklist's page, /cases/find, the export): the row's columns
 * under the contract's names, the names of its centre, radiologist and typist looked up in the read models, times
 * as `toISOString` writes them — no entity is built, no Date parsed (issue 10: TypeORM's hydration and the dates
 * were a third of a page's CPU). `toCase` stays for single cases (a transition's answer, /cases/findOne); the
 * integration test of the worklist checks that both give the same case.
 *
 * `inner`: a SELECT of `c.*` (cases.cases c) and `cursor_value`, already filtered, ordered and limited (so the
 * projection runs for the page's rows only, never for the rows an OFFSET skips); `order`: its ORDER BY again.
 */
export function caseRowsSql(inner: string, order: string): string {
  const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // names by one index lookup per row (a join would let the planner hash the whole directory under row-level security)
  const userName = (column: string) =>
    `(SELECT COALESCE(NULLIF(u.full_name, ''), u.login_name) FROM cases.users u WHERE u.id = ${column})`;
  return `SELECT c.id AS "_id", c.version, c.status, c.fusion_status AS "fusionStatus",
      c.workflow_type AS "workflowType", c.tenant_id AS "companyId", c.group_id AS "groupId",
      c.centre_id AS "centreId", (SELECT ce.name FROM cases.centres ce WHERE ce.id = c.centre_id) AS "centreName", c.patient_name AS "patientName",
      c.patient_id AS "patientId", c.patient_sex AS "patientSex", c.patient_birth_date AS "patientBirthDate",
      c.accession_number AS "accessionNumber", c.study_instance_uid AS "studyInstanceUid", c.study_id AS "studyId",
      c.study_description AS "studyDescription", c.body_part AS "bodyPart",
      c.referring_physician AS "referringPhysician", c.modality, c.modalities,
      c.study_date AS "studyDate", c.series_count AS "seriesCount", c.instance_count AS "instanceCount",
      c.series_instance_uids AS "seriesInstanceUids", c.parent_case_id AS "parentCaseId",
      c.imaging_state AS "imagingState", c.priority, c.legends, c.radiologist_id AS "radiologistId",
      ${userName('c.radiologist_id')} AS "radiologistName", c.typist_id AS "typistId", ${userName('c.typist_id')} AS "typistName",
      c.on_hold AS "onHold", c.recall_requested_at IS NOT NULL AS "recallRequested", c.reject_reason AS "rejectReason",
      c.fusion_centre_id AS "fusionCentreId", ${iso('c.received_at')} AS "receivedAt", ${iso('c.due_at')} AS "dueAt",
      ${iso('c.assigned_at')} AS "assignedAt", ${iso('c.completed_at')} AS "completedAt",
      ${iso('c.created_at')} AS "createdAt", ${iso('c.updated_at')} AS "updatedAt", c.cursor_value AS "cursorValue"
    FROM (${inner}) c
    ORDER BY ${order}`;
}

/** A row of caseRowsSql: the API case but its derived status, and the row's cursor value. */
export const caseRowSchema = caseSchema.omit({ worklistStatus: true }).extend({ cursorValue: z.string().nullable() });
export type CaseRow = z.output<typeof caseRowSchema>;

/** A row of caseRowsSql as the API case. */
export function caseOfRow({ cursorValue: _cursor, ...row }: CaseRow): Case {
  return { ...row, worklistStatus: worklistStatusOf(row.status, row.imagingState) };
}

/** Maps case rows to API cases, reading the names they need from the read models in one query each. */
@Injectable()
export class CaseMapper {
  constructor(@Inject(DirectoryRepository) private readonly directory: DirectoryRepository) {}

  async many(tx: ReadTx, rows: readonly CaseEntity[]): Promise<Case[]> {
    const names = await this.directory.names(
      tx,
      rows.flatMap((c) => [c.radiologistId, c.typistId]),
      rows.map((c) => c.centreId),
    );
    return rows.map((c) => toCase(c, names));
  }

  async one(tx: ReadTx, row: CaseEntity): Promise<Case> {
    return (await this.many(tx, [row]))[0]!;
  }
}
