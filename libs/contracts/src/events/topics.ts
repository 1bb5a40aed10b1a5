/**
 * Kafka topics, one per aggregate: `<owner>.<aggregate>.v<major>`.
 * Written once here and never renamed: a breaking change is a new `.v2`.
 */
export const TOPICS = {
  authUser: 'auth.user.v1',
  authOrg: 'auth.org.v1',
  authAvailability: 'auth.availability.v1',
  authCompany: 'auth.company.v1',
  authReferral: 'auth.referral.v1',
  casesCase: 'cases.case.v1',
  casesFusion: 'cases.fusion.v1',
  reportingReport: 'reporting.report.v1',
  /** A lab order's critical-result alert, step by step (key = lab order id; docs/decisions/0307). */
  reportingCritical: 'reporting.critical.v1',
  /** A centre's report layout as saved, whole (key = centre id; docs/decisions/0309): the LIMS prints lab reports in it. */
  reportingLayout: 'reporting.layout.v1',
  billingRegistration: 'billing.registration.v1',
  billingPatient: 'billing.patient.v1',
  billingInvoice: 'billing.invoice.v1',
  limsSample: 'lims.sample.v1',
  limsResult: 'lims.result.v1',
  imagingStudy: 'imaging.study.v1',
  imagingDownload: 'imaging.download.v1',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const ALL_TOPICS: readonly Topic[] = Object.values(TOPICS);

/**
 * Topics whose events each carry the whole state of their aggregate (key = its id): compacted, so the last event of
 * every user, org unit and availability stays for ever and a new consumer group, reading from the beginning, builds a
 * complete read model however old the data (docs/decisions/0120-read-models-from-compacted-topics.md).
 */
export const COMPACTED_TOPICS: readonly Topic[] = [
  TOPICS.authUser,
  TOPICS.authOrg,
  TOPICS.authAvailability,
  TOPICS.authReferral,
  TOPICS.billingPatient,
  TOPICS.reportingLayout,
];
