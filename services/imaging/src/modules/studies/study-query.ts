import type { RequestAccess } from '@rayworks/nest-kit';
import { QueryParams } from '@rayworks/nest-kit';

/**
 * THE matching of the archive's studies, series and instances (PS3.18 10.6.1.2 / PS3.4 C.2.2.2 semantics), one
 * implementation for QIDO-RS (/dicomweb/studies, /series, /instances) and the archive page's list
 * (IMAGING_API.getStudies): a filter becomes SQL fragments with bound parameters, never text in the SQL.
 * - PatientName: `*` any run, `?` one character, case-insensitive (upper(patient_name) LIKE, trigram-indexed);
 *   without a wildcard the whole name matches, case-insensitively;
 * - PatientID, AccessionNumber, StudyID, the UIDs: single value matching (UID lists: any of them);
 * - StudyDate: a date `20200101` or a range `20200101-20201231`, `-20201231`, `20200101-` (DA compares as text);
 * - ModalitiesInStudy: any of the given modalities among the study's.
 */
export interface StudyFilter {
  patientName?: string;
  patientId?: string;
  accessionNumber?: string;
  studyId?: string;
  studyInstanceUids?: readonly string[];
  studyDate?: DateRange;
  modalities?: readonly string[];
  referringPhysicianName?: string;
  studyDescription?: string;
}

export interface SeriesFilter {
  seriesInstanceUids?: readonly string[];
  modalities?: readonly string[];
  seriesNumber?: number;
  seriesDescription?: string;
}

export interface InstanceFilter {
  sopInstanceUids?: readonly string[];
  sopClassUids?: readonly string[];
  instanceNumber?: number;
}

/** Inclusive bounds, DICOM DA (YYYYMMDD); a missing bound is open. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

export class FilterError extends Error {}

const DA = /^\d{8}$/;

/** A DICOM date or date range (PS3.4 C.2.2.2.5): `D`, `D1-D2`, `-D2`, `D1-`; FilterError otherwise. */
export function parseDateRange(text: string): DateRange {
  const value = text.trim().replace(/\./g, '');
  const parts = value.split('-');
  if (parts.length === 1 && DA.test(value)) return { from: value, to: value };
  if (parts.length === 2) {
    const [from, to] = parts as [string, string];
    if ((from === '' || DA.test(from)) && (to === '' || DA.test(to)) && (from !== '' || to !== '')) {
      if (from !== '' && to !== '' && from > to) throw new FilterError(`date range ${text} ends before it starts`);
      return { from: from || null, to: to || null };
    }
  }
  throw new FilterError(`${text} is not a DICOM date or date range (YYYYMMDD, YYYYMMDD-YYYYMMDD)`);
}

/** Whether a matching value uses the `*` / `?` wildcards. */
export const hasWildcard = (value: string): boolean => /[*?]/.test(value);

/**
 * A DICOM wildcard value as a LIKE pattern: `*` → `%`, `?` → `_`, LIKE's own characters escaped (the default escape
 * character, backslash); upper-cased for a case-insensitive match.
 */
export function likePattern(value: string, upper = true): string {
  let out = '';
  for (const ch of upper ? value.toUpperCase() : value) {
    if (ch === '*') out += '%';
    else if (ch === '?') out += '_';
    else if (ch === '%' || ch === '_' || ch === '\\') out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

/** A text column matched by a value: a wildcard pattern or the whole value, case-insensitively or not. */
function textMatch(column: string, value: string, p: QueryParams, caseInsensitive: boolean): string {
  if (caseInsensitive)
    return hasWildcard(value)
      ? `upper(${column}) LIKE ${p.add(likePattern(value))}`
      : `upper(${column}) = ${p.add(value.toUpperCase())}`;
  return hasWildcard(value) ? `${column} LIKE ${p.add(likePattern(value, false))}` : `${column} = ${p.add(value)}`;
}

/** The reach of the request (docs/decisions/0012): a group filter, a centre filter, a study token's studies, or nothing at all. */
export function reachSql(
  access: Pick<RequestAccess, 'empty' | 'groupFilter' | 'centreFilter' | 'studies'>,
  p: QueryParams,
  alias = 's',
): string[] {
  if (access.empty) return ['false'];
  const parts: string[] = [];
  if (access.groupFilter !== null) parts.push(`${alias}.group_id = ${p.add(access.groupFilter)}::uuid`);
  if (access.centreFilter !== null) parts.push(`${alias}.centre_id = ANY(${p.add([...access.centreFilter])}::uuid[])`);
  // a study token reaches its studies alone (docs/decisions/0164-study-token.md)
  if (access.studies !== undefined && access.studies !== null)
    parts.push(`${alias}.study_instance_uid = ANY(${p.add([...access.studies])}::text[])`);
  return parts;
}

/**
 * PatientName against the stored `patient_name_upper` (upper(patient_name), a generated column with a
 * text_pattern_ops index). Under row-level security only leakproof operators reach an index (LIKE and upper() are
 * not), so a pattern's literal prefix is also given as a range with the leakproof `~>=~` / `~<~` operators: `DOE*`
 * reads the index, `*OE*` scans the tenant's rows (docs/decisions/0103).
 */
export function patientNameSql(value: string, p: QueryParams, alias = 's'): string[] {
  const column = `${alias}.patient_name_upper`;
  const upper = value.toUpperCase();
  if (!hasWildcard(value)) return [`${column} = ${p.add(upper)}`];
  const prefix = upper.slice(0, upper.search(/[*?]/));
  const parts: string[] = [];
  const last = prefix.charCodeAt(prefix.length - 1);
  if (prefix.length > 0 && last < 0xffff) {
    const next = `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
    parts.push(`${column} ~>=~ ${p.add(prefix)}`, `${column} ~<~ ${p.add(next)}`);
  }
  parts.push(`${column} LIKE ${p.add(likePattern(value))}`);
  return parts;
}

export function studyFilterSql(filter: StudyFilter, p: QueryParams, alias = 's'): string[] {
  const parts: string[] = [];
  if (filter.patientName) parts.push(...patientNameSql(filter.patientName, p, alias));
  if (filter.patientId) parts.push(textMatch(`${alias}.patient_id`, filter.patientId, p, false));
  if (filter.accessionNumber) parts.push(textMatch(`${alias}.accession_number`, filter.accessionNumber, p, false));
  if (filter.studyId) parts.push(textMatch(`${alias}.study_id`, filter.studyId, p, false));
  if (filter.referringPhysicianName)
    parts.push(textMatch(`${alias}.referring_physician_name`, filter.referringPhysicianName, p, true));
  if (filter.studyDescription) parts.push(textMatch(`${alias}.study_description`, filter.studyDescription, p, true));
  if (filter.studyInstanceUids?.length)
    parts.push(`${alias}.study_instance_uid = ANY(${p.add([...filter.studyInstanceUids])}::text[])`);
  if (filter.modalities?.length)
    parts.push(`${alias}.modalities && ${p.add(filter.modalities.map((m) => m.toUpperCase()))}::text[]`);
  if (filter.studyDate?.from) parts.push(`${alias}.study_date >= ${p.add(filter.studyDate.from)}`);
  if (filter.studyDate?.to) parts.push(`${alias}.study_date <= ${p.add(filter.studyDate.to)}`);
  return parts;
}

export function seriesFilterSql(filter: SeriesFilter, p: QueryParams, alias = 'se'): string[] {
  const parts: string[] = [];
  if (filter.seriesInstanceUids?.length)
    parts.push(`${alias}.series_instance_uid = ANY(${p.add([...filter.seriesInstanceUids])}::text[])`);
  if (filter.modalities?.length)
    parts.push(`upper(${alias}.modality) = ANY(${p.add(filter.modalities.map((m) => m.toUpperCase()))}::text[])`);
  if (filter.seriesNumber !== undefined) parts.push(`${alias}.series_number = ${p.add(filter.seriesNumber)}`);
  if (filter.seriesDescription) parts.push(textMatch(`${alias}.series_description`, filter.seriesDescription, p, true));
  return parts;
}

export function instanceFilterSql(filter: InstanceFilter, p: QueryParams, alias = 'i'): string[] {
  const parts: string[] = [];
  if (filter.sopInstanceUids?.length)
    parts.push(`${alias}.sop_instance_uid = ANY(${p.add([...filter.sopInstanceUids])}::text[])`);
  if (filter.sopClassUids?.length)
    parts.push(`${alias}.sop_class_uid = ANY(${p.add([...filter.sopClassUids])}::text[])`);
  if (filter.instanceNumber !== undefined) parts.push(`${alias}.instance_number = ${p.add(filter.instanceNumber)}`);
  return parts;
}

/** `WHERE a AND b` (or nothing). */
export const whereOf = (parts: readonly string[]): string => (parts.length ? `WHERE ${parts.join(' AND ')}` : '');

export { QueryParams };
