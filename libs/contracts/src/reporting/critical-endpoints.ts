/** Critical results and interoperability (FHIR DiagnosticReport, HL7 v2.5 ORU^R01; helper "critical"). */
export const CRITICAL_ENDPOINTS = {} as const;
