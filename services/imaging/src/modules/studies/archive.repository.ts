import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { QueryParams, typedRows, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { InstanceEntity } from './entities/instance.entity.js';
import { StudyEntity } from './entities/study.entity.js';
import type { ParsedInstance } from './parsed-instance.js';
import { reachSql } from './study-query.js';

/**
 * Whose studies an ingest may add instances to (docs/decisions/0203-one-ingest-rule.md): the reach of the sender —
 * a STOW-RS caller's request, or the user who asked for a zip's upload — with the meaning of every other read of
 * the archive (`reachSql`: a group filter, a centre filter, or nothing at all).
 */
export type IngestReach = Pick<RequestAccess, 'empty' | 'groupFilter' | 'centreFilter'>;

/** Where a Study Instance UID stands for a sender: new to the company, in the sender's reach, or another centre's. */
export type StudyStanding = 'absent' | 'inReach' | 'outOfReach';

/** Where an instance already is in the archive. */
export interface IndexedInstance {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
  sopClassUid: string;
}

/** A batch of stored objects to index in one unit of work (ArchiveIngestService.ingestMany). */
export interface InstancesToIndex {
  tenantId: string;
  reach: IngestReach;
  groupId: string | null;
  centreId: string | null;
  /** Distinct SOP Instance UIDs (a batch's duplicates are the caller's to hold back); each names its import. */
  items: { storageKey: string; sizeBytes: number; header: ParsedInstance; importId: string }[];
}

/**
 * What became of one item of a batch: indexed now, already indexed (a race lost: nothing changed), its study outside
 * the sender's reach (nothing indexed), or refused (its series belongs to another study).
 */
/** One imaging.instances row of a batch insert, as jsonb_to_recordset reads it (column names). */
interface InstanceRecord {
  tenant_id: string;
  study_id: string;
  series_id: string;
  import_id: string | null;
  sop_instance_uid: string;
  sop_class_uid: string;
  instance_number: number | null;
  transfer_syntax_uid: string;
  rows: number | null;
  columns: number | null;
  number_of_frames: number;
  storage_key: string;
  size_bytes: number;
  pixel_data_offset: number | null;
  pixel_data_length: number | null;
  pixel_data_encapsulated: boolean;
  metadata: unknown;
}

export type IndexResult = 'stored' | 'existing' | 'outOfReach' | { refused: string };

/** A study an import finished, with what the StudyImported event says of it. */
export interface FinishedStudy {
  study: StudyEntity;
  firstModality: string;
  instancesAdded: number;
}

const indexedRow = z.object({
  study_instance_uid: z.string(),
  series_instance_uid: z.string(),
  sop_instance_uid: z.string(),
  sop_class_uid: z.string(),
});
const idRow = z.object({ id: z.uuid() });
const seriesRow = z.object({ id: z.uuid(), study_id: z.uuid() });
const countRow = z.object({ study_instance_uid: z.string(), added: z.coerce.number().int() });
const modalityRow = z.object({ modality: z.string() });
const bodyPartRow = z.object({ body_part: z.string() });
const keyRow = z.object({ storage_key: z.string() });

const indexedInReachRow = indexedRow.extend({ in_reach: z.boolean() });
const studyInReachRow = z.object({ study_instance_uid: z.string(), in_reach: z.boolean() });
const studyStateInReachRow = z.object({
  id: z.uuid(),
  study_instance_uid: z.string(),
  state: z.string(),
  in_reach: z.boolean(),
});
const seriesUidRow = seriesRow.extend({ series_instance_uid: z.string() });
const sopInstanceUidRow = z.object({ sop_instance_uid: z.string() });
const idInReachRow = idRow.extend({ in_reach: z.boolean() });
const tenantStudyRow = z.object({ tenant_id: z.uuid(), study_instance_uid: z.string() });
const importIdRow = z.object({ import_id: z.uuid() });
const studyInstanceUidRow = z.object({ study_instance_uid: z.string() });

/**
 * The archive index's queries (imaging.studies, series, instances): the only file with them. Every statement runs
 * on the caller's unit of work, under the tenant's row-level security; writes are idempotent by UID (a re-import,
 * a retried job or two imports of one study store each instance once).
 */
@Injectable()
export class ArchiveRepository {
  /** The instances already indexed among these SOP Instance UIDs, and whether their studies are in reach. */
  async findInstances(
    tx: ReadTx,
    sopInstanceUids: string[],
    reach: IngestReach,
  ): Promise<Map<string, IndexedInstance & { inReach: boolean }>> {
    if (sopInstanceUids.length === 0) return new Map();
    const p = new QueryParams();
    const rows = await typedRows(
      tx.manager,
      indexedInReachRow,
      `SELECT s.study_instance_uid, se.series_instance_uid, i.sop_instance_uid, i.sop_class_uid,
              (${reachCondition(reach, p)}) AS in_reach
         FROM imaging.instances i
         JOIN imaging.series se ON se.id = i.series_id
         JOIN imaging.studies s ON s.id = i.study_id
        WHERE i.sop_instance_uid = ANY(${p.add(sopInstanceUids)})`,
      p,
    );
    return new Map(
      rows.map((row) => [
        row.sop_instance_uid,
        {
          studyInstanceUid: row.study_instance_uid,
          seriesInstanceUid: row.series_instance_uid,
          sopInstanceUid: row.sop_instance_uid,
          sopClassUid: row.sop_class_uid,
          inReach: row.in_reach,
        },
      ]),
    );
  }

  /** Where each of these studies stands for the sender (absent ones are not in the map). */
  async studyStandings(
    tx: ReadTx,
    studyInstanceUids: string[],
    reach: IngestReach,
  ): Promise<Map<string, StudyStanding>> {
    if (studyInstanceUids.length === 0) return new Map();
    const p = new QueryParams();
    const rows = await typedRows(
      tx.manager,
      studyInReachRow,
      `SELECT s.study_instance_uid, (${reachCondition(reach, p)}) AS in_reach FROM imaging.studies s
        WHERE s.study_instance_uid = ANY(${p.add(studyInstanceUids)})`,
      p,
    );
    return new Map(rows.map((r) => [r.study_instance_uid, r.in_reach ? 'inReach' : 'outOfReach']));
  }

  /**
   * Indexes a batch of stored instances in the caller's unit of work, a few statements whatever its size: their
   * studies (created from the first item's study attributes, or found; either way CLOUD_UPLOADING until their import
   * finishes), their series, and one multi-row INSERT of the instance rows, ON CONFLICT on the SOP Instance UID
   * (idempotent: one already indexed changes nothing and answers 'existing'). Per item: 'outOfReach' when its study
   * is outside the sender's reach (the study row, created by another sender meanwhile, is then left as it was),
   * refused when its series belongs to another study of the archive.
   */
  async indexInstances(tx: ChangeTx, input: InstancesToIndex): Promise<IndexResult[]> {
    const results: (IndexResult | undefined)[] = input.items.map(() => undefined);
    const firstOfStudy = new Map<string, ParsedInstance>();
    for (const { header } of input.items)
      if (!firstOfStudy.has(header.studyInstanceUid)) firstOfStudy.set(header.studyInstanceUid, header);
    const studyUids = [...firstOfStudy.keys()].sort();
    // Most batches join studies that exist already: found with the weakest row lock (FOR KEY SHARE, which the
    // instances' foreign key takes anyway), so batches of one study index side by side while a finish (FOR UPDATE)
    // waits for them, and none is indexed against a state a finish has just changed; only a new study, or one not
    // CLOUD_UPLOADING, goes through the upsert (which locks the row).
    const p = new QueryParams();
    const known = await typedRows(
      tx.manager,
      studyStateInReachRow,
      `SELECT s.id, s.study_instance_uid, s.state, (${reachCondition(input.reach, p)}) AS in_reach
         FROM imaging.studies s WHERE s.study_instance_uid = ANY(${p.add(studyUids)})
        ORDER BY s.study_instance_uid FOR KEY SHARE`,
      p,
    );
    const studyIds = new Map<string, string | null>(); // null: out of reach
    for (const uid of studyUids) {
      const row = known.find((k) => k.study_instance_uid === uid);
      if (row && !row.in_reach) studyIds.set(uid, null);
      else if (row?.state === 'CLOUD_UPLOADING') studyIds.set(uid, row.id);
      else {
        const upserted = await this.upsertStudy(tx, input, firstOfStudy.get(uid)!);
        studyIds.set(uid, upserted.in_reach ? upserted.id : null);
      }
    }
    const firstOfSeries = new Map<string, ParsedInstance>();
    input.items.forEach(({ header }, i) => {
      if (studyIds.get(header.studyInstanceUid) === null) results[i] = 'outOfReach';
      else if (!firstOfSeries.has(header.seriesInstanceUid)) firstOfSeries.set(header.seriesInstanceUid, header);
    });
    const seriesUids = [...firstOfSeries.keys()].sort();
    const knownSeries = seriesUids.length
      ? await typedRows(
          tx.manager,
          seriesUidRow,
          `SELECT id, study_id, series_instance_uid FROM imaging.series WHERE series_instance_uid = ANY(:uids)`,
          { uids: seriesUids },
        )
      : [];
    const seriesIds = new Map<string, { id: string; studyId: string }>();
    for (const uid of seriesUids) {
      const header = firstOfSeries.get(uid)!;
      const row =
        knownSeries.find((k) => k.series_instance_uid === uid) ??
        (await this.upsertSeries(tx, input.tenantId, studyIds.get(header.studyInstanceUid)!, header));
      seriesIds.set(uid, { id: row.id, studyId: row.study_id });
    }
    const rows: InstanceRecord[] = [];
    const rowOf: number[] = [];
    input.items.forEach(({ header, storageKey, sizeBytes, importId }, i) => {
      if (results[i]) return;
      const studyId = studyIds.get(header.studyInstanceUid)!;
      const series = seriesIds.get(header.seriesInstanceUid)!;
      if (series.studyId !== studyId) {
        results[i] = { refused: new SeriesOfAnotherStudyError(header.seriesInstanceUid).message };
        return;
      }
      rowOf.push(i);
      rows.push({
        tenant_id: input.tenantId,
        study_id: studyId,
        series_id: series.id,
        import_id: importId,
        sop_instance_uid: header.sopInstanceUid,
        sop_class_uid: header.sopClassUid,
        instance_number: header.instanceNumber,
        transfer_syntax_uid: header.transferSyntaxUid,
        rows: header.rows,
        columns: header.columns,
        number_of_frames: header.numberOfFrames,
        storage_key: storageKey,
        size_bytes: sizeBytes,
        pixel_data_offset: header.pixelData?.offset ?? null,
        pixel_data_length: header.pixelData?.length ?? null,
        pixel_data_encapsulated: header.pixelData?.encapsulated ?? false,
        metadata: header.metadata,
      });
    });
    const inserted = rows.length
      ? await typedRows(
          tx.manager,
          sopInstanceUidRow,
          `INSERT INTO imaging.instances (tenant_id, study_id, series_id, import_id, sop_instance_uid, sop_class_uid,
                  instance_number, transfer_syntax_uid, rows, columns, number_of_frames, storage_key, size_bytes,
                  pixel_data_offset, pixel_data_length, pixel_data_encapsulated, metadata)
           SELECT r.tenant_id, r.study_id, r.series_id, r.import_id, r.sop_instance_uid, r.sop_class_uid,
                  r.instance_number, r.transfer_syntax_uid, r.rows, r.columns, r.number_of_frames, r.storage_key,
                  r.size_bytes, r.pixel_data_offset, r.pixel_data_length, r.pixel_data_encapsulated, r.metadata
             FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS r(tenant_id uuid, study_id uuid, series_id uuid,
                  import_id uuid, sop_instance_uid varchar, sop_class_uid varchar, instance_number int,
                  transfer_syntax_uid varchar, rows int, columns int, number_of_frames int, storage_key text,
                  size_bytes bigint, pixel_data_offset bigint, pixel_data_length bigint,
                  pixel_data_encapsulated boolean, metadata jsonb)
            ORDER BY r.sop_instance_uid
           ON CONFLICT (tenant_id, sop_instance_uid) DO NOTHING
           RETURNING sop_instance_uid`,
          { rows: JSON.stringify(rows) },
        )
      : [];
    const stored = new Set(inserted.map((r) => r.sop_instance_uid));
    for (const i of rowOf) results[i] = stored.has(input.items[i]!.header.sopInstanceUid) ? 'stored' : 'existing';
    return results as IndexResult[];
  }

  /** A study created from this instance's study attributes, or found and made CLOUD_UPLOADING again (row locked). */
  private async upsertStudy(tx: ChangeTx, input: InstancesToIndex, header: ParsedInstance) {
    const s = header.study;
    const upsertReach = new QueryParams('r');
    const [study] = await typedRows(
      tx.manager,
      idInReachRow,
      `INSERT INTO imaging.studies AS s (tenant_id, group_id, centre_id, study_instance_uid, patient_name, patient_id,
              patient_birth_date, patient_sex, study_date, study_time, accession_number, study_id, study_description,
              referring_physician_name, state, attributes)
       VALUES (:tenantId, :groupId, :centreId, :uid, :patientName, :patientId, :birthDate, :sex, :studyDate,
              :studyTime, :accession, :studyId, :description, :referring, 'CLOUD_UPLOADING', :attributes)
       ON CONFLICT (tenant_id, study_instance_uid)
       DO UPDATE SET state = 'CLOUD_UPLOADING', updated_at = now()
       RETURNING s.id, (${reachCondition(input.reach, upsertReach)}) AS in_reach`,
      {
        ...upsertReach.values,
        tenantId: input.tenantId,
        groupId: input.groupId,
        centreId: input.centreId,
        uid: header.studyInstanceUid,
        patientName: s.patientName,
        patientId: s.patientId,
        birthDate: s.patientBirthDate,
        sex: s.patientSex,
        studyDate: s.studyDate,
        studyTime: s.studyTime,
        accession: s.accessionNumber,
        studyId: s.studyId,
        description: s.studyDescription,
        referring: s.referringPhysicianName,
        attributes: JSON.stringify(s.attributes),
      },
    );
    return study!;
  }

  /** A series created from this instance's series attributes, or found (under whichever study holds it). */
  private async upsertSeries(tx: ChangeTx, tenantId: string, studyId: string, header: ParsedInstance) {
    const [series] = await typedRows(
      tx.manager,
      seriesRow,
      `INSERT INTO imaging.series (tenant_id, study_id, series_instance_uid, modality, series_number,
              series_description, body_part_examined, attributes)
       VALUES (:tenantId, :studyId, :uid, :modality, :number, :description, :bodyPart, :attributes)
       ON CONFLICT (tenant_id, series_instance_uid) DO UPDATE SET updated_at = now()
       RETURNING id, study_id`,
      {
        tenantId,
        studyId,
        uid: header.seriesInstanceUid,
        modality: header.series.modality,
        number: header.series.seriesNumber,
        description: header.series.seriesDescription,
        bodyPart: header.series.bodyPartExamined,
        attributes: JSON.stringify(header.series.attributes),
      },
    );
    return series!;
  }

  /**
   * Recomputes the totals of these studies and their series from the instance rows (series and instance counts,
   * sizes, modalities in study) and marks them IMPORTED.
   */
  async completeStudies(tx: ChangeTx, studyInstanceUids: string[]): Promise<void> {
    if (studyInstanceUids.length === 0) return;
    await tx.manager.query(
      `UPDATE imaging.series se
          SET instance_count = t.n, size_bytes = t.bytes, updated_at = now()
         FROM (SELECT i.series_id, count(*)::int AS n, coalesce(sum(i.size_bytes), 0) AS bytes
                 FROM imaging.instances i JOIN imaging.studies st ON st.id = i.study_id
                WHERE st.study_instance_uid = ANY($1) GROUP BY i.series_id) t
        WHERE se.id = t.series_id`,
      [studyInstanceUids],
    );
    await tx.manager.query(
      `UPDATE imaging.studies st
          SET series_count = t.series, instance_count = t.instances, size_bytes = t.bytes,
              modalities = t.modalities, state = 'IMPORTED', updated_at = now()
         FROM (SELECT se.study_id, count(*)::int AS series, sum(se.instance_count)::int AS instances,
                      coalesce(sum(se.size_bytes), 0) AS bytes,
                      coalesce(array_agg(DISTINCT se.modality ORDER BY se.modality)
                               FILTER (WHERE se.modality <> ''), '{}') AS modalities
                 FROM imaging.series se JOIN imaging.studies s2 ON s2.id = se.study_id
                WHERE s2.study_instance_uid = ANY($1) GROUP BY se.study_id) t
        WHERE st.id = t.study_id`,
      [studyInstanceUids],
    );
  }

  /**
   * Locks these studies (in UID order, FOR UPDATE) for a finish: an ingest indexing into one of them waits until
   * the finish commits, and the finish waits for the ingests in flight.
   */
  async lockStudies(tx: ChangeTx, studyInstanceUids: string[]): Promise<void> {
    if (studyInstanceUids.length === 0) return;
    await tx.manager.query(
      `SELECT id FROM imaging.studies WHERE study_instance_uid = ANY($1) ORDER BY study_instance_uid FOR UPDATE`,
      [studyInstanceUids],
    );
  }

  /**
   * Marks every instance of the study not yet counted by a StudyImported as counted, and answers how many there
   * were (whichever request or import stored them: a retried request after a crash, or the sweeper).
   */
  async announce(tx: ChangeTx, studyId: string): Promise<number> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `UPDATE imaging.instances SET announced = true WHERE study_id = :studyId AND NOT announced RETURNING id`,
      { studyId },
    );
    return rows.length;
  }

  /**
   * The CLOUD_UPLOADING studies of every company untouched for `idleSeconds` (the sweeper's 'system' context,
   * which row-level security shows these studies alone), oldest first.
   */
  async uploadingStudies(
    tx: ReadTx,
    idleSeconds: number,
    limit: number,
  ): Promise<{ tenantId: string; studyInstanceUid: string }[]> {
    const rows = await typedRows(
      tx.manager,
      tenantStudyRow,
      `SELECT tenant_id, study_instance_uid FROM imaging.studies
        WHERE state = 'CLOUD_UPLOADING' AND updated_at < now() - make_interval(secs => :idleSeconds)
        ORDER BY updated_at LIMIT :limit`,
      { idleSeconds, limit },
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, studyInstanceUid: r.study_instance_uid }));
  }

  /**
   * Locks the study when its upload is abandoned: CLOUD_UPLOADING, no instance indexed into it for `idleSeconds`,
   * and none of its instances waiting for an import that is still queued or running (that import finishes it, or
   * discards what it stored). Skips a study another finish holds. False: leave it.
   */
  async lockAbandoned(tx: ChangeTx, studyInstanceUid: string, idleSeconds: number): Promise<boolean> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `SELECT s.id FROM imaging.studies s
        WHERE s.study_instance_uid = :uid AND s.state = 'CLOUD_UPLOADING'
          AND s.updated_at < now() - make_interval(secs => :idleSeconds)
          AND NOT EXISTS (SELECT 1 FROM imaging.instances i WHERE i.study_id = s.id
                           AND i.created_at >= now() - make_interval(secs => :idleSeconds))
          AND NOT EXISTS (SELECT 1 FROM imaging.instances i JOIN imaging.imports im ON im.id = i.import_id
                           WHERE i.study_id = s.id AND NOT i.announced AND im.state IN ('QUEUED', 'PROCESSING'))
        FOR UPDATE SKIP LOCKED`,
      { uid: studyInstanceUid, idleSeconds },
    );
    return rows.length === 1;
  }

  /** How many instances this import stored, per study. */
  async addedByImport(tx: ReadTx, importId: string): Promise<Map<string, number>> {
    const rows = await typedRows(
      tx.manager,
      countRow,
      `SELECT st.study_instance_uid, count(*) AS added
         FROM imaging.instances i JOIN imaging.studies st ON st.id = i.study_id
        WHERE i.import_id = :importId GROUP BY st.study_instance_uid`,
      { importId },
    );
    return new Map(rows.map((r) => [r.study_instance_uid, r.added]));
  }

  /**
   * Records that this import finished this study: true the first time (its StudyImported event is then written in
   * the same transaction), false when it was already recorded (a finished import retried).
   */
  async markFinished(tx: ChangeTx, importId: string, studyInstanceUid: string, added: number): Promise<boolean> {
    const rows = await typedRows(
      tx.manager,
      importIdRow,
      `INSERT INTO imaging.import_studies (tenant_id, import_id, study_instance_uid, instances_added)
       VALUES (:tenantId, :importId, :uid, :added)
       ON CONFLICT DO NOTHING RETURNING import_id`,
      { tenantId: tx.tenantId, importId, uid: studyInstanceUid, added },
    );
    return rows.length === 1;
  }

  /** The study rows of these UIDs, with the modality of their first series (by series number). */
  async finishedStudies(tx: ReadTx, studyInstanceUids: string[]): Promise<StudyEntity[]> {
    if (studyInstanceUids.length === 0) return [];
    return tx
      .repo(StudyEntity)
      .createQueryBuilder('s')
      .where('s.studyInstanceUid IN (:...uids)', { uids: studyInstanceUids })
      .orderBy('s.studyInstanceUid')
      .getMany();
  }

  async firstModality(tx: ReadTx, studyId: string): Promise<string> {
    const rows = await typedRows(
      tx.manager,
      modalityRow,
      `SELECT modality FROM imaging.series WHERE study_id = :studyId
        ORDER BY series_number NULLS LAST, created_at, series_instance_uid LIMIT 1`,
      { studyId },
    );
    return rows[0]?.modality ?? '';
  }

  /** The Body Part Examined of the study's first series that has one (the event's `bodyPart`), or null. */
  async firstBodyPart(tx: ReadTx, studyId: string): Promise<string | null> {
    const rows = await typedRows(
      tx.manager,
      bodyPartRow,
      `SELECT body_part_examined AS body_part FROM imaging.series
        WHERE study_id = :studyId AND NULLIF(btrim(body_part_examined), '') IS NOT NULL
        ORDER BY series_number NULLS LAST, created_at, series_instance_uid LIMIT 1`,
      { studyId },
    );
    return rows[0]?.body_part ?? null;
  }

  /** The storage keys of the instances this import stored (to remove them with the import's rows). */
  async storageKeysOfImport(tx: ReadTx, importId: string): Promise<string[]> {
    const rows = await typedRows(
      tx.manager,
      keyRow,
      `SELECT storage_key FROM imaging.instances WHERE import_id = :importId`,
      { importId },
    );
    return rows.map((r) => r.storage_key);
  }

  /**
   * Removes what this import indexed: its instance rows, then the series and studies left without instances
   * (ones this import created), and recomputes the totals of the studies it touched.
   */
  async removeImport(tx: ChangeTx, importId: string): Promise<void> {
    const touched = await typedRows(
      tx.manager,
      studyInstanceUidRow,
      `SELECT DISTINCT st.study_instance_uid FROM imaging.instances i JOIN imaging.studies st ON st.id = i.study_id
        WHERE i.import_id = :importId`,
      { importId },
    );
    await tx.repo(InstanceEntity).delete({ importId });
    const uids = touched.map((t) => t.study_instance_uid);
    if (uids.length === 0) return;
    await tx.manager.query(
      `DELETE FROM imaging.series se USING imaging.studies st
        WHERE st.id = se.study_id AND st.study_instance_uid = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM imaging.instances i WHERE i.series_id = se.id)`,
      [uids],
    );
    await tx.manager.query(
      `DELETE FROM imaging.studies st WHERE st.study_instance_uid = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM imaging.instances i WHERE i.study_id = st.id)`,
      [uids],
    );
    await this.completeStudies(tx, uids);
  }
}

/** The reach of a sender as one SQL condition on the study aliased `s` (reachSql's meaning, nothing added). */
function reachCondition(reach: IngestReach, p: QueryParams): string {
  const parts = reachSql({ ...reach, studies: null }, p, 's');
  // a study of no group or no centre compares as NULL against a filter: out of reach, as in a WHERE clause
  return parts.length ? `coalesce(${parts.join(' AND ')}, false)` : 'true';
}

/** A file whose Series Instance UID is already indexed under another study. */
export class SeriesOfAnotherStudyError extends Error {
  constructor(seriesInstanceUid: string) {
    super(`Series ${seriesInstanceUid} belongs to another study of the archive`);
  }
}
