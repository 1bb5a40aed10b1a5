/**
 * Orientation markers (issue 25 item 8): the patient directions at a viewport's four edges, from its camera, so
 * rotation and flips are in them. The screen's up is `viewUp`; Cornerstone's `viewPlaneNormal` points into the screen
 * (an axial image of ImageOrientationPatient [1,0,0, 0,1,0] is seen with viewUp (0,−1,0) and normal (0,0,−1)), so the
 * screen's right is `viewUp × viewPlaneNormal` — the patient's left for that axial image, as radiology shows it. Patient
 * axes are DICOM's LPS: +x left, +y posterior, +z superior (head).
 */
export interface OrientationMarkers {
  top: string;
  right: string;
  bottom: string;
  left: string;
}

type Vec = readonly [number, number, number];

const AXES: [string, string][] = [
  ['L', 'R'],
  ['P', 'A'],
  ['S', 'I'],
];

/** The letters of a patient direction, the strongest axis first (e.g. 'LA' for an oblique); '' for none. */
export function directionLetters(v: readonly number[]): string {
  const length = Math.hypot(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0);
  if (!Number.isFinite(length) || length < 1e-6) return '';
  return [0, 1, 2]
    .map((axis) => ({ axis, value: (v[axis] ?? 0) / length }))
    .filter(({ value }) => Math.abs(value) > 0.25)
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .map(({ axis, value }) => AXES[axis]![value > 0 ? 0 : 1])
    .join('');
}

const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const neg = (a: Vec): Vec => [-a[0], -a[1], -a[2]];

export function orientationMarkers(
  viewUp: readonly number[],
  viewPlaneNormal: readonly number[],
): OrientationMarkers | null {
  if (viewUp.length < 3 || viewPlaneNormal.length < 3) return null;
  const up = [viewUp[0]!, viewUp[1]!, viewUp[2]!] as const;
  const right = cross(up, [viewPlaneNormal[0]!, viewPlaneNormal[1]!, viewPlaneNormal[2]!]);
  const markers = {
    top: directionLetters(up),
    right: directionLetters(right),
    bottom: directionLetters(neg(up)),
    left: directionLetters(neg(right)),
  };
  return markers.top || markers.right ? markers : null;
}
