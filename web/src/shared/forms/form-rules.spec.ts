import { describe, expect, it } from '@jest/globals';
import {
  ADD_CENTRE_TO_GROUP_FIELDS,
  AUTH_API,
  CENTER_FIELDS,
  DEPARTMENT_FIELDS,
  DOCTOR_FIELDS,
  formFieldsWithout,
  GROUP_FIELDS,
  REFERRAL_FIELDS,
  ROLE_FIELDS,
  SPECIALIZATION_FIELDS,
  SUB_DEPARTMENT_FIELDS,
  USER_FIELDS,
} from '@rayworks/contracts';
import {
  invalidEmailMessage,
  maxLengthMessage,
  minLengthMessage,
  notValidMessage,
  exactDigitsMessage,
  PHONE_ALL_ZEROS_MESSAGE,
  PIN_ALL_ZEROS_MESSAGE,
  regexKindMessage,
  requiredMessage,
  type FormFieldDefinition,
} from '@rayworks/validation';
import { formErrors } from './form-checks';

/**
 * One table of cases, run against the console's check of a form (formErrors: what the form shows on blur and on
 * submit) and against the server's body schema of the same form (AUTH_API, what the service's 400 reports): the
 * same field, the same spec §5 message. Each case is a valid body with one field made bad.
 */
const ID = '0190a6b0-7c1e-7000-8000-000000000001';
const forms = {
  group: { fields: GROUP_FIELDS, endpoint: AUTH_API.createGroup, valid: { name: 'Metro Scans', code: 'MS01' } },
  groupEdit: {
    fields: GROUP_FIELDS,
    endpoint: AUTH_API.updateGroup,
    valid: { id: ID, name: 'Metro Scans', code: 'MS01' },
  },
  centre: { fields: CENTER_FIELDS, endpoint: AUTH_API.createCentre, valid: { name: 'Metro Bandra', code: 'MB01' } },
  user: {
    fields: USER_FIELDS,
    endpoint: AUTH_API.createUser,
    valid: { loginName: 'riya.k', firstName: 'Riya', lastName: 'Kapoor', email: 'riya@example.com', roleID: ID },
  },
  userEdit: {
    fields: formFieldsWithout(USER_FIELDS, 'loginName'),
    endpoint: AUTH_API.updateUser,
    valid: { id: ID, firstName: 'Riya', lastName: 'Kapoor', email: 'riya@example.com', roleID: ID },
  },
  doctor: { fields: DOCTOR_FIELDS, endpoint: AUTH_API.createDoctor, valid: { firstName: 'Aditi', lastName: 'Rao' } },
  referral: {
    fields: REFERRAL_FIELDS,
    endpoint: AUTH_API.createReferral,
    valid: { name: 'City Clinic', providerType: 'External' },
  },
  department: {
    fields: DEPARTMENT_FIELDS,
    endpoint: AUTH_API.createDepartment,
    valid: { name: 'Radiology', code: 'RAD' },
  },
  subDepartment: {
    fields: SUB_DEPARTMENT_FIELDS,
    endpoint: AUTH_API.createSubDepartment,
    valid: { departmentID: ID, subDepartmentName: 'Neuro CT', subDepartmentCode: 'NCT' },
  },
  role: {
    fields: ROLE_FIELDS,
    endpoint: AUTH_API.createRole,
    valid: { name: 'Front Desk', roleCode: 'RECEPTIONIST', privileges: { DOCTOR: ['VIEW'] } },
  },
  addCentreToGroup: {
    fields: ADD_CENTRE_TO_GROUP_FIELDS,
    endpoint: AUTH_API.addCentreToGroup,
    valid: { groupID: ID, centerID: ID },
  },
  specialization: {
    fields: SPECIALIZATION_FIELDS,
    endpoint: AUTH_API.setSpecialization,
    valid: { specialization: ['Neuroradiology'], qualificationName: 'MD Radiology' },
  },
} as const;
type FormName = keyof typeof forms;

const CASES: Array<[form: FormName, field: string, value: unknown, message: string]> = [
  ['group', 'name', '', requiredMessage('Group Name')],
  ['group', 'name', '   ', requiredMessage('Group Name')],
  ['group', 'name', 'x'.repeat(121), maxLengthMessage('Group Name', 120)],
  ['group', 'code', 'M', minLengthMessage('Group Code', 2)],
  // Today's contract took dashes and underscores in codes; the spec's rule says alphanumeric.
  ['group', 'code', 'MS-01', regexKindMessage('Group Code', 'alphanumeric')],
  ['group', 'email', 'not-an-email', invalidEmailMessage('Email')],
  ['group', 'phoneNumber', '0000000000', PHONE_ALL_ZEROS_MESSAGE],
  ['group', 'phoneNumber', '12345', notValidMessage('Phone Number')],
  // Today's contract took any city; the form's rule says alphabets.
  ['group', 'city', 'Pune42', regexKindMessage('City', 'alphabets')],
  ['groupEdit', 'code', '', requiredMessage('Group Code')],
  ['centre', 'name', undefined, requiredMessage('Center Name')],
  ['centre', 'pinCode', '000000', PIN_ALL_ZEROS_MESSAGE],
  ['centre', 'pinCode', '4000', exactDigitsMessage('PIN Code', 6)],
  // Today's contract took a PIN starting with 0; an Indian PIN starts 1-9.
  ['centre', 'pinCode', '012345', notValidMessage('PIN Code')],
  ['centre', 'address', 'a'.repeat(301), maxLengthMessage('Address', 300)],
  ['centre', 'state', 'Maha rashtra 2', regexKindMessage('State', 'alphabets')],
  ['user', 'loginName', 'ab', minLengthMessage('Login Name', 3)],
  ['user', 'firstName', 'R2D2', regexKindMessage('First Name', 'alphabets')],
  ['user', 'email', '', requiredMessage('Email')],
  ['user', 'email', 'riya@', invalidEmailMessage('Email')],
  ['user', 'roleID', null, requiredMessage('Role')],
  ['userEdit', 'lastName', '', requiredMessage('Last Name')],
  ['doctor', 'lastName', undefined, requiredMessage('Last Name')],
  ['doctor', 'registrationNumber', 'MH/123', regexKindMessage('Registration Number', 'alphanumeric')],
  ['referral', 'providerType', null, requiredMessage('Provider Type')],
  ['referral', 'commissionPercent', '1.2.3', regexKindMessage('Commission (%)', 'decimals')],
  ['department', 'code', 'RAD-1', regexKindMessage('Department Code', 'alphanumeric')],
  ['subDepartment', 'subDepartmentName', '', requiredMessage('Sub-department Name')],
  ['role', 'name', '', requiredMessage('Role Name')],
  ['role', 'description', 'd'.repeat(301), maxLengthMessage('Description', 300)],
  ['addCentreToGroup', 'centerID', null, requiredMessage('Center')],
  ['specialization', 'qualificationName', 'q'.repeat(121), maxLengthMessage('Qualification', 120)],
];

const consoleErrors = (fields: Readonly<Record<string, FormFieldDefinition>>, values: Record<string, unknown>) =>
  formErrors(Object.values(fields), values);

describe('one table of form cases, for the console and the server alike (spec §5)', () => {
  it.each(Object.keys(forms) as FormName[])('%s: the valid body passes both', (name) => {
    const { fields, endpoint, valid } = forms[name];
    expect(consoleErrors(fields, valid)).toEqual({});
    expect(endpoint.body.safeParse(valid).success).toBe(true);
  });

  it.each(CASES)('%s.%s = %j → %s', (name, field, value, message) => {
    const { fields, endpoint, valid } = forms[name];
    const values: Record<string, unknown> = { ...valid };
    if (value === undefined) delete values[field];
    else values[field] = value;

    expect(consoleErrors(fields, values)).toEqual({ [field]: message });

    const parsed = endpoint.body.safeParse(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([
      { path: [field], message },
    ]);
  });

  it('reports every failing field of a body at once, in both places', () => {
    const values = { name: '', code: 'M', phoneNumber: '0000000000' };
    const expected = {
      name: requiredMessage('Group Name'),
      code: minLengthMessage('Group Code', 2),
      phoneNumber: PHONE_ALL_ZEROS_MESSAGE,
    };
    expect(consoleErrors(GROUP_FIELDS, values)).toEqual(expected);
    const parsed = AUTH_API.createGroup.body.safeParse(values);
    expect(Object.fromEntries(parsed.error!.issues.map((i) => [String(i.path[0]), i.message]))).toEqual(expected);
  });

  it('checks structure only once the rules pass: a bad id is "Please give valid inputs"', () => {
    const parsed = AUTH_API.updateGroup.body.safeParse({ id: 'not-an-id', name: 'Metro Scans', code: 'MS01' });
    expect(parsed.error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([
      { path: ['id'], message: 'Please give valid inputs' },
    ]);
  });

  it('the commission goes to the server in basis points: whole, 0..10000 (docs/decisions/0079)', () => {
    const parse = (commissionBasisPoints: unknown) =>
      AUTH_API.createReferral.body.safeParse({ ...forms.referral.valid, commissionBasisPoints });
    expect(parse(1250).success).toBe(true);
    for (const bad of [15000, 12.5, -1])
      expect(parse(bad).error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([
        { path: ['commissionBasisPoints'], message: 'Please give valid inputs' },
      ]);
  });
});
