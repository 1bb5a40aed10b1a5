import { PRIOR_RELEVANCE, type PriorRelevance, type PriorTiming, type ViewerPrior } from '@rayworks/contracts';

/** A case of the same patient, as the priors query reads it. */
export interface PriorCandidate {
  caseId: string;
  parentCaseId: string | null;
  studyInstanceUid: string | null;
  studyDate: string | null;
  studyDescription: string | null;
  modalities: readonly string[];
  bodyPart: string | null;
  instanceCount: number | null;
  receivedAt: Date | null;
}

/** The study being read, as the ranking compares the priors with it. */
export interface CurrentStudy {
  studyInstanceUid: string;
  studyDate: string | null;
  modalities: readonly string[];
  bodyPart: string | null;
  receivedAt: Date | null;
}

const bodyPartOf = (s: string | null): string | null => {
  const t =
    s
      ?.trim()
      .toUpperCase()
      .replace(/[\s_-]+/g, '') ?? '';
  return t === '' ? null : t;
};

export function priorRelevance(
  current: Pick<CurrentStudy, 'modalities' | 'bodyPart'>,
  prior: Pick<PriorCandidate, 'modalities' | 'bodyPart'>,
): PriorRelevance {
  const mine = new Set(current.modalities.map((m) => m.toUpperCase()));
  const sameModality = prior.modalities.some((m) => mine.has(m.toUpperCase()));
  const a = bodyPartOf(current.bodyPart);
  const b = bodyPartOf(prior.bodyPart);
  const bodyKnown = a !== null && b !== null;
  const sameBody = bodyKnown && a === b;
  if (sameModality && sameBody) return 'same-modality-and-body-part';
  if (sameModality && !bodyKnown) return 'same-modality';
  if (sameBody) return 'same-body-part';
  if (sameModality) return 'same-modality-other-body-part';
  return 'other';
}

/** The day of a study: its DICOM study date (YYYYMMDD), else the day it arrived (UTC). */
function dayOf(studyDate: string | null, receivedAt: Date | null): string | null {
  if (studyDate && /^\d{8}$/.test(studyDate)) return studyDate;
  return receivedAt ? receivedAt.toISOString().slice(0, 10).replace(/-/g, '') : null;
}

export function priorTiming(
  current: Pick<CurrentStudy, 'studyDate' | 'receivedAt'>,
  prior: Pick<PriorCandidate, 'studyDate' | 'receivedAt'>,
): PriorTiming {
  const a = dayOf(current.studyDate, current.receivedAt);
  const b = dayOf(prior.studyDate, prior.receivedAt);
  if (!a || !b) return 'unknown';
  return b < a ? 'before' : b === a ? 'same-day' : 'after';
}

const TIMING_ORDER: Record<PriorTiming, number> = { before: 0, 'same-day': 1, after: 2, unknown: 3 };

/**
 * The priors of a case (spec §6 compare studies; docs/decisions/0163-viewer-open.md, 0346): the other studies among
 * the same patient's cases the caller may read (the query keeps them to the case's centre and the caller's reach),
 * one entry per study (a split study's whole case, the parent, before its parts; else the newest case), ranked by
 * what a reader compares with: studies done before the current one's day first (a same-day study is part of the same
 * visit — a scout, another body part — and is not the comparison), then later and undated ones; within each, the
 * most relevant (PRIOR_RELEVANCE), then the newest (study date, then arrival). At most `max`.
 */
export function selectPriors(candidates: readonly PriorCandidate[], current: CurrentStudy, max: number): ViewerPrior[] {
  const byStudy = new Map<string, PriorCandidate>();
  for (const c of candidates) {
    if (!c.studyInstanceUid || c.studyInstanceUid === current.studyInstanceUid) continue;
    const kept = byStudy.get(c.studyInstanceUid);
    if (!kept || better(c, kept)) byStudy.set(c.studyInstanceUid, c);
  }
  const ranked = [...byStudy.values()].map((c) => ({
    c,
    timing: priorTiming(current, c),
    relevance: priorRelevance(current, c),
  }));
  ranked.sort(
    (x, y) =>
      TIMING_ORDER[x.timing] - TIMING_ORDER[y.timing] ||
      PRIOR_RELEVANCE.indexOf(x.relevance) - PRIOR_RELEVANCE.indexOf(y.relevance) ||
      newestFirst(x.c, y.c),
  );
  return ranked.slice(0, Math.max(0, max)).map(({ c, timing, relevance }) => ({
    caseId: c.caseId,
    studyInstanceUid: c.studyInstanceUid!,
    studyDate: c.studyDate,
    studyDescription: c.studyDescription,
    modalities: [...c.modalities],
    bodyPart: c.bodyPart,
    instanceCount: c.instanceCount,
    timing,
    relevance,
  }));
}

const time = (d: Date | null) => d?.getTime() ?? 0;

/** The case that stands for its study: the whole (unsplit or parent) case first, then the newest. */
function better(a: PriorCandidate, b: PriorCandidate): boolean {
  const aWhole = a.parentCaseId === null;
  const bWhole = b.parentCaseId === null;
  if (aWhole !== bWhole) return aWhole;
  return time(a.receivedAt) > time(b.receivedAt);
}

function newestFirst(a: PriorCandidate, b: PriorCandidate): number {
  const da = a.studyDate ?? '';
  const db = b.studyDate ?? '';
  if (da !== db) return da < db ? 1 : -1;
  const ta = time(a.receivedAt);
  const tb = time(b.receivedAt);
  if (ta !== tb) return tb - ta;
  return a.studyInstanceUid! < b.studyInstanceUid! ? -1 : 1;
}
