import { projectOnNormal, sliceNormal } from '@rayworks/contracts';

/**
 * The tools and slab choices of the stack view and of MPR (issue 25 item 7; docs/decisions/0358): MPR carries every
 * tool of the stack view, plus the crosshairs (jump, move and rotate the planes). Names are Cornerstone's tool names
 * (the toolbar's test ids are `tool-<name>`). Pure: the engine adds these tools to its tool groups, the toolbar and
 * the keys offer them.
 */
export const STACK_TOOLS = [
  'WindowLevel',
  'Pan',
  'Zoom',
  'StackScroll',
  'Length',
  'Angle',
  'EllipticalROI',
  'RectangleROI',
  'Probe',
] as const;
export const CROSSHAIRS_TOOL = 'Crosshairs';
export const MPR_TOOLS = [...STACK_TOOLS, CROSSHAIRS_TOOL] as const;
/** The tools whose annotations are measurements (saved with the case, listed in the measurements panel). */
export const MEASUREMENT_TOOLS: readonly string[] = ['Length', 'Angle', 'EllipticalROI', 'RectangleROI', 'Probe'];
/** The tool the viewer starts with, and falls back to. */
export const DEFAULT_TOOL = 'WindowLevel';

/** The tools the toolbar offers in a mode. */
export function toolsFor(mpr: boolean): readonly string[] {
  return mpr ? MPR_TOOLS : STACK_TOOLS;
}

/** The tool after switching to a mode: the reader's tool where the mode has it, else window/level. */
export function toolForMode(tool: string, mpr: boolean): string {
  return toolsFor(mpr).includes(tool) ? tool : DEFAULT_TOOL;
}

/**
 * The slab thicknesses offered for a maximum-intensity projection in MPR, in millimetres; 0 is off (a thin slice,
 * composite). 5–10 mm is the lung-nodule MIP, 20–30 mm the vessel (CTA) one.
 */
export const SLAB_CHOICES_MM = [0, 5, 10, 20, 30] as const;
export type SlabChoice = (typeof SLAB_CHOICES_MM)[number];

export function slabLabel(mm: number): string {
  return mm > 0 ? `MIP ${mm} mm` : 'Slab off';
}

/** A slab thickness asked for (a select's value): one of the choices, else off. */
export function slabChoice(value: unknown): SlabChoice {
  const mm = Number(value);
  return (SLAB_CHOICES_MM as readonly number[]).includes(mm) ? (mm as SlabChoice) : 0;
}

export type MprPlane = 'axial' | 'sagittal' | 'coronal' | 'oblique';

/**
 * The anatomical plane a view looks along (its view-plane normal in patient coordinates, LPS): x → sagittal,
 * y → coronal, z → axial; a normal more than ~8° off every axis (a rotated crosshair) is oblique.
 */
export function planeOfNormal(normal: readonly number[] | null | undefined): MprPlane {
  if (!normal || normal.length !== 3) return 'oblique';
  const length = Math.hypot(normal[0]!, normal[1]!, normal[2]!);
  if (!(length > 0)) return 'oblique';
  const [x, y, z] = normal.map((v) => Math.abs(v / length)) as [number, number, number];
  const max = Math.max(x, y, z);
  if (max < 0.99) return 'oblique';
  return max === z ? 'axial' : max === x ? 'sagittal' : 'coronal';
}

/**
 * The slice of a stack nearest to a point in patient coordinates, along the stack's slice normal: where a
 * measurement made on a reformatted plane is filed (its series and the acquired image through its first point).
 * Null without geometry.
 */
export function nearestSliceIndex(
  positions: readonly (readonly number[])[],
  orientation: readonly number[],
  point: readonly number[] | null | undefined,
): number | null {
  const normal = sliceNormal(orientation);
  if (!normal || !point || point.length !== 3 || positions.length === 0) return null;
  const target = projectOnNormal(point, normal);
  let best: number | null = null;
  let bestDistance = Infinity;
  positions.forEach((p, i) => {
    if (p.length !== 3) return;
    const d = Math.abs(projectOnNormal(p, normal) - target);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}
