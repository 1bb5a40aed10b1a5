import { Inject, Injectable } from '@nestjs/common';
import type { IMAGING_API, Study, BodyOf } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import type { StudyEntity } from './entities/study.entity.js';
import { StudiesRepository } from './studies.repository.js';
import { parseDateRange, type StudyFilter } from './study-query.js';

type ListBody = BodyOf<typeof IMAGING_API.getStudies>;

/** A study row as the archive page shows it (studySchema). */
export const studyRecord = (s: StudyEntity): Study => ({
  _id: s.id,
  studyInstanceUid: s.studyInstanceUid,
  groupId: s.groupId,
  centreId: s.centreId,
  patientName: s.patientName,
  patientId: s.patientId,
  studyDate: s.studyDate,
  accessionNumber: s.accessionNumber,
  studyId: s.studyId,
  studyDescription: s.studyDescription,
  modalities: s.modalities,
  seriesCount: s.seriesCount,
  instanceCount: s.instanceCount,
  sizeBytes: s.sizeBytes,
  state: s.state,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

/**
 * The archive page's list (IMAGING_API.getStudies): the list's filters become the same StudyFilter QIDO-RS builds
 * from its query parameters, so both answer the same studies. `search` matches a name part or a patient ID prefix.
 */
@Injectable()
export class StudiesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StudiesRepository) private readonly studies: StudiesRepository,
  ) {}

  async list(access: RequestAccess, body: ListBody) {
    const filter = listFilter(body);
    const [rows, total] = await this.uow.read(access, (tx) => this.studies.pageStudies(tx, access, filter, body), {
      audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { list: 'studies', filter } },
    });
    return { items: rows.map(studyRecord), total, page: body.page, pageSize: body.pageSize };
  }
}

/** The archive list's filters as the one StudyFilter (the date bounds as a DICOM range). */
export function listFilter(body: ListBody): StudyFilter {
  const filter: StudyFilter = {};
  if (body.patientName) filter.patientName = body.patientName;
  if (body.patientId) filter.patientId = body.patientId;
  if (body.accessionNumber) filter.accessionNumber = body.accessionNumber;
  if (body.modality) filter.modalities = [body.modality];
  if (body.studyDateFrom || body.studyDateTo)
    filter.studyDate = parseDateRange(`${body.studyDateFrom ?? ''}-${body.studyDateTo ?? ''}`);
  if (body.search && !filter.patientName) filter.patientName = `*${body.search.replace(/[*?]/g, '')}*`;
  return filter;
}
