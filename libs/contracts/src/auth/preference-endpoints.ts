import { z } from 'zod';
import { endpoint as ep } from '../api/endpoint.js';
import { none } from './endpoint-fields.js';

export const preferredColumnsSchema = z.object({
  screen: z.string().min(1).max(60),
  columns: z.array(z.string().max(60)).max(50),
});
export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark']).optional(),
  viewer: z.enum(['cloud', 'exe']).optional(),
  layout: z.enum(['horizontal', 'vertical']).optional(),
});
/** A user's own settings, as stored (auth.preferences.settings) and answered. */
export type Preferences = z.output<typeof preferencesSchema>;

/** The caller's own settings: preferred columns, theme, viewer, layout (services/auth preferences). */
export const PREFERENCE_ENDPOINTS = {
  createPreferredColumns: ep({
    method: 'POST',
    path: '/preferredcolumn/create',
    access: 'authenticated',
    body: preferredColumnsSchema,
    data: preferredColumnsSchema,
  }),
  findPreferredColumns: ep({
    method: 'POST',
    path: '/preferredcolumn/find',
    access: 'authenticated',
    body: z.object({ screen: z.string().min(1).max(60) }),
    data: preferredColumnsSchema.nullable(),
  }),
  getPreferences: ep({
    method: 'POST',
    path: '/getpreferences',
    access: 'authenticated',
    body: none,
    data: preferencesSchema,
  }),
  setPreferences: ep({
    method: 'POST',
    path: '/setpreferences',
    access: 'authenticated',
    body: preferencesSchema,
    data: preferencesSchema,
  }),
};
