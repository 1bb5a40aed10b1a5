import { describe, expect, it } from '@jest/globals';
import { ANALYZER_MESSAGES } from '@rayworks/contracts';
import { matchResult, type MatchInputs } from './result-matching.js';

const sample = { sampleId: 's1', barcode: 'L000000001', orders: new Map([['CBC', 'o1']]) };
const input = (over: Partial<MatchInputs>): MatchInputs => ({
  barcode: 'L000000001',
  analyzerCode: 'HGB',
  value: '13.5',
  sample,
  code: { testCode: 'CBC', parameterCode: 'HGB' },
  limits: { possibleMin: '0', possibleMax: '25' },
  ...over,
});

describe('matchResult', () => {
  it('matches a known barcode and code to the order of the mapped test', () => {
    expect(matchResult(input({}))).toEqual({
      status: 'MATCHED',
      reason: null,
      note: null,
      sampleId: 's1',
      labOrderId: 'o1',
      testCode: 'CBC',
      parameterCode: 'HGB',
    });
  });

  it('keeps what it cannot place waiting, saying why', () => {
    expect(matchResult(input({ sample: undefined }))).toMatchObject({
      status: 'UNMATCHED',
      reason: 'UNKNOWN_BARCODE',
      note: ANALYZER_MESSAGES.unknownBarcode('L000000001'),
      sampleId: null,
    });
    expect(matchResult(input({ code: undefined }))).toMatchObject({
      status: 'UNMATCHED',
      reason: 'UNKNOWN_CODE',
      sampleId: 's1',
      labOrderId: null,
    });
    expect(matchResult(input({ code: { testCode: 'LFT', parameterCode: 'ALT' } }))).toMatchObject({
      status: 'UNMATCHED',
      reason: 'NO_ORDER',
      note: ANALYZER_MESSAGES.noOrderForTest('LFT'),
    });
  });

  it('refuses a number outside the possible range, limits inside, and leaves text and unknown limits alone', () => {
    expect(matchResult(input({ value: '25.01' }))).toMatchObject({
      status: 'REFUSED',
      reason: 'OUT_OF_POSSIBLE_RANGE',
      labOrderId: 'o1',
      note: ANALYZER_MESSAGES.outsidePossibleRange('25.01', 'HGB (CBC)', '0', '25'),
    });
    expect(matchResult(input({ value: '-0.1' })).status).toBe('REFUSED');
    expect(matchResult(input({ value: '25.000' })).status).toBe('MATCHED');
    expect(matchResult(input({ value: '0' })).status).toBe('MATCHED');
    expect(matchResult(input({ value: 'Clear' })).status).toBe('MATCHED');
    expect(matchResult(input({ value: '9999', limits: null })).status).toBe('MATCHED');
    expect(matchResult(input({ value: '9999', limits: { possibleMin: '0', possibleMax: null } })).status).toBe(
      'MATCHED',
    );
  });
});
