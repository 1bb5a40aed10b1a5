import type { FormFieldDefinition } from '@rayworks/validation';
import { REGISTRATION_ITEM_KINDS } from '../events/events.js';

/**
 * What a billable test is (docs/decisions/0248): a radiology study (cases opens its case) or a lab test (the LIMS
 * collects its sample) — the kinds a registration's items carry.
 */
export const TEST_KINDS = REGISTRATION_ITEM_KINDS;
export type TestKind = (typeof TEST_KINDS)[number];

/**
 * The test form (`/tests/add`, `/tests/edit/{id}`): the console renders and checks it from these, and the contract's
 * body runs the same rules on the server (formBody). A radiology test names its modality (and may name a body part),
 * a lab test its sample type; the other kind's fields are dropped.
 */
export const TEST_FIELDS = {
  code: { type: 'text', label: 'Test Code', value: 'code', mandatory: true, maxLen: 20 },
  name: { type: 'text', label: 'Test Name', value: 'name', mandatory: true, maxLen: 120 },
  kind: { type: 'select', label: 'Test Type', value: 'kind', mandatory: true },
  modality: { type: 'text', label: 'Modality', value: 'modality', maxLen: 16 },
  bodyPart: { type: 'text', label: 'Body Part', value: 'bodyPart', maxLen: 64 },
  sampleType: { type: 'text', label: 'Sample Type', value: 'sampleType', maxLen: 64 },
} as const satisfies Record<string, FormFieldDefinition>;

/** The edit form: everything but the code, which names the test for good (rate cards, packages, the LIMS). */
export const TEST_EDIT_FIELDS = {
  name: TEST_FIELDS.name,
  kind: TEST_FIELDS.kind,
  modality: TEST_FIELDS.modality,
  bodyPart: TEST_FIELDS.bodyPart,
  sampleType: TEST_FIELDS.sampleType,
} as const satisfies Record<string, FormFieldDefinition>;

/** The package form (`/packages/add`, `/packages/edit/{id}`): a code, a name and the tests it bundles. */
export const PACKAGE_FIELDS = {
  code: { type: 'text', label: 'Package Code', value: 'code', mandatory: true, maxLen: 20 },
  name: { type: 'text', label: 'Package Name', value: 'name', mandatory: true, maxLen: 120 },
  testCodes: { type: 'select', label: 'Tests', value: 'testCodes', mandatory: true, isMulti: true },
} as const satisfies Record<string, FormFieldDefinition>;

export const PACKAGE_EDIT_FIELDS = {
  name: PACKAGE_FIELDS.name,
  testCodes: PACKAGE_FIELDS.testCodes,
} as const satisfies Record<string, FormFieldDefinition>;
