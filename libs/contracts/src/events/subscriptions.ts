import type { ServiceName } from '../services/services.js';
import { TOPICS, type Topic } from './topics.js';

/**
 * Which topics each service's consumer group reads, and the group's purpose: `<service>.<purpose>`.
 * The flows of ARCHITECTURE.md §2 in one table.
 */
export const SERVICE_SUBSCRIPTIONS: Record<ServiceName, { purpose: string; topics: readonly Topic[] }> = {
  // admin dashboard counts of cases per centre
  auth: { purpose: 'dashboard', topics: [TOPICS.casesCase] },
  // a study arriving makes or matches a case; reports, availability, users, registrations and the front desk's patients
  // drive the worklist
  cases: {
    purpose: 'worklist',
    topics: [
      TOPICS.imagingStudy,
      TOPICS.reportingReport,
      TOPICS.authAvailability,
      TOPICS.authUser,
      TOPICS.authOrg,
      TOPICS.billingRegistration,
      // the front desk's patients: the worklist assigns one of the case's centre to a case (docs/decisions/0263)
      TOPICS.billingPatient,
      // its own case events: a case arriving NEW is auto-assigned (docs/decisions/0123)
      TOPICS.casesCase,
    ],
  },
  // a case started creates the report draft; the company's users (critical results) and centres (a template, macro or
  // layout names one of them); a lab order's critical results become critical-result alerts (docs/decisions/0307)
  reporting: { purpose: 'reports', topics: [TOPICS.casesCase, TOPICS.authUser, TOPICS.authOrg, TOPICS.limsResult] },
  // completed fusion reads are billed to the client centre (cases.fusion.v1: the fusion side's changes across
  // companies); the company's centres and referrals (a registration names them)
  billing: {
    purpose: 'invoicing',
    topics: [TOPICS.casesCase, TOPICS.casesFusion, TOPICS.reportingReport, TOPICS.authOrg, TOPICS.authReferral],
  },
  // a registration with lab tests becomes samples to collect; an analyzer's matched results become the orders' results
  // (and the company's centres: an analyzer names the centre whose laboratory runs it; its users: who validated)
  lims: {
    purpose: 'samples',
    topics: [TOPICS.billingRegistration, TOPICS.limsResult, TOPICS.reportingLayout, TOPICS.authOrg, TOPICS.authUser],
  },
  // case changes drive downloads and viewer links; the company's centres (an import or STOW-RS names one of them)
  imaging: { purpose: 'studies', topics: [TOPICS.casesCase, TOPICS.authOrg] },
};
