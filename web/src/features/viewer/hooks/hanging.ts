import type { HangingLayout, HangingRule, HangingViewport } from '@rayworks/contracts';
import type { SeriesInfo } from '../cornerstone/wado';

/**
 * The viewer's side of hanging protocols (docs/decisions/0359), pure: the series a protocol counts (those with
 * images, in the study's series order), and the current layout written as a rule to save for the centre.
 */
export function imageSeries(series: readonly SeriesInfo[]): SeriesInfo[] {
  return series.filter((s) => s.instanceCount === null || s.instanceCount > 0);
}

const PLACES: Record<HangingLayout, number> = { '1x1': 1, '1x2': 2, '2x2': 4, mpr: 1 };

/**
 * The layout on screen as a rule: each viewport's series by its place among the current study's image series, or
 * the compared prior's; an empty viewport (or a series of neither) takes the current study's series of its place.
 */
export function ruleOfLayout(args: {
  modality: string;
  bodyPart: string | null;
  layout: HangingLayout;
  /** The series each viewport shows (its Series Instance UID), in viewport order. */
  shown: readonly (string | null | undefined)[];
  current: readonly SeriesInfo[];
  prior: readonly SeriesInfo[];
}): HangingRule {
  const viewports: HangingViewport[] = [];
  for (let n = 0; n < PLACES[args.layout]; n++) {
    const uid = args.shown[n];
    const inCurrent = uid ? args.current.findIndex((s) => s.seriesInstanceUid === uid) : -1;
    const inPrior = uid && args.layout !== 'mpr' ? args.prior.findIndex((s) => s.seriesInstanceUid === uid) : -1;
    if (inCurrent >= 0) viewports.push({ study: 'current', series: inCurrent });
    else if (inPrior >= 0) viewports.push({ study: 'prior', series: inPrior });
    else viewports.push({ study: 'current', series: Math.max(0, Math.min(n, args.current.length - 1)) });
  }
  return {
    modality: args.modality.trim().toUpperCase(),
    bodyPart: (args.bodyPart ?? '').trim().toUpperCase(),
    layout: args.layout,
    viewports,
  };
}
