/**
 * The imaging API's download routes (spread into IMAGING_API in ./endpoints.ts). Each entry is written with
 * `endpoint` from ../api/endpoint.js, as in ../auth/endpoints.ts.
 */
export const IMAGING_DOWNLOAD_ENDPOINTS = {} as const;
