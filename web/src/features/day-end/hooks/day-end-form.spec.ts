import { describe, expect, it } from '@jest/globals';
import { AMOUNT_REQUIRED_MESSAGE, INVALID_INPUTS_MESSAGE } from '@rayworks/validation';
import { closeDayBody, closeDayErrors, closingPreview, readCountedCash } from './day-end-form';

const CENTRE = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

describe('the cash counted at the close', () => {
  it('is read from text into whole paise; an empty drawer is 0', () => {
    expect(readCountedCash('4999.50')).toEqual({ minor: 499_950 });
    expect(readCountedCash('0')).toEqual({ minor: 0 });
    expect(readCountedCash('')).toEqual({ error: AMOUNT_REQUIRED_MESSAGE });
    for (const bad of ['-1', 'five', '1,000', '10.005'])
      expect(readCountedCash(bad)).toEqual({ error: INVALID_INPUTS_MESSAGE });
  });

  it('is the only required field; a note is optional and at most 500 characters', () => {
    expect(closeDayErrors({ counted: '', note: '' })).toEqual({ counted: 'Please enter the amount' });
    expect(closeDayErrors({ counted: '100', note: 'x'.repeat(501) })).toEqual({ note: INVALID_INPUTS_MESSAGE });
    expect(closeDayErrors({ counted: '100', note: 'two notes of 50 short' })).toEqual({});
  });

  it('previews the difference the closing records: short, over or balanced (counted − expected)', () => {
    expect(closingPreview('900', 100_000)).toEqual({ countedMinor: 90_000, differenceMinor: -10_000, result: 'SHORT' });
    expect(closingPreview('1000', 100_000)).toEqual({ countedMinor: 100_000, differenceMinor: 0, result: 'BALANCED' });
    expect(closingPreview('1000.25', 100_000)).toMatchObject({ differenceMinor: 25, result: 'OVER' });
    expect(closingPreview('', 100_000)).toBeNull();
  });

  it('is sent in minor units with the centre, its date and the note', () => {
    expect(closeDayBody(CENTRE, '2026-11-28', { counted: '900', note: '  ' })).toEqual({
      centreId: CENTRE,
      date: '2026-11-28',
      countedCashMinor: 90_000,
      note: null,
    });
    expect(closeDayBody(CENTRE, '2026-11-28', { counted: '0', note: ' float kept ' }).note).toBe('float kept');
  });
});
