import { z } from 'zod';
import { requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { profileSchema } from './entities.js';
import { formBody, SPECIALIZATION_FIELDS } from './forms.js';
import { invalid, none, optionalFormText } from './endpoint-fields.js';

/** Profile images (signature, picture): PNG or JPEG, uploaded straight to the object store with a presigned PUT. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** The largest profile image: the upload URL is signed for the declared size, which may not exceed this. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const profileImageUpload = z
  .object({
    contentType: z.enum(PROFILE_IMAGE_TYPES),
    /** The file's size in bytes: the storage server refuses an upload of any other length. */
    size: z.number().int().min(1).max(PROFILE_IMAGE_MAX_BYTES),
  })
  .strict();
const profileImageUploadUrl = z.object({ uploadUrl: z.string(), fileID: z.string() });
const profileImageFile = z.object({ fileID: z.string().min(1).max(300) });

/** The caller's own profile: specialization, signature and picture (services/auth profile). */
export const PROFILE_ENDPOINTS = {
  getProfile: ep({
    method: 'POST',
    path: '/profile/get',
    access: requirement('PROFILE', SPECIFIC.VIEW_PROFILE),
    body: none,
    data: profileSchema,
    errors: [404],
  }),
  setSpecialization: ep({
    method: 'POST',
    path: '/profile/specialization',
    access: requirement('PROFILE', SPECIFIC.MANAGE_SPECIALIZATION),
    body: formBody(
      SPECIALIZATION_FIELDS,
      z.object({
        specialization: z.array(z.string().trim().min(1).max(80), invalid).max(20, invalid),
        qualificationName: optionalFormText,
      }),
    ),
    data: profileSchema,
  }),
  signatureUploadUrl: ep({
    method: 'POST',
    path: '/profile/signature/upload-url',
    access: requirement('PROFILE', SPECIFIC.MANAGE_SIGNATURE),
    body: profileImageUpload,
    data: profileImageUploadUrl,
  }),
  setSignature: ep({
    method: 'POST',
    path: '/profile/signature',
    access: requirement('PROFILE', SPECIFIC.MANAGE_SIGNATURE),
    body: profileImageFile,
    data: profileSchema,
  }),
  // The user's picture (the avatar): anyone who may see their own profile may set it.
  logoUploadUrl: ep({
    method: 'POST',
    path: '/profile/logo/upload-url',
    access: requirement('PROFILE', SPECIFIC.VIEW_PROFILE),
    body: profileImageUpload,
    data: profileImageUploadUrl,
  }),
  setLogo: ep({
    method: 'POST',
    path: '/profile/logo',
    access: requirement('PROFILE', SPECIFIC.VIEW_PROFILE),
    body: profileImageFile,
    data: profileSchema,
  }),
};
