/** The worklist's reads: /cases/get (a page), /cases/find, /cases/findOne, /getworklist/statistics, /worklistcreate (a PENDING FOR SCAN registration), /worklist/edit, centre settings. */
export const CASE_QUERY_ENDPOINTS = {};
