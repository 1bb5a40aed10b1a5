import { describe, expect, it } from '@jest/globals';
import { BILLING_API, HOLIDAY_FIELDS, type CentreBillingSettings } from '@rayworks/contracts';
import { requiredMessage, selectAtLeastOneMessage } from '@rayworks/validation';
import { checkBody, formErrors } from '../../../shared/forms/form-checks';
import {
  calendarYears,
  clockBody,
  clockErrors,
  clockValues,
  holidayBody,
  holidayDay,
  holidayValues,
  NIGHT_WINDOW_HALF,
  nightLabel,
  yearRange,
} from './calendar-form';

const CENTRE = '0190a6b0-7c1e-7000-8000-000000000001';
const settings: CentreBillingSettings = {
  centreId: CENTRE,
  timeZone: 'Asia/Kolkata',
  nightWindow: { start: '22:00', end: '06:00' },
  taxStateCode: '27',
  taxRateBasisPoints: 1800,
  discountLimits: [{ roleCode: 'RECEPTIONIST', limitBasisPoints: 1000 }],
  saved: true,
  updatedAt: '2026-04-01T00:00:00.000Z',
};

describe('the holiday form', () => {
  it('starts at the chosen centre and sends the trimmed name', () => {
    expect(holidayValues(CENTRE)).toEqual({ date: '', name: '', centreIds: [CENTRE] });
    expect(holidayBody({ date: '2026-01-26', name: ' Republic Day ', centreIds: [CENTRE] })).toEqual({
      date: '2026-01-26',
      name: 'Republic Day',
      centreIds: [CENTRE],
    });
  });

  it("says what is missing in the rules' words and passes the contract when complete", () => {
    expect(formErrors(Object.values(HOLIDAY_FIELDS), holidayValues(null))).toEqual({
      date: requiredMessage('Holiday Date'),
      name: requiredMessage('Holiday Name'),
      centreIds: selectAtLeastOneMessage('Centers'),
    });
    const body = holidayBody({ date: '2026-01-26', name: 'Republic Day', centreIds: [CENTRE] });
    expect(checkBody(Object.values(HOLIDAY_FIELDS), BILLING_API.createHoliday.body, body).ok).toBe(true);
  });

  it('shows a holiday as its calendar day, whatever the reader’s zone, and filters by year', () => {
    expect(holidayDay('2026-01-26')).toBe('Mon, 26 Jan 2026');
    expect(yearRange(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(calendarYears(2026)).toEqual([2025, 2026, 2027, 2028]);
  });
});

describe("the centre's clock", () => {
  it('sends the whole settings back, the roles’ discount limits as they were', () => {
    const v = { ...clockValues(settings), nightStart: '21:30', taxRatePercent: '12.5' };
    expect(clockValues(settings)).toMatchObject({ taxRatePercent: '18', nightEnd: '06:00' });
    expect(clockBody(settings, v)).toEqual({
      centreId: CENTRE,
      timeZone: 'Asia/Kolkata',
      nightWindow: { start: '21:30', end: '06:00' },
      taxStateCode: '27',
      taxRateBasisPoints: 1250,
      discountLimits: settings.discountLimits,
    });
    expect(clockErrors(settings, v)).toEqual({});
    expect(clockBody(settings, { ...v, nightStart: '', nightEnd: '', taxStateCode: '' })).toMatchObject({
      nightWindow: null,
      taxStateCode: null,
    });
  });

  it('puts each problem under its field, in the contract’s words', () => {
    const v = clockValues(settings);
    expect(clockErrors(settings, { ...v, nightEnd: '' })).toEqual({ nightEnd: NIGHT_WINDOW_HALF });
    expect(clockErrors(settings, { ...v, nightEnd: '22:00' })).toEqual({
      nightEnd: 'The night window cannot end where it starts',
    });
    expect(clockErrors(settings, { ...v, timeZone: 'Mars/Olympus' })).toEqual({ timeZone: 'Time Zone is not valid' });
    expect(clockErrors(settings, { ...v, taxStateCode: '2A' })).toEqual({
      taxStateCode: 'Tax State Code should be 2 digits',
    });
    expect(clockErrors(settings, { ...v, taxRatePercent: 'abc' })).toEqual({
      taxRatePercent: 'Please give valid inputs',
    });
    expect(clockErrors(settings, { ...v, timeZone: ' ' })).toMatchObject({ timeZone: requiredMessage('Time Zone') });
  });

  it('names the night window, one across midnight ending the next day', () => {
    expect(nightLabel(settings)).toBe('22:00 – 06:00 (next day)');
    expect(nightLabel({ nightWindow: { start: '01:00', end: '05:00' } })).toBe('01:00 – 05:00');
    expect(nightLabel({ nightWindow: null })).toBe('No night prices');
  });
});
