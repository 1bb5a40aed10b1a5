import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { z } from 'zod';
import {
  orderAndPage,
  QueryParams,
  typedRows,
  type ReadTx,
  type RequestAccess,
  type SortMap,
} from '@rayworks/nest-kit';
import type { DicomJsonObject } from '@rayworks/contracts';
import { InstanceEntity } from './entities/instance.entity.js';
import { SeriesEntity } from './entities/series.entity.js';
import { StudyEntity } from './entities/study.entity.js';
import {
  instanceFilterSql,
  reachSql,
  seriesFilterSql,
  studyFilterSql,
  type InstanceFilter,
  type SeriesFilter,
  type StudyFilter,
} from './study-query.js';

/** The columns of an instance that reading its frames needs (frameSource: no DICOM JSON). */
export type FrameSource = Pick<
  InstanceEntity,
  | 'id'
  | 'storageKey'
  | 'transferSyntaxUid'
  | 'numberOfFrames'
  | 'pixelDataOffset'
  | 'pixelDataLength'
  | 'pixelDataEncapsulated'
>;

/** A window of QIDO results (PS3.18 limit / offset). */
export interface QidoWindow {
  limit: number;
  offset: number;
}

export type StudySortKey = 'studyDate' | 'patientName' | 'createdAt' | 'sizeBytes';
const STUDY_SORT: SortMap<StudySortKey> = {
  studyDate: 's.study_date',
  patientName: 's.patient_name',
  createdAt: 's.created_at',
  sizeBytes: 's.size_bytes',
};

/** What a frame request needs of its instance (bigint columns come back as text). */
const bigintOrNull = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)));
const frameSourceRow = z.object({
  study_id: z.uuid(),
  id: z.uuid(),
  storage_key: z.string(),
  transfer_syntax_uid: z.string(),
  number_of_frames: z.coerce.number().int(),
  pixel_data_offset: bigintOrNull,
  pixel_data_length: bigintOrNull,
  pixel_data_encapsulated: z.boolean(),
});

const representativeRow = z.object({ owner: z.uuid(), metadata: z.record(z.string(), z.unknown()) });

const frameSourceUidRow = frameSourceRow.extend({ sop_instance_uid: z.string() });

/** An instance's frame source as a frame read needs it, from its row. */
const frameSourceOf = (row: z.output<typeof frameSourceRow>): FrameSource => ({
  id: row.id,
  storageKey: row.storage_key,
  transferSyntaxUid: row.transfer_syntax_uid,
  numberOfFrames: row.number_of_frames,
  pixelDataOffset: row.pixel_data_offset,
  pixelDataLength: row.pixel_data_length,
  pixelDataEncapsulated: row.pixel_data_encapsulated,
});

/**
 * The archive index's reads (the only file with their query code): studies, series and instances of the caller's
 * tenant (row-level security) AND reach (group / centres, reachSql), matched by the one filter module
 * (study-query.ts). A series or instance is in reach when its study is.
 */
@Injectable()
export class StudiesRepository {
  private studies(tx: ReadTx, access: RequestAccess, filter: StudyFilter, p: QueryParams) {
    const parts = [...reachSql(access, p, 's'), ...studyFilterSql(filter, p, 's')];
    return tx
      .repo(StudyEntity)
      .createQueryBuilder('s')
      .where(parts.length ? parts.join(' AND ') : 'true');
  }

  /** QIDO-RS studies: newest study date first, then a stable order. */
  async qidoStudies(tx: ReadTx, access: RequestAccess, filter: StudyFilter, window: QidoWindow) {
    const p = new QueryParams();
    return this.studies(tx, access, filter, p)
      .setParameters(p.values)
      .orderBy('s.study_date', 'DESC', 'NULLS LAST')
      .addOrderBy('s.study_time', 'DESC', 'NULLS LAST')
      .addOrderBy('s.id', 'ASC')
      .offset(window.offset)
      .limit(window.limit)
      .getMany();
  }

  /** The archive page's list: the same matching, the contract's sort columns, a page and the total. */
  async pageStudies(
    tx: ReadTx,
    access: RequestAccess,
    filter: StudyFilter,
    q: { page: number; pageSize: number; sortBy?: StudySortKey; sortDir?: 'asc' | 'desc' },
  ): Promise<[StudyEntity[], number]> {
    const p = new QueryParams();
    const qb = this.studies(tx, access, filter, p).setParameters(p.values);
    const sortDir = q.sortBy === undefined ? 'desc' : q.sortDir;
    return orderAndPage(qb, { ...q, sortDir }, STUDY_SORT, 'createdAt', 's.id').getManyAndCount();
  }

  /** One study in reach, by its Study Instance UID, or null (out of reach reads as absent). */
  async study(tx: ReadTx, access: RequestAccess, studyUid: string): Promise<StudyEntity | null> {
    const p = new QueryParams();
    return this.studies(tx, access, { studyInstanceUids: [studyUid] }, p)
      .setParameters(p.values)
      .getOne();
  }

  /** Whether the tenant holds the study at all, whoever's it is (row-level security only). */
  async studyInTenant(tx: ReadTx, studyUid: string): Promise<boolean> {
    return tx.repo(StudyEntity).exists({ where: { studyInstanceUid: studyUid } });
  }

  /** Series (with their study) of the studies in reach matching both filters. */
  async qidoSeries(
    tx: ReadTx,
    access: RequestAccess,
    studyFilter: StudyFilter,
    seriesFilter: SeriesFilter,
    window: QidoWindow,
  ): Promise<{ series: SeriesEntity; study: StudyEntity }[]> {
    const p = new QueryParams();
    const rows = await this.joinedToStudies(
      tx.repo(SeriesEntity).createQueryBuilder('se'),
      'se',
      access,
      studyFilter,
      p,
      seriesFilterSql(seriesFilter, p, 'se'),
    )
      .orderBy('s.study_date', 'DESC', 'NULLS LAST')
      .addOrderBy('s.id', 'ASC')
      .addOrderBy('se.series_number', 'ASC', 'NULLS LAST')
      .addOrderBy('se.id', 'ASC')
      .offset(window.offset)
      .limit(window.limit)
      .getRawAndEntities();
    return this.withStudies(tx, rows.entities);
  }

  /** Instances (with their series and study) in reach matching the three filters. */
  async qidoInstances(
    tx: ReadTx,
    access: RequestAccess,
    studyFilter: StudyFilter,
    seriesFilter: SeriesFilter,
    instanceFilter: InstanceFilter,
    window: QidoWindow,
  ): Promise<{ instance: InstanceEntity; series: SeriesEntity; study: StudyEntity }[]> {
    const p = new QueryParams();
    const seriesParts = seriesFilterSql(seriesFilter, p, 'se');
    const qb = this.joinedToStudies(tx.repo(InstanceEntity).createQueryBuilder('i'), 'i', access, studyFilter, p, [
      ...instanceFilterSql(instanceFilter, p, 'i'),
      ...seriesParts,
    ]).innerJoin(SeriesEntity, 'se', 'se.id = i.series_id');
    const instances = await qb
      .orderBy('s.study_date', 'DESC', 'NULLS LAST')
      .addOrderBy('s.id', 'ASC')
      .addOrderBy('se.series_number', 'ASC', 'NULLS LAST')
      .addOrderBy('se.id', 'ASC')
      .addOrderBy('i.instance_number', 'ASC', 'NULLS LAST')
      .addOrderBy('i.id', 'ASC')
      .offset(window.offset)
      .limit(window.limit)
      .getMany();
    if (instances.length === 0) return [];
    const series = await tx
      .repo(SeriesEntity)
      .createQueryBuilder('se')
      .where('se.id = ANY(:ids::uuid[])', { ids: [...new Set(instances.map((i) => i.seriesId))] })
      .getMany();
    const withStudies = await this.withStudies(tx, series);
    const byId = new Map(withStudies.map((row) => [row.series.id, row]));
    return instances.map((instance) => ({ instance, ...byId.get(instance.seriesId)! }));
  }

  /**
   * The instances of a study in reach (optionally of one series, optionally some SOP Instance UIDs), in series and
   * instance order, with their series: what WADO-RS retrieves and describes.
   */
  async instancesOf(
    tx: ReadTx,
    access: RequestAccess,
    studyUid: string,
    seriesUid?: string,
    sopUids?: readonly string[],
  ): Promise<{ study: StudyEntity; series: SeriesEntity[]; instances: InstanceEntity[] } | null> {
    const study = await this.study(tx, access, studyUid);
    if (!study) return null;
    const seriesQb = tx
      .repo(SeriesEntity)
      .createQueryBuilder('se')
      .where('se.study_id = :studyId', { studyId: study.id });
    if (seriesUid) seriesQb.andWhere('se.series_instance_uid = :seriesUid', { seriesUid });
    const series = await seriesQb.orderBy('se.series_number', 'ASC', 'NULLS LAST').addOrderBy('se.id').getMany();
    if (series.length === 0) return { study, series, instances: [] };
    const instQb = tx
      .repo(InstanceEntity)
      .createQueryBuilder('i')
      .where('i.series_id = ANY(:seriesIds::uuid[])', { seriesIds: series.map((s) => s.id) });
    if (sopUids?.length) instQb.andWhere('i.sop_instance_uid = ANY(:sopUids::text[])', { sopUids: [...sopUids] });
    const instances = await instQb.orderBy('i.instance_number', 'ASC', 'NULLS LAST').addOrderBy('i.id').getMany();
    const order = new Map(series.map((s, index) => [s.id, index]));
    instances.sort((a, b) => order.get(a.seriesId)! - order.get(b.seriesId)!);
    return { study, series, instances };
  }

  /**
   * What reading one instance's frames needs (the viewer asks its frames one request per instance), by the three
   * UIDs, in reach, or null: one query on the three unique UID indexes that leaves out the DICOM JSON (instancesOf
   * reads the study, its series and the instance with its metadata in three; docs/decisions/0171).
   */
  async frameSource(
    tx: ReadTx,
    access: RequestAccess,
    studyUid: string,
    seriesUid: string,
    sopUid: string,
  ): Promise<{ studyId: string; instance: FrameSource } | null> {
    const p = new QueryParams();
    const parts = [
      ...reachSql(access, p, 's'),
      `s.study_instance_uid = ${p.add(studyUid)}`,
      `se.series_instance_uid = ${p.add(seriesUid)}`,
      `i.sop_instance_uid = ${p.add(sopUid)}`,
    ];
    const [row] = await typedRows(
      tx.manager,
      frameSourceRow,
      `SELECT i.study_id, i.id, i.storage_key, i.transfer_syntax_uid, i.number_of_frames,
              i.pixel_data_offset, i.pixel_data_length, i.pixel_data_encapsulated
         FROM imaging.instances i
         JOIN imaging.series se ON se.id = i.series_id AND se.study_id = i.study_id
         JOIN imaging.studies s ON s.id = i.study_id
        WHERE ${parts.join(' AND ')}
        LIMIT 1`,
      p,
    );
    if (!row) return null;
    return { studyId: row.study_id, instance: frameSourceOf(row) };
  }

  /**
   * What reading the frames of many instances of one series needs (the viewer's batched retrieve, decision 0330),
   * in reach, in one query: the instances `sopUids` names (all the series' instances, by number, when null), each
   * with its SOP Instance UID, or none when the series is out of reach or absent (an asked instance missing from
   * the answer is not in that series, or not in reach).
   */
  async frameSources(
    tx: ReadTx,
    access: RequestAccess,
    studyUid: string,
    seriesUid: string,
    sopUids: readonly string[] | null,
  ): Promise<(FrameSource & { studyId: string; sopInstanceUid: string })[]> {
    const p = new QueryParams();
    const parts = [
      ...reachSql(access, p, 's'),
      `s.study_instance_uid = ${p.add(studyUid)}`,
      `se.series_instance_uid = ${p.add(seriesUid)}`,
      ...(sopUids ? [`i.sop_instance_uid = ANY(${p.add([...sopUids])}::text[])`] : []),
    ];
    const rows = await typedRows(
      tx.manager,
      frameSourceUidRow,
      `SELECT i.study_id, i.id, i.storage_key, i.transfer_syntax_uid, i.number_of_frames,
              i.pixel_data_offset, i.pixel_data_length, i.pixel_data_encapsulated, i.sop_instance_uid
         FROM imaging.instances i
         JOIN imaging.series se ON se.id = i.series_id AND se.study_id = i.study_id
         JOIN imaging.studies s ON s.id = i.study_id
        WHERE ${parts.join(' AND ')}
        ORDER BY i.instance_number ASC NULLS LAST, i.id`,
      p,
    );
    return rows.map((row) => ({ ...frameSourceOf(row), studyId: row.study_id, sopInstanceUid: row.sop_instance_uid }));
  }

  /**
   * Some attributes (`tags`) of one instance per study or series — its first series' first instance by number: where
   * a QIDO answer finds the attributes `includefield` asks for that the study and series rows do not keep
   * (PatientAge, InstitutionName ...), and a series' Performed Procedure Step start.
   */
  async representativeMetadata(
    tx: ReadTx,
    level: 'study' | 'series',
    ids: readonly string[],
    tags: readonly string[],
  ): Promise<Map<string, DicomJsonObject>> {
    if (ids.length === 0 || tags.length === 0) return new Map();
    const column = level === 'study' ? 'study_id' : 'series_id';
    const rows = await typedRows(
      tx.manager,
      representativeRow,
      `SELECT DISTINCT ON (i.${column}) i.${column} AS owner,
              (SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                 FROM jsonb_each(i.metadata) e WHERE e.key = ANY(:tags::text[])) AS metadata
         FROM imaging.instances i
         JOIN imaging.series se ON se.id = i.series_id
        WHERE i.${column} = ANY(:ids::uuid[])
        ORDER BY i.${column}, se.series_number NULLS LAST, se.id, i.instance_number NULLS LAST, i.id`,
      { ids: [...ids], tags: [...tags] },
    );
    return new Map(rows.map((r) => [r.owner, r.metadata as DicomJsonObject]));
  }

  private joinedToStudies<E extends object>(
    qb: SelectQueryBuilder<E>,
    alias: string,
    access: RequestAccess,
    studyFilter: StudyFilter,
    p: QueryParams,
    own: string[],
  ): SelectQueryBuilder<E> {
    const parts = [...reachSql(access, p, 's'), ...studyFilterSql(studyFilter, p, 's'), ...own];
    return qb
      .innerJoin(StudyEntity, 's', `s.id = ${alias}.study_id`)
      .where(parts.length ? parts.join(' AND ') : 'true')
      .setParameters(p.values);
  }

  private async withStudies(tx: ReadTx, series: SeriesEntity[]) {
    if (series.length === 0) return [];
    const studies = await tx
      .repo(StudyEntity)
      .createQueryBuilder('s')
      .where('s.id = ANY(:ids::uuid[])', { ids: [...new Set(series.map((s) => s.studyId))] })
      .getMany();
    const byId = new Map(studies.map((s) => [s.id, s]));
    return series.map((s) => ({ series: s, study: byId.get(s.studyId)! }));
  }
}
