import { Injectable } from '@nestjs/common';
import type { DownloadState } from '@rayworks/contracts';
import type { ReadTx, RequestAccess } from '@rayworks/nest-kit';
import { InstanceEntity } from '../studies/entities/instance.entity.js';
import { SeriesEntity } from '../studies/entities/series.entity.js';
import { StudyEntity } from '../studies/entities/study.entity.js';
import { DownloadEntity } from './download.entity.js';
import type { InstanceStamp } from './download-reuse.js';

/** One instance of a study as a download or a link needs it. */
export interface StudyInstanceFile {
  seriesInstanceUid: string;
  sopInstanceUid: string;
  storageKey: string;
  sizeBytes: number;
  pixelDataEncapsulated: boolean;
}

/** What a download row may be changed with besides its state. */
export type DownloadPatch = Partial<
  Pick<
    DownloadEntity,
    'instanceCount' | 'instancesBytes' | 'zipKey' | 'sizeBytes' | 'error' | 'expiresAt' | 'requestedBy'
  >
>;

/**
 * The downloads' queries, and the archive reads they need. The tenant is row-level security's; the caller's reach
 * inside it (docs/decisions/0012: their group, their centres, narrowed by the request headers) is applied here to
 * the study, and every download or link is reached through its study.
 */
@Injectable()
export class DownloadsRepository {
  /** The study of that UID if the caller reaches it, else null. */
  async findStudyInReach(tx: ReadTx, access: RequestAccess, studyInstanceUid: string): Promise<StudyEntity | null> {
    if (access.empty) return null;
    const query = tx
      .repo(StudyEntity)
      .createQueryBuilder('s')
      .where('s.study_instance_uid = :uid', { uid: studyInstanceUid });
    if (access.groupFilter !== null) query.andWhere('s.group_id = :group', { group: access.groupFilter });
    if (access.centreFilter !== null)
      query.andWhere('s.centre_id = ANY(:centres::uuid[])', { centres: access.centreFilter });
    return query.getOne();
  }

  /** A download whose study the caller reaches, else null. */
  async findDownloadInReach(tx: ReadTx, access: RequestAccess, downloadId: string): Promise<DownloadEntity | null> {
    const download = await tx.repo(DownloadEntity).findOneBy({ id: downloadId });
    if (!download) return null;
    return (await this.findStudyInReach(tx, access, download.studyInstanceUid)) ? download : null;
  }

  findDownload(tx: ReadTx, downloadId: string): Promise<DownloadEntity | null> {
    return tx.repo(DownloadEntity).findOneBy({ id: downloadId });
  }

  /** The study's downloads that may still be reused (READY or running), newest first. */
  reuseCandidates(tx: ReadTx, studyId: string): Promise<DownloadEntity[]> {
    return tx
      .repo(DownloadEntity)
      .createQueryBuilder('d')
      .where('d.study_id = :studyId', { studyId })
      .andWhere(`d.state NOT IN ('DWN_FAIL', 'ZIP_FAIL')`)
      .andWhere('(d.expires_at IS NULL OR d.expires_at > now())')
      .orderBy('d.created_at', 'DESC')
      .limit(20)
      .getMany();
  }

  /** What the study holds now: its instances, counted and summed. */
  async stampOf(tx: ReadTx, studyId: string): Promise<InstanceStamp> {
    const row = await tx
      .repo(InstanceEntity)
      .createQueryBuilder('i')
      .select('count(*)::int', 'count')
      .addSelect('coalesce(sum(i.size_bytes), 0)::bigint', 'bytes')
      .where('i.study_id = :studyId', { studyId })
      .getRawOne<{ count: number; bytes: string }>();
    return { instanceCount: row?.count ?? 0, instancesBytes: Number(row?.bytes ?? 0) };
  }

  /** Every instance of the study, in series then instance order. */
  async instancesOf(tx: ReadTx, studyId: string): Promise<StudyInstanceFile[]> {
    const rows = await tx
      .repo(InstanceEntity)
      .createQueryBuilder('i')
      .innerJoin(SeriesEntity, 'se', 'se.id = i.series_id')
      .select('se.series_instance_uid', 'seriesInstanceUid')
      .addSelect('i.sop_instance_uid', 'sopInstanceUid')
      .addSelect('i.storage_key', 'storageKey')
      .addSelect('i.size_bytes::bigint', 'sizeBytes')
      .addSelect('i.pixel_data_encapsulated', 'pixelDataEncapsulated')
      .where('i.study_id = :studyId', { studyId })
      .orderBy('se.series_number', 'ASC', 'NULLS LAST')
      .addOrderBy('se.series_instance_uid', 'ASC')
      .addOrderBy('i.instance_number', 'ASC', 'NULLS LAST')
      .addOrderBy('i.sop_instance_uid', 'ASC')
      .getRawMany<Omit<StudyInstanceFile, 'sizeBytes'> & { sizeBytes: string }>();
    return rows.map((r) => ({ ...r, sizeBytes: Number(r.sizeBytes) }));
  }

  /** One instance of the study, by SOP Instance UID. */
  async instanceOf(tx: ReadTx, studyId: string, sopInstanceUid: string): Promise<StudyInstanceFile | null> {
    const all = await tx
      .repo(InstanceEntity)
      .createQueryBuilder('i')
      .innerJoin(SeriesEntity, 'se', 'se.id = i.series_id')
      .select('se.series_instance_uid', 'seriesInstanceUid')
      .addSelect('i.sop_instance_uid', 'sopInstanceUid')
      .addSelect('i.storage_key', 'storageKey')
      .addSelect('i.size_bytes::bigint', 'sizeBytes')
      .addSelect('i.pixel_data_encapsulated', 'pixelDataEncapsulated')
      .where('i.study_id = :studyId', { studyId })
      .andWhere('i.sop_instance_uid = :sop', { sop: sopInstanceUid })
      .getRawOne<Omit<StudyInstanceFile, 'sizeBytes'> & { sizeBytes: string }>();
    return all ? { ...all, sizeBytes: Number(all.sizeBytes) } : null;
  }

  async insert(
    tx: ReadTx,
    row: Pick<DownloadEntity, 'tenantId' | 'studyId' | 'studyInstanceUid' | 'requestedBy' | 'state'> & InstanceStamp,
  ): Promise<DownloadEntity> {
    const repo = tx.repo(DownloadEntity);
    const saved = await repo.save(
      repo.create({ ...row, history: [{ state: row.state, at: new Date().toISOString() }] }),
    );
    return (await repo.findOneBy({ id: saved.id }))!;
  }

  /**
   * Moves a download from `from` to `to` (with the patch) only if it is still in `from`: two writers can never both
   * move it. Answers the row as it is after the move, or null when it was no longer in `from`.
   */
  async move(
    tx: ReadTx,
    id: string,
    from: DownloadState,
    to: DownloadState,
    patch: DownloadPatch = {},
  ): Promise<DownloadEntity | null> {
    const result = await tx
      .repo(DownloadEntity)
      .createQueryBuilder()
      .update(DownloadEntity)
      .set({
        ...patch,
        state: to,
        updatedAt: () => 'now()',
        history: () => `history || jsonb_build_array(jsonb_build_object('state', :to::text, 'at', now()))`,
      })
      .where('id = :id AND state = :from', { id, from, to })
      .execute();
    if (!result.affected) return null;
    return tx.repo(DownloadEntity).findOneBy({ id });
  }
}
