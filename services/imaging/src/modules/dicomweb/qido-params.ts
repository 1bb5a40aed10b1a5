import type { Request } from 'express';
import { DICOM_TAGS, dictionaryTagOf, dictionaryVr } from '@rayworks/dicom';
import {
  FilterError,
  MATCHABLE_VRS,
  parseDateRange,
  parseTimeRange,
  type AttributeMatch,
  type InstanceFilter,
  type SeriesFilter,
  type StudyFilter,
} from '../studies/study-query.js';

/**
 * QIDO-RS query parameters (PS3.18 8.3.4, 10.6.1.2) → the archive's filters, the extra attributes asked for and the
 * window. Matching keys are given by keyword of the DICOM dictionary or by tag (`PatientName` or `00100010`); a UID
 * list as `a,b` or the key repeated; `includefield` as keywords or tags, comma-separated or repeated, or `all`;
 * `limit` / `offset`; `fuzzymatching` is accepted and ignored (matching is never fuzzy: PatientName is always
 * case-insensitive). The indexed keys are matched on their columns; any other attribute of the dictionary on the kept
 * DICOM JSON (study-query.ts `attributes`); one that cannot be matched (a sequence, binary data, a private tag, a
 * series key in a study query) is ignored and named in a Warning (PS3.18 8.3.4.1). A parameter that names no
 * attribute, or a malformed date, time or number, is a QidoParameterError (400).
 */
export class QidoParameterError extends Error {}

export type QidoLevel = 'studies' | 'series' | 'instances';

/** The keywords QIDO-RS and WADO-RS name, with their tags (one table: libs/dicom's DICOM_TAGS). */
export const TAGS = DICOM_TAGS;
export type Keyword = keyof typeof TAGS;

const KEYWORD_OF = new Map<string, Keyword>(Object.entries(TAGS).map(([k, t]) => [t, k as Keyword]));
const HEX_TAG = /^[0-9A-Fa-f]{8}$/;

/** A tag (8 upper-case hex digits) from a keyword of the DICOM dictionary or a tag, or null. */
export function tagOf(name: string): string | null {
  if (Object.hasOwn(TAGS, name)) return TAGS[name as Keyword];
  if (HEX_TAG.test(name)) return name.toUpperCase();
  return dictionaryTagOf(name) ?? null;
}

/** The keyword of the index's table a parameter name stands for (keyword or 8-hex tag), or null. */
export function keywordOf(name: string): Keyword | null {
  const tag = tagOf(name);
  return tag ? (KEYWORD_OF.get(tag) ?? null) : null;
}

/** Which keys each level can match on (a study-level key also narrows series and instance queries). */
const STUDY_KEYS: readonly Keyword[] = [
  'PatientName',
  'PatientID',
  'AccessionNumber',
  'StudyID',
  'StudyDate',
  'ModalitiesInStudy',
  'StudyInstanceUID',
  'ReferringPhysicianName',
  'StudyDescription',
  'StudyTime',
];
const SERIES_KEYS: readonly Keyword[] = ['Modality', 'SeriesInstanceUID', 'SeriesNumber', 'SeriesDescription'];
const INSTANCE_KEYS: readonly Keyword[] = ['SOPInstanceUID', 'SOPClassUID', 'InstanceNumber'];
const ALL_KEYS = new Set<Keyword>([...STUDY_KEYS, ...SERIES_KEYS, ...INSTANCE_KEYS]);
const KEYS_OF: Record<QidoLevel, readonly Keyword[]> = {
  studies: STUDY_KEYS,
  series: [...STUDY_KEYS, ...SERIES_KEYS],
  instances: [...STUDY_KEYS, ...SERIES_KEYS, ...INSTANCE_KEYS],
};

export const QIDO_DEFAULT_LIMIT = 100;
export const QIDO_MAX_LIMIT = 1000;

export interface QidoQuery {
  study: StudyFilter;
  series: SeriesFilter;
  instance: InstanceFilter;
  /** Tags asked for beyond the required ones; 'all' for every attribute the index keeps. */
  includeFields: string[] | 'all';
  limit: number;
  offset: number;
  /** Attributes given that this server does not match on (answered with a Warning header, PS3.18 8.3.4.1). */
  ignored: string[];
}

/** The query string as express parses it (a parameter given twice is an array). */
export type RawQuery = Request['query'];

/** Every value of a parameter, split on commas where the parameter takes lists. */
function values(raw: unknown, name: string): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (!list.every((v) => typeof v === 'string')) throw new QidoParameterError(`${name}: not a plain value`);
  return list as string[];
}

function single(raw: unknown, name: string): string {
  const list = values(raw, name);
  if (list.length !== 1) throw new QidoParameterError(`${name}: given more than once`);
  return list[0]!.trim();
}

function integer(text: string, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text)) throw new QidoParameterError(`${name}: ${text} is not a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw new QidoParameterError(`${name}: ${text} is out of range ${min}–${max}`);
  return n;
}

const UID = /^[0-9]+(\.[0-9]+)*$/;
const listOf = (raw: unknown, name: string, pattern?: RegExp): string[] => {
  const out = values(raw, name)
    .flatMap((v) => v.split(/[,\\]/))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (pattern) for (const v of out) if (!pattern.test(v)) throw new QidoParameterError(`${name}: ${v} is not a UID`);
  return out;
};

export function parseQidoQuery(level: QidoLevel, raw: RawQuery): QidoQuery {
  const query: QidoQuery = {
    study: {},
    series: {},
    instance: {},
    includeFields: [],
    limit: QIDO_DEFAULT_LIMIT,
    offset: 0,
    ignored: [],
  };
  const include: string[] = [];
  try {
    for (const [name, value] of Object.entries(raw)) {
      if (value === undefined) continue;
      switch (name) {
        case 'limit':
          query.limit = integer(single(value, name), name, 1, QIDO_MAX_LIMIT);
          continue;
        case 'offset':
          query.offset = integer(single(value, name), name, 0);
          continue;
        case 'fuzzymatching':
          if (!['true', 'false'].includes(single(value, name))) throw new QidoParameterError(`${name}: true or false`);
          continue;
        case 'includefield':
          include.push(...listOf(value, name));
          continue;
      }
      const tag = tagOf(name);
      if (!tag) throw new QidoParameterError(`${name}: not a query parameter or DICOM attribute`);
      const keyword = KEYWORD_OF.get(tag);
      if (keyword && KEYS_OF[level].includes(keyword)) {
        applyKey(query, keyword, value);
        continue;
      }
      // a key of another level's index (Modality in a study query), or an attribute the index has no column for
      const vr = keyword && ALL_KEYS.has(keyword) ? undefined : dictionaryVr(tag);
      const text = single(value, name);
      if (!vr || !MATCHABLE_VRS.has(vr)) {
        query.ignored.push(keyword ?? name);
        continue;
      }
      if (text === '' || text === '*') continue;
      const match: AttributeMatch = { tag, vr, value: text };
      // checked now, so that a malformed value is a 400 naming the key
      if (vr === 'TM' || ((vr === 'DA' || vr === 'DT') && text.includes('-'))) checkRange(vr, text, name);
      if (['IS', 'DS', 'US', 'SS', 'UL', 'SL', 'FL', 'FD', 'SV', 'UV'].includes(vr) && !Number.isFinite(Number(text)))
        throw new QidoParameterError(`${name}: ${text} is not a number`);
      const filter = level === 'studies' ? query.study : level === 'series' ? query.series : query.instance;
      filter.attributes = [...(filter.attributes ?? []), match];
    }
  } catch (error) {
    if (error instanceof FilterError) throw new QidoParameterError(error.message);
    throw error;
  }
  if (include.some((f) => f.toLowerCase() === 'all')) query.includeFields = 'all';
  else
    query.includeFields = include.map((field) => {
      const tag = tagOf(field);
      if (!tag) throw new QidoParameterError(`includefield: ${field} is not a DICOM attribute`);
      return tag;
    });
  return query;
}

function checkRange(vr: string, text: string, name: string): void {
  try {
    if (vr === 'TM') parseTimeRange(text);
    else if (vr === 'DA') parseDateRange(text);
    else if (!/^\d*-\d*$/.test(text) || text === '-') throw new FilterError(`${text} is not a DT range`);
  } catch (error) {
    if (error instanceof FilterError) throw new QidoParameterError(`${name}: ${error.message}`);
    throw error;
  }
}

function applyKey(query: QidoQuery, keyword: Keyword, value: unknown): void {
  const text = () => single(value, keyword);
  const nonEmpty = (v: string) => (v === '' || v === '*' ? undefined : v);
  switch (keyword) {
    case 'PatientName':
      query.study.patientName = nonEmpty(text());
      return;
    case 'PatientID':
      query.study.patientId = nonEmpty(text());
      return;
    case 'AccessionNumber':
      query.study.accessionNumber = nonEmpty(text());
      return;
    case 'StudyID':
      query.study.studyId = nonEmpty(text());
      return;
    case 'ReferringPhysicianName':
      query.study.referringPhysicianName = nonEmpty(text());
      return;
    case 'StudyDescription':
      query.study.studyDescription = nonEmpty(text());
      return;
    case 'StudyDate': {
      const v = text();
      if (v !== '') query.study.studyDate = parseDateRange(v);
      return;
    }
    case 'StudyTime': {
      const v = text();
      if (v !== '') query.study.studyTime = parseTimeRange(v);
      return;
    }
    case 'ModalitiesInStudy':
      query.study.modalities = listOf(value, keyword);
      return;
    case 'StudyInstanceUID':
      query.study.studyInstanceUids = listOf(value, keyword, UID);
      return;
    case 'Modality':
      query.series.modalities = listOf(value, keyword);
      return;
    case 'SeriesInstanceUID':
      query.series.seriesInstanceUids = listOf(value, keyword, UID);
      return;
    case 'SeriesNumber':
      query.series.seriesNumber = integer(text(), keyword, 0, 2_147_483_647);
      return;
    case 'SeriesDescription':
      query.series.seriesDescription = nonEmpty(text());
      return;
    case 'SOPInstanceUID':
      query.instance.sopInstanceUids = listOf(value, keyword, UID);
      return;
    case 'SOPClassUID':
      query.instance.sopClassUids = listOf(value, keyword, UID);
      return;
    case 'InstanceNumber':
      query.instance.instanceNumber = integer(text(), keyword, 0, 2_147_483_647);
      return;
    default:
      query.ignored.push(keyword);
  }
}
