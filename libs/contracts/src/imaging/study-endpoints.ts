/**
 * The imaging API's study routes (spread into IMAGING_API in ./endpoints.ts). Each entry is written with
 * `endpoint` from ../api/endpoint.js, as in ../auth/endpoints.ts.
 */
export const IMAGING_STUDY_ENDPOINTS = {} as const;
