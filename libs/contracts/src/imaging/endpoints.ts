import { defineApi } from '../api/endpoint.js';
import { IMAGING_DOWNLOAD_ENDPOINTS } from './download-endpoints.js';
import { IMAGING_IMPORT_ENDPOINTS } from './import-endpoints.js';
import { IMAGING_STUDY_ENDPOINTS } from './study-endpoints.js';

/**
 * The imaging service's JSON API (under /api/imaging through the gateway), one file per area: import (presigned
 * upload, processing trigger, import state), studies (the archive page's list), downloads (zip states, links).
 * DICOMweb (PS3.18: QIDO-RS, WADO-RS, STOW-RS under /api/imaging/dicomweb) is not a JSON API of this kind: its
 * routes are described in the service's OpenAPI document by its controller (services/imaging/src/modules/dicomweb).
 */
export const IMAGING_API = defineApi('imaging', {
  ...IMAGING_IMPORT_ENDPOINTS,
  ...IMAGING_STUDY_ENDPOINTS,
  ...IMAGING_DOWNLOAD_ENDPOINTS,
});
export type ImagingApi = typeof IMAGING_API;
