import { describe, expect, it } from '@jest/globals';
import { BILLING_API, TEST_EDIT_FIELDS, TEST_FIELDS, testInputSchema, type BillableTest } from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import { checkBody, formErrors } from '../../../shared/forms/form-checks';
import { ordersLabel, testBody, testValues } from './test-form';

const ID = '0190a6b0-7c1e-7000-8000-000000000001';
const FIELDS = Object.values(TEST_FIELDS);
const ct: BillableTest = {
  _id: ID,
  code: 'CT-HEAD',
  name: 'CT Head',
  kind: 'RADIOLOGY',
  modality: 'CT',
  bodyPart: 'Head',
  sampleType: null,
  taxable: false,
  isActive: true,
  createdAt: '2026-04-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
};

describe('the test form', () => {
  it('sends the code only when adding, and the contract keeps only the kind’s own fields', () => {
    const v = {
      ...testValues(),
      code: 'ct-chest',
      name: ' CT Chest ',
      kind: 'RADIOLOGY' as const,
      modality: 'ct',
      sampleType: 'Blood',
    };
    const added = checkBody(FIELDS, testInputSchema, testBody(v));
    expect(added).toEqual({
      ok: true,
      body: {
        code: 'CT-CHEST',
        name: 'CT Chest',
        kind: 'RADIOLOGY',
        modality: 'CT',
        bodyPart: null,
        sampleType: null,
        taxable: false,
      },
    });
    expect(testBody(testValues(ct), ID)).toMatchObject({ id: ID, name: 'CT Head', modality: 'CT' });
    expect('code' in testBody(testValues(ct), ID)).toBe(false);
    expect(
      checkBody(Object.values(TEST_EDIT_FIELDS), BILLING_API.updateTest.body, testBody(testValues(ct), ID)).ok,
    ).toBe(true);
  });

  it("asks for what the kind needs in the rules' words", () => {
    expect(formErrors(FIELDS, testValues())).toEqual({
      code: requiredMessage('Test Code'),
      name: requiredMessage('Test Name'),
      kind: requiredMessage('Test Type'),
    });
    const lab = { ...testValues(), code: 'CBC', name: 'CBC', kind: 'LAB' as const };
    expect(checkBody(FIELDS, testInputSchema, testBody(lab))).toEqual({
      ok: false,
      errors: { sampleType: requiredMessage('Sample Type') },
    });
    const study = { ...lab, kind: 'RADIOLOGY' as const };
    expect(checkBody(FIELDS, testInputSchema, testBody(study))).toEqual({
      ok: false,
      errors: { modality: requiredMessage('Modality') },
    });
  });

  it('says what a test orders', () => {
    expect(ordersLabel(ct)).toBe('CT · Head');
    expect(ordersLabel({ ...ct, kind: 'LAB', modality: null, bodyPart: null, sampleType: 'Urine' })).toBe('Urine');
  });
});
