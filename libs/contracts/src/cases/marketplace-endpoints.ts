/** The marketplace: offer a case, the marketplace radiologist's offers, take (first wins), return. */
export const MARKETPLACE_ENDPOINTS = {};
