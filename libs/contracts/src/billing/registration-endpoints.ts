import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { byId, invalid, uuid } from '../auth/endpoint-fields.js';
import { catalogueCode } from './catalogue-endpoints.js';
import {
  creditNoteSchema,
  lineDiscountSchema,
  patientInvoiceSchema,
  paymentSchema,
} from './invoice-billing-entities.js';
import { idempotencyKeySchema } from './payment-endpoints.js';
import { PAYMENT_MODES, PAYMENT_REFERENCE_MAX } from './payment-modes.js';
import { PROVIDER_KINDS, registrationSchema } from './registration-entities.js';
import { REGISTRATION_MESSAGES } from './registration-messages.js';

const { VIEW, CREATE } = GENERIC;

const discount = lineDiscountSchema.nullable().default(null);
/** A test or a package by code, with the desk's discount on it (a discount above the role's limit needs approval). */
const orderedItem = z.union([
  z.object({ testCode: catalogueCode, discount }).strict(),
  z.object({ packageCode: catalogueCode, discount }).strict(),
]);

/** A payment taken at the desk in the same step as the registration. */
const deskPayment = z
  .object({
    amountMinor: z.number(invalid).int(invalid).min(1, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
    mode: z.enum(PAYMENT_MODES, invalid),
    reference: z.string(invalid).trim().max(PAYMENT_REFERENCE_MAX, invalid).nullable().default(null),
  })
  .strict();

const registrationBody = z
  .object({
    centreId: uuid,
    patientId: uuid,
    referralId: uuid.nullable().default(null),
    providerKind: z.enum(PROVIDER_KINDS, invalid).default('Internal'),
    items: z.array(orderedItem, invalid).min(1, { error: REGISTRATION_MESSAGES.noItems }).max(100, invalid),
    payment: deskPayment.nullable().default(null),
    /** The desk's key for this registration (one per form): the same key again answers the first and adds nothing. */
    requestKey: idempotencyKeySchema,
  })
  .strict()
  .refine((b) => new Set(b.items.map((i) => ('testCode' in i ? i.testCode : i.packageCode))).size === b.items.length, {
    error: REGISTRATION_MESSAGES.repeatedItem,
    path: ['items'],
  });

const cancelBody = z
  .object({
    registrationId: uuid,
    /** The invoice lines cancelled: a test's code, or a package's (all its tests). */
    lineCodes: z.array(catalogueCode, invalid).min(1, invalid).max(100, invalid),
    reason: z.string(invalid).trim().min(1, { error: 'A reason is required' }).max(500, invalid),
    /** Pays back what was paid beyond the new total, in this mode; without it the refund is left to the desk. */
    refundMode: z.enum(PAYMENT_MODES, invalid).nullable().default(null),
    requestKey: idempotencyKeySchema,
  })
  .strict();

/** What registering answers: the visit, its invoice and the desk's payment if one was taken. */
const registered = z.object({
  registration: registrationSchema,
  invoice: patientInvoiceSchema,
  payment: paymentSchema.nullable(),
});

/**
 * The registration desk (docs/decisions/0264): a patient's visit for tests and packages at their centre, billed at
 * the centre's price of the moment (normal, holiday or night) on one invoice, with a payment in the same step; it
 * orders the radiology studies (cases) and lab tests (LIMS) through RegistrationCreated.
 */
export const REGISTRATION_ENDPOINTS = {
  createRegistration: ep({
    method: 'POST',
    path: '/registration/create',
    access: requirement('BILLING', CREATE),
    body: registrationBody,
    data: registered,
    // 400: an unknown code or one without a price, a payment beyond the total; 403: a discount above the caller's
    // limit; 404: the patient, centre or referral not in reach; 409: a merged record, the patient of another centre
    errors: [400, 403, 404, 409],
  }),
  getRegistration: ep({
    method: 'POST',
    path: '/registration/get',
    access: requirement('BILLING', VIEW),
    body: byId,
    data: registrationSchema,
    errors: [404],
  }),
  findPatientRegistrations: ep({
    method: 'POST',
    path: '/registration/patient',
    access: requirement('BILLING', VIEW),
    body: z.object({ patientId: uuid }).strict(),
    data: z.object({ items: z.array(registrationSchema) }),
    errors: [404],
  }),
  cancelRegistrationItems: ep({
    method: 'POST',
    path: '/registration/cancel',
    access: requirement('BILLING', CREATE),
    body: cancelBody,
    data: z.object({
      registration: registrationSchema,
      /** Null when the lines cancelled were billed at nothing (nothing to take back). */
      creditNote: creditNoteSchema.nullable(),
      refund: paymentSchema.nullable(),
    }),
    // 400: a line not on the visit; 404: not in reach; 409: already cancelled
    errors: [400, 404, 409],
  }),
};
