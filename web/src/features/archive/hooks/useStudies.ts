import { IMAGING_API, type Study } from '@rayworks/contracts';
import { pageFetcher, queryKeysOf } from '../../../api/queries';

/** The imaging service's records in the query cache. */
export const imagingKeys = queryKeysOf('imaging');
export const STUDIES = 'studies';

/** The archive's filters (QIDO matching on the server: PatientName with * and ? wildcards, dates YYYYMMDD). */
export interface StudyFilters {
  patientName?: string;
  patientId?: string;
  accessionNumber?: string;
  studyDateFrom?: string;
  studyDateTo?: string;
  modality?: string;
}

/** The URL parameters the filters live in (so Back returns to the same search). */
export const FILTER_PARAMS: Record<keyof StudyFilters, string> = {
  patientName: 'pn',
  patientId: 'pid',
  accessionNumber: 'acc',
  studyDateFrom: 'from',
  studyDateTo: 'to',
  modality: 'mod',
};

export function filtersFromParams(params: URLSearchParams): StudyFilters {
  const filters: StudyFilters = {};
  for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof StudyFilters, string][]) {
    const value = params.get(param)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** A ServerTable fetcher of the archive with these filters. */
export const fetchStudiesPage = (filters: StudyFilters) => pageFetcher<Study>(IMAGING_API.getStudies, { ...filters });
