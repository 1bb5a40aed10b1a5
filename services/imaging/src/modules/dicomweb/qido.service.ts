import { Inject, Injectable } from '@nestjs/common';
import type { DicomJsonObject } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { StudiesRepository } from '../studies/studies.repository.js';
import { instanceResult, seriesResult, studyResult } from './qido-results.js';
import type { QidoQuery } from './qido-params.js';

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

  async studies(access: RequestAccess, query: QidoQuery): Promise<QidoAnswer> {
    const rows = await this.read<Awaited<ReturnType<StudiesRepository['qidoStudies']>>>(
      access,
      'studies',
      query,
      (tx) => this.archive.qidoStudies(tx, access, query.study, { limit: query.limit + 1, offset: query.offset }),
    );
    return {
      matches: rows.slice(0, query.limit).map((s) => studyResult(s, query.includeFields)),
      more: rows.length > query.limit,
    };
  }

  async series(access: RequestAccess, query: QidoQuery, topLevel: boolean): Promise<QidoAnswer> {
    const rows = await this.read<Awaited<ReturnType<StudiesRepository['qidoSeries']>>>(access, 'series', query, (tx) =>
      this.archive.qidoSeries(tx, access, query.study, query.series, { limit: query.limit + 1, offset: query.offset }),
    );
    return {
      matches: rows.slice(0, query.limit).map((r) => seriesResult(r.series, r.study, query.includeFields, topLevel)),
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
