import { z } from 'zod';
import { REGISTRATION_ITEM_KINDS } from '../events/events.js';
import { PRICE_KINDS } from './pricing.js';

/** Who provided the referral (spec §9 provider kinds). */
export const PROVIDER_KINDS = ['Internal', 'External'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** An ordered test of a visit: ORDERED until cancelled at the desk (cases closes its case, the LIMS its sample). */
export const REGISTRATION_ITEM_STATUSES = ['ORDERED', 'CANCELLED'] as const;
export type RegistrationItemStatus = (typeof REGISTRATION_ITEM_STATUSES)[number];

export const registrationItemSchema = z.object({
  itemId: z.uuid(),
  /** The invoice line it was billed on: the test's own code, or the package's. */
  lineCode: z.string(),
  kind: z.enum(REGISTRATION_ITEM_KINDS),
  code: z.string(),
  name: z.string(),
  modality: z.string().nullable(),
  /** Radiology: the study's accession number (the modality worklist's key; cases matches the study by it). */
  accessionNumber: z.string().nullable(),
  sampleType: z.string().nullable(),
  packageCode: z.string().nullable(),
  status: z.enum(REGISTRATION_ITEM_STATUSES),
});
export type RegistrationItem = z.infer<typeof registrationItemSchema>;

/**
 * A visit (spec §3 registrationID): a patient registered at a centre for tests and packages, with the referral that
 * sent them and the price kind the visit was billed at (normal, holiday or night, on the centre's calendar).
 */
export const registrationSchema = z.object({
  _id: z.uuid(),
  registrationID: z.string(),
  centreId: z.uuid(),
  patientId: z.uuid(),
  mrID: z.string(),
  patientName: z.string(),
  referralId: z.uuid().nullable(),
  referredName: z.string().nullable(),
  providerKind: z.enum(PROVIDER_KINDS),
  priceKind: z.enum(PRICE_KINDS),
  invoiceId: z.uuid(),
  registeredAt: z.string(),
  registeredBy: z.uuid(),
  items: z.array(registrationItemSchema),
});
export type Registration = z.infer<typeof registrationSchema>;
