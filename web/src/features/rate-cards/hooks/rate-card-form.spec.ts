import { describe, expect, it } from '@jest/globals';
import { RATE_CARD_FIELDS, rateCardInputSchema, type RateCard } from '@rayworks/contracts';
import {
  AMOUNT_REQUIRED_MESSAGE,
  amountRangeMessage,
  INVALID_INPUTS_MESSAGE,
  PROCESSING_FEE_MESSAGE,
  requiredMessage,
} from '@rayworks/validation';
import { checkBody, formErrors } from '../../../shared/forms/form-checks';
import {
  clientLabel,
  newPriceRow,
  pricedItems,
  rateCardBody,
  rateCardExtraChecks,
  rateCardValues,
  rupees,
  validityLabel,
  type RateCardValues,
} from './rate-card-form';

const ID = '0190a6b0-7c1e-7000-8000-000000000001';
const FIELDS = Object.values(RATE_CARD_FIELDS);
const card: RateCard = {
  _id: ID,
  name: 'Walk-in 2026',
  referralId: null,
  corporateClient: null,
  validFrom: '2026-04-01',
  validTo: null,
  isActive: true,
  centreIds: [],
  prices: [
    {
      _id: '0190a6b0-7c1e-7000-8000-0000000000a1',
      rateCardId: ID,
      itemKind: 'TEST',
      code: 'CT-HEAD',
      name: 'CT Head',
      normalMinor: 250000,
      holidayMinor: 300050,
      nightMinor: 275000,
      processingFeeMinor: 0,
      currency: 'INR',
      validFrom: '2026-04-01T00:00:00.000Z',
      withdrawn: false,
    },
  ],
  createdAt: '2026-04-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
};
const values = (over: Partial<RateCardValues> = {}): RateCardValues => ({
  ...rateCardValues(undefined, '2026-04-01'),
  name: 'Walk-in',
  ...over,
});
const row = (over: Partial<ReturnType<typeof newPriceRow>> = {}) => ({
  ...newPriceRow({ kind: 'TEST', code: 'CT-HEAD', name: 'CT Head' }),
  price: '2500',
  holidayPrice: '3000.50',
  nightPrice: '2750',
  ...over,
});

describe('the rate card form', () => {
  it('edits a card from its prices in rupees as text (paise never pass through a float)', () => {
    const v = rateCardValues(card);
    expect(v.client).toBe('centre');
    expect(v.prices).toEqual([
      {
        kind: 'TEST',
        code: 'CT-HEAD',
        name: 'CT Head',
        price: '2500.00',
        holidayPrice: '3000.50',
        nightPrice: '2750.00',
        processingFee: '',
      },
    ]);
    expect(pricedItems(v.prices)).toEqual(new Set(['TEST:CT-HEAD']));
    expect(rateCardValues(undefined, '2026-05-02').validFrom).toBe('2026-05-02');
  });

  it("shows spec §5's amount messages under each price row's own field", () => {
    const errors = rateCardExtraChecks(
      values({
        prices: [
          row({ price: '', holidayPrice: '100000.01', nightPrice: 'abc' }),
          row({ code: 'XR-CHEST', price: '500', processingFee: '500' }),
        ],
      }),
    );
    expect(errors).toEqual({
      'prices.0.price': AMOUNT_REQUIRED_MESSAGE,
      'prices.0.holidayPrice': amountRangeMessage('Holiday Price'),
      'prices.0.nightPrice': INVALID_INPUTS_MESSAGE,
      'prices.1.processingFee': PROCESSING_FEE_MESSAGE,
    });
    expect(amountRangeMessage('Holiday Price')).toBe('Holiday Price should be in Between 0 to 100000');
    expect(PROCESSING_FEE_MESSAGE).toBe('Please give Processing fee less than the actual price');
  });

  it('asks for the referral or the corporate client when the card is theirs', () => {
    expect(rateCardExtraChecks(values({ client: 'referral' }))).toEqual({ referralId: requiredMessage('Referral') });
    expect(rateCardExtraChecks(values({ client: 'corporate', corporateClient: ' ' }))).toEqual({
      corporateClient: requiredMessage('Corporate Client'),
    });
    expect(rateCardExtraChecks(values({ client: 'referral', referralId: ID }))).toEqual({});
  });

  it('sends the typed text, which the contract reads into paise exactly', () => {
    const body = rateCardBody(
      values({
        client: 'corporate',
        corporateClient: ' Acme Ltd ',
        referralId: ID,
        prices: [row(), { ...row({ processingFee: '99.99' }), kind: 'PACKAGE', code: 'HEALTH-1', name: 'Health' }],
      }),
    );
    expect(body).toMatchObject({ referralId: null, corporateClient: 'Acme Ltd', validTo: null });
    expect(body.prices?.[1]).toEqual({
      packageCode: 'HEALTH-1',
      price: '2500',
      holidayPrice: '3000.50',
      nightPrice: '2750',
      processingFee: '99.99',
    });
    const checked = checkBody(FIELDS, rateCardInputSchema, body);
    expect(checked.ok).toBe(true);
    if (checked.ok)
      expect(checked.body.prices.map((p) => p.prices)).toEqual([
        { normalMinor: 250000, holidayMinor: 300050, nightMinor: 275000, processingFeeMinor: 0 },
        { normalMinor: 250000, holidayMinor: 300050, nightMinor: 275000, processingFeeMinor: 9999 },
      ]);
  });

  it("keeps the form's own rules: name required, Valid To not before Valid From", () => {
    expect(formErrors(FIELDS, values({ name: '' }), rateCardExtraChecks)).toEqual({
      name: requiredMessage('Rate Card Name'),
    });
    const checked = checkBody(FIELDS, rateCardInputSchema, rateCardBody(values({ validTo: '2026-03-31' })));
    expect(checked).toEqual({ ok: false, errors: { validTo: 'Valid To cannot be before Valid From' } });
  });

  it('names the client, the validity and amounts as the screens show them', () => {
    expect(clientLabel(card)).toBe('Centre default');
    expect(clientLabel({ referralId: ID, corporateClient: null }, 'Dr Mehta')).toBe('Referral: Dr Mehta');
    expect(clientLabel({ referralId: null, corporateClient: 'Acme' })).toBe('Corporate: Acme');
    expect(validityLabel(card, (d) => d)).toBe('from 2026-04-01');
    expect(validityLabel({ validFrom: '2026-04-01', validTo: '2027-03-31' }, (d) => d)).toBe('2026-04-01 – 2027-03-31');
    expect(rupees(300050)).toBe('₹3,000.50');
    expect(rupees(12345678)).toBe('₹1,23,456.78');
  });
});
