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
 * - ModalitiesInStudy: any of the given modalities among the study's;
 * - StudyTime: a time or a range (`1000-1200`, `-1200`, `1000-`), each end to its own precision;
 * - any other attribute of the DICOM dictionary (`attributes`): matched in the kept DICOM JSON of the instances
 *   (a study or series matches when one of its instances does): single value matching, `*` / `?` wildcards, a
 *   PN case-insensitively on its alphabetic group, dates and times (DA, TM, DT) also as ranges, numbers by value,
 *   UIDs as a list. Not indexed: such a key narrows a query the indexed keys already narrowed.
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
  studyTime?: TimeRange;
  attributes?: readonly AttributeMatch[];
}

export interface SeriesFilter {
  seriesInstanceUids?: readonly string[];
  modalities?: readonly string[];
  seriesNumber?: number;
  seriesDescription?: string;
  attributes?: readonly AttributeMatch[];
}

export interface InstanceFilter {
  sopInstanceUids?: readonly string[];
  sopClassUids?: readonly string[];
  instanceNumber?: number;
  attributes?: readonly AttributeMatch[];
}

/** A matching key on an attribute the index has no column for: its tag, its dictionary VR and the value asked. */
export interface AttributeMatch {
  tag: string;
  vr: string;
  value: string;
}

/** Inclusive bounds, DICOM TM without colons (HH, HHMM, HHMMSS, HHMMSS.F…); a missing bound is open. */
export interface TimeRange {
  from: string | null;
  to: string | null;
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

const TM = /^\d{2}(\d{2}(\d{2}(\.\d{1,6})?)?)?$/;

/** A DICOM time or time range (PS3.4 C.2.2.2.5): `T`, `T1-T2`, `-T2`, `T1-` (colons of the old format dropped). */
export function parseTimeRange(text: string): TimeRange {
  const value = text.trim().replace(/:/g, '');
  const parts = value.split('-');
  if (parts.length === 1 && TM.test(value)) return { from: value, to: value };
  if (parts.length === 2) {
    const [from, to] = parts as [string, string];
    if ((from === '' || TM.test(from)) && (to === '' || TM.test(to)) && (from !== '' || to !== '')) {
      if (from !== '' && to !== '' && from > to.padEnd(from.length, '9'))
        throw new FilterError(`time range ${text} ends before it starts`);
      return { from: from || null, to: to || null };
    }
  }
  throw new FilterError(`${text} is not a DICOM time or time range (HHMMSS, HHMMSS-HHMMSS)`);
}

/** A TM text expression within a range: from its lower bound on, up to its upper bound at the bound's precision. */
function timeRangeSql(expression: string, range: TimeRange, p: QueryParams): string[] {
  const t = `replace(${expression}, ':', '')`;
  const parts: string[] = [];
  if (range.from) parts.push(`${t} >= ${p.add(range.from)}`);
  if (range.to) parts.push(`substr(${t}, 1, ${range.to.length}) <= ${p.add(range.to)}`);
  return parts;
}

const NUMERIC_VRS = new Set(['IS', 'DS', 'US', 'SS', 'UL', 'SL', 'FL', 'FD', 'SV', 'UV']);
const RANGE_VRS = new Set(['DA', 'TM', 'DT']);
/** VRs a matching key can be given for (sequences, binary and attribute tags cannot). */
export const MATCHABLE_VRS = new Set([
  'AE',
  'AS',
  'CS',
  'DA',
  'DT',
  'LO',
  'LT',
  'PN',
  'SH',
  'ST',
  'TM',
  'UC',
  'UI',
  'UR',
  'UT',
  ...NUMERIC_VRS,
]);

/**
 * One attribute matched in a DICOM JSON column (`metadata`, jsonb): any of its values matches (values of a multi-valued
 * attribute are each compared). Refuses a value its VR cannot take (FilterError → 400).
 */
export function attributeSql(metadata: string, match: AttributeMatch, p: QueryParams): string {
  const { tag, vr, value } = match;
  const values = `jsonb_array_elements(${metadata} -> ${p.add(tag)} -> 'Value')`;
  const any = (condition: string) => `EXISTS (SELECT 1 FROM ${values} v WHERE ${condition})`;
  const text = `(v #>> '{}')`;
  if (vr === 'PN') {
    const name = `upper(v ->> 'Alphabetic')`;
    return any(
      hasWildcard(value) ? `${name} LIKE ${p.add(likePattern(value))}` : `${name} = ${p.add(value.toUpperCase())}`,
    );
  }
  if (NUMERIC_VRS.has(vr)) {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new FilterError(`${tag}: ${value} is not a number`);
    return any(`jsonb_typeof(v) = 'number' AND (v)::text::numeric = ${p.add(String(n))}::numeric`);
  }
  if (vr === 'UI') {
    const uids = value
      .split(/[,\\]/)
      .map((u) => u.trim())
      .filter((u) => u !== '');
    return any(`${text} = ANY(${p.add(uids)}::text[])`);
  }
  if (RANGE_VRS.has(vr) && value.includes('-')) {
    if (vr === 'TM') return any(timeRangeSql(text, parseTimeRange(value), p).join(' AND '));
    const [from, to] = value.split('-') as [string, string];
    if (!/^\d*$/.test(from) || !/^\d*$/.test(to) || value.split('-').length !== 2 || (from === '' && to === ''))
      throw new FilterError(`${tag}: ${value} is not a ${vr} range`);
    const parts: string[] = [];
    if (from) parts.push(`${text} >= ${p.add(from)}`);
    if (to) parts.push(`substr(${text}, 1, ${to.length}) <= ${p.add(to)}`);
    return any(parts.join(' AND '));
  }
  if (vr === 'TM') return any(timeRangeSql(text, parseTimeRange(value), p).join(' AND '));
  return any(hasWildcard(value) ? `${text} LIKE ${p.add(likePattern(value, false))}` : `${text} = ${p.add(value)}`);
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
  if (filter.studyTime) parts.push(...timeRangeSql(`${alias}.study_time`, filter.studyTime, p));
  if (filter.attributes?.length)
    parts.push(
      `EXISTS (SELECT 1 FROM imaging.instances ia WHERE ia.study_id = ${alias}.id AND ${filter.attributes
        .map((m) => attributeSql('ia.metadata', m, p))
        .join(' AND ')})`,
    );
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
  if (filter.attributes?.length)
    parts.push(
      `EXISTS (SELECT 1 FROM imaging.instances ia WHERE ia.series_id = ${alias}.id AND ${filter.attributes
        .map((m) => attributeSql('ia.metadata', m, p))
        .join(' AND ')})`,
    );
  return parts;
}

export function instanceFilterSql(filter: InstanceFilter, p: QueryParams, alias = 'i'): string[] {
  const parts: string[] = [];
  if (filter.sopInstanceUids?.length)
    parts.push(`${alias}.sop_instance_uid = ANY(${p.add([...filter.sopInstanceUids])}::text[])`);
  if (filter.sopClassUids?.length)
    parts.push(`${alias}.sop_class_uid = ANY(${p.add([...filter.sopClassUids])}::text[])`);
  if (filter.instanceNumber !== undefined) parts.push(`${alias}.instance_number = ${p.add(filter.instanceNumber)}`);
  for (const m of filter.attributes ?? []) parts.push(attributeSql(`${alias}.metadata`, m, p));
  return parts;
}

/** `WHERE a AND b` (or nothing). */
export const whereOf = (parts: readonly string[]): string => (parts.length ? `WHERE ${parts.join(' AND ')}` : '');

export { QueryParams };
