import { z } from 'zod';

/**
 * Hanging protocols (issue 25 item 10; docs/decisions/0359-hanging-protocols.md): how the viewer lays out a study
 * when it opens, per modality and body part — the layout and what each viewport shows (a series of the current
 * study by its place in series order, or the most relevant prior's). A centre saves its own (cases service, per
 * centre); without one the built-in defaults apply (CT: the axial series with the reformats beside it; CR/DX: the
 * current image and the prior side by side). Pure: the server validates and stores, the console matches and applies.
 */
export const HANGING_LAYOUTS = ['1x1', '1x2', '2x2', 'mpr'] as const;
export type HangingLayout = (typeof HANGING_LAYOUTS)[number];

/** How many viewports each layout has (MPR: the three planes of one series, placed as one viewport). */
export const HANGING_LAYOUT_VIEWPORTS: Record<HangingLayout, number> = { '1x1': 1, '1x2': 2, '2x2': 4, mpr: 1 };

export const HANGING_SOURCES = ['current', 'prior'] as const;
export type HangingSource = (typeof HANGING_SOURCES)[number];

/** The most series places a protocol may name (a study's image series in series order, 0 first). */
export const HANGING_SERIES_MAX = 16;

export const hangingViewportSchema = z
  .object({
    /** The study read, or its most relevant prior (the priors' ranking, decision 0346). */
    study: z.enum(HANGING_SOURCES),
    /** The image series' place in its study's series order (0: the first with images). */
    series: z
      .number()
      .int()
      .min(0)
      .max(HANGING_SERIES_MAX - 1),
  })
  .strict();
export type HangingViewport = z.infer<typeof hangingViewportSchema>;

/** A DICOM modality code (CS, e.g. 'CT', 'DX'), upper case. */
const modality = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{1,16}$/, 'must be a DICOM modality code');
/** A body part as DICOM writes it (BodyPartExamined, e.g. 'CHEST'), upper case; '' for any body part. */
const bodyPart = z
  .string()
  .trim()
  .toUpperCase()
  .max(64)
  .regex(/^[A-Z0-9_ ]*$/, 'must be a DICOM body part (letters, digits, spaces)');

export const hangingRuleSchema = z
  .object({
    modality,
    bodyPart,
    layout: z.enum(HANGING_LAYOUTS),
    viewports: z.array(hangingViewportSchema).min(1).max(4),
  })
  .strict()
  .refine((r) => r.viewports.length === HANGING_LAYOUT_VIEWPORTS[r.layout], {
    message: 'must name one viewport per place of the layout (1×1 and MPR: 1, 1×2: 2, 2×2: 4)',
    path: ['viewports'],
  })
  .refine((r) => r.layout !== 'mpr' || r.viewports[0]!.study === 'current', {
    message: 'MPR shows a series of the current study',
    path: ['viewports'],
  });
export type HangingRule = z.infer<typeof hangingRuleSchema>;

/** A centre's saved protocol as the server answers it. */
export const hangingProtocolSchema = z
  .object({
    id: z.uuid(),
    centreId: z.uuid(),
    modality: z.string(),
    bodyPart: z.string(),
    layout: z.enum(HANGING_LAYOUTS),
    viewports: z.array(hangingViewportSchema),
    updatedBy: z.uuid().nullable(),
    updatedByName: z.string().nullable(),
    updatedAt: z.string(),
  })
  .strict();
export type HangingProtocol = z.infer<typeof hangingProtocolSchema>;

const current = (series: number): HangingViewport => ({ study: 'current', series });
const prior = (series: number): HangingViewport => ({ study: 'prior', series });

/** The defaults the issue names, used where a centre has saved nothing for the modality and body part. */
export const BUILT_IN_HANGING_RULES: readonly HangingRule[] = [
  // CT: the axial series, the scanner's reformats (the next series) beside it
  { modality: 'CT', bodyPart: '', layout: '1x2', viewports: [current(0), current(1)] },
  // radiographs: today's image and the prior side by side
  { modality: 'CR', bodyPart: '', layout: '1x2', viewports: [current(0), prior(0)] },
  { modality: 'DX', bodyPart: '', layout: '1x2', viewports: [current(0), prior(0)] },
];

/** What opens when nothing matches: the first series alone. */
export const FALLBACK_HANGING_RULE: HangingRule = {
  modality: '',
  bodyPart: '',
  layout: '1x1',
  viewports: [current(0)],
};

const norm = (v: string | null | undefined): string => (v ?? '').trim().toUpperCase();

export type HangingMatch = { rule: HangingRule; source: 'centre' | 'built-in' | 'fallback' };

/**
 * The protocol a study opens with: the centre's for its modality and body part, else the centre's for its modality
 * (any body part), else the built-in one of the same order, else the first series alone. Modality and body part
 * compare without case and surrounding spaces.
 */
export function matchHangingRule(
  saved: readonly Pick<HangingRule, 'modality' | 'bodyPart' | 'layout' | 'viewports'>[],
  study: { modality: string | null | undefined; bodyPart: string | null | undefined },
): HangingMatch {
  const m = norm(study.modality);
  const b = norm(study.bodyPart);
  const pick = (rules: readonly HangingRule[]): HangingRule | undefined =>
    (b ? rules.find((r) => norm(r.modality) === m && norm(r.bodyPart) === b) : undefined) ??
    rules.find((r) => norm(r.modality) === m && norm(r.bodyPart) === '');
  if (m) {
    const own = pick(saved);
    if (own) return { rule: own, source: 'centre' };
    const builtIn = pick(BUILT_IN_HANGING_RULES);
    if (builtIn) return { rule: builtIn, source: 'built-in' };
  }
  return { rule: FALLBACK_HANGING_RULE, source: 'fallback' };
}

/**
 * A rule made concrete for one opening: the viewports whose series exist (a CT of one series has no reformats to
 * place, a first radiograph no prior), in the smallest layout that holds them. MPR needs a volumetric current series,
 * else the series opens alone.
 */
export function planHanging(
  rule: HangingRule,
  available: { currentSeries: number; priorSeries: number; volumetric?: boolean },
): { layout: HangingLayout; viewports: HangingViewport[] } {
  if (rule.layout === 'mpr') {
    const v = rule.viewports[0]!;
    const series = v.series < available.currentSeries ? v.series : 0;
    return available.volumetric === false
      ? { layout: '1x1', viewports: [current(series)] }
      : { layout: 'mpr', viewports: [current(series)] };
  }
  const viewports = rule.viewports.filter((v) =>
    v.study === 'current' ? v.series < available.currentSeries : v.series < available.priorSeries,
  );
  if (viewports.length === 0) return { layout: '1x1', viewports: [current(0)] };
  const layout: HangingLayout = viewports.length === 1 ? '1x1' : viewports.length === 2 ? '1x2' : '2x2';
  return { layout, viewports };
}

/** What the viewer and the server say about hanging protocols (the console and the tests use these words). */
export const HANGING_MESSAGES = {
  saved: 'Hanging protocol saved for the centre',
  noModality: 'The case has no modality to file a hanging protocol under',
  saveAction: 'Save layout for the centre',
} as const;
