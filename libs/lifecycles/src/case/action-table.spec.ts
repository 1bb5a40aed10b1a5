import { describe, expect, it } from '@jest/globals';
import {
  ALL_ROLE_CODES,
  CASE_ACTION_PRIVILEGES,
  CASE_ACTIONS,
  CASE_STATUSES,
  DEFAULT_ROLE_PRIVILEGES,
  FUSION_STATUSES,
  ROLE_CODES,
  WORKFLOW_TYPES,
  type CaseAction,
  type CaseStatus,
  type FusionStatus,
  type RoleCode,
  type WorkflowType,
} from '@rayworks/contracts';
import {
  CASE_ACTION_TABLE,
  CASE_ROLE_RELATIONS,
  CASE_TABLE_RULES,
  FUSION_ACTION_TABLE,
  FUSION_TABLE_RULES,
  caseTableActions,
  fusionTableActions,
  roleEverMay,
} from './action-table.js';
import { allowedCaseActions, authorizeCaseAction, type CaseLifecycleFacts } from './case-actions.js';

const ME = 'me';
const R = ROLE_CODES;

/** The facts of a case in this status that this role's user may act on (the case is theirs where it must be). */
function factsFor(
  role: RoleCode,
  status: CaseStatus,
  workflowType: WorkflowType,
  flags: { onHold: boolean; recallRequested: boolean; typistTaken: boolean },
): CaseLifecycleFacts {
  const relation = CASE_ROLE_RELATIONS[role];
  const hasReader = !['PENDING FOR SCAN', 'NEW', 'REJECTED', 'RECALLED'].includes(status);
  const reader = hasReader ? (relation === 'reader' ? ME : 'rad') : null;
  const typed =
    ['PENDING FOR REVIEW', 'COMPLETED'].includes(status) || (status === 'PENDING AT TYPIST' && flags.typistTaken);
  return {
    status,
    workflowType,
    fusionStatus: null,
    onHold: status === 'IN PROGRESS' && flags.onHold,
    recallRequested: ['PENDING FOR ACCEPTANCE', 'IN PROGRESS'].includes(status) && flags.recallRequested,
    radiologistId: reader,
    radiologistIsJunior: role === R.JUNIOR_RADIOLOGIST,
    typistId: typed ? (relation === 'typist' ? ME : 'typ') : null,
    imagingState: status === 'PENDING FOR SCAN' ? null : 'IMPORTED',
    parentCaseId: null,
    seriesCount: 3,
    settings: { requiresAcceptance: true, typistAssignment: 'MANUAL' },
  };
}

/**
 * The machine's guards on flags, restated by hand: an action of the row that the case's flags refuse. (The table
 * says who may; these say when the case may not move.)
 */
function refusedByFlags(action: CaseAction, f: CaseLifecycleFacts, role: RoleCode): boolean {
  const ready = !f.onHold && !f.recallRequested;
  switch (action) {
    case 'HOLD':
      return !ready;
    case 'UNHOLD':
      return !f.onHold;
    case 'ACCEPT_RECALL':
    case 'REJECT_RECALL':
      return !f.recallRequested;
    case 'RECALL':
      return f.recallRequested;
    case 'ACCEPT':
    case 'REJECT':
    case 'UNASSIGN':
      return f.status === 'PENDING FOR ACCEPTANCE' && f.recallRequested;
    case 'SEND_TO_TYPIST':
    case 'COMPLETE':
      return f.status === 'IN PROGRESS' && !ready;
    case 'SUBMIT_FOR_REVIEW':
      return f.status === 'IN PROGRESS' ? !ready : f.typistId === null;
    case 'TRANSCRIBE':
      return f.typistId !== null;
    case 'CHAT':
      // a typist chats on the case they type, not on an untaken one
      return CASE_ROLE_RELATIONS[role] === 'typist' && f.typistId === null;
    default:
      return false;
  }
}

const FLAG_VARIANTS = [
  { onHold: false, recallRequested: false, typistTaken: false },
  { onHold: false, recallRequested: false, typistTaken: true },
  { onHold: true, recallRequested: false, typistTaken: true },
  { onHold: false, recallRequested: true, typistTaken: true },
  { onHold: true, recallRequested: true, typistTaken: true },
];
const label = (f: (typeof FLAG_VARIANTS)[number]) =>
  [f.onHold && 'on hold', f.recallRequested && 'recall requested', f.typistTaken && 'typist at work']
    .filter(Boolean)
    .join(', ') || 'no flags';

/** Every role × status × workflow type × flags: rows of the table and the empty rows between them. */
const CASE_CASES = ALL_ROLE_CODES.flatMap((role) =>
  CASE_STATUSES.flatMap((status) =>
    WORKFLOW_TYPES.flatMap((workflowType) =>
      FLAG_VARIANTS.map((flags) => [role, status, workflowType, label(flags), flags] as const),
    ),
  ),
);

describe('case action table: every row (generated from the table)', () => {
  it.each(CASE_CASES)('%s · %s · %s · %s', (role, status, workflowType, _, flags) => {
    const facts = factsFor(role, status, workflowType, flags);
    const row = caseTableActions(role, status, workflowType);
    const expected = CASE_ACTIONS.filter((a) => row.includes(a) && !refusedByFlags(a, facts, role));
    const actor = { userId: ME, roleCodes: [role] };
    expect(allowedCaseActions(actor, facts)).toEqual(expected);
    // everything else is refused: 403 when the role never does it, 409 when it may not now
    for (const action of CASE_ACTIONS.filter((a) => !expected.includes(a))) {
      const answer = authorizeCaseAction(actor, facts, action);
      expect({ action, ok: answer.ok }).toEqual({ action, ok: false });
      // a typist's untaken case is not theirs yet, but to take it (or look at it)
      const notTheirs =
        row.includes(action) &&
        CASE_ROLE_RELATIONS[role] === 'typist' &&
        facts.typistId === null &&
        action !== 'TRANSCRIBE' &&
        action !== 'GO_TO_CASE';
      if (!roleEverMay(role, action) || notTheirs) expect({ action, answer }).toMatchObject({ answer: { code: 403 } });
      else if (row.includes(action)) expect({ action, answer }).toMatchObject({ answer: { code: 409 } });
    }
  });
});

/** Every fusion-side role × fusion status (RECALLED: the case is home again, the case table applies). */
const FUSION_CASES = ALL_ROLE_CODES.flatMap((role) =>
  FUSION_STATUSES.filter((s) => s !== 'RECALLED').map((fusionStatus) => [role, fusionStatus] as const),
);

function fusionFacts(role: RoleCode, fusionStatus: FusionStatus): CaseLifecycleFacts {
  const hasReader = ['PENDING_FOR_ACCEPTANCE', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED'].includes(fusionStatus);
  return {
    status: fusionStatus === 'COMPLETED' ? 'COMPLETED' : 'NEW',
    workflowType: 'Center',
    fusionStatus,
    onHold: false,
    recallRequested: false,
    radiologistId: hasReader ? (CASE_ROLE_RELATIONS[role] === 'reader' ? ME : 'frad') : null,
    typistId: null,
    imagingState: 'IMPORTED',
    parentCaseId: null,
    fusionCentreId: 'fc',
    settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
  };
}

describe('fusion action table: every row (generated from the table)', () => {
  it.each(FUSION_CASES)('%s · fusion %s', (role, fusionStatus) => {
    const facts = fusionFacts(role, fusionStatus);
    const row = fusionTableActions(role, fusionStatus);
    const actor = { userId: ME, roleCodes: [role] };
    expect(allowedCaseActions(actor, facts)).toEqual(CASE_ACTIONS.filter((a) => row.includes(a)));
    for (const action of CASE_ACTIONS.filter((a) => !row.includes(a)))
      expect({ action, ok: authorizeCaseAction(actor, facts, action).ok }).toEqual({ action, ok: false });
  });
});

describe('the tables as data', () => {
  it('expands every rule into rows, and every row comes from a rule', () => {
    for (const rule of CASE_TABLE_RULES)
      for (const role of rule.roles)
        for (const status of rule.statuses)
          for (const wf of rule.workflowTypes)
            expect(caseTableActions(role, status, wf)).toEqual(
              expect.arrayContaining([...rule.spec, ...rule.designed]),
            );
    for (const rule of FUSION_TABLE_RULES)
      for (const role of rule.roles)
        for (const fs of rule.fusionStatuses)
          expect(fusionTableActions(role, fs)).toEqual(expect.arrayContaining([...rule.spec, ...rule.designed]));
    const keys = CASE_ACTION_TABLE.map((r) => `${r.role}|${r.status}|${r.workflowType}`);
    expect(new Set(keys).size).toBe(keys.length);
    const fusionKeys = FUSION_ACTION_TABLE.map((r) => `${r.role}|${r.fusionStatus}`);
    expect(new Set(fusionKeys).size).toBe(fusionKeys.length);
  });

  it('holds the spec §6 rows word for word', () => {
    const spec = (roles: RoleCode[]) =>
      [
        ...new Set(CASE_TABLE_RULES.filter((r) => roles.every((x) => r.roles.includes(x))).flatMap((r) => r.spec)),
      ].sort();
    // Centre, group and group-centre admins: assign new, reassign rejected or recalled, recall pending acceptance or
    // in progress, download, mail and print completed.
    for (const admin of [R.CENTER_ADMIN, R.GROUP_ADMIN, R.GROUP_CENTER_ADMIN]) {
      expect(caseTableActions(admin, 'NEW', 'Center')).toContain('ASSIGN');
      for (const s of ['REJECTED', 'RECALLED'] as const)
        expect(caseTableActions(admin, s, 'Center')).toContain('REASSIGN');
      for (const s of ['PENDING FOR ACCEPTANCE', 'IN PROGRESS'] as const)
        expect(caseTableActions(admin, s, 'Center')).toContain('RECALL');
      expect(caseTableActions(admin, 'COMPLETED', 'Center')).toEqual(
        expect.arrayContaining(['DOWNLOAD', 'MAIL', 'PRINT']),
      );
    }
    expect(spec([R.CENTER_ADMIN])).toEqual(['ASSIGN', 'DOWNLOAD', 'MAIL', 'PRINT', 'REASSIGN', 'RECALL']);
    expect(spec([R.CENTER_RADIOLOGIST])).toEqual([
      'ACCEPT',
      'DOWNLOAD',
      'GO_TO_CASE',
      'HOLD',
      'PRINT',
      'REJECT',
      'REVERT',
    ]);
    expect(spec([R.RECEPTIONIST])).toEqual(['DOWNLOAD', 'PRINT']);
    expect(CASE_ACTION_TABLE.filter((r) => r.role === R.RECEPTIONIST).map((r) => r.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
    ]);
    expect(CASE_ACTION_TABLE.filter((r) => r.role === R.TYPIST).map((r) => r.status)).toEqual(['PENDING AT TYPIST']);
    expect(spec([R.MARKETPLACE_RADIOLOGIST])).toEqual(['ACCEPT', 'CHAT', 'REJECT', 'REVERT']);
  });

  it('gives each role by default the privileges of its table actions (the known gaps named)', () => {
    // FUSION_CENTER holds no UNASSIGN by default: its admins may grant it.
    const gaps: string[] = [];
    for (const row of [...CASE_ACTION_TABLE, ...FUSION_ACTION_TABLE])
      for (const action of row.actions)
        if (!(DEFAULT_ROLE_PRIVILEGES[row.role].WORKLIST ?? []).includes(CASE_ACTION_PRIVILEGES[action]))
          gaps.push(`${row.role} ${action}`);
    expect([...new Set(gaps)]).toEqual(['FUSION_CENTER UNASSIGN']);
  });
});

describe('who the case belongs to', () => {
  const base = factsFor(R.CENTER_RADIOLOGIST, 'PENDING FOR ACCEPTANCE', 'Center', FLAG_VARIANTS[0]!);

  it("refuses a radiologist another radiologist's case (403), and shows them nothing", () => {
    const other = { userId: 'someone-else', roleCodes: [R.CENTER_RADIOLOGIST] };
    expect(allowedCaseActions(other, base)).toEqual([]);
    expect(authorizeCaseAction(other, base, 'ACCEPT')).toMatchObject({ ok: false, code: 403 });
  });

  it('refuses an action the role has, in the wrong status (409, with the clear message)', () => {
    const me = { userId: ME, roleCodes: [R.CENTER_RADIOLOGIST] };
    expect(authorizeCaseAction(me, { ...base, status: 'COMPLETED' }, 'ACCEPT')).toEqual({
      ok: false,
      code: 409,
      message: 'Accept is not allowed on a case in COMPLETED',
    });
  });

  it('refuses without the privilege (403), whatever the table says', () => {
    const admin = { userId: 'a', roleCodes: [R.CENTER_ADMIN], privileges: ['VIEW', 'RECALL'] };
    const fresh = factsFor(R.CENTER_ADMIN, 'NEW', 'Center', FLAG_VARIANTS[0]!);
    expect(authorizeCaseAction(admin, fresh, 'ASSIGN')).toMatchObject({ ok: false, code: 403 });
    expect(allowedCaseActions(admin, fresh)).toEqual(['GO_TO_CASE']);
  });

  it('lets a marketplace radiologist take an open offer, and no other marketplace case', () => {
    const mp = { userId: ME, roleCodes: ['MP_RADIOLOGIST'] };
    const offer = factsFor(R.CENTER_ADMIN, 'NEW', 'Marketplace', FLAG_VARIANTS[0]!);
    expect(allowedCaseActions(mp, offer)).toEqual(['ACCEPT', 'GO_TO_CASE', 'CHAT']);
    const taken = { ...offer, status: 'IN PROGRESS' as const, radiologistId: 'other-mp' };
    expect(allowedCaseActions(mp, taken)).toEqual([]);
    expect(allowedCaseActions(mp, { ...offer, workflowType: 'Center' })).toEqual([]);
  });

  it("lets any centre radiologist review a junior's report, never the junior", () => {
    const review = { ...factsFor(R.JUNIOR_RADIOLOGIST, 'PENDING FOR REVIEW', 'Center', FLAG_VARIANTS[1]!) };
    expect(review.radiologistId).toBe(ME);
    expect(allowedCaseActions({ userId: 'senior', roleCodes: [R.CENTER_RADIOLOGIST] }, review)).toEqual([
      'COMPLETE',
      'GO_TO_CASE',
      'CHAT',
    ]);
    expect(allowedCaseActions({ userId: ME, roleCodes: [R.JUNIOR_RADIOLOGIST] }, review)).toEqual([
      'GO_TO_CASE',
      'CHAT',
    ]);
    // a senior's own case waits for that senior only
    const seniors = { ...review, radiologistIsJunior: false, radiologistId: 'senior' };
    expect(allowedCaseActions({ userId: 'another', roleCodes: [R.CENTER_RADIOLOGIST] }, seniors)).toEqual([]);
  });

  it("answers a typist taking another typist's case with the specification's words", () => {
    const taken = factsFor(R.CENTER_ADMIN, 'PENDING AT TYPIST', 'Center', FLAG_VARIANTS[1]!);
    expect(authorizeCaseAction({ userId: ME, roleCodes: [R.TYPIST] }, taken, 'TRANSCRIBE')).toEqual({
      ok: false,
      code: 409,
      message: 'A Transcriptionist is already working on the case',
    });
  });

  it('unites the actions of a user with several roles', () => {
    const both = { userId: ME, roleCodes: [R.CENTER_ADMIN, R.CENTER_RADIOLOGIST] };
    const mine = factsFor(R.CENTER_RADIOLOGIST, 'PENDING FOR ACCEPTANCE', 'Center', FLAG_VARIANTS[0]!);
    expect(allowedCaseActions(both, mine)).toEqual(
      CASE_ACTIONS.filter((a) =>
        [...caseTableActions(R.CENTER_ADMIN, 'PENDING FOR ACCEPTANCE', 'Center'), 'ACCEPT', 'REJECT'].includes(a),
      ),
    );
  });

  it('ignores role codes it does not know, and accepts short forms', () => {
    const fresh = factsFor(R.CENTER_ADMIN, 'NEW', 'Center', FLAG_VARIANTS[0]!);
    expect(allowedCaseActions({ userId: ME, roleCodes: ['NOBODY'] }, fresh)).toEqual([]);
    expect(allowedCaseActions({ userId: ME, roleCodes: ['CA'] }, fresh)).toEqual(
      allowedCaseActions({ userId: ME, roleCodes: [R.CENTER_ADMIN] }, fresh),
    );
  });

  it('gives a case with its fusion centre to the fusion table: the sender only follows and recalls it', () => {
    const sent = fusionFacts(R.CENTER_ADMIN, 'ASSIGNED');
    expect(allowedCaseActions({ userId: ME, roleCodes: [R.CENTER_ADMIN] }, sent)).toEqual([
      'RECALL_FROM_FUSION',
      'GO_TO_CASE',
      'CHAT',
    ]);
    expect(authorizeCaseAction({ userId: ME, roleCodes: [R.CENTER_ADMIN] }, sent, 'ASSIGN')).toMatchObject({
      code: 409,
    });
  });
});
