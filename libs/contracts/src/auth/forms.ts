import { z } from 'zod';
import { validateForm, type FormFieldDefinition } from '@rayworks/validation';

// The auth service's forms as spec §3 form field definitions: the console renders and validates each form from
// these (web/src/shared/forms), and the contract's body schema of the same form runs the same rules on the server
// (formBody), so both give spec §5's message for a field, word for word (docs/decisions/0047).

// Definitions more than one form shares (the label, rules and field name are the same wherever they appear).
const nameField = (label: string) => ({ type: 'text', label, value: 'name', mandatory: true, maxLen: 120 }) as const;
const codeField = (label: string) =>
  ({ type: 'text', label, value: 'code', mandatory: true, minLen: 2, maxLen: 20, regex: 'alphanumeric' }) as const;
const EMAIL_FIELD = { type: 'email', label: 'Email', value: 'email', maxLen: 200 } as const;
const CONTACT_FIELDS = {
  email: EMAIL_FIELD,
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel' },
} as const satisfies Record<string, FormFieldDefinition>;
const CITY_FIELD = { type: 'text', label: 'City', value: 'city', maxLen: 80, regex: 'alphabets' } as const;
const STATE_FIELD = { type: 'text', label: 'State', value: 'state', maxLen: 80, regex: 'alphabets' } as const;
const PERSON_NAME_FIELDS = {
  firstName: {
    type: 'text',
    label: 'First Name',
    value: 'firstName',
    mandatory: true,
    maxLen: 120,
    regex: 'alphabets',
  },
  lastName: { type: 'text', label: 'Last Name', value: 'lastName', mandatory: true, maxLen: 120, regex: 'alphabets' },
} as const satisfies Record<string, FormFieldDefinition>;

export const GROUP_FIELDS = {
  name: nameField('Group Name'),
  code: codeField('Group Code'),
  ...CONTACT_FIELDS,
  city: CITY_FIELD,
  state: STATE_FIELD,
} as const satisfies Record<string, FormFieldDefinition>;

export const CENTER_FIELDS = {
  name: nameField('Center Name'),
  code: codeField('Center Code'),
  ...CONTACT_FIELDS,
  address: { type: 'textarea', label: 'Address', value: 'address', maxLen: 300 },
  city: CITY_FIELD,
  state: STATE_FIELD,
  pinCode: { type: 'pin', label: 'PIN Code', value: 'pinCode' },
} as const satisfies Record<string, FormFieldDefinition>;

export const USER_FIELDS = {
  loginName: { type: 'text', label: 'Login Name', value: 'loginName', mandatory: true, minLen: 3, maxLen: 60 },
  ...PERSON_NAME_FIELDS,
  email: { ...EMAIL_FIELD, mandatory: true },
  phoneNumber: CONTACT_FIELDS.phoneNumber,
  roleID: { type: 'select', label: 'Role', value: 'roleID', mandatory: true },
} as const satisfies Record<string, FormFieldDefinition>;

/**
 * The platform operator's new company with its first administrator (/companies/add, docs/decisions/0085): the
 * company's name and code, and the administrator's login name, names and e-mail (the temporary password goes to
 * that e-mail, as for every new user).
 */
export const COMPANY_FIELDS = {
  name: nameField('Company Name'),
  code: codeField('Company Code'),
  adminLoginName: { ...USER_FIELDS.loginName, label: 'Administrator Login Name', value: 'adminLoginName' },
  adminFirstName: { ...PERSON_NAME_FIELDS.firstName, label: 'Administrator First Name', value: 'adminFirstName' },
  adminLastName: { ...PERSON_NAME_FIELDS.lastName, label: 'Administrator Last Name', value: 'adminLastName' },
  adminEmail: { ...EMAIL_FIELD, mandatory: true, label: 'Administrator Email', value: 'adminEmail' },
} as const satisfies Record<string, FormFieldDefinition>;

export const DOCTOR_FIELDS = {
  ...PERSON_NAME_FIELDS,
  ...CONTACT_FIELDS,
  qualificationName: { type: 'text', label: 'Qualification', value: 'qualificationName', maxLen: 120 },
  specialization: { type: 'text', label: 'Specialization', value: 'specialization', maxLen: 120 },
  registrationNumber: {
    type: 'text',
    label: 'Registration Number',
    value: 'registrationNumber',
    maxLen: 60,
    regex: 'alphanumeric',
  },
} as const satisfies Record<string, FormFieldDefinition>;

/** Provider kinds of a referral (spec §9). */
export const PROVIDER_TYPES = ['Internal', 'External'] as const;

export const REFERRAL_FIELDS = {
  name: nameField('Referral Name'),
  providerType: { type: 'select', label: 'Provider Type', value: 'providerType', mandatory: true },
  hospitalName: { type: 'text', label: 'Hospital Name', value: 'hospitalName', maxLen: 160 },
  ...CONTACT_FIELDS,
  city: CITY_FIELD,
  commissionPercent: {
    type: 'text',
    label: 'Commission (%)',
    value: 'commissionPercent',
    maxLen: 6,
    regex: 'decimals',
  },
} as const satisfies Record<string, FormFieldDefinition>;

export const DEPARTMENT_FIELDS = {
  name: nameField('Department Name'),
  code: { type: 'text', label: 'Department Code', value: 'code', mandatory: true, maxLen: 20, regex: 'alphanumeric' },
} as const satisfies Record<string, FormFieldDefinition>;

export const SUB_DEPARTMENT_FIELDS = {
  subDepartmentName: {
    type: 'text',
    label: 'Sub-department Name',
    value: 'subDepartmentName',
    mandatory: true,
    maxLen: 120,
  },
  subDepartmentCode: {
    type: 'text',
    label: 'Sub-department Code',
    value: 'subDepartmentCode',
    mandatory: true,
    maxLen: 20,
    regex: 'alphanumeric',
  },
} as const satisfies Record<string, FormFieldDefinition>;

export const ROLE_FIELDS = {
  name: nameField('Role Name'),
  roleCode: { type: 'select', label: 'Role Type', value: 'roleCode', mandatory: true },
  description: { type: 'textarea', label: 'Description', value: 'description', maxLen: 300 },
} as const satisfies Record<string, FormFieldDefinition>;

/** Adding a centre to a group (/addcenter-groups). */
export const ADD_CENTRE_TO_GROUP_FIELDS = {
  groupID: { type: 'select', label: 'Group', value: 'groupID', mandatory: true },
  centerID: { type: 'select', label: 'Center', value: 'centerID', mandatory: true },
} as const satisfies Record<string, FormFieldDefinition>;

/** The profile's specializations (/profile/specialization): the tags are limited by the input itself. */
export const SPECIALIZATION_FIELDS = {
  qualificationName: { type: 'text', label: 'Qualification', value: 'qualificationName', maxLen: 120 },
} as const satisfies Record<string, FormFieldDefinition>;

/** A form's definitions without some of its fields (e.g. the user form when editing: no login name). */
export function formFieldsWithout<F extends Record<string, FormFieldDefinition>, K extends keyof F>(
  fields: F,
  ...names: K[]
): Omit<F, K> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name as K))) as Omit<F, K>;
}

/**
 * The body schema of a form: first the form's dynamic-form rules (libs/validation validateForm) on the body as sent,
 * each failing field an issue at its name with spec §5's message; only when they all pass, `schema` (types, ids,
 * normalisation such as trimming, and the structural checks a form field cannot express, whose message is
 * 'Please give valid inputs'). The generated OpenAPI documents `schema`.
 */
export function formBody<S extends z.ZodType>(
  fields: Readonly<Record<string, FormFieldDefinition>>,
  schema: S,
): z.ZodType<z.output<S>, z.input<S>> {
  const definitions = Object.values(fields);
  // The OpenAPI document describes each form field by its rules.
  const documented =
    schema instanceof z.ZodObject
      ? schema.extend(
          Object.fromEntries(
            definitions
              .filter((f) => f.value in schema.shape)
              .map((f) => [f.value, (schema.shape[f.value] as z.ZodType).describe(describeRules(f))]),
          ),
        )
      : schema;
  return z.preprocess((body, ctx) => {
    const values =
      body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    for (const [field, message] of Object.entries(validateForm(definitions, values)))
      ctx.addIssue({ code: 'custom', path: [field], message, input: values[field] });
    return body;
  }, documented) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

/** A field's rules in words, e.g. "Group Code: required; 2 to 20 characters; alphanumeric (spec §5 form rules)". */
export function describeRules(field: FormFieldDefinition): string {
  const rules: string[] = [field.mandatory ? 'required' : 'optional'];
  if (field.type === 'email') rules.push('an e-mail address');
  if (field.type === 'phone') rules.push('a 10-digit mobile number starting 6-9, not all zeros');
  if (field.type === 'pin') rules.push('a 6-digit PIN code starting 1-9');
  if (field.type === 'select') rules.push(field.isMulti ? 'one or more options' : 'one option');
  if (field.minLen !== undefined && field.maxLen !== undefined)
    rules.push(`${field.minLen} to ${field.maxLen} characters`);
  else if (field.maxLen !== undefined) rules.push(`at most ${field.maxLen} characters`);
  else if (field.minLen !== undefined) rules.push(`at least ${field.minLen} characters`);
  if (field.regex !== undefined) rules.push(field.regex);
  return `${field.label}: ${rules.join('; ')} (spec §5 form rules)`;
}
