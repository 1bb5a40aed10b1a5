import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import { COLLECTION_PLACES, SAMPLE_REJECTION_REASON_CODES, sampleSchema } from './sample-entities.js';
import { SAMPLE_MESSAGES } from './sample-messages.js';
import { SAMPLE_STATUSES } from './sample-states.js';

/** A scanned or typed barcode: what a keyboard-wedge scanner or the camera read (case and spaces do not matter). */
const barcode = z.string(invalid).trim().toUpperCase().min(1, invalid).max(64, invalid);

const collectBody = z
  .object({
    sampleId: uuid,
    place: z.enum(COLLECTION_PLACES, invalid),
    /** When it was drawn (default: now); never in the future. */
    collectedAt: z.iso.datetime(invalid).optional(),
    /** Who drew it, when not the signed-in user (a home-collection phlebotomist); default the user's login name. */
    collectorName: z.string(invalid).trim().min(1, invalid).max(100, invalid).optional(),
  })
  .strict();

const rejectBody = z
  .object({
    barcode,
    reason: z.enum(SAMPLE_REJECTION_REASON_CODES, invalid),
    note: z.string(invalid).trim().max(500, invalid).nullable().default(null),
  })
  .strict()
  .refine((b) => b.reason !== 'OTHER' || (b.note ?? '') !== '', {
    error: SAMPLE_MESSAGES.noteRequired,
    path: ['note'],
  });

/**
 * Sample collection and accession (docs/decisions/0297–0300): the samples a registration's lab tests gave, collected
 * at the centre or at home, then received by the lab by scanning their barcode — accepted, or rejected with a reason
 * (the tests go back to collection on a new sample). Samples are patient data: every read is audited and narrowed
 * to the caller's centres.
 */
export const SAMPLE_ENDPOINTS = {
  findSamples: ep({
    method: 'POST',
    path: '/sample/find',
    access: requirement('SAMPLE_COLLECTION', GENERIC.VIEW),
    body: listQuery({
      sortBy: ['registeredAt', 'barcode', 'patientName', 'status'],
      filters: {
        status: z.enum(SAMPLE_STATUSES, invalid).optional(),
        registrationId: uuid.optional(),
      },
    }),
    /** `search`: the barcode, MR number, patient name or registration number (start of). Newest first by default. */
    data: page(sampleSchema),
  }),
  collectSample: ep({
    method: 'POST',
    path: '/sample/collect',
    access: requirement('SAMPLE_COLLECTION', SPECIFIC.COLLECT),
    body: collectBody,
    data: sampleSchema,
    // 404: a sample the caller does not reach; 409: not pending collection
    errors: [404, 409],
  }),
  /** Accession's scan: the sample of a barcode, to accept or reject. */
  scanSample: ep({
    method: 'POST',
    path: '/sample/scan',
    access: requirement('LIMS', SPECIFIC.ACCEPT_SAMPLE),
    body: z.object({ barcode }).strict(),
    data: sampleSchema,
    // 404: an unknown barcode, another company's, or out of the caller's reach
    errors: [404],
  }),
  acceptSample: ep({
    method: 'POST',
    path: '/sample/accept',
    access: requirement('LIMS', SPECIFIC.ACCEPT_SAMPLE),
    body: z.object({ barcode }).strict(),
    data: sampleSchema,
    // 404: as scanSample; 409: not collected (accepted twice, rejected, cancelled, not yet collected)
    errors: [404, 409],
  }),
  rejectSample: ep({
    method: 'POST',
    path: '/sample/reject',
    access: requirement('LIMS', SPECIFIC.ACCEPT_SAMPLE),
    body: rejectBody,
    /** The rejected sample and the new one its tests went back to collection on. */
    data: z.object({ rejected: sampleSchema, recollection: sampleSchema }),
    errors: [404, 409],
  }),
};
