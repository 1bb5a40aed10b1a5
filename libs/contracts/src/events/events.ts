import { z } from 'zod';
import { reportLayoutSchema } from '../reporting/layout.js';
import { TOPICS, type Topic } from './topics.js';

/**
 * The catalogue of event payloads: one entry per (type, version), naming its topic and zod schema.
 * A consumer ignores fields it does not know (schemas are not strict), and refuses a version it does not know.
 */
export interface EventDefinition<TSchema extends z.ZodType = z.ZodType> {
  type: string;
  version: number;
  topic: Topic;
  schema: TSchema;
}

const defineEvent = <TSchema extends z.ZodType>(def: EventDefinition<TSchema>): EventDefinition<TSchema> => def;

/**
 * A study finished importing into the archive (imaging → cases): published once per import that added instances
 * to it, key = StudyInstanceUID; the counts are the study's totals after the import.
 */
export const StudyImportedV1 = defineEvent({
  type: 'StudyImported',
  version: 1,
  topic: TOPICS.imagingStudy,
  schema: z.object({
    studyInstanceUid: z.string().min(1),
    groupId: z.uuid().nullable(),
    centreId: z.uuid().nullable(),
    patientName: z.string(),
    /** Patient ID and accession number: cases matches a PENDING FOR SCAN registration by them. */
    patientId: z.string(),
    accessionNumber: z.string().nullable(),
    /** The study's DICOM Study ID (0020,0010). */
    studyId: z.string().nullable(),
    /** The modality of the study's first series; `modalities` has them all. */
    modality: z.string(),
    modalities: z.array(z.string()),
    studyDate: z.string().nullable(),
    /** Added later in v1 (absent from older events): the study's description and the patient's sex and birth date. */
    studyDescription: z.string().nullable().optional(),
    patientSex: z.string().nullable().optional(),
    /** YYYYMMDD */
    patientBirthDate: z.string().nullable().optional(),
    /**
     * Added later in v1 (decision 0343): the first series' Body Part Examined (0018,0015) and the study's Referring
     * Physician's Name (0008,0090), as the header has them.
     */
    bodyPart: z.string().nullable().optional(),
    referringPhysicianName: z.string().nullable().optional(),
    seriesCount: z.number().int().nonnegative(),
    instanceCount: z.number().int().nonnegative(),
    /** Instances this import added (a re-import of a study adds only what was missing). */
    instancesAdded: z.number().int().nonnegative(),
  }),
});
export type StudyImportedPayload = z.infer<typeof StudyImportedV1.schema>;

/** A radiologist or transcriptionist went online or offline (auth → cases assigns by it; gateway pushes it). */
export const AvailabilityChangedV1 = defineEvent({
  type: 'AvailabilityChanged',
  version: 1,
  topic: TOPICS.authAvailability,
  schema: z.object({
    userId: z.uuid(),
    isAvailability: z.boolean(),
    roleCodes: z.array(z.string()),
    centreIds: z.array(z.uuid()),
    groupId: z.uuid().nullable(),
  }),
});
export type AvailabilityChangedPayload = z.infer<typeof AvailabilityChangedV1.schema>;

const userPayload = z.object({
  userId: z.uuid(),
  loginName: z.string(),
  fullName: z.string(),
  email: z.string(),
  roleCodes: z.array(z.string()),
  groupId: z.uuid().nullable(),
  centreIds: z.array(z.uuid()),
  isActive: z.boolean(),
  /** The radiologist's specializations (profile); absent in events written before they were carried. */
  specializations: z.array(z.string()).optional(),
});

/** A user was created, or changed (name, role, centres, active) — consumers keep a read model of users. */
export const UserCreatedV1 = defineEvent({
  type: 'UserCreated',
  version: 1,
  topic: TOPICS.authUser,
  schema: userPayload,
});
export const UserUpdatedV1 = defineEvent({
  type: 'UserUpdated',
  version: 1,
  topic: TOPICS.authUser,
  schema: userPayload,
});
export type UserPayload = z.infer<typeof userPayload>;

const orgPayload = z.object({
  id: z.uuid(),
  kind: z.enum(['group', 'centre']),
  name: z.string(),
  code: z.string(),
  groupId: z.uuid().nullable(),
  isFusion: z.boolean(),
  isActive: z.boolean(),
});

/** A group or centre was created or changed. */
export const OrgUnitCreatedV1 = defineEvent({
  type: 'OrgUnitCreated',
  version: 1,
  topic: TOPICS.authOrg,
  schema: orgPayload,
});
export const OrgUnitUpdatedV1 = defineEvent({
  type: 'OrgUnitUpdated',
  version: 1,
  topic: TOPICS.authOrg,
  schema: orgPayload,
});
export type OrgUnitPayload = z.infer<typeof orgPayload>;

const companyPayload = z.object({
  companyId: z.uuid(),
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
});

/**
 * A platform operator onboarded a company (with its first administrator), suspended it (its users cannot log in,
 * their sessions ended, its data kept) or resumed it. The envelope's tenantId is the company's; key = company id.
 */
export const CompanyCreatedV1 = defineEvent({
  type: 'CompanyCreated',
  version: 1,
  topic: TOPICS.authCompany,
  schema: companyPayload.extend({ adminUserId: z.uuid().nullable() }),
});
export const CompanySuspendedV1 = defineEvent({
  type: 'CompanySuspended',
  version: 1,
  topic: TOPICS.authCompany,
  schema: companyPayload,
});
export const CompanyResumedV1 = defineEvent({
  type: 'CompanyResumed',
  version: 1,
  topic: TOPICS.authCompany,
  schema: companyPayload,
});
export type CompanyPayload = z.infer<typeof companyPayload>;

/**
 * Every transition of a case is one event on `cases.case.v1` (key = case id), written in the transition's unit of
 * work (docs/decisions/0113-case-model.md). One payload for all: the case after the transition, the action that
 * moved it, who did it and why. The types are the machine's transitions (libs/lifecycles/src/case).
 */
export const CASE_EVENT_TYPES = [
  'CaseCreated',
  'CaseMatched',
  'CaseStudyUpdated',
  'CaseAssigned',
  'CaseUnassigned',
  'CaseAccepted',
  'CaseRejected',
  'CaseRecallRequested',
  'CaseRecalled',
  'CaseRecallRejected',
  'CaseHeld',
  'CaseHoldReleased',
  'CaseReverted',
  'CaseSentToTypist',
  'CaseTranscriptionStarted',
  'CaseSentForReview',
  'CaseCompleted',
  'CaseRolledBack',
  'CaseAddendumStarted',
  'CaseSplit',
  'CaseUpdated',
  'CaseOffered',
  'CaseOfferWithdrawn',
  'CaseOfferReturned',
  'CaseSentToFusion',
  'CaseFusionChanged',
  /** A PENDING FOR SCAN case whose registration item was cancelled, removed (docs/decisions/0262). */
  'CaseCancelled',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

export const caseEventPayload = z.object({
  caseId: z.uuid(),
  version: z.number().int(),
  /** The action that made this event (an action-table action, or a system one such as STUDY_ARRIVED). */
  action: z.string(),
  status: z.string(),
  previousStatus: z.string().nullable(),
  fusionStatus: z.string().nullable(),
  workflowType: z.string(),
  groupId: z.uuid().nullable(),
  centreId: z.uuid().nullable(),
  studyInstanceUid: z.string().nullable(),
  patientId: z.string(),
  modality: z.string().nullable(),
  priority: z.string(),
  radiologistId: z.uuid().nullable(),
  typistId: z.uuid().nullable(),
  /** Who acted; null for the system (a study arriving, auto-assignment, a timeout). */
  actorId: z.uuid().nullable(),
  reason: z.string().nullable(),
  parentCaseId: z.uuid().nullable(),
  fusionCentreId: z.uuid().nullable(),
});
export type CaseEventPayload = z.infer<typeof caseEventPayload>;

export const CASE_EVENTS = Object.fromEntries(
  CASE_EVENT_TYPES.map((type) => [
    type,
    defineEvent({ type, version: 1, topic: TOPICS.casesCase, schema: caseEventPayload }),
  ]),
) as Record<CaseEventType, EventDefinition<typeof caseEventPayload>>;

/**
 * A case sent to a fusion centre moved on the fusion side (docs/decisions/0149-fusion-contracts.md), on
 * `cases.fusion.v1` (key = case id) beside its `cases.case.v1` event, for the fusion side's consumers (billing of the
 * fusion centre's reads across companies). The envelope's tenant is the sender's (the case's company);
 * `fusionTenantId` names the fusion centre's company.
 */
export const FusionCaseChangedV1 = defineEvent({
  type: 'FusionCaseChanged',
  version: 1,
  topic: TOPICS.casesFusion,
  schema: z.object({
    caseId: z.uuid(),
    contractId: z.uuid().nullable(),
    action: z.string(),
    fusionStatus: z.string().nullable(),
    previousFusionStatus: z.string().nullable(),
    senderTenantId: z.uuid(),
    fusionTenantId: z.uuid().nullable(),
    fusionCentreId: z.uuid().nullable(),
    radiologistId: z.uuid().nullable(),
    actorId: z.uuid().nullable(),
    /**
     * Added later in v1 (absent from older events): the sender's centre and group, and the study's modality — the
     * fusion hub bills a completed read to that centre at its rate for that modality (docs/decisions/0275).
     */
    centreId: z.uuid().nullable().optional(),
    groupId: z.uuid().nullable().optional(),
    modality: z.string().nullable().optional(),
  }),
});
export type FusionCaseChangedPayload = z.infer<typeof FusionCaseChangedV1.schema>;

/**
 * Every step of a report is one event on `reporting.report.v1` (key = case id, so a case's steps stay in order),
 * written in the step's unit of work (docs/decisions/0173). The cases service moves the case from the workflow ones
 * (ReportSentToTypist → case.sendToTypist, ReportTranscriptionStarted → case.transcribe, ReportSubmittedForReview →
 * case.submitForReview, ReportFinalized → case.complete, ReportAddendumFinalized → case.addendum), exactly once per
 * event; billing reads ReportFinalized. The envelope's tenant is the case's company.
 */
export const REPORT_EVENT_TYPES = [
  'ReportSentToTypist',
  'ReportTranscriptionStarted',
  'ReportSubmittedForReview',
  'ReportFinalized',
  'ReportAddendumFinalized',
  'ReportPdfStored',
  'CriticalResultFlagged',
  'CriticalResultAcknowledged',
  'CriticalResultEscalated',
] as const;
export type ReportEventType = (typeof REPORT_EVENT_TYPES)[number];

export const reportEventPayload = z.object({
  reportId: z.uuid(),
  caseId: z.uuid(),
  /** The report's version number after the step (every save makes one). */
  version: z.number().int(),
  /** The report's status after the step (REPORT_STATUSES). */
  status: z.string(),
  centreId: z.uuid().nullable(),
  /** Who acted; null for the system (the PDF worker, an escalation). */
  actorId: z.uuid().nullable(),
  /** ReportSentToTypist: the chosen transcriptionist (null: the centre's setting picks one, or the pool). */
  typistId: z.uuid().nullable().optional(),
  /** ReportAddendumFinalized: the addendum. */
  addendumId: z.uuid().nullable().optional(),
  /** ReportPdfStored: the stored PDF's object key. */
  pdfKey: z.string().nullable().optional(),
  /** Critical result events: the alert. */
  alertId: z.uuid().nullable().optional(),
});
export type ReportEventPayload = z.infer<typeof reportEventPayload>;

export const REPORT_EVENTS = Object.fromEntries(
  REPORT_EVENT_TYPES.map((type) => [
    type,
    defineEvent({ type, version: 1, topic: TOPICS.reportingReport, schema: reportEventPayload }),
  ]),
) as Record<ReportEventType, EventDefinition<typeof reportEventPayload>>;

/**
 * A referral (referring doctor or hospital) was created or changed (auth → billing: a registration names it, a rate
 * card may be its own, its commission is paid on what it refers), on the compacted `auth.referral.v1` (key = referral
 * id): each event carries the whole referral, so billing's read model holds every referral auth ever made.
 */
export const ReferralChangedV1 = defineEvent({
  type: 'ReferralChanged',
  version: 1,
  topic: TOPICS.authReferral,
  schema: z.object({
    id: z.uuid(),
    name: z.string(),
    providerType: z.enum(['Internal', 'External']),
    hospitalName: z.string().nullable(),
    /** Basis points (1250 = 12.5%), docs/decisions/0079. */
    commissionBasisPoints: z.number().int().min(0).max(10000).nullable(),
    isActive: z.boolean(),
    /** Whose referral it is: the company's (both null), a group's or a centre's. */
    ownerGroupId: z.uuid().nullable(),
    ownerCentreId: z.uuid().nullable(),
  }),
});
export type ReferralChangedPayload = z.infer<typeof ReferralChangedV1.schema>;

/** What a registration item orders: a radiology study (cases), a lab test (LIMS); a package is expanded into these. */
export const REGISTRATION_ITEM_KINDS = ['RADIOLOGY', 'LAB'] as const;
export type RegistrationItemKind = (typeof REGISTRATION_ITEM_KINDS)[number];

const registrationItem = z.object({
  /** The registration item's id: a cancellation names it. */
  itemId: z.uuid(),
  kind: z.enum(REGISTRATION_ITEM_KINDS),
  /** The billable test's code and name in billing's catalogue. */
  code: z.string(),
  name: z.string(),
  /** Radiology: the modality to scan and the accession number that ties the study to its case when it arrives. */
  modality: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  bodyPart: z.string().nullable(),
  /** Lab: the sample type to collect (spec §3), when the catalogue names one. */
  sampleType: z.string().nullable(),
  /** The package the item came from, when it was ordered as part of one. */
  packageCode: z.string().nullable(),
});

/**
 * A patient was registered for a visit at a centre (billing → cases, LIMS), on `billing.registration.v1`
 * (key = registration id), in the registration's unit of work. Cases opens a PENDING FOR SCAN case per RADIOLOGY item
 * (Patient ID = the MR number, matched by accession when the study arrives); LIMS opens a sample to collect per LAB item.
 */
export const RegistrationCreatedV1 = defineEvent({
  type: 'RegistrationCreated',
  version: 1,
  topic: TOPICS.billingRegistration,
  schema: z.object({
    registrationId: z.uuid(),
    registrationNumber: z.string(),
    centreId: z.uuid(),
    groupId: z.uuid().nullable(),
    patient: z.object({
      id: z.uuid(),
      /** The centre's MR number: the DICOM Patient ID of the studies ordered. */
      mrNumber: z.string(),
      patientName: z.string(),
      gender: z.string(),
      /** YYYY-MM-DD */
      dateOfBirth: z.string().nullable(),
      ageYears: z.number().int().nullable(),
      phoneNumber: z.string().nullable(),
    }),
    referral: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    providerKind: z.enum(['Internal', 'External']),
    registeredAt: z.iso.datetime(),
    /**
     * The centre's time zone (IANA) when it registered: its calendar is the patient's, e.g. their age on the day a
     * sample is collected (docs/decisions/0374). Absent in events written before it was carried.
     */
    timeZone: z.string().optional(),
    items: z.array(registrationItem),
  }),
});
export type RegistrationCreatedPayload = z.infer<typeof RegistrationCreatedV1.schema>;
export type RegistrationItemPayload = z.infer<typeof registrationItem>;

/** Items of a registration were cancelled at the desk (billing → cases cancels the case, LIMS the sample). */
export const RegistrationItemsCancelledV1 = defineEvent({
  type: 'RegistrationItemsCancelled',
  version: 1,
  topic: TOPICS.billingRegistration,
  schema: z.object({
    registrationId: z.uuid(),
    centreId: z.uuid(),
    items: z.array(registrationItem.pick({ itemId: true, kind: true, accessionNumber: true })),
    reason: z.string(),
  }),
});
export type RegistrationItemsCancelledPayload = z.infer<typeof RegistrationItemsCancelledV1.schema>;

/** A sample as the lab's events carry it (lims.sample.v1, key = the sample's registration id). */
const labSample = {
  sampleId: z.uuid(),
  barcode: z.string(),
  registrationId: z.uuid(),
  registrationNumber: z.string(),
  centreId: z.uuid(),
  groupId: z.uuid().nullable(),
  sampleType: z.string(),
  container: z.string(),
  testCodes: z.array(z.string()),
};

/** The lab accepted a sample at accession (lims, on `lims.sample.v1`): its tests are run. */
export const SampleAcceptedV1 = defineEvent({
  type: 'SampleAccepted',
  version: 1,
  topic: TOPICS.limsSample,
  schema: z.object({ ...labSample, acceptedAt: z.iso.datetime() }),
});

/**
 * The lab rejected a sample at accession (lims, on `lims.sample.v1`): the reason (SAMPLE_REJECTION_REASONS), and the
 * new sample its tests went back to collection on (docs/decisions/0299). The registration's centre is told.
 */
export const SampleRejectedV1 = defineEvent({
  type: 'SampleRejected',
  version: 1,
  topic: TOPICS.limsSample,
  schema: z.object({
    ...labSample,
    reason: z.string(),
    note: z.string().nullable(),
    rejectedAt: z.iso.datetime(),
    recollection: z.object({ sampleId: z.uuid(), barcode: z.string() }),
  }),
});
export type SampleRejectedPayload = z.infer<typeof SampleRejectedV1.schema>;

/** An invoice's amounts after a change (billing.invoice.v1 events): whole minor units. */
const invoiceAmounts = {
  totalMinor: z.number().int(),
  creditedMinor: z.number().int(),
  paidMinor: z.number().int(),
  balanceMinor: z.number().int(),
  status: z.string(),
  version: z.number().int(),
};

/**
 * A patient invoice was issued (billing, on `billing.invoice.v1`, key = invoice id, in the issuing unit of work):
 * its gap-free number, centre, patient and total (docs/decisions/0253).
 */
export const InvoiceIssuedV1 = defineEvent({
  type: 'InvoiceIssued',
  version: 1,
  topic: TOPICS.billingInvoice,
  schema: z.object({
    invoiceId: z.uuid(),
    number: z.string(),
    financialYear: z.string(),
    centreId: z.uuid(),
    groupId: z.uuid().nullable(),
    patientId: z.uuid(),
    registrationId: z.uuid().nullable(),
    issuedAt: z.iso.datetime(),
    currency: z.string(),
    lines: z.array(z.object({ code: z.string(), quantity: z.number().int(), totalExact: z.string() })),
    ...invoiceAmounts,
  }),
});

const ledgerEntry = z.object({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  centreId: z.uuid(),
  patientId: z.uuid(),
  entryId: z.uuid(),
  amountMinor: z.number().int(),
  currency: z.string(),
  mode: z.string(),
  takenAt: z.iso.datetime(),
  ...invoiceAmounts,
});

/** A payment was taken on a patient invoice (billing.invoice.v1, key = invoice id; docs/decisions/0255). */
export const PaymentReceivedV1 = defineEvent({
  type: 'PaymentReceived',
  version: 1,
  topic: TOPICS.billingInvoice,
  schema: ledgerEntry,
});

/** Money paid on a patient invoice was given back (billing.invoice.v1, key = invoice id). */
export const RefundedV1 = defineEvent({
  type: 'Refunded',
  version: 1,
  topic: TOPICS.billingInvoice,
  schema: ledgerEntry.extend({ reason: z.string() }),
});

/** A credit note took back part or all of a patient invoice's balance (billing.invoice.v1; docs/decisions/0254). */
export const CreditNoteIssuedV1 = defineEvent({
  type: 'CreditNoteIssued',
  version: 1,
  topic: TOPICS.billingInvoice,
  schema: z.object({
    creditNoteId: z.uuid(),
    number: z.string(),
    invoiceId: z.uuid(),
    invoiceNumber: z.string(),
    centreId: z.uuid(),
    patientId: z.uuid(),
    amountMinor: z.number().int(),
    reason: z.string(),
    issuedAt: z.iso.datetime(),
    ...invoiceAmounts,
  }),
});

/**
 * A fusion invoice was raised or moved by the invoice machine (billing.invoice.v1, key = invoice id;
 * docs/decisions/0276): the action, the status before and after, both companies and centres, and the amounts. The
 * envelope's tenant is the fusion hub's (the invoice's company); `clientTenantId` names the client's.
 */
export const FusionInvoiceChangedV1 = defineEvent({
  type: 'FusionInvoiceChanged',
  version: 1,
  topic: TOPICS.billingInvoice,
  schema: z.object({
    invoiceId: z.uuid(),
    action: z.string(),
    status: z.string(),
    previousStatus: z.string().nullable(),
    month: z.string(),
    fusionTenantId: z.uuid(),
    fusionCentreId: z.uuid(),
    clientTenantId: z.uuid(),
    clientCentreId: z.uuid(),
    side: z.enum(['FUSION_HUB', 'CLIENT_CENTRE']),
    currency: z.string(),
    totalMinor: z.number().int(),
    paidMinor: z.number().int(),
    requestedMinor: z.number().int().nullable(),
  }),
});
export type FusionInvoiceChangedPayload = z.infer<typeof FusionInvoiceChangedV1.schema>;

const patientPayload = z.object({
  id: z.uuid(),
  centreId: z.uuid(),
  groupId: z.uuid().nullable(),
  /** The centre's MR number: the DICOM Patient ID of the patient's studies. */
  mrNumber: z.string(),
  patientName: z.string(),
  gender: z.string(),
  /** YYYY-MM-DD, or null when only the age was told (then `ageYears`, told on `ageRecordedOn`). */
  dateOfBirth: z.string().nullable(),
  ageYears: z.number().int().nullable(),
  ageRecordedOn: z.string().nullable(),
  phoneNumber: z.string(),
  /** The record this one was merged into (it is then read only), or null. */
  mergedInto: z.uuid().nullable(),
});

/**
 * A front desk patient was registered at a centre, or changed (corrected, merged into another record), on the
 * compacted `billing.patient.v1` (key = patient id), in the change's unit of work: each event carries the whole
 * patient, so a read model (cases: the worklist assigns a patient of the case's centre to a case) holds every patient
 * billing ever registered (docs/decisions/0263).
 */
export const PatientRegisteredV1 = defineEvent({
  type: 'PatientRegistered',
  version: 1,
  topic: TOPICS.billingPatient,
  schema: patientPayload,
});
export const PatientUpdatedV1 = defineEvent({
  type: 'PatientUpdated',
  version: 1,
  topic: TOPICS.billingPatient,
  schema: patientPayload,
});
export type PatientEventPayload = z.infer<typeof patientPayload>;

const matchedResult = z.object({
  resultId: z.uuid(),
  labOrderId: z.uuid(),
  testCode: z.string(),
  parameterCode: z.string(),
  /** As the analyzer sent it. */
  value: z.string(),
  unit: z.string().nullable(),
  flags: z.string().nullable(),
  observedAt: z.iso.datetime().nullable(),
});

/**
 * Results an analyzer sent were matched to a sample of the company and its orders (lims.result.v1, key = sample id):
 * by the listener's matching job, or by a lab user resolving a result of the unmatched queue (`resolvedBy` then names
 * them). One event per sample and message (or resolution); the validation worksheet reads them as the instrument's
 * values (docs/decisions/0303).
 */
export const AnalyzerResultsMatchedV1 = defineEvent({
  type: 'AnalyzerResultsMatched',
  version: 1,
  topic: TOPICS.limsResult,
  schema: z.object({
    sampleId: z.uuid(),
    barcode: z.string(),
    analyzerId: z.uuid(),
    messageId: z.uuid(),
    resolvedBy: z.uuid().nullable(),
    results: z.array(matchedResult).min(1),
  }),
});
export type AnalyzerResultsMatchedPayload = z.infer<typeof AnalyzerResultsMatchedV1.schema>;

/** The critical flags a lab result can have (result-rules.ts RESULT_FLAGS). */
export const LAB_CRITICAL_FLAGS = ['CRITICAL_LOW', 'CRITICAL_HIGH'] as const;

/**
 * A lab order's results hold a critical value (lims, on `lims.result.v1`, key = lab order id), when they are
 * entered or received: typed on the worksheet or sent by an analyzer. Reporting keeps it as a critical-result alert
 * for the registration's centre. The centre sees it in the same banner as a radiology finding, with the same
 * escalation, and must acknowledge it (docs/decisions/0307). `alertId` is chosen by the LIMS: one alert per order
 * and amendment, so a redelivery or a second save of the same critical results makes no second alert. E-mails never
 * carry the patient's name (the alert's facts).
 */
export const LabCriticalResultV1 = defineEvent({
  type: 'LabCriticalResult',
  version: 1,
  topic: TOPICS.limsResult,
  schema: z.object({
    alertId: z.uuid(),
    labOrderId: z.uuid(),
    sampleId: z.uuid(),
    barcode: z.string(),
    registrationId: z.uuid(),
    registrationNumber: z.string(),
    centreId: z.uuid(),
    groupId: z.uuid().nullable(),
    patient: z.object({ id: z.uuid(), mrNumber: z.string(), patientName: z.string() }),
    test: z.object({ code: z.string(), name: z.string() }),
    results: z
      .array(
        z.object({
          parameterCode: z.string(),
          parameterName: z.string(),
          value: z.string(),
          unit: z.string().nullable(),
          flag: z.enum(LAB_CRITICAL_FLAGS),
        }),
      )
      .min(1),
    /** Who entered the value; null when an analyzer sent it. */
    flaggedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
    flaggedAt: z.iso.datetime(),
  }),
});
export type LabCriticalResultPayload = z.infer<typeof LabCriticalResultV1.schema>;

/**
 * Reporting kept a lab order's critical result as an alert (LabCriticalResult → `LabCriticalAlertRaised`), escalated
 * it to the centre's admins, or a user of the centre acknowledged it: one event per step on `reporting.critical.v1`
 * (key = lab order id), written in the step's unit of work, as a case's alert steps are report events
 * (docs/decisions/0307). The LIMS may read them for the order's history; the worksheet asks /critical/find.
 */
export const LAB_CRITICAL_ALERT_EVENT_TYPES = [
  'LabCriticalAlertRaised',
  'LabCriticalAlertEscalated',
  'LabCriticalAlertAcknowledged',
] as const;
export type LabCriticalAlertEventType = (typeof LAB_CRITICAL_ALERT_EVENT_TYPES)[number];

export const labCriticalAlertEventPayload = z.object({
  alertId: z.uuid(),
  labOrderId: z.uuid(),
  sampleId: z.uuid(),
  registrationId: z.uuid(),
  centreId: z.uuid().nullable(),
  /** The alert's status after the step (CRITICAL_ALERT_STATUSES). */
  status: z.string(),
  /** Who acted; null for the system (an analyzer's result, an escalation). */
  actorId: z.uuid().nullable(),
  escalateAfterMinutes: z.number(),
});
export type LabCriticalAlertEventPayload = z.infer<typeof labCriticalAlertEventPayload>;

export const LAB_CRITICAL_ALERT_EVENTS = Object.fromEntries(
  LAB_CRITICAL_ALERT_EVENT_TYPES.map((type) => [
    type,
    defineEvent({ type, version: 1, topic: TOPICS.reportingCritical, schema: labCriticalAlertEventPayload }),
  ]),
) as Record<LabCriticalAlertEventType, EventDefinition<typeof labCriticalAlertEventPayload>>;

/**
 * A centre's report layout was saved (reporting, on the compacted `reporting.layout.v1`, key = centre id): the whole
 * layout, so a reader keeps the last one of each centre. The LIMS prints its lab reports in it (docs/decisions/0309).
 */
export const ReportLayoutSavedV1 = defineEvent({
  type: 'ReportLayoutSaved',
  version: 1,
  topic: TOPICS.reportingLayout,
  schema: z.object({ centreId: z.uuid(), layout: reportLayoutSchema }),
});
export type ReportLayoutSavedPayload = z.infer<typeof ReportLayoutSavedV1.schema>;

export const EVENT_DEFINITIONS = [
  StudyImportedV1,
  AvailabilityChangedV1,
  UserCreatedV1,
  UserUpdatedV1,
  OrgUnitCreatedV1,
  OrgUnitUpdatedV1,
  CompanyCreatedV1,
  CompanySuspendedV1,
  CompanyResumedV1,
  ...Object.values(CASE_EVENTS),
  FusionCaseChangedV1,
  ...Object.values(REPORT_EVENTS),
  ReferralChangedV1,
  RegistrationCreatedV1,
  RegistrationItemsCancelledV1,
  InvoiceIssuedV1,
  PaymentReceivedV1,
  RefundedV1,
  CreditNoteIssuedV1,
  FusionInvoiceChangedV1,
  PatientRegisteredV1,
  PatientUpdatedV1,
  SampleAcceptedV1,
  SampleRejectedV1,
  AnalyzerResultsMatchedV1,
  LabCriticalResultV1,
  ...Object.values(LAB_CRITICAL_ALERT_EVENTS),
  ReportLayoutSavedV1,
] as const;

export const eventKey = (type: string, version: number): string => `${type}@v${version}`;
