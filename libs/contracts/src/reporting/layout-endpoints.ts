/** The centre's report layout configuration (/get/reportconfig, create/reportconfig; helper "templates"). */
export const LAYOUT_ENDPOINTS = {} as const;
