import type { ViewerPrior } from '@rayworks/contracts';

/** A case of the same patient, as the priors query reads it. */
export interface PriorCandidate {
  caseId: string;
  parentCaseId: string | null;
  studyInstanceUid: string | null;
  studyDate: string | null;
  studyDescription: string | null;
  modalities: readonly string[];
  receivedAt: Date | null;
}

/**
 * The priors of a case (spec §6 compare studies; docs/decisions/0163-viewer-open.md): the other studies among the
 * same patient's cases of the same company, one entry per study (a split study's whole case, the parent, before
 * its parts; else the newest case), newest study first (study date, then arrival), at most `max`.
 */
export function selectPriors(
  candidates: readonly PriorCandidate[],
  currentStudyUid: string,
  max: number,
): ViewerPrior[] {
  const byStudy = new Map<string, PriorCandidate>();
  for (const c of candidates) {
    if (!c.studyInstanceUid || c.studyInstanceUid === currentStudyUid) continue;
    const kept = byStudy.get(c.studyInstanceUid);
    if (!kept || better(c, kept)) byStudy.set(c.studyInstanceUid, c);
  }
  return [...byStudy.values()]
    .sort(newestFirst)
    .slice(0, Math.max(0, max))
    .map((c) => ({
      caseId: c.caseId,
      studyInstanceUid: c.studyInstanceUid!,
      studyDate: c.studyDate,
      studyDescription: c.studyDescription,
      modalities: [...c.modalities],
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
