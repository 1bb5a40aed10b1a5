import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { referralSchema } from './entities.js';
import { formBody, PROVIDER_TYPES, REFERRAL_FIELDS } from './forms.js';
import { byId, formText, invalid, optionalFormText, status, uuid } from './endpoint-fields.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

const referralBody = z.object({
  name: formText,
  providerType: z.enum(PROVIDER_TYPES, invalid),
  hospitalName: optionalFormText,
  email: optionalFormText,
  phoneNumber: optionalFormText,
  city: optionalFormText,
  // A rate, not money: basis points 0..10000 (12.5% is 1250; docs/decisions/0079). The console's form field
  // takes the percentage (REFERRAL_FIELDS.commissionPercent) and sends basis points.
  commissionBasisPoints: z.number(invalid).int(invalid).min(0, invalid).max(10000, invalid).nullable().optional(),
});
export const referralInputSchema = formBody(REFERRAL_FIELDS, referralBody);
const referralUpdateSchema = formBody(REFERRAL_FIELDS, referralBody.extend({ id: uuid }));

/** Referrals (services/auth referrals). */
export const REFERRAL_ENDPOINTS = {
  findReferrals: ep({
    method: 'POST',
    path: '/referral/find',
    access: requirement('REFERRALS', VIEW),
    body: listQuery({ sortBy: ['name', 'providerType', 'hospitalName', 'city', 'createdAt'] }),
    data: page(referralSchema),
  }),
  getReferral: ep({
    method: 'POST',
    path: '/referral/get',
    access: requirement('REFERRALS', VIEW),
    body: byId,
    data: referralSchema,
    errors: [404],
  }),
  createReferral: ep({
    method: 'POST',
    path: '/referral/create',
    access: requirement('REFERRALS', CREATE),
    body: referralInputSchema,
    data: referralSchema,
  }),
  updateReferral: ep({
    method: 'POST',
    path: '/referral/update',
    access: requirement('REFERRALS', EDIT),
    body: referralUpdateSchema,
    data: referralSchema,
    errors: [404],
  }),
  referralStatus: ep({
    method: 'POST',
    path: '/referral/status',
    access: requirement('REFERRALS', ISACTIVE),
    body: status,
    data: referralSchema,
    errors: [404],
  }),
};
