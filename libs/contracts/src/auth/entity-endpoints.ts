import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { entitySchema } from './entities.js';

const { CREATE } = GENERIC;

/** Entities: place codes (services/auth entities). */
export const ENTITY_ENDPOINTS = {
  getEntities: ep({
    method: 'POST',
    path: '/get/entity',
    access: 'authenticated',
    body: z.object({ search: z.string().max(60).optional() }),
    data: z.array(entitySchema),
  }),
  createEntity: ep({
    method: 'POST',
    path: '/entity',
    access: requirement('CENTERS', CREATE),
    body: entitySchema.omit({ _id: true }),
    data: entitySchema,
  }),
};
