import { GENERIC, PLATFORM_SUBMODULE_TYPES, SPECIFIC, SUBMODULES, WORKLIST, type SubmoduleType } from './privileges.js';
import type { PrivilegeGrants } from './permission-config.js';
import { ROLE_CODES, type RoleCode } from './roles.js';

/**
 * The default role → privilege matrix: what each role holds when a tenant is created. A tenant's admins
 * may edit their roles afterwards (within what they hold themselves). docs/roles-and-privileges.md is
 * generated from this table.
 */
const { CREATE, EDIT, VIEW, ISACTIVE, MAP_UNMAP, ISUNBLOCK } = GENERIC;
const all = (type: SubmoduleType): readonly string[] => SUBMODULES[type].privileges;
const W = WORKLIST;

/** What an administrator does on the worklist (spec §6 action table: assign, reassign, recall, download, mail, print). */
const WORKLIST_ADMIN = [
  W.VIEW,
  W.ASSIGN,
  W.UNASSIGN,
  W.REASSIGN,
  W.RECALL,
  W.REPORT_VIEW,
  W.DOWNLOAD_PRINT,
  W.SEND_REPORT_TO_PATIENT,
  W.CHAT,
  W.RATING_FEEDBACK,
  W.HISTORY_ADD,
  W.HISTORY_EDIT,
  W.HISTORY_DELETE,
  W.ROLLBACK,
  W.SPLIT_CASE,
  W.CASE_DOWNLOAD,
  W.EXPORT,
  W.IMPORT,
  W.FLAG_EMERGENCY_MLC,
  W.COMPARE_STUDIES,
  W.VIEWER_CONFIGURATION_SWITCH,
];
/** What a reading radiologist does (accept, reject, report, addendum, compare, download, print). */
const WORKLIST_READER = [
  W.VIEW,
  W.ACCEPT,
  W.REJECT,
  W.REPORT_VIEW,
  W.GENERATE_REPORT,
  W.ADDENDUM,
  W.DOWNLOAD_PRINT,
  W.CHAT,
  W.HISTORY_ADD,
  W.COMPARE_STUDIES,
  W.CASE_DOWNLOAD,
  W.VIEWER_CONFIGURATION_SWITCH,
];
const WORKLIST_TYPIST = [W.VIEW, W.TRANSCRIBE, W.REPORT_VIEW, W.GENERATE_REPORT, W.CHAT];
const PROFILE_ALL = all('PROFILE');
const PROFILE_VIEW = [SPECIFIC.VIEW_PROFILE];
const BILLING_ADMIN: PrivilegeGrants = {
  FINANCE: all('FINANCE'),
  RATE_CARDS: all('RATE_CARDS'),
  PATIENTS: all('PATIENTS'),
  BILLING: all('BILLING'),
  // the client centre's side of a fusion invoice: pay it, hold it (docs/decisions/0246-invoice-privileges.md)
  INVOICE: [VIEW, CREATE, SPECIFIC.PAY, SPECIFIC.HOLD, SPECIFIC.COMMENT, SPECIFIC.CHAT],
  PRICE_BOOKS: all('PRICE_BOOKS'),
  TESTS: all('TESTS'),
  PACKAGES: all('PACKAGES'),
  SAMPLE_COLLECTION: all('SAMPLE_COLLECTION'),
  LIMS: [VIEW],
  LAB_MANAGEMENT: all('LAB_MANAGEMENT'),
};
const PEOPLE_ADMIN: PrivilegeGrants = {
  ROLES: all('ROLES'),
  USER: all('USER'),
  DEPARTMENT: all('DEPARTMENT'),
  DOCTOR: all('DOCTOR'),
  REFERRALS: all('REFERRALS'),
  DASHBOARD: [VIEW],
  PROFILE: PROFILE_VIEW,
  TEMPLATES: all('TEMPLATES'),
  REQUESTS: all('REQUESTS'),
  MODALITY: all('MODALITY'),
  EQUIPMENT_CONFIG: all('EQUIPMENT_CONFIG'),
};

/** Every company privilege (the platform module is never a company's). */
const everything = (): PrivilegeGrants =>
  Object.fromEntries(
    (Object.keys(SUBMODULES) as SubmoduleType[])
      .filter((type) => !PLATFORM_SUBMODULE_TYPES.includes(type))
      .map((type) => [type, all(type)]),
  ) as PrivilegeGrants;

/**
 * What a platform operator holds (SUPER_ADMIN of the platform, with no company: docs/decisions/0085): the
 * platform module only — companies (list, onboard, suspend and resume) and operations (dead letters) — and nothing
 * of any company's data.
 */
export const PLATFORM_OPERATOR_PRIVILEGES: PrivilegeGrants = Object.fromEntries(
  PLATFORM_SUBMODULE_TYPES.map((type) => [type, all(type)]),
) as PrivilegeGrants;

export const DEFAULT_ROLE_PRIVILEGES: Record<RoleCode, PrivilegeGrants> = {
  [ROLE_CODES.SUPER_ADMIN]: everything(),
  [ROLE_CODES.ADMIN]: everything(),
  [ROLE_CODES.RADIOLOGY_ADMIN]: {
    GROUP: [VIEW],
    CENTERS: [VIEW],
    USER: all('USER'),
    DOCTOR: all('DOCTOR'),
    WORKLIST: WORKLIST_ADMIN,
    TEMPLATES: all('TEMPLATES'),
    DASHBOARD: [VIEW],
    PROFILE: PROFILE_VIEW,
  },
  [ROLE_CODES.GROUP_ADMIN]: {
    GROUP: [VIEW, EDIT, MAP_UNMAP],
    CENTERS: [VIEW, CREATE, EDIT, ISACTIVE, ISUNBLOCK],
    ...PEOPLE_ADMIN,
    WORKLIST: WORKLIST_ADMIN,
    ...BILLING_ADMIN,
  },
  [ROLE_CODES.GROUP_CENTER_ADMIN]: {
    GROUP: [VIEW],
    CENTERS: [VIEW, EDIT],
    ...PEOPLE_ADMIN,
    WORKLIST: WORKLIST_ADMIN,
    ...BILLING_ADMIN,
  },
  [ROLE_CODES.CENTER_ADMIN]: {
    CENTERS: [VIEW, EDIT],
    ...PEOPLE_ADMIN,
    ROLES: [VIEW],
    WORKLIST: WORKLIST_ADMIN,
    ...BILLING_ADMIN,
  },
  [ROLE_CODES.RECEPTIONIST]: {
    WORKLIST: [W.VIEW, W.REPORT_VIEW, W.DOWNLOAD_PRINT, W.IMPORT, W.SEND_REPORT_TO_PATIENT],
    // merging two records of one person is the centre admin's (docs/decisions/0265)
    PATIENTS: [SPECIFIC.PATIENT_VIEW, CREATE, EDIT],
    BILLING: [VIEW, CREATE],
    INVOICE: [VIEW],
    TESTS: [VIEW],
    PACKAGES: [VIEW],
    REFERRALS: [VIEW, CREATE],
    DOCTOR: [VIEW],
    // the desk closes the day with the cash it counted, without the centre's figures (docs/decisions/0278)
    FINANCE: [SPECIFIC.HOLIDAY_CALENDAR_VIEW, SPECIFIC.DAY_CLOSE],
    SAMPLE_COLLECTION: all('SAMPLE_COLLECTION'),
    PROFILE: PROFILE_VIEW,
  },
  [ROLE_CODES.CENTER_RADIOLOGIST]: {
    WORKLIST: WORKLIST_READER,
    TEMPLATES: [VIEW, CREATE, EDIT],
    DASHBOARD: [VIEW],
    PROFILE: PROFILE_ALL,
  },
  [ROLE_CODES.JUNIOR_RADIOLOGIST]: {
    // As the centre radiologist (accept, reject, download, print: the action table), without addendum: a junior's
    // report always goes to review (docs/decisions/0115-case-action-table.md).
    WORKLIST: [
      W.VIEW,
      W.ACCEPT,
      W.REJECT,
      W.DOWNLOAD_PRINT,
      W.CASE_DOWNLOAD,
      W.REPORT_VIEW,
      W.GENERATE_REPORT,
      W.CHAT,
      W.HISTORY_ADD,
      W.COMPARE_STUDIES,
      W.VIEWER_CONFIGURATION_SWITCH,
    ],
    TEMPLATES: [VIEW],
    PROFILE: PROFILE_ALL,
  },
  [ROLE_CODES.MARKETPLACE_RADIOLOGIST]: {
    WORKLIST: WORKLIST_READER.filter((c) => c !== W.DOWNLOAD_PRINT && c !== W.CASE_DOWNLOAD),
    TEMPLATES: [VIEW, CREATE, EDIT],
    PROFILE: PROFILE_ALL,
  },
  [ROLE_CODES.TYPIST]: { WORKLIST: WORKLIST_TYPIST, TEMPLATES: [VIEW], PROFILE: PROFILE_VIEW },
  [ROLE_CODES.TRANSCRIPTIONIST]: { WORKLIST: WORKLIST_TYPIST, TEMPLATES: [VIEW], PROFILE: PROFILE_VIEW },
  [ROLE_CODES.FUSION_GROUP_ADMIN]: {
    GROUP: [VIEW],
    CENTERS: [VIEW, CREATE, EDIT, ISACTIVE],
    ROLES: [VIEW],
    USER: all('USER'),
    WORKLIST: WORKLIST_ADMIN,
    INVOICE: all('INVOICE'),
    DASHBOARD: [VIEW],
    PROFILE: PROFILE_VIEW,
  },
  [ROLE_CODES.FUSION_GROUP_CENTER]: {
    CENTERS: [VIEW],
    USER: [VIEW, CREATE, EDIT],
    WORKLIST: WORKLIST_ADMIN,
    INVOICE: [VIEW, SPECIFIC.COMMENT, SPECIFIC.CHAT],
    PROFILE: PROFILE_VIEW,
  },
  [ROLE_CODES.FUSION_CENTER]: {
    USER: [VIEW],
    WORKLIST: [W.VIEW, W.ASSIGN, W.REASSIGN, W.REPORT_VIEW, W.DOWNLOAD_PRINT, W.CHAT],
    INVOICE: [VIEW, SPECIFIC.COMMENT, SPECIFIC.CHAT],
    PROFILE: PROFILE_VIEW,
  },
  [ROLE_CODES.PATHOLOGIST]: {
    LIMS: all('LIMS'),
    PATHOLOGIST: all('PATHOLOGIST'),
    SAMPLE_COLLECTION: [VIEW],
    TESTS: [VIEW],
    PATIENTS: [SPECIFIC.PATIENT_VIEW],
    PROFILE: PROFILE_ALL,
  },
};
