// The worklist's action table (spec §6), as data beside the machines (docs/decisions/0115-case-action-table.md):
// role × case status × workflow type → the actions a user of that role may take; and, for a case with a fusion
// centre, role × fusion status. `spec` holds the actions spec §6 names for the row, `designed` what the issue's
// lifecycle adds (unassign, rollback, split, offers, fusion, flags, chat, the reading steps). The table says WHO may;
// the machines say whether the case may move; `allowedCaseActions` (./case-actions.ts) is both.
import {
  CASE_STATUSES,
  FUSION_STATUSES,
  ROLE_CODES,
  WORKFLOW_TYPES,
  type CaseAction,
  type CaseStatus,
  type FusionStatus,
  type RoleCode,
  type WorkflowType,
} from '@rayworks/contracts';

const R = ROLE_CODES;

/** The administrators of the action table's first row: centre, group and group-centre admins, and the company's own administrators. */
export const CASE_ADMIN_ROLES: readonly RoleCode[] = [
  R.CENTER_ADMIN,
  R.GROUP_ADMIN,
  R.GROUP_CENTER_ADMIN,
  R.ADMIN,
  R.RADIOLOGY_ADMIN,
  R.SUPER_ADMIN,
];
/** The fusion side's administrators (spec §3: FGA, FGCA, FCA). */
export const FUSION_ADMIN_ROLES: readonly RoleCode[] = [R.FUSION_GROUP_ADMIN, R.FUSION_GROUP_CENTER, R.FUSION_CENTER];
export const TYPIST_ROLES: readonly RoleCode[] = [R.TYPIST, R.TRANSCRIPTIONIST];

/**
 * How a role's user must stand to a case to act on it (beyond reach, which the cases service's query decides):
 * `any` — every case it reaches (administrators, receptionists); `reader` — only the case assigned to them
 * (radiologistId), with two exceptions: a marketplace radiologist takes an open offer, and a centre radiologist
 * reviews a junior's report (PENDING FOR REVIEW); `typist` — only the case they type (typistId), or an untaken
 * one to take it (TRANSCRIBE).
 */
export type CaseRoleRelation = 'any' | 'reader' | 'typist';
export const CASE_ROLE_RELATIONS: Record<RoleCode, CaseRoleRelation | null> = {
  [R.ADMIN]: 'any',
  [R.CENTER_ADMIN]: 'any',
  [R.GROUP_ADMIN]: 'any',
  [R.GROUP_CENTER_ADMIN]: 'any',
  [R.RADIOLOGY_ADMIN]: 'any',
  [R.SUPER_ADMIN]: 'any',
  [R.RECEPTIONIST]: 'any',
  [R.FUSION_GROUP_ADMIN]: 'any',
  [R.FUSION_GROUP_CENTER]: 'any',
  [R.FUSION_CENTER]: 'any',
  [R.CENTER_RADIOLOGIST]: 'reader',
  [R.JUNIOR_RADIOLOGIST]: 'reader',
  [R.MARKETPLACE_RADIOLOGIST]: 'reader',
  [R.TYPIST]: 'typist',
  [R.TRANSCRIPTIONIST]: 'typist',
  [R.PATHOLOGIST]: null,
};

/** One rule of the case table: these roles, in these statuses and workflow types, may take these actions. */
export interface CaseTableRule {
  roles: readonly RoleCode[];
  statuses: readonly CaseStatus[];
  workflowTypes: readonly WorkflowType[];
  /** The actions spec §6 names for these roles (and statuses). */
  spec: readonly CaseAction[];
  /** The actions the lifecycle adds (docs/decisions/0115-case-action-table.md). */
  designed: readonly CaseAction[];
}

/** One rule of the fusion table (a case with a fusion centre: fusionStatus set, not RECALLED). */
export interface FusionTableRule {
  roles: readonly RoleCode[];
  fusionStatuses: readonly FusionStatus[];
  spec: readonly CaseAction[];
  designed: readonly CaseAction[];
}

const BOTH: readonly WorkflowType[] = ['Center', 'Marketplace'];
const CENTRE: readonly WorkflowType[] = ['Center'];
const MARKET: readonly WorkflowType[] = ['Marketplace'];
const FLAGS: readonly CaseAction[] = ['FLAG_EMERGENCY', 'FLAG_MLC'];
const LOOK: readonly CaseAction[] = ['GO_TO_CASE', 'DOWNLOAD_STUDY', 'CHAT'];
const ADMINS = CASE_ADMIN_ROLES;
const RADIOLOGIST = [R.CENTER_RADIOLOGIST];
const JUNIOR = [R.JUNIOR_RADIOLOGIST];
const MARKETPLACE = [R.MARKETPLACE_RADIOLOGIST];

export const CASE_TABLE_RULES: readonly CaseTableRule[] = [
  // Centre, group and group-centre admins (and the company's administrators)
  { roles: ADMINS, statuses: ['PENDING FOR SCAN'], workflowTypes: BOTH, spec: [], designed: FLAGS },
  {
    roles: ADMINS,
    statuses: ['NEW'],
    workflowTypes: CENTRE,
    spec: ['ASSIGN'],
    designed: ['SPLIT', 'OFFER_TO_MARKETPLACE', 'SEND_TO_FUSION', ...FLAGS, ...LOOK],
  },
  {
    roles: ADMINS,
    statuses: ['NEW'],
    workflowTypes: MARKET,
    spec: [],
    designed: ['WITHDRAW_OFFER', ...FLAGS, ...LOOK],
  },
  {
    roles: ADMINS,
    statuses: ['PENDING FOR ACCEPTANCE'],
    workflowTypes: CENTRE,
    spec: ['RECALL'],
    designed: ['UNASSIGN', ...FLAGS, ...LOOK],
  },
  { roles: ADMINS, statuses: ['IN PROGRESS'], workflowTypes: BOTH, spec: ['RECALL'], designed: [...FLAGS, ...LOOK] },
  {
    roles: ADMINS,
    statuses: ['PENDING AT TYPIST', 'PENDING FOR REVIEW'],
    workflowTypes: BOTH,
    spec: [],
    designed: [...FLAGS, ...LOOK],
  },
  {
    roles: ADMINS,
    statuses: ['COMPLETED'],
    workflowTypes: BOTH,
    spec: ['DOWNLOAD', 'MAIL', 'PRINT'],
    designed: ['ROLLBACK', ...LOOK],
  },
  {
    roles: ADMINS,
    statuses: ['REJECTED', 'RECALLED'],
    workflowTypes: BOTH,
    spec: ['REASSIGN'],
    designed: ['UNASSIGN', ...FLAGS, ...LOOK],
  },
  // Centre radiologist: accept, reject, hold, revert, go to case, download, print
  {
    roles: RADIOLOGIST,
    statuses: ['PENDING FOR ACCEPTANCE'],
    workflowTypes: CENTRE,
    spec: ['ACCEPT', 'REJECT', 'GO_TO_CASE'],
    designed: ['ACCEPT_RECALL', 'REJECT_RECALL', 'CHAT'],
  },
  {
    roles: RADIOLOGIST,
    statuses: ['IN PROGRESS'],
    workflowTypes: CENTRE,
    spec: ['HOLD', 'REVERT', 'GO_TO_CASE'],
    designed: ['UNHOLD', 'ACCEPT_RECALL', 'REJECT_RECALL', 'SEND_TO_TYPIST', 'COMPLETE', 'DOWNLOAD_STUDY', 'CHAT'],
  },
  {
    roles: RADIOLOGIST,
    statuses: ['PENDING AT TYPIST'],
    workflowTypes: CENTRE,
    spec: ['GO_TO_CASE'],
    designed: ['CHAT'],
  },
  {
    roles: RADIOLOGIST,
    statuses: ['PENDING FOR REVIEW'],
    workflowTypes: CENTRE,
    spec: ['GO_TO_CASE'],
    designed: ['COMPLETE', 'CHAT'],
  },
  {
    roles: RADIOLOGIST,
    statuses: ['COMPLETED'],
    workflowTypes: CENTRE,
    spec: ['DOWNLOAD', 'PRINT', 'GO_TO_CASE'],
    designed: ['ADDENDUM', 'CHAT'],
  },
  // Junior radiologist: as the centre radiologist, but the report always goes to review
  {
    roles: JUNIOR,
    statuses: ['PENDING FOR ACCEPTANCE'],
    workflowTypes: CENTRE,
    spec: [],
    designed: ['ACCEPT', 'REJECT', 'GO_TO_CASE', 'ACCEPT_RECALL', 'REJECT_RECALL', 'CHAT'],
  },
  {
    roles: JUNIOR,
    statuses: ['IN PROGRESS'],
    workflowTypes: CENTRE,
    spec: [],
    designed: [
      'HOLD',
      'UNHOLD',
      'REVERT',
      'GO_TO_CASE',
      'ACCEPT_RECALL',
      'REJECT_RECALL',
      'SEND_TO_TYPIST',
      'SUBMIT_FOR_REVIEW',
      'DOWNLOAD_STUDY',
      'CHAT',
    ],
  },
  {
    roles: JUNIOR,
    statuses: ['PENDING AT TYPIST', 'PENDING FOR REVIEW'],
    workflowTypes: CENTRE,
    spec: [],
    designed: ['GO_TO_CASE', 'CHAT'],
  },
  {
    roles: JUNIOR,
    statuses: ['COMPLETED'],
    workflowTypes: CENTRE,
    spec: [],
    designed: ['DOWNLOAD', 'PRINT', 'GO_TO_CASE', 'CHAT'],
  },
  // Receptionist: download and print completed cases
  { roles: [R.RECEPTIONIST], statuses: ['COMPLETED'], workflowTypes: BOTH, spec: ['DOWNLOAD', 'PRINT'], designed: [] },
  // Typist: works on cases pending at typist
  {
    roles: TYPIST_ROLES,
    statuses: ['PENDING AT TYPIST'],
    workflowTypes: CENTRE,
    spec: ['TRANSCRIBE', 'SUBMIT_FOR_REVIEW'],
    designed: ['GO_TO_CASE', 'CHAT'],
  },
  // Marketplace radiologist: accept, reject, revert, chat
  {
    roles: MARKETPLACE,
    statuses: ['NEW'],
    workflowTypes: MARKET,
    spec: ['ACCEPT', 'CHAT'],
    designed: ['GO_TO_CASE'],
  },
  {
    roles: MARKETPLACE,
    statuses: ['IN PROGRESS'],
    workflowTypes: MARKET,
    spec: ['REJECT', 'REVERT', 'CHAT'],
    designed: ['GO_TO_CASE', 'COMPLETE', 'ACCEPT_RECALL', 'REJECT_RECALL'],
  },
  { roles: MARKETPLACE, statuses: ['COMPLETED'], workflowTypes: MARKET, spec: ['CHAT'], designed: ['GO_TO_CASE'] },
];

const FUSION_OPEN: readonly FusionStatus[] = [
  'NEW',
  'ASSIGNED',
  'PENDING_FOR_ACCEPTANCE',
  'ACCEPTED',
  'REJECTED',
  'IN_PROGRESS',
];
const FUSION_VIEW: readonly CaseAction[] = ['GO_TO_CASE', 'CHAT'];

export const FUSION_TABLE_RULES: readonly FusionTableRule[] = [
  // The fusion side's administrators: hand the case to a fusion centre, assign its radiologist
  { roles: FUSION_ADMIN_ROLES, fusionStatuses: ['NEW'], spec: [], designed: ['ASSIGN', ...FUSION_VIEW] },
  {
    roles: FUSION_ADMIN_ROLES,
    fusionStatuses: ['ASSIGNED'],
    spec: [],
    designed: ['ASSIGN', 'UNASSIGN', ...FUSION_VIEW],
  },
  {
    roles: FUSION_ADMIN_ROLES,
    fusionStatuses: ['PENDING_FOR_ACCEPTANCE', 'ACCEPTED'],
    spec: [],
    designed: ['UNASSIGN', ...FUSION_VIEW],
  },
  {
    roles: FUSION_ADMIN_ROLES,
    fusionStatuses: ['REJECTED'],
    spec: [],
    designed: ['REASSIGN', 'UNASSIGN', ...FUSION_VIEW],
  },
  { roles: FUSION_ADMIN_ROLES, fusionStatuses: ['IN_PROGRESS'], spec: [], designed: FUSION_VIEW },
  {
    roles: FUSION_ADMIN_ROLES,
    fusionStatuses: ['COMPLETED'],
    spec: [],
    designed: ['DOWNLOAD', 'PRINT', ...FUSION_VIEW],
  },
  // The fusion centre's radiologist (a centre radiologist of the fusion centre, assigned to the case)
  {
    roles: RADIOLOGIST,
    fusionStatuses: ['PENDING_FOR_ACCEPTANCE'],
    spec: [],
    designed: ['ACCEPT', 'REJECT', ...FUSION_VIEW],
  },
  { roles: RADIOLOGIST, fusionStatuses: ['ACCEPTED', 'IN_PROGRESS'], spec: [], designed: ['COMPLETE', ...FUSION_VIEW] },
  { roles: RADIOLOGIST, fusionStatuses: ['COMPLETED'], spec: [], designed: ['DOWNLOAD', 'PRINT', ...FUSION_VIEW] },
  // The sending group's administrators: follow it, recall it, send out the fusion centre's report
  { roles: ADMINS, fusionStatuses: FUSION_OPEN, spec: [], designed: ['RECALL_FROM_FUSION', ...FUSION_VIEW] },
  {
    roles: ADMINS,
    fusionStatuses: ['COMPLETED'],
    spec: ['DOWNLOAD', 'MAIL', 'PRINT'],
    designed: FUSION_VIEW,
  },
  { roles: [R.RECEPTIONIST], fusionStatuses: ['COMPLETED'], spec: ['DOWNLOAD', 'PRINT'], designed: [] },
];

/** One expanded row of the case table. */
export interface CaseTableRow {
  role: RoleCode;
  status: CaseStatus;
  workflowType: WorkflowType;
  actions: readonly CaseAction[];
}
/** One expanded row of the fusion table. */
export interface FusionTableRow {
  role: RoleCode;
  fusionStatus: FusionStatus;
  actions: readonly CaseAction[];
}

const ROLE_ORDER = Object.values(R) as RoleCode[];
const byOrder =
  <T>(order: readonly T[]) =>
  (a: T, b: T) =>
    order.indexOf(a) - order.indexOf(b);

/** Every (role, status, workflow type) the rules name, with its actions (rules naming the same row add up). */
export const CASE_ACTION_TABLE: readonly CaseTableRow[] = (() => {
  const rows = new Map<string, CaseTableRow>();
  for (const rule of CASE_TABLE_RULES)
    for (const role of rule.roles)
      for (const status of rule.statuses)
        for (const workflowType of rule.workflowTypes) {
          const key = `${role}|${status}|${workflowType}`;
          const actions = new Set([...(rows.get(key)?.actions ?? []), ...rule.spec, ...rule.designed]);
          rows.set(key, { role, status, workflowType, actions: [...actions] });
        }
  return [...rows.values()].sort(
    (a, b) =>
      byOrder(ROLE_ORDER)(a.role, b.role) ||
      byOrder(CASE_STATUSES)(a.status, b.status) ||
      byOrder(WORKFLOW_TYPES)(a.workflowType, b.workflowType),
  );
})();

/** Every (role, fusion status) the fusion rules name, with its actions. */
export const FUSION_ACTION_TABLE: readonly FusionTableRow[] = (() => {
  const rows = new Map<string, FusionTableRow>();
  for (const rule of FUSION_TABLE_RULES)
    for (const role of rule.roles)
      for (const fusionStatus of rule.fusionStatuses) {
        const key = `${role}|${fusionStatus}`;
        const actions = new Set([...(rows.get(key)?.actions ?? []), ...rule.spec, ...rule.designed]);
        rows.set(key, { role, fusionStatus, actions: [...actions] });
      }
  return [...rows.values()].sort(
    (a, b) => byOrder(ROLE_ORDER)(a.role, b.role) || byOrder(FUSION_STATUSES)(a.fusionStatus, b.fusionStatus),
  );
})();

const CASE_ROWS = new Map(CASE_ACTION_TABLE.map((r) => [`${r.role}|${r.status}|${r.workflowType}`, r.actions]));
const FUSION_ROWS = new Map(FUSION_ACTION_TABLE.map((r) => [`${r.role}|${r.fusionStatus}`, r.actions]));
const EVER = new Map<RoleCode, Set<CaseAction>>();
for (const row of [...CASE_ACTION_TABLE, ...FUSION_ACTION_TABLE])
  for (const action of row.actions) EVER.set(row.role, (EVER.get(row.role) ?? new Set()).add(action));

/** What the case table lets a role do on a case in this status and workflow type. */
export function caseTableActions(
  role: RoleCode,
  status: CaseStatus,
  workflowType: WorkflowType,
): readonly CaseAction[] {
  return CASE_ROWS.get(`${role}|${status}|${workflowType}`) ?? [];
}

/** What the fusion table lets a role do on a case in this fusion status. */
export function fusionTableActions(role: RoleCode, fusionStatus: FusionStatus): readonly CaseAction[] {
  return FUSION_ROWS.get(`${role}|${fusionStatus}`) ?? [];
}

/** Whether the role has the action anywhere in either table (else asking for it is a 403, not a 409). */
export function roleEverMay(role: RoleCode, action: CaseAction): boolean {
  return EVER.get(role)?.has(action) ?? false;
}
