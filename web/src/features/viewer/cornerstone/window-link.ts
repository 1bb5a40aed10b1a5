import type { SeriesInfo } from './wado';

/**
 * Whether two series share a window/level: CT values are Hounsfield units in every series; other modalities' values
 * compare only within the same kind of series, so a prior of the same modality links and, say, an MR T1 beside a T2 of
 * the same study does not (scrolling still links by position).
 */
export const sharesWindow = (a: SeriesInfo, b: SeriesInfo): boolean =>
  a.modality === b.modality &&
  (a.modality === 'CT' || a.studyInstanceUid !== b.studyInstanceUid || a.seriesInstanceUid === b.seriesInstanceUid);
