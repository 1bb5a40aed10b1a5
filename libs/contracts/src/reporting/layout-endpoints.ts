import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { LAYOUT_IMAGE_MAX_BYTES, LAYOUT_IMAGE_TYPES, reportConfigSchema, reportLayoutSchema } from './layout.js';

/**
 * The centre's report layout configuration (spec §7 /get/reportconfig, create/reportconfig; docs/decisions/
 * 0180-report-layout.md). Reading needs TEMPLATES › VIEW (everyone who writes or prints reports holds it); saving and
 * uploading a logo TEMPLATES › EDIT, for a centre in the caller's reach (docs/decisions/0181-layout-privilege.md).
 */
const { EDIT, VIEW } = GENERIC;
const centreId = z.uuid();

export const LAYOUT_IMAGE_KINDS = ['headerLogo', 'footerLogo', 'waterMark'] as const;
export type LayoutImageKind = (typeof LAYOUT_IMAGE_KINDS)[number];

export const getReportConfigBody = z.object({ centreId }).strict();
export const createReportConfigBody = z.object({ centreId, layout: reportLayoutSchema }).strict();
export const layoutImageUploadBody = z
  .object({
    centreId,
    kind: z.enum(LAYOUT_IMAGE_KINDS),
    contentType: z.enum(LAYOUT_IMAGE_TYPES),
    /** The file's size in bytes: the storage server refuses an upload of any other length. */
    size: z.number().int().min(1).max(LAYOUT_IMAGE_MAX_BYTES),
  })
  .strict();

export const LAYOUT_ENDPOINTS = {
  getReportConfig: ep({
    method: 'POST',
    path: '/get/reportconfig',
    access: requirement('TEMPLATES', VIEW),
    body: getReportConfigBody,
    data: reportConfigSchema,
    errors: [404],
  }),
  createReportConfig: ep({
    method: 'POST',
    path: '/create/reportconfig',
    access: requirement('TEMPLATES', EDIT),
    body: createReportConfigBody,
    data: reportConfigSchema,
    errors: [404],
  }),
  layoutImageUploadUrl: ep({
    method: 'POST',
    path: '/reportconfig/image/upload-url',
    access: requirement('TEMPLATES', EDIT),
    body: layoutImageUploadBody,
    data: z.object({ uploadUrl: z.string(), fileID: z.string() }),
    errors: [404],
  }),
};
