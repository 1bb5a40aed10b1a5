import { z } from 'zod';
import { endpoint as ep } from '../api/endpoint.js';

export const changePasswordSchema = z.object({ newPassword: z.string(), oldPassword: z.string(), email: z.string() });

/** Passwords (spec §7): changing one's own, and the forgotten-password mail and reset (services/auth passwords). */
export const PASSWORD_ENDPOINTS = {
  updatePassword: ep({
    method: 'POST',
    path: '/update/password',
    access: 'authenticated',
    body: changePasswordSchema.partial(),
    data: z.null(),
    errors: [429],
  }),
  forgotPassword: ep({
    method: 'POST',
    path: '/forgot/password',
    access: 'public',
    body: z.object({ loginName: z.string().min(1).max(200) }),
    data: z.null(),
    errors: [429],
  }),
  resetPassword: ep({
    method: 'POST',
    path: '/myaccount/reset/password',
    access: 'public',
    body: z.object({ resetToken: z.string().min(20).max(200), newPassword: z.string(), confirmPassword: z.string() }),
    data: z.null(),
  }),
};
