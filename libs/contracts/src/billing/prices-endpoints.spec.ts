import { describe, expect, it } from '@jest/globals';
import { AMOUNT_REQUIRED_MESSAGE, PROCESSING_FEE_MESSAGE } from '@rayworks/validation';
import { CATALOGUE_ENDPOINTS } from './catalogue-endpoints.js';
import { PRICES_ENDPOINTS } from './prices-endpoints.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

const card = (prices: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'Walk-in',
  validFrom: '2026-04-01',
  prices,
  ...extra,
});

describe('a rate card body', () => {
  it('reads each price row into minor units, a test or a package by code (upper case)', () => {
    const parsed = PRICES_ENDPOINTS.createRateCard.body.parse(
      card([
        { testCode: 'ct-head', price: '1500', holidayPrice: '1800.50', nightPrice: 2000, processingFee: '100' },
        { packageCode: 'FULL_BODY', price: '4999.99', holidayPrice: '4999.99', nightPrice: '4999.99' },
      ]),
    );
    expect(parsed.prices).toEqual([
      {
        itemKind: 'TEST',
        code: 'CT-HEAD',
        prices: { normalMinor: 150000, holidayMinor: 180050, nightMinor: 200000, processingFeeMinor: 10000 },
      },
      {
        itemKind: 'PACKAGE',
        code: 'FULL_BODY',
        prices: { normalMinor: 499999, holidayMinor: 499999, nightMinor: 499999, processingFeeMinor: 0 },
      },
    ]);
    expect(parsed).toMatchObject({ referralId: null, corporateClient: null, validTo: null });
  });

  it("answers the spec's messages word for word, each under its own field", () => {
    const result = PRICES_ENDPOINTS.createRateCard.body.safeParse(
      card([
        { testCode: 'A', price: '100001', holidayPrice: '-1', nightPrice: '', processingFee: '5' },
        { testCode: 'B', price: '100', holidayPrice: '100', nightPrice: '100', processingFee: '100' },
      ]),
    );
    expect(issues(result)).toEqual([
      'prices.0.price: Price should be in Between 0 to 100000',
      'prices.0.holidayPrice: Holiday Price should be in Between 0 to 100000',
      `prices.0.nightPrice: ${AMOUNT_REQUIRED_MESSAGE}`,
      `prices.1.processingFee: ${PROCESSING_FEE_MESSAGE}`,
    ]);
  });

  it('refuses a row naming no item or both, an item priced twice, dates the wrong way and a client of both kinds', () => {
    const row = { price: '1', holidayPrice: '1', nightPrice: '1' };
    expect(issues(PRICES_ENDPOINTS.createRateCard.body.safeParse(card([row])))).toEqual([
      'prices.0.testCode: Give a test code or a package code',
    ]);
    expect(
      issues(PRICES_ENDPOINTS.createRateCard.body.safeParse(card([{ ...row, testCode: 'A', packageCode: 'B' }]))),
    ).toEqual(['prices.0.testCode: Give a test code or a package code']);
    expect(
      issues(
        PRICES_ENDPOINTS.createRateCard.body.safeParse(
          card([
            { ...row, testCode: 'a' },
            { ...row, testCode: 'A' },
          ]),
        ),
      ),
    ).toEqual(['prices.1: A is priced twice']);
    expect(
      issues(
        PRICES_ENDPOINTS.createRateCard.body.safeParse(
          card([], {
            validTo: '2026-03-31',
            referralId: '6f1c1f43-5b0c-4a55-9e3c-7b0d2b6a1e11',
            corporateClient: 'Acme',
          }),
        ),
      ),
    ).toEqual([
      'validTo: Valid To cannot be before Valid From',
      'corporateClient: A rate card is for a referral or a corporate client, not both',
    ]);
  });
});

describe("a centre's billing settings body", () => {
  const centreId = '6f1c1f43-5b0c-4a55-9e3c-7b0d2b6a1e11';
  it('defaults to the Indian clock, no night window, exempt-ready 18% and no discount limits', () => {
    expect(PRICES_ENDPOINTS.updateBillingSettings.body.parse({ centreId })).toEqual({
      centreId,
      timeZone: 'Asia/Kolkata',
      nightWindow: null,
      taxStateCode: null,
      taxRateBasisPoints: 1800,
      discountLimits: [],
    });
  });

  it('refuses an unknown time zone, a night window that ends where it starts, a bad state code, a role twice', () => {
    const bad = PRICES_ENDPOINTS.updateBillingSettings.body.safeParse({
      centreId,
      timeZone: 'Mars/Olympus',
      nightWindow: { start: '22:00', end: '22:00' },
      taxStateCode: '9',
      discountLimits: [
        { roleCode: 'RECEPTIONIST', limitBasisPoints: 500 },
        { roleCode: 'RECEPTIONIST', limitBasisPoints: 900 },
      ],
    });
    expect(issues(bad)).toEqual([
      'timeZone: Time Zone is not valid',
      'nightWindow.end: The night window cannot end where it starts',
      'taxStateCode: Tax State Code should be 2 digits',
      'discountLimits: A role is listed twice',
    ]);
    expect(
      issues(
        PRICES_ENDPOINTS.updateBillingSettings.body.safeParse({
          centreId,
          nightWindow: { start: '24:00', end: '6:00' },
        }),
      ),
    ).toEqual(['nightWindow.start: Please give valid inputs', 'nightWindow.end: Please give valid inputs']);
  });
});

describe('a test body', () => {
  it('keeps a radiology test’s modality (upper case) and drops a lab field, and the other way round', () => {
    expect(
      CATALOGUE_ENDPOINTS.createTest.body.parse({
        code: 'ct-head',
        name: 'CT Head',
        kind: 'RADIOLOGY',
        modality: 'ct',
        bodyPart: 'Head',
        sampleType: 'Blood',
      }),
    ).toEqual({
      code: 'CT-HEAD',
      name: 'CT Head',
      kind: 'RADIOLOGY',
      modality: 'CT',
      bodyPart: 'Head',
      sampleType: null,
      taxable: false,
    });
    expect(
      CATALOGUE_ENDPOINTS.createTest.body.parse({
        code: 'CBC',
        name: 'Complete Blood Count',
        kind: 'LAB',
        modality: 'CT',
        bodyPart: 'Head',
        sampleType: 'Blood',
        taxable: true,
      }),
    ).toMatchObject({ modality: null, bodyPart: null, sampleType: 'Blood', taxable: true });
  });

  it("asks a radiology test for its modality and a lab test for its sample type, in the form's words", () => {
    expect(issues(CATALOGUE_ENDPOINTS.createTest.body.safeParse({ code: 'X', name: 'X', kind: 'RADIOLOGY' }))).toEqual([
      'modality: Modality is required',
    ]);
    expect(issues(CATALOGUE_ENDPOINTS.createTest.body.safeParse({ code: 'X', name: 'X', kind: 'LAB' }))).toEqual([
      'sampleType: Sample Type is required',
    ]);
    expect(
      issues(CATALOGUE_ENDPOINTS.createTest.body.safeParse({ code: 'A B', name: 'X', kind: 'LAB', sampleType: 'S' })),
    ).toEqual(['code: Please give valid inputs']);
  });

  it('asks a package for at least one test, each once', () => {
    expect(issues(CATALOGUE_ENDPOINTS.createPackage.body.safeParse({ code: 'P', name: 'P', testCodes: [] }))).toContain(
      'testCodes: Please select at least one Tests',
    );
    expect(
      issues(CATALOGUE_ENDPOINTS.createPackage.body.safeParse({ code: 'P', name: 'P', testCodes: ['a', 'A'] })),
    ).toEqual(['testCodes: A test is listed twice']);
  });
});
