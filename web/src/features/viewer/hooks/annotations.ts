/**
 * Pure helpers between Cornerstone annotations and the saved ViewerAnnotation (issue 11 §1): where an image id
 * points (study, series, instance, frame), and the display text of a measurement from its cached statistics.
 */
export interface ImageRef {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
  frameNumber: number | null;
}

/** The UIDs of a `wadors:` image id (`.../studies/<s>/series/<r>/instances/<i>/frames/<f>`), or null. */
export function imageRefOf(imageId: string | null | undefined): ImageRef | null {
  if (!imageId) return null;
  const m = /\/studies\/([^/]+)\/series\/([^/]+)\/instances\/([^/]+)(?:\/frames\/(\d+))?/.exec(imageId);
  if (!m) return null;
  return {
    studyInstanceUid: decodeURIComponent(m[1]!),
    seriesInstanceUid: decodeURIComponent(m[2]!),
    sopInstanceUid: decodeURIComponent(m[3]!),
    frameNumber: m[4] ? Number(m[4]) : null,
  };
}

type Stats = Record<string, unknown>;
const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const fixed = (v: number, digits = 1) => v.toFixed(digits);

/** The first target's statistics of an annotation's cachedStats. */
export function statsOf(data: unknown): Stats {
  const cached = (data as { cachedStats?: Record<string, Stats> } | undefined)?.cachedStats;
  if (!cached) return {};
  const first = Object.values(cached)[0];
  return first ?? {};
}

/** The text a measurement shows in the list, e.g. '42.1 mm', '37.5°', 'mean 40.2 HU, area 120.3 mm²'. */
export function measurementText(toolName: string, data: unknown): string {
  const s = statsOf(data);
  switch (toolName) {
    case 'Length': {
      const length = n(s.length);
      return length === null ? '' : `${fixed(length)} ${String(s.unit ?? 'mm')}`;
    }
    case 'Angle': {
      const angle = n(s.angle);
      return angle === null ? '' : `${fixed(angle)}°`;
    }
    case 'Probe': {
      const value = n(s.value);
      return value === null ? '' : `${fixed(value)} ${String(s.modalityUnit ?? '')}`.trim();
    }
    case 'EllipticalROI':
    case 'RectangleROI': {
      const parts: string[] = [];
      const mean = n(s.mean);
      const std = n(s.stdDev);
      const area = n(s.area);
      const unit = String(s.modalityUnit ?? '');
      if (mean !== null) parts.push(`mean ${fixed(mean)}${unit ? ` ${unit}` : ''}`);
      if (std !== null) parts.push(`SD ${fixed(std)}`);
      if (area !== null) parts.push(`area ${fixed(area)} ${String(s.areaUnit ?? 'mm²')}`);
      return parts.join(', ');
    }
    default:
      return '';
  }
}

/** A JSON copy of an annotation without what cannot or need not be saved (cached statistics are recomputed). */
export function annotationData(annotation: unknown): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(annotation, (key, value: unknown) =>
      key === 'cachedStats' || key === 'textBox' || key === 'handles_activeHandleIndex' ? undefined : value,
    ),
  ) as Record<string, unknown>;
}
