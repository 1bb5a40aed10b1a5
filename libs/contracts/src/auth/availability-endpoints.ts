import { z } from 'zod';
import { endpoint as ep } from '../api/endpoint.js';
import { none } from './endpoint-fields.js';

/** A user's availability: online and offline (spec §7; services/auth availability). */
export const AVAILABILITY_ENDPOINTS = {
  online: ep({
    method: 'POST',
    path: '/:userId/online',
    access: 'authenticated',
    body: none,
    data: z.object({ isAvailability: z.boolean() }),
    errors: [404],
  }),
  offline: ep({
    method: 'POST',
    path: '/:userId/offline',
    access: 'authenticated',
    body: none,
    data: z.object({ isAvailability: z.boolean() }),
    errors: [404],
  }),
};
