import { describe, expect, it } from '@jest/globals';
import { validateRateCardPrices } from './rate-card.js';

const row = { price: '1500', holidayPrice: '1800.50', nightPrice: '2000', processingFee: '100' };

describe('validateRateCardPrices', () => {
  it('reads a valid row into paise, nothing rounded', () => {
    expect(validateRateCardPrices(row)).toEqual({
      ok: true,
      prices: { normalMinor: 150000, holidayMinor: 180050, nightMinor: 200000, processingFeeMinor: 10000 },
    });
  });

  it('accepts both ends of 0..100000 and numbers as well as text', () => {
    expect(validateRateCardPrices({ price: 100000, holidayPrice: '0', nightPrice: '100000.00' })).toEqual({
      ok: true,
      prices: { normalMinor: 10000000, holidayMinor: 0, nightMinor: 10000000, processingFeeMinor: 0 },
    });
  });

  it('takes an empty processing fee as no fee', () => {
    for (const processingFee of [undefined, null, '', '  '])
      expect(validateRateCardPrices({ ...row, processingFee })).toMatchObject({
        ok: true,
        prices: { processingFeeMinor: 0 },
      });
  });

  it('asks for each empty price', () => {
    expect(validateRateCardPrices({ price: '', holidayPrice: ' ', nightPrice: null })).toEqual({
      ok: false,
      errors: {
        price: 'Please enter the amount',
        holidayPrice: 'Please enter the amount',
        nightPrice: 'Please enter the amount',
      },
    });
  });

  it('names each price outside 0..100000 in the spec words', () => {
    expect(validateRateCardPrices({ price: '100000.01', holidayPrice: '-1', nightPrice: 100001 })).toEqual({
      ok: false,
      errors: {
        price: 'Price should be in Between 0 to 100000',
        holidayPrice: 'Holiday Price should be in Between 0 to 100000',
        nightPrice: 'Night Price should be in Between 0 to 100000',
      },
    });
  });

  it('refuses what is not an amount, including a third decimal and a float sum', () => {
    expect(validateRateCardPrices({ ...row, holidayPrice: '1800.505', nightPrice: 0.1 + 0.2 })).toEqual({
      ok: false,
      errors: { holidayPrice: 'Please give valid inputs', nightPrice: 'Please give valid inputs' },
    });
    expect(validateRateCardPrices({ ...row, processingFee: 'ten' })).toEqual({
      ok: false,
      errors: { processingFee: 'Please give valid inputs' },
    });
  });

  it('refuses a processing fee not below the price', () => {
    for (const processingFee of ['1500', '1500.01', 2000])
      expect(validateRateCardPrices({ ...row, processingFee })).toEqual({
        ok: false,
        errors: { processingFee: 'Please give Processing fee less than the actual price' },
      });
    expect(validateRateCardPrices({ ...row, processingFee: '1499.99' }).ok).toBe(true);
  });

  it('refuses a negative processing fee', () => {
    expect(validateRateCardPrices({ ...row, processingFee: '-5' })).toEqual({
      ok: false,
      errors: { processingFee: 'Processing Fee should be in Between 0 to 100000' },
    });
  });

  it('reports the price, not the fee, when the price itself is wrong', () => {
    expect(validateRateCardPrices({ ...row, price: 'abc', processingFee: '100' })).toEqual({
      ok: false,
      errors: { price: 'Please give valid inputs' },
    });
  });
});
