/** Around a case: /patienthistory/create|find, /comment/add|find (chat), /share, /findShareCase, /download/initiate, /preferredcolumn/create|find, rating and feedback, export, flags and legends. */
export const CASE_COLLABORATION_ENDPOINTS = {};
