import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { byId, eachOnce, formText, invalid, optionalFormText, status, uuid } from '../auth/endpoint-fields.js';
import {
  manifestCandidateSchema,
  manifestDetailSchema,
  manifestSchema,
  outsourcingLabSchema,
} from './outsourcing-entities.js';
import { OUTSOURCING_MESSAGES } from './outsourcing-messages.js';
import { MANIFEST_STATUSES } from './outsourcing-states.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

const testCode = formText
  .min(1, invalid)
  .max(40, invalid)
  .transform((code) => code.toUpperCase());

const labFields = z
  .object({
    name: formText.min(1, invalid).max(120, invalid),
    code: formText
      .min(1, invalid)
      .max(20, invalid)
      .regex(/^[A-Za-z0-9_-]+$/, invalid)
      .transform((code) => code.toUpperCase()),
    contactPerson: optionalFormText.pipe(z.string().max(120, invalid).nullable().optional()),
    email: optionalFormText.pipe(z.email(invalid).max(254, invalid).nullable().optional()),
    phone: optionalFormText.pipe(
      z
        .string()
        .regex(/^\+?[0-9 ()-]{6,20}$/, invalid)
        .nullable()
        .optional(),
    ),
    address: optionalFormText.pipe(z.string().max(500, invalid).nullable().optional()),
    analyzerId: uuid.nullable().default(null),
    /** The tests the lab performs: codes of the lab catalogue, each with the turnaround the lab promises. */
    tests: z
      .array(
        z
          .object({ testCode, turnaroundHours: z.number(invalid).int(invalid).min(1, invalid).max(2160, invalid) })
          .strict(),
        invalid,
      )
      .max(500, invalid)
      .superRefine(eachOnce((row) => row.testCode, OUTSOURCING_MESSAGES.testListedTwice, ['testCode'])),
  })
  .strict();

export const OUTSOURCING_ENDPOINTS = {
  findOutsourcingLabs: ep({
    method: 'POST',
    path: '/outsourcing-labs/find',
    access: requirement('LAB_MANAGEMENT', VIEW),
    body: listQuery({ sortBy: ['name', 'code', 'createdAt'] }),
    data: page(outsourcingLabSchema),
  }),
  createOutsourcingLab: ep({
    method: 'POST',
    path: '/outsourcing-labs/create',
    access: requirement('LAB_MANAGEMENT', CREATE),
    body: labFields,
    data: outsourcingLabSchema,
    // 400: a test not in the lab catalogue; 404: no such analyzer; 409: the code is the company's already
    errors: [404, 409],
  }),
  updateOutsourcingLab: ep({
    method: 'POST',
    path: '/outsourcing-labs/update',
    access: requirement('LAB_MANAGEMENT', EDIT),
    body: labFields.extend({ id: uuid }),
    data: outsourcingLabSchema,
    errors: [404, 409],
  }),
  outsourcingLabStatus: ep({
    method: 'POST',
    path: '/outsourcing-labs/status',
    access: requirement('LAB_MANAGEMENT', ISACTIVE),
    body: status,
    data: outsourcingLabSchema,
    errors: [404],
  }),
  findManifests: ep({
    method: 'POST',
    path: '/manifests/find',
    access: requirement('LAB_MANAGEMENT', VIEW),
    body: listQuery({
      sortBy: ['createdAt', 'number', 'status'],
      filters: { status: z.enum(MANIFEST_STATUSES, invalid).optional(), labId: uuid.optional() },
    }),
    data: page(manifestSchema),
  }),
  /** A manifest with its samples in the caller's reach (patient data: audited). */
  getManifest: ep({
    method: 'POST',
    path: '/manifests/get',
    access: requirement('LAB_MANAGEMENT', VIEW),
    body: byId,
    data: manifestDetailSchema,
    errors: [404],
  }),
  /** Accepted samples of the caller's centres, on no open manifest, with orders the lab performs. */
  findManifestCandidates: ep({
    method: 'POST',
    path: '/manifests/candidates',
    access: requirement('LAB_MANAGEMENT', CREATE),
    body: z.object({ labId: uuid, search: z.string().trim().max(40).optional() }).strict(),
    data: z.object({ items: z.array(manifestCandidateSchema) }),
    errors: [404],
  }),
  createManifest: ep({
    method: 'POST',
    path: '/manifests/create',
    access: requirement('LAB_MANAGEMENT', CREATE),
    body: z.object({ labId: uuid, sampleIds: z.array(uuid).min(1, OUTSOURCING_MESSAGES.noSamples).max(200) }).strict(),
    data: manifestDetailSchema,
    // 404: the lab, or a sample out of reach; 409: a sample not accepted, already on an open manifest, none of whose
    // tests the lab performs, or the lab inactive
    errors: [404, 409],
  }),
  dispatchManifest: ep({
    method: 'POST',
    path: '/manifests/dispatch',
    access: requirement('LAB_MANAGEMENT', EDIT),
    body: z
      .object({
        id: uuid,
        version: z.number().int(),
        courier: formText.min(1, invalid).max(120, invalid),
        trackingNote: optionalFormText.pipe(z.string().max(500, invalid).nullable().optional()),
      })
      .strict(),
    data: manifestDetailSchema,
    errors: [404, 409],
  }),
  receiveManifest: ep({
    method: 'POST',
    path: '/manifests/receive',
    access: requirement('LAB_MANAGEMENT', EDIT),
    body: z.object({ id: uuid, version: z.number().int() }).strict(),
    data: manifestDetailSchema,
    errors: [404, 409],
  }),
  cancelManifest: ep({
    method: 'POST',
    path: '/manifests/cancel',
    access: requirement('LAB_MANAGEMENT', EDIT),
    body: z.object({ id: uuid, version: z.number().int() }).strict(),
    data: manifestDetailSchema,
    errors: [404, 409],
  }),
};
