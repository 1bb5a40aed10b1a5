import { parseInstanceHeader } from '@rayworks/dicom';
import { formatDicomDate } from '../../../shared/format';

/**
 * What the import screen shows of a study and a series in place of their folder names (often raw UIDs), read from
 * the header of the series' first file (docs/decisions/0351): descriptions, modality, date, numbers; the UIDs on
 * hover.
 */
export interface SeriesSummary {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  studyDescription: string | null;
  seriesDescription: string | null;
  seriesNumber: number | null;
  modality: string;
  /** DA 'YYYYMMDD', or null. */
  studyDate: string | null;
}

/** The key of a series of the tree: its study and series folders. */
export const seriesKey = (study: string, series: string): string => `${study}/${series}`;

/** The summary of a header's bytes (the start of a file is enough), or null when it cannot be read. */
export function seriesSummaryOf(bytes: Uint8Array): SeriesSummary | null {
  try {
    const h = parseInstanceHeader(bytes, { headerOnly: true });
    return {
      studyInstanceUid: h.studyInstanceUid,
      seriesInstanceUid: h.seriesInstanceUid,
      studyDescription: h.studyDescription?.trim() || null,
      seriesDescription: h.seriesDescription?.trim() || null,
      seriesNumber: h.seriesNumber,
      modality: h.modality.trim(),
      studyDate: h.studyDate,
    };
  } catch {
    return null;
  }
}

/** A series' line: 'Series 2 · Axial 5 mm', 'Series 2', or — without a header — its folder's name. */
export function seriesTitle(folder: string, summary: SeriesSummary | undefined): string {
  if (!summary) return `Series ${folder}`;
  const number = summary.seriesNumber === null ? 'Series' : `Series ${summary.seriesNumber}`;
  return summary.seriesDescription ? `${number} · ${summary.seriesDescription}` : number;
}

/** A study's line: its description ('CT chest'), or 'Study' with its folder's name when it has none. */
export function studyTitle(folder: string, summary: SeriesSummary | undefined): string {
  return summary?.studyDescription ?? `Study ${folder}`;
}

/** What a study's line says beside its counts: modality and date ('CT · 10 Mar 2026'), as far as known. */
export function studyFacts(summaries: readonly (SeriesSummary | undefined)[]): string[] {
  const known = summaries.filter((s): s is SeriesSummary => s !== undefined);
  const modalities = [...new Set(known.map((s) => s.modality).filter(Boolean))];
  const date = known.find((s) => s.studyDate)?.studyDate ?? null;
  return [...(modalities.length ? [modalities.join(', ')] : []), ...(date ? [formatDicomDate(date)] : [])];
}

/** The hover text of a study or series: its UID, and the folder it came from when that differs. */
export function uidHover(folder: string, uid: string | undefined): string {
  if (!uid) return folder;
  return uid === folder ? uid : `${uid} (folder ${folder})`;
}
