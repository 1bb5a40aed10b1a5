import { Inject, Injectable } from '@nestjs/common';
import type { DicomJsonObject } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import type { StudyEntity } from '../studies/entities/study.entity.js';
import { StudiesRepository } from '../studies/studies.repository.js';
import { instanceResult, LEVEL_KEPT_TAGS, seriesResult, studyResult } from './qido-results.js';
import { TAGS, type QidoLevel, type QidoQuery } from './qido-params.js';

export interface QidoAnswer {
  matches: DicomJsonObject[];
  /** More matches exist beyond `limit` (said in a Warning header). */
  more: boolean;
}

/**
 * QIDO-RS (PS3.18 10.6): studies, series and instances of the caller's tenant and reach matching the query, through
 * the one matching module (studies/study-query.ts). Each search is an audited read of patient data.
 */
@Injectable()
export class QidoService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StudiesRepository) private readonly archive: StudiesRepository,
  ) {}

  private read<T>(access: RequestAccess, level: string, query: QidoQuery, work: Parameters<UnitOfWork['read']>[1]) {
    return this.uow.read(access, work, {
      audit: {
        action: KIT_AUDIT_ACTIONS.patientDataRead,
        target: null,
        details: { dicomweb: `qido ${level}`, study: query.study, series: query.series, instance: query.instance },
      },
    }) as Promise<T>;
  }

  /**
   * A search at its level, within the study and series a path names (a search for a study's series is not one of
   * the top level).
   */
  search(
    access: RequestAccess,
    level: QidoLevel,
    query: QidoQuery,
    within: { study?: string; series?: string },
  ): Promise<QidoAnswer> {
    const scoped: QidoQuery = {
      ...query,
      ...(within.study ? { study: { ...query.study, studyInstanceUids: [within.study] } } : {}),
      ...(within.series ? { series: { ...query.series, seriesInstanceUids: [within.series] } } : {}),
    };
    if (level === 'studies') return this.studies(access, scoped);
    if (level === 'series') return this.series(access, scoped, !within.study);
    return this.instances(access, scoped);
  }

  async studies(access: RequestAccess, query: QidoQuery): Promise<QidoAnswer> {
    const { rows, extra } = await this.read<{
      rows: StudyEntity[];
      extra: Map<string, DicomJsonObject>;
    }>(access, 'studies', query, async (tx) => {
      const found = await this.archive.qidoStudies(tx, access, query.study, {
        limit: query.limit + 1,
        offset: query.offset,
      });
      const ids = found.slice(0, query.limit).map((s) => s.id);
      return { rows: found, extra: await this.archive.representativeMetadata(tx, 'study', ids, instanceTags(query)) };
    });
    return {
      matches: rows.slice(0, query.limit).map((s) => studyResult(s, query.includeFields, extra.get(s.id))),
      more: rows.length > query.limit,
    };
  }

  async series(access: RequestAccess, query: QidoQuery, topLevel: boolean): Promise<QidoAnswer> {
    const { rows, extra } = await this.read<{
      rows: Awaited<ReturnType<StudiesRepository['qidoSeries']>>;
      extra: Map<string, DicomJsonObject>;
    }>(access, 'series', query, async (tx) => {
      const found = await this.archive.qidoSeries(tx, access, query.study, query.series, {
        limit: query.limit + 1,
        offset: query.offset,
      });
      // always: the series row keeps no Performed Procedure Step start date and time (required attributes)
      const ids = found.slice(0, query.limit).map((r) => r.series.id);
      const tags = [...instanceTags(query), TAGS.PerformedProcedureStepStartDate, TAGS.PerformedProcedureStepStartTime];
      return { rows: found, extra: await this.archive.representativeMetadata(tx, 'series', ids, tags) };
    });
    return {
      matches: rows
        .slice(0, query.limit)
        .map((r) => seriesResult(r.series, r.study, query.includeFields, topLevel, extra.get(r.series.id))),
      more: rows.length > query.limit,
    };
  }

  async instances(access: RequestAccess, query: QidoQuery): Promise<QidoAnswer> {
    const rows = await this.read<Awaited<ReturnType<StudiesRepository['qidoInstances']>>>(
      access,
      'instances',
      query,
      (tx) =>
        this.archive.qidoInstances(tx, access, query.study, query.series, query.instance, {
          limit: query.limit + 1,
          offset: query.offset,
        }),
    );
    return {
      matches: rows
        .slice(0, query.limit)
        .map((r) => instanceResult(r.instance, r.series, r.study, query.includeFields)),
      more: rows.length > query.limit,
    };
  }
}

/** The attributes `includefield` names beyond those the study and series rows keep: read from an instance. */
function instanceTags(query: QidoQuery): string[] {
  return query.includeFields === 'all' ? [] : query.includeFields.filter((tag) => !LEVEL_KEPT_TAGS.has(tag));
}
