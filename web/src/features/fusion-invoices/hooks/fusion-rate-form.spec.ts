import { describe, expect, it } from '@jest/globals';
import type { FusionRate } from '@rayworks/contracts';
import { AMOUNT_REQUIRED_MESSAGE, INVALID_INPUTS_MESSAGE } from '@rayworks/validation';
import {
  createRateBody,
  emptyRateValues,
  EVERY_CLIENT,
  fusionRateErrors,
  rateVersionValues,
  updateRateBody,
  type FusionRateValues,
} from './fusion-rate-form';

const HUB = '00000000-0000-4000-8000-0000000000a2';
const CLIENT = '00000000-0000-4000-8000-0000000000b2';
const values = (over: Partial<FusionRateValues> = {}): FusionRateValues => ({
  ...emptyRateValues('2026-12-01'),
  fusionCentreId: HUB,
  modality: 'ct',
  rate: '450',
  ...over,
});

describe('a fusion rate’s form', () => {
  it("takes a rate of 0 to 100000 with spec §5's words", () => {
    expect(fusionRateErrors(values(), false)).toEqual({});
    expect(fusionRateErrors(values({ rate: '' }), false)).toEqual({ rate: AMOUNT_REQUIRED_MESSAGE });
    expect(fusionRateErrors(values({ rate: '100000.01' }), false)).toEqual({
      rate: 'Rate should be in Between 0 to 100000',
    });
    expect(fusionRateErrors(values({ rate: '4,50' }), false)).toEqual({ rate: INVALID_INPUTS_MESSAGE });
  });

  it('needs the hub’s centre, a modality code and the first day', () => {
    expect(fusionRateErrors(values({ fusionCentreId: null, modality: ' ', validFrom: '' }), false)).toEqual({
      fusionCentreId: 'Fusion Centre is required',
      modality: 'Modality is required',
      validFrom: 'Valid From is required',
    });
    expect(fusionRateErrors(values({ modality: 'C T' }), false).modality).toBe(INVALID_INPUTS_MESSAGE);
    // a new version changes only the amount and the day
    expect(fusionRateErrors(values({ fusionCentreId: null, modality: '' }), true)).toEqual({});
  });

  it('sends the rate in minor units, the modality upper-case, every client centre as null', () => {
    expect(createRateBody(values({ rate: '450.50' }))).toEqual({
      fusionCentreId: HUB,
      clientCentreId: null,
      modality: 'CT',
      rateMinor: 45_050,
      validFrom: '2026-12-01',
    });
    expect(createRateBody(values({ clientCentreId: CLIENT })).clientCentreId).toBe(CLIENT);
  });

  it('makes a new version from the rate in force, with the version read', () => {
    const rate = {
      _id: '00000000-0000-4000-8000-0000000000c1',
      version: 2,
      fusionCentreId: HUB,
      clientCentreId: null,
      modality: 'MR',
      current: { rateMinor: 60_000, currency: 'INR' },
    } as unknown as FusionRate;
    const next = rateVersionValues(rate, '2027-01-01');
    expect(next).toMatchObject({ clientCentreId: EVERY_CLIENT, modality: 'MR', rate: '600.00' });
    expect(updateRateBody(rate, { ...next, rate: '650' })).toEqual({
      id: rate._id,
      version: 2,
      rateMinor: 65_000,
      validFrom: '2027-01-01',
    });
  });
});
