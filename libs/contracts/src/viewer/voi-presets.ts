/**
 * Window/level presets of the cloud viewer (issue 11, docs/decisions/0166): the usual CT windows in Hounsfield
 * units, as the center/width pair Cornerstone's VOI takes. `voiRangeOf` turns a center/width into the lower and
 * upper bounds (DICOM PS3.3 C.11.2.1.2, linear function: lower = c - 0.5 - (w - 1) / 2, upper = c - 0.5 + (w - 1) / 2).
 */
export interface VoiPreset {
  /** The toolbar id: `preset-<id>` is the button's test id. */
  id: 'ct-brain' | 'ct-lung' | 'ct-bone' | 'ct-abdomen';
  label: string;
  center: number;
  width: number;
  /** The modalities the preset is meant for. */
  modalities: readonly string[];
}

export const VOI_PRESETS: readonly VoiPreset[] = [
  { id: 'ct-brain', label: 'Brain', center: 40, width: 80, modalities: ['CT'] },
  { id: 'ct-lung', label: 'Lung', center: -600, width: 1500, modalities: ['CT'] },
  { id: 'ct-bone', label: 'Bone', center: 400, width: 1800, modalities: ['CT'] },
  { id: 'ct-abdomen', label: 'Abdomen', center: 40, width: 400, modalities: ['CT'] },
] as const;

export type VoiPresetId = VoiPreset['id'];

export function voiPreset(id: string): VoiPreset | undefined {
  return VOI_PRESETS.find((p) => p.id === id);
}

/** The presets that apply to a series of this modality (all of them for CT, none for MR, US, ...). */
export function presetsForModality(modality: string | null | undefined): VoiPreset[] {
  const m = (modality ?? '').toUpperCase();
  return VOI_PRESETS.filter((p) => p.modalities.includes(m));
}

export interface VoiRange {
  lower: number;
  upper: number;
}

/** The displayed range of a window (DICOM linear VOI function); a width below 1 counts as 1. */
export function voiRangeOf(center: number, width: number): VoiRange {
  const w = Math.max(1, width);
  return { lower: center - 0.5 - (w - 1) / 2, upper: center - 0.5 + (w - 1) / 2 };
}

/** The inverse of voiRangeOf: the center and width of a displayed range. */
export function windowOf(range: VoiRange): { center: number; width: number } {
  const width = Math.max(1, range.upper - range.lower + 1);
  return { center: range.lower + 0.5 + (width - 1) / 2, width };
}

/** `center,width` rounded to whole numbers, as the viewport's data-voi attribute shows it. */
export function formatVoi(center: number, width: number): string {
  return `${Math.round(center)},${Math.round(width)}`;
}
