/**
 * The privilege catalogue (spec §3, §6): module → submodule type → privilege codes.
 * Codes the specification does not show are designed here once; docs/roles-and-privileges.md explains them.
 * The permission configuration of a user (GET /config) is a subset of this catalogue.
 */
export const MODULES = ['PACS', 'BILLING', 'OTHERS', 'PLATFORM'] as const;
/**
 * The module of the platform's own work (onboarding companies, operations): held only by platform operators
 * (docs/decisions/0085-platform-operators.md), never by a company's role, whatever its role code.
 */
export const PLATFORM_MODULE = 'PLATFORM' satisfies Module;
export type Module = (typeof MODULES)[number];

/** Generic privileges (spec §6), shared by most submodules. */
export const GENERIC = {
  CREATE: 'CREATE',
  EDIT: 'EDIT',
  VIEW: 'VIEW',
  ISACTIVE: 'ISACTIVE',
  MAP_UNMAP: 'MAP/UNMAP',
  ISUNBLOCK: 'ISUNBLOCK',
} as const;

/** Worklist privileges (spec §6), one code each. */
export const WORKLIST = {
  VIEW: 'VIEW',
  ASSIGN: 'ASSIGN',
  UNASSIGN: 'UNASSIGN',
  REASSIGN: 'REASSIGN',
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  RECALL: 'RECALL',
  TRANSCRIBE: 'TRANSCRIBE',
  ADDENDUM: 'ADDENDUM',
  REPORT_VIEW: 'REPORT_VIEW',
  DOWNLOAD_PRINT: 'DOWNLOAD_PRINT',
  SEND_REPORT_TO_PATIENT: 'SEND_REPORT_TO_PATIENT',
  CHAT: 'CHAT',
  RATING_FEEDBACK: 'RATING_FEEDBACK',
  HISTORY_ADD: 'HISTORY_ADD',
  HISTORY_EDIT: 'HISTORY_EDIT',
  HISTORY_DELETE: 'HISTORY_DELETE',
  GENERATE_REPORT: 'GENERATE_REPORT',
  ROLLBACK: 'ROLLBACK',
  SPLIT_CASE: 'SPLIT_CASE',
  CASE_DOWNLOAD: 'CASE_DOWNLOAD',
  EXPORT: 'EXPORT',
  IMPORT: 'IMPORT',
  FLAG_EMERGENCY_MLC: 'FLAG_EMERGENCY_MLC',
  COMPARE_STUDIES: 'COMPARE_STUDIES',
  VIEWER_CONFIGURATION_SWITCH: 'VIEWER_CONFIGURATION_SWITCH',
} as const;

/** Other specific privileges the specification names (spec §6). */
export const SPECIFIC = {
  HOLIDAY_CALENDAR_VIEW: 'HOLIDAY_CALENDAR_VIEW',
  HOLIDAY_CALENDAR_EDIT: 'HOLIDAY_CALENDAR_EDIT',
  RATE_CARD_VIEW: 'RATE_CARD_VIEW',
  RATE_CARD_ADD: 'RATE_CARD_ADD',
  RATE_CARD_EDIT: 'RATE_CARD_EDIT',
  RATE_CARD_ASSIGN: 'RATE_CARD_ASSIGN',
  PATIENT_VIEW: 'PATIENT_VIEW',
  /** Merge two records of one person at a centre (docs/decisions/0265). */
  PATIENT_MERGE: 'PATIENT_MERGE',
  /** Approve a discount above the role's limit at the registration desk (docs/decisions/0266). */
  APPROVE_DISCOUNT: 'APPROVE_DISCOUNT',
  /** Close a centre's day with the cash counted (docs/decisions/0278). */
  DAY_CLOSE: 'DAY_CLOSE',
  VIEW_PROFILE: 'VIEW_PROFILE',
  MANAGE_SPECIALIZATION: 'MANAGE_SPECIALIZATION',
  MANAGE_SIGNATURE: 'MANAGE_SIGNATURE',
  UPLOAD: 'UPLOAD',
  REFUND: 'REFUND',
  CONFIRM_PAYMENT: 'CONFIRM_PAYMENT',
  REJECT_PAYMENT: 'REJECT_PAYMENT',
  /** A client centre pays a fusion invoice and asks the hub to confirm (TAKE_ACTION; docs/decisions/0246). */
  PAY: 'PAY',
  /** Either side of a fusion invoice puts it on hold or resumes it (docs/decisions/0245, 0246). */
  HOLD: 'HOLD',
  COMMENT: 'COMMENT',
  CHAT: 'CHAT',
  COLLECT: 'COLLECT',
  ACCEPT_SAMPLE: 'ACCEPT_SAMPLE',
  VALIDATE: 'VALIDATE',
  REPORT: 'REPORT',
  SIGN: 'SIGN',
} as const;

const { CREATE, EDIT, VIEW, ISACTIVE, MAP_UNMAP, ISUNBLOCK } = GENERIC;
const CRUD = [VIEW, CREATE, EDIT, ISACTIVE] as const;

export interface SubmoduleDefinition {
  module: Module;
  label: string;
  privileges: readonly string[];
}

/** Every submodule type with its module and the privilege codes it has. */
export const SUBMODULES = {
  // OTHERS: organisation and people
  GROUP: { module: 'OTHERS', label: 'Groups', privileges: [...CRUD, MAP_UNMAP] },
  CENTERS: { module: 'OTHERS', label: 'Centers', privileges: [...CRUD, ISUNBLOCK] },
  ROLES: { module: 'OTHERS', label: 'Roles', privileges: CRUD },
  USER: { module: 'OTHERS', label: 'Users', privileges: [...CRUD, ISUNBLOCK] },
  DEPARTMENT: { module: 'OTHERS', label: 'Departments', privileges: CRUD },
  DOCTOR: { module: 'OTHERS', label: 'Doctors', privileges: CRUD },
  REFERRALS: { module: 'OTHERS', label: 'Referrals', privileges: CRUD },
  PROFILE: {
    module: 'OTHERS',
    label: 'Profile',
    privileges: [SPECIFIC.VIEW_PROFILE, SPECIFIC.MANAGE_SPECIALIZATION, SPECIFIC.MANAGE_SIGNATURE],
  },
  DASHBOARD: { module: 'OTHERS', label: 'Dashboards', privileges: [VIEW] },
  // PACS: imaging work
  WORKLIST: { module: 'PACS', label: 'Worklist', privileges: Object.values(WORKLIST) },
  TEMPLATES: { module: 'PACS', label: 'Report Templates', privileges: CRUD },
  REQUESTS: { module: 'PACS', label: 'Requests', privileges: [VIEW, CREATE, EDIT] },
  MODALITY: { module: 'PACS', label: 'Modality', privileges: CRUD },
  EQUIPMENT_CONFIG: { module: 'PACS', label: 'Equipment Config', privileges: [VIEW, EDIT] },
  // BILLING: diagnostic centre and laboratory
  FINANCE: {
    module: 'BILLING',
    label: 'Finance',
    // EDIT: a centre's billing settings (time zone, night window, tax, discount limits; docs/decisions/0250);
    // VIEW: day ends, outstanding, commission statements, the finance dashboard; DAY_CLOSE: cash closing (0278)
    privileges: [VIEW, EDIT, SPECIFIC.HOLIDAY_CALENDAR_VIEW, SPECIFIC.HOLIDAY_CALENDAR_EDIT, SPECIFIC.DAY_CLOSE],
  },
  RATE_CARDS: {
    module: 'BILLING',
    label: 'Rate Cards',
    privileges: [SPECIFIC.RATE_CARD_VIEW, SPECIFIC.RATE_CARD_ADD, SPECIFIC.RATE_CARD_EDIT, SPECIFIC.RATE_CARD_ASSIGN],
  },
  PATIENTS: {
    module: 'BILLING',
    label: 'Patients',
    privileges: [SPECIFIC.PATIENT_VIEW, CREATE, EDIT, SPECIFIC.PATIENT_MERGE],
  },
  BILLING: {
    module: 'BILLING',
    label: 'Billing',
    privileges: [VIEW, CREATE, SPECIFIC.REFUND, SPECIFIC.APPROVE_DISCOUNT],
  },
  INVOICE: {
    module: 'BILLING',
    label: 'Invoices',
    privileges: [
      VIEW,
      CREATE,
      SPECIFIC.CONFIRM_PAYMENT,
      SPECIFIC.REJECT_PAYMENT,
      SPECIFIC.PAY,
      SPECIFIC.HOLD,
      SPECIFIC.COMMENT,
      SPECIFIC.CHAT,
    ],
  },
  PRICE_BOOKS: { module: 'BILLING', label: 'Price Books', privileges: [VIEW, CREATE, EDIT] },
  TESTS: { module: 'BILLING', label: 'Tests', privileges: [...CRUD, SPECIFIC.UPLOAD] },
  PACKAGES: { module: 'BILLING', label: 'Packages', privileges: CRUD },
  SAMPLE_COLLECTION: { module: 'BILLING', label: 'Sample Collection', privileges: [VIEW, SPECIFIC.COLLECT] },
  LIMS: {
    module: 'BILLING',
    label: 'LIMS',
    privileges: [VIEW, SPECIFIC.ACCEPT_SAMPLE, SPECIFIC.VALIDATE, SPECIFIC.REPORT],
  },
  LAB_MANAGEMENT: { module: 'BILLING', label: 'Lab Management', privileges: CRUD },
  PATHOLOGIST: { module: 'BILLING', label: 'Pathologist', privileges: [SPECIFIC.VALIDATE, SPECIFIC.SIGN] },
  // PLATFORM: platform operators only (no company role can hold these)
  COMPANIES: { module: 'PLATFORM', label: 'Companies', privileges: [VIEW, CREATE, ISACTIVE] },
  OPERATIONS: { module: 'PLATFORM', label: 'Operations', privileges: [VIEW] },
} as const satisfies Record<string, SubmoduleDefinition>;

export type SubmoduleType = keyof typeof SUBMODULES;
export const SUBMODULE_TYPES = Object.keys(SUBMODULES) as SubmoduleType[];
/** The submodule types of the platform module: grants a company's role never holds. */
export const PLATFORM_SUBMODULE_TYPES: readonly SubmoduleType[] = SUBMODULE_TYPES.filter(
  (type) => SUBMODULES[type].module === PLATFORM_MODULE,
);
export type PrivilegeCode<T extends SubmoduleType = SubmoduleType> = (typeof SUBMODULES)[T]['privileges'][number];

/** A privilege a route, a menu item or an endpoint needs: module + type + any one of the codes. */
export interface PrivilegeRequirement {
  module: Module;
  type: SubmoduleType;
  /** Any one of these codes grants access (compared case-insensitively). */
  anyOf: readonly string[];
}

export const requirement = <T extends SubmoduleType>(type: T, ...anyOf: PrivilegeCode<T>[]): PrivilegeRequirement => ({
  module: SUBMODULES[type].module,
  type,
  anyOf,
});
