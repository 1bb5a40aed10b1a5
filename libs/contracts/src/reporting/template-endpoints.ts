/** Report templates and text macros (/reportTemplates; helper "templates"). */
export const TEMPLATE_ENDPOINTS = {} as const;
