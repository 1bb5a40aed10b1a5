/** Print HTML, the PDF, delivery by mail and SMS (/generate/report, /report/html/{id}, /mail, /sms/report; helper "output"). */
export const OUTPUT_ENDPOINTS = {} as const;
