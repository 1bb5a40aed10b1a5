import { describe, expect, it } from '@jest/globals';
import {
  BILLING_API,
  PACKAGE_EDIT_FIELDS,
  PACKAGE_FIELDS,
  packageInputSchema,
  type TestPackage,
} from '@rayworks/contracts';
import { requiredMessage, selectAtLeastOneMessage } from '@rayworks/validation';
import { checkBody, formErrors } from '../../../shared/forms/form-checks';
import { packageBody, packageValues, testDetail, testOption, testsSummary } from './package-form';

const ID = '0190a6b0-7c1e-7000-8000-000000000001';
const test = (code: string, kind: 'RADIOLOGY' | 'LAB' = 'LAB') => ({
  _id: ID,
  code,
  name: `${code} test`,
  kind,
  modality: kind === 'RADIOLOGY' ? 'CT' : null,
  bodyPart: kind === 'RADIOLOGY' ? 'Head' : null,
  sampleType: kind === 'LAB' ? 'Blood' : null,
});
const pkg: TestPackage = {
  _id: ID,
  code: 'HEALTH-1',
  name: 'Health Check',
  taxable: false,
  isActive: true,
  tests: [test('CBC'), test('CT-HEAD', 'RADIOLOGY')],
  createdAt: '2026-04-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
};

describe('the package form', () => {
  it('starts from the package, its tests by code in order', () => {
    expect(packageValues(pkg)).toEqual({
      code: 'HEALTH-1',
      name: 'Health Check',
      testCodes: ['CBC', 'CT-HEAD'],
      taxable: false,
    });
    expect(packageValues()).toEqual({ code: '', name: '', testCodes: [], taxable: false });
  });

  it('sends the code only when adding (it names the package for good), and passes the contracts', () => {
    const v = { ...packageValues(pkg), name: ' Health Check+ ', taxable: true };
    expect(packageBody(v, ID)).toEqual({ id: ID, name: 'Health Check+', testCodes: ['CBC', 'CT-HEAD'], taxable: true });
    expect(checkBody(Object.values(PACKAGE_EDIT_FIELDS), BILLING_API.updatePackage.body, packageBody(v, ID)).ok).toBe(
      true,
    );
    const added = checkBody(Object.values(PACKAGE_FIELDS), packageInputSchema, packageBody({ ...v, code: 'health-2' }));
    expect(added).toMatchObject({ ok: true, body: { code: 'HEALTH-2' } });
  });

  it('says what is missing in the rules’ words, and refuses a test listed twice', () => {
    expect(formErrors(Object.values(PACKAGE_FIELDS), packageValues())).toEqual({
      code: requiredMessage('Package Code'),
      name: requiredMessage('Package Name'),
      testCodes: selectAtLeastOneMessage('Tests'),
    });
    const twice = checkBody(Object.values(PACKAGE_FIELDS), packageInputSchema, {
      code: 'P1',
      name: 'P',
      testCodes: ['CBC', 'CBC'],
      taxable: false,
    });
    expect(twice).toEqual({ ok: false, errors: { testCodes: 'A test is listed twice' } });
  });

  it('describes tests as the screens show them', () => {
    expect(testOption(test('CBC'))).toEqual({ value: 'CBC', label: 'CBC · CBC test' });
    expect(testDetail(test('CT-HEAD', 'RADIOLOGY'))).toBe('CT · Head');
    expect(testDetail(test('CBC'))).toBe('Lab · Blood');
    expect(testsSummary(pkg.tests)).toBe('CBC, CT-HEAD');
    expect(testsSummary(['A', 'B', 'C', 'D', 'E'].map((code) => ({ code })))).toBe('A, B, C and 2 more');
  });
});
