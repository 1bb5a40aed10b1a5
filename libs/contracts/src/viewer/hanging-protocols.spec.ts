import { describe, expect, it } from '@jest/globals';
import {
  BUILT_IN_HANGING_RULES,
  FALLBACK_HANGING_RULE,
  hangingRuleSchema,
  matchHangingRule,
  planHanging,
  type HangingRule,
} from './hanging-protocols.js';

const rule = (r: Partial<HangingRule>): HangingRule => ({
  modality: 'CT',
  bodyPart: '',
  layout: '1x1',
  viewports: [{ study: 'current', series: 0 }],
  ...r,
});

describe('matchHangingRule (issue 25 item 10)', () => {
  const chestCt = rule({ bodyPart: 'CHEST', layout: 'mpr' });
  const anyCt = rule({ layout: '2x2', viewports: [0, 1, 2, 3].map((series) => ({ study: 'current', series })) });
  const headMr = rule({ modality: 'MR', bodyPart: 'HEAD' });

  it.each([
    ['the centre’s rule of the modality and body part', { modality: 'CT', bodyPart: 'CHEST' }, chestCt, 'centre'],
    ['without case or spaces', { modality: ' ct', bodyPart: 'chest ' }, chestCt, 'centre'],
    ['the centre’s rule of the modality for another body part', { modality: 'CT', bodyPart: 'HEAD' }, anyCt, 'centre'],
    ['the centre’s modality rule when the body part is unknown', { modality: 'CT', bodyPart: null }, anyCt, 'centre'],
  ] as const)('%s', (_, study, want, source) => {
    expect(matchHangingRule([headMr, anyCt, chestCt], study)).toEqual({ rule: want, source });
  });

  it('falls back to the built-in rule of the modality, then to one series alone', () => {
    expect(matchHangingRule([headMr], { modality: 'MR', bodyPart: 'KNEE' })).toEqual({
      rule: FALLBACK_HANGING_RULE,
      source: 'fallback',
    });
    const cr = matchHangingRule([headMr], { modality: 'CR', bodyPart: 'CHEST' });
    expect(cr.source).toBe('built-in');
    expect(cr.rule.layout).toBe('1x2');
    expect(cr.rule.viewports).toEqual([
      { study: 'current', series: 0 },
      { study: 'prior', series: 0 },
    ]);
    expect(matchHangingRule([], { modality: 'DX', bodyPart: null }).rule.viewports[1]).toEqual({
      study: 'prior',
      series: 0,
    });
    expect(matchHangingRule([], { modality: 'CT', bodyPart: 'HEAD' }).rule.viewports).toEqual([
      { study: 'current', series: 0 },
      { study: 'current', series: 1 },
    ]);
    expect(matchHangingRule([anyCt], { modality: null, bodyPart: 'CHEST' }).source).toBe('fallback');
  });

  it('prefers the centre’s modality rule over a built-in one', () => {
    const mine = rule({ modality: 'DX', layout: '1x1' });
    expect(matchHangingRule([mine], { modality: 'DX', bodyPart: 'CHEST' })).toEqual({ rule: mine, source: 'centre' });
  });

  it('has valid built-in rules', () => {
    for (const r of BUILT_IN_HANGING_RULES) expect(hangingRuleSchema.safeParse(r).success).toBe(true);
  });
});

describe('planHanging', () => {
  const [ct, cr] = [BUILT_IN_HANGING_RULES[0]!, BUILT_IN_HANGING_RULES[1]!];

  it('places what exists in the smallest layout that holds it', () => {
    expect(planHanging(ct, { currentSeries: 3, priorSeries: 0 })).toEqual({ layout: '1x2', viewports: ct.viewports });
    expect(planHanging(ct, { currentSeries: 1, priorSeries: 2 })).toEqual({
      layout: '1x1',
      viewports: [{ study: 'current', series: 0 }],
    });
    expect(planHanging(cr, { currentSeries: 1, priorSeries: 1 }).layout).toBe('1x2');
    expect(planHanging(cr, { currentSeries: 1, priorSeries: 0 })).toEqual({
      layout: '1x1',
      viewports: [{ study: 'current', series: 0 }],
    });
    const quad = rule({ layout: '2x2', viewports: [0, 1, 2, 3].map((series) => ({ study: 'current', series })) });
    expect(planHanging(quad, { currentSeries: 3, priorSeries: 0 }).layout).toBe('2x2');
    expect(planHanging(quad, { currentSeries: 0, priorSeries: 0 }).viewports).toEqual([
      { study: 'current', series: 0 },
    ]);
  });

  it('opens MPR only for a volumetric series', () => {
    const mpr = rule({ layout: 'mpr', viewports: [{ study: 'current', series: 1 }] });
    expect(planHanging(mpr, { currentSeries: 2, priorSeries: 0, volumetric: true }).layout).toBe('mpr');
    expect(planHanging(mpr, { currentSeries: 2, priorSeries: 0, volumetric: false })).toEqual({
      layout: '1x1',
      viewports: [{ study: 'current', series: 1 }],
    });
    expect(planHanging(mpr, { currentSeries: 1, priorSeries: 0 }).viewports).toEqual([{ study: 'current', series: 0 }]);
  });
});

describe('hangingRuleSchema', () => {
  it('takes a rule, upper-casing modality and body part', () => {
    expect(hangingRuleSchema.parse(rule({ modality: ' ct ', bodyPart: 'chest' }))).toMatchObject({
      modality: 'CT',
      bodyPart: 'CHEST',
    });
  });
  it.each([
    ['a layout without its viewports', rule({ layout: '1x2' })],
    ['MPR of the prior', rule({ layout: 'mpr', viewports: [{ study: 'prior', series: 0 }] })],
    ['a modality that is no code', rule({ modality: 'C T;' })],
    ['a series place past the limit', rule({ viewports: [{ study: 'current', series: 16 }] })],
    ['another study source', { ...rule({}), viewports: [{ study: 'other', series: 0 }] }],
    ['an unknown field', { ...rule({}), extra: 1 }],
  ])('refuses %s', (_, input) => {
    expect(hangingRuleSchema.safeParse(input).success).toBe(false);
  });
});
