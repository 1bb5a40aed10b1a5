import { describe, expect, it } from '@jest/globals';
import { hangingRuleSchema } from '@rayworks/contracts';
import type { SeriesInfo } from '../cornerstone/wado';
import { imageSeries, ruleOfLayout } from './hanging';

const s = (uid: string, instanceCount: number | null = 10): SeriesInfo => ({
  studyInstanceUid: uid.startsWith('p') ? 'prior' : 'current',
  seriesInstanceUid: uid,
  modality: 'CT',
  description: uid,
  seriesNumber: null,
  instanceCount,
});

describe('hanging protocols in the viewer (issue 25 item 10)', () => {
  it('counts the series with images, in order', () => {
    expect(imageSeries([s('a'), s('sr', 0), s('b'), s('c', null)]).map((x) => x.seriesInstanceUid)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  const current = [s('a'), s('b'), s('c')];
  const prior = [s('p1'), s('p2')];

  it('writes the layout on screen as a valid rule: the current study by place, the prior by place', () => {
    const rule = ruleOfLayout({
      modality: 'cr',
      bodyPart: ' chest',
      layout: '1x2',
      shown: ['b', 'p2'],
      current,
      prior,
    });
    expect(rule).toEqual({
      modality: 'CR',
      bodyPart: 'CHEST',
      layout: '1x2',
      viewports: [
        { study: 'current', series: 1 },
        { study: 'prior', series: 1 },
      ],
    });
    expect(hangingRuleSchema.safeParse(rule).success).toBe(true);
  });

  it('fills an empty viewport with the current series of its place; MPR names one current series', () => {
    const quad = ruleOfLayout({ modality: 'CT', bodyPart: null, layout: '2x2', shown: ['a', null], current, prior });
    expect(quad.viewports).toEqual([
      { study: 'current', series: 0 },
      { study: 'current', series: 1 },
      { study: 'current', series: 2 },
      { study: 'current', series: 2 },
    ]);
    expect(quad.bodyPart).toBe('');
    const mpr = ruleOfLayout({
      modality: 'CT',
      bodyPart: 'HEAD',
      layout: 'mpr',
      shown: ['c', 'c', 'c'],
      current,
      prior,
    });
    expect(mpr.viewports).toEqual([{ study: 'current', series: 2 }]);
    expect(hangingRuleSchema.safeParse(mpr).success).toBe(true);
  });
});
