/** Fusion: contracts between a group and a fusion centre, send a case, the fusion centre's cases (fccases) and their transitions. */
export const FUSION_ENDPOINTS = {};
