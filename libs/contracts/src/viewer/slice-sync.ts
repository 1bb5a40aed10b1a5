/**
 * Synchronized scrolling of two series by patient position (issue 11, compare studies; docs/decisions/0167):
 * each slice's ImagePositionPatient projected on the series' normal (the cross product of the
 * ImageOrientationPatient row and column cosines) gives its position along the stack in millimetres; a slice of A
 * maps to the slice of B whose position is nearest, or to nothing when it lies outside B's range (beyond half a
 * slice spacing past either end). The index order of the two series does not matter: B may run head to feet while
 * A runs feet to head, and B may have another spacing or a different number of slices.
 */
export type Vec3 = readonly [number, number, number];

/** The unit normal of a slice orientation (row × column), or null for a degenerate orientation. */
export function sliceNormal(orientation: readonly number[]): Vec3 | null {
  if (orientation.length < 6) return null;
  const [rx, ry, rz, cx, cy, cz] = orientation as [number, number, number, number, number, number];
  const n: [number, number, number] = [ry * cz - rz * cy, rz * cx - rx * cz, rx * cy - ry * cx];
  const len = Math.hypot(n[0], n[1], n[2]);
  if (!Number.isFinite(len) || len < 1e-6) return null;
  return [n[0] / len, n[1] / len, n[2] / len];
}

/** A position projected on a normal (millimetres along the stack). */
export function projectOnNormal(position: readonly number[], normal: Vec3): number {
  return (position[0] ?? 0) * normal[0] + (position[1] ?? 0) * normal[1] + (position[2] ?? 0) * normal[2];
}

/** The positions of a series' slices along a normal, in the series' own index order. */
export function slicePositions(positions: readonly (readonly number[])[], normal: Vec3): number[] {
  return positions.map((p) => projectOnNormal(p, normal));
}

/** The typical gap between neighbouring slices (the median of the sorted gaps); 0 for fewer than two slices. */
export function sliceSpacing(positions: readonly number[]): number {
  if (positions.length < 2) return 0;
  const sorted = [...positions].sort((a, b) => a - b);
  const gaps = sorted
    .slice(1)
    .map((p, i) => p - sorted[i]!)
    .sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/**
 * The index in B whose position is nearest to the position of index `indexA` in A, or null when A's slice lies
 * outside B's covered range by more than half of B's slice spacing (or when either series has no positions).
 * `tolerance` (mm) widens the range; by default half a slice spacing of B (1 mm for a single slice).
 */
export function mapSliceIndex(
  positionsA: readonly number[],
  indexA: number,
  positionsB: readonly number[],
  tolerance?: number,
): number | null {
  const target = positionsA[indexA];
  if (target === undefined || !Number.isFinite(target) || positionsB.length === 0) return null;
  const slack = tolerance ?? (positionsB.length > 1 ? sliceSpacing(positionsB) / 2 : 1);
  const min = Math.min(...positionsB);
  const max = Math.max(...positionsB);
  if (target < min - slack - 1e-6 || target > max + slack + 1e-6) return null;
  let best = 0;
  let bestDistance = Infinity;
  positionsB.forEach((p, i) => {
    const d = Math.abs(p - target);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

/** A series' slices as the viewer knows them: positions and orientation from the instance metadata. */
export interface SliceGeometry {
  positions: readonly (readonly number[])[];
  orientation: readonly number[];
  /** FrameOfReferenceUID (0020,0052): slices of one frame share the scanner's patient coordinates. */
  frameOfReferenceUid?: string | null;
}

/**
 * Whether two series may be linked by patient position (docs/decisions/0346-prior-relevance-and-compare-linking.md):
 * both have positions and one orientation (within ~10°), and either share a FrameOfReferenceUID or cover ranges
 * along the normal that overlap (each widened by half its slice spacing). Otherwise a position in one says nothing
 * about the other — another scanner's table, a single scout — and each series stays where the reader left it.
 */
export function framesOverlap(a: SliceGeometry, b: SliceGeometry): boolean {
  if (a.positions.length === 0 || b.positions.length === 0) return false;
  if (a.positions.some((p) => p.length !== 3) || b.positions.some((p) => p.length !== 3)) return false;
  const na = sliceNormal(a.orientation);
  const nb = sliceNormal(b.orientation);
  if (!na || !nb) return false;
  if (Math.abs(na[0] * nb[0] + na[1] * nb[1] + na[2] * nb[2]) < Math.cos((10 * Math.PI) / 180)) return false;
  if (a.frameOfReferenceUid && a.frameOfReferenceUid === b.frameOfReferenceUid) return true;
  const range = (positions: number[]) => {
    const slack = positions.length > 1 ? sliceSpacing(positions) / 2 : 0;
    return [Math.min(...positions) - slack, Math.max(...positions) + slack] as const;
  };
  const [aLow, aHigh] = range(slicePositions(a.positions, na));
  const [bLow, bHigh] = range(slicePositions(b.positions, na));
  return Math.min(aHigh, bHigh) - Math.max(aLow, bLow) > 1e-6;
}

/**
 * Maps an index of series A to series B through patient positions, both projected on A's normal (so two series
 * of one orientation compare along the same axis). Null when the orientations differ by more than ~10° (an axial
 * against a sagittal series has no slice-to-slice mapping) or the slice is out of B's range.
 */
export function mapSliceBetween(a: SliceGeometry, indexA: number, b: SliceGeometry): number | null {
  const na = sliceNormal(a.orientation);
  const nb = sliceNormal(b.orientation);
  if (!na || !nb) return null;
  const cos = Math.abs(na[0] * nb[0] + na[1] * nb[1] + na[2] * nb[2]);
  if (cos < Math.cos((10 * Math.PI) / 180)) return null;
  return mapSliceIndex(slicePositions(a.positions, na), indexA, slicePositions(b.positions, na));
}
