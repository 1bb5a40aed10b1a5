import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  CASE_ACTION_PRIVILEGES,
  CASE_STATUSES,
  CASES_API,
  DEFAULT_ROLE_PRIVILEGES,
  grantsAllow,
  WORKLIST_UPDATE_ACTIONS,
  type CaseAction,
  type CaseStatus,
  type Endpoint,
  type RoleCode,
} from '@rayworks/contracts';
import { authorizeCaseAction, caseTableActions, nextCase, type CaseLifecycleFacts } from '@rayworks/lifecycles';
import { EVERY_ROLE_USERS, tenantQuery, type EveryRoleUser } from '@rayworks/testing';
import { actionsTenant, api, arrive, signIn, StudyEvents, usersKnown, type ActionsTenant } from './actions-support.js';

/**
 * The action table through the API, generated from libs/lifecycles: for every status of a centre's case (and the
 * variants the table and the machine tell apart: read by a junior, a recall pending, on hold), every user of every
 * role tries every action that moves a case. A user who cannot see the case gets 404; without the action's
 * privilege 403; what the table and the machine do not allow 409 (or 403 where the case is not theirs to act on);
 * every action of the table's row that the machine allows succeeds — exactly those.
 */
type Tried = CaseAction; // the worklistupdate actions, ASSIGN (/cases/assign) and SPLIT (/cases/split)
const TRIED: readonly Tried[] = ['ASSIGN', 'SPLIT', ...WORKLIST_UPDATE_ACTIONS];
const USERS = Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[];

interface Scenario {
  name: string;
  status: CaseStatus;
  reader: 'radiologist' | 'jr.radiologist' | null;
  typist: boolean;
  recall?: boolean;
  onHold?: boolean;
}
const ASSIGNED: readonly CaseStatus[] = [
  'PENDING FOR ACCEPTANCE',
  'IN PROGRESS',
  'PENDING AT TYPIST',
  'PENDING FOR REVIEW',
  'COMPLETED',
];
const SCENARIOS: Scenario[] = [
  ...CASE_STATUSES.map((status) => ({
    name: status,
    status,
    reader: ASSIGNED.includes(status) ? ('radiologist' as const) : null,
    typist: status === 'PENDING AT TYPIST',
  })),
  { name: 'PENDING FOR ACCEPTANCE, junior', status: 'PENDING FOR ACCEPTANCE', reader: 'jr.radiologist', typist: false },
  { name: 'IN PROGRESS, junior', status: 'IN PROGRESS', reader: 'jr.radiologist', typist: false },
  { name: 'PENDING FOR REVIEW, junior', status: 'PENDING FOR REVIEW', reader: 'jr.radiologist', typist: false },
  { name: 'IN PROGRESS, recall pending', status: 'IN PROGRESS', reader: 'radiologist', typist: false, recall: true },
  { name: 'IN PROGRESS, on hold', status: 'IN PROGRESS', reader: 'radiologist', typist: false, onHold: true },
];

/** Who sees a case of centre c1 (group g): the reach rule of docs/decisions/0118, for this tenant's users. */
function reaches(
  who: EveryRoleUser,
  facts: { status: string; radiologistId: string | null; typistId: string | null },
  ids: Ids,
): boolean {
  switch (who) {
    case 'admin':
    case 'rra':
    case 'group.admin':
    case 'gca':
    case 'reception':
      return true;
    // theirs; a senior also the review queue of their centres, a typist the typing pool (decision 0174)
    case 'radiologist':
      return facts.radiologistId === ids[who] || facts.status === 'PENDING FOR REVIEW';
    case 'jr.radiologist':
      return facts.radiologistId === ids[who];
    case 'typist':
      return facts.typistId === ids.typist || (facts.status === 'PENDING AT TYPIST' && facts.typistId === null);
    default:
      return false; // centre.admin (c3), pathologist (c2), marketplace and fusion users
  }
}
type Ids = Record<EveryRoleUser, string>;

const endpointOf = (action: Tried): Endpoint =>
  action === 'ASSIGN' ? CASES_API.assignCases : action === 'SPLIT' ? CASES_API.splitCase : CASES_API.worklistUpdate;

/** What the service must answer, from the contracts (privileges) and libs/lifecycles (table and machine). */
function expected(who: EveryRoleUser, action: Tried, facts: CaseLifecycleFacts, ids: Ids): number {
  const role = EVERY_ROLE_USERS[who].role as RoleCode;
  const grants = DEFAULT_ROLE_PRIVILEGES[role];
  const endpoint = endpointOf(action);
  if (typeof endpoint.access === 'object' && !grantsAllow(grants, endpoint.access)) return 403;
  if (!reaches(who, facts, ids)) return 404;
  const privileges =
    action === 'ASSIGN'
      ? [CASE_ACTION_PRIVILEGES.ASSIGN, CASE_ACTION_PRIVILEGES.REASSIGN]
      : [CASE_ACTION_PRIVILEGES[action]];
  if (!privileges.some((p) => (grants.WORKLIST ?? []).includes(p))) return 403;
  const moved: CaseAction = action === 'ASSIGN' ? (facts.status === 'NEW' ? 'ASSIGN' : 'REASSIGN') : action;
  if (action === 'ASSIGN' && facts.status === 'PENDING FOR SCAN') return 409;
  const decision = authorizeCaseAction({ userId: ids[who], roleCodes: [role] }, facts, moved);
  if (!decision.ok) return decision.code;
  const move = nextCase(facts, moved, { ...inputOf(action, ids), actorId: ids[who] });
  return move.ok ? 200 : move.code;
}

const inputOf = (action: Tried, ids: Ids): { radiologistId?: string; typistId?: string; reason?: string } => ({
  ...(action === 'ASSIGN' || action === 'REASSIGN' ? { radiologistId: ids.radiologist } : {}),
  ...(action === 'SEND_TO_TYPIST' ? { typistId: ids.typist } : {}),
  ...(action === 'REJECT' ? { reason: 'Wrong body part' } : {}),
});

describe('the action table through the API (generated from libs/lifecycles)', () => {
  let t: ActionsTenant;
  const events = new StudyEvents();
  const sessions = new Map<EveryRoleUser, Credentials>();
  let ids: Ids;
  let caseId: string;

  beforeAll(async () => {
    t = await actionsTenant('table');
    await events.start();
    ids = Object.fromEntries(USERS.map((who) => [who, t.users[t.login(who)]!])) as Ids;
    await usersKnown(t, [ids.radiologist, ids['jr.radiologist'], ids.typist]);
    for (const who of USERS) sessions.set(who, await signIn(t, who));
    caseId = await arrive(events, t, 'c1');
  }, 120_000);

  afterAll(async () => {
    await events.stop();
  });

  /** Puts the case in the scenario's state (test setup: straight into the row) and answers its facts and version. */
  async function put(s: Scenario): Promise<{ facts: CaseLifecycleFacts; version: number }> {
    const radiologistId = s.reader ? ids[s.reader] : null;
    const typistId = s.typist ? ids.typist : null;
    const [row] = await tenantQuery<{ version: number }>(
      t.tenantId,
      `UPDATE cases.cases SET status = $2::text, radiologist_id = $3, typist_id = $4, on_hold = $5,
         recall_requested_at = CASE WHEN $6 THEN now() END, recall_requested_by = NULL,
         reject_reason = CASE WHEN $2::text = 'REJECTED' THEN 'Wrong body part' END,
         completed_at = CASE WHEN $2::text = 'COMPLETED' THEN now() END,
         assigned_at = CASE WHEN $3::uuid IS NULL THEN NULL ELSE now() END,
         workflow_type = 'Center', fusion_status = NULL, fusion_centre_id = NULL, legends = '{}', priority = 'ROUTINE',
         series_instance_uids = NULL, series_count = 2, version = version + 1
       WHERE id = $1 RETURNING version`,
      [caseId, s.status, radiologistId, typistId, s.onHold ?? false, s.recall ?? false],
    );
    const facts: CaseLifecycleFacts = {
      status: s.status,
      workflowType: 'Center',
      fusionStatus: null,
      onHold: s.onHold ?? false,
      recallRequested: s.recall ?? false,
      radiologistId,
      radiologistIsJunior: s.reader === 'jr.radiologist',
      typistId,
      imagingState: 'IMPORTED',
      parentCaseId: null,
      seriesCount: 2,
      legends: [],
      priority: 'ROUTINE',
      settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
    };
    return { facts, version: row!.version };
  }

  async function attempt(who: EveryRoleUser, action: Tried, version: number): Promise<number> {
    const session = sessions.get(who)!;
    if (action === 'ASSIGN')
      return (
        await api.reply(
          CASES_API.assignCases,
          { cases: [{ _id: caseId, version }], radiologistId: ids.radiologist },
          { session },
        )
      ).status;
    if (action === 'SPLIT')
      return (
        await api.reply(CASES_API.splitCase, { _id: caseId, version, parts: [['1.2.9.1'], ['1.2.9.2']] }, { session })
      ).status;
    return (
      await api.reply(
        CASES_API.worklistUpdate,
        { _id: caseId, version, action: action as (typeof WORKLIST_UPDATE_ACTIONS)[number], ...inputOf(action, ids) },
        { session },
      )
    ).status;
  }

  it('covers every role of the table that has a user here, and every status', () => {
    const roles = new Set(USERS.map((who) => EVERY_ROLE_USERS[who].role as string));
    for (const status of CASE_STATUSES) expect(SCENARIOS.some((s) => s.status === status)).toBe(true);
    // every centre-workflow row of the table whose role a user here holds is tried in its status
    const rows = CASE_STATUSES.flatMap((status) =>
      [...roles].map((role) => ({ role, status, actions: caseTableActions(role as RoleCode, status, 'Center') })),
    ).filter((r) => r.actions.length > 0);
    expect(rows.length).toBeGreaterThan(20);
  });

  it.each(SCENARIOS.map((s) => [s.name, s] as const))(
    '%s',
    async (_name, scenario) => {
      const { facts, version } = await put(scenario);
      const plan = USERS.flatMap((who) =>
        TRIED.map((action) => ({ who, action, want: expected(who, action, facts, ids) })),
      );
      // the refusals change nothing: tried together at the same version
      const refusals = plan.filter((p) => p.want !== 200);
      const got: { who: string; action: string; status: number }[] = [];
      for (let i = 0; i < refusals.length; i += 12) {
        const batch = refusals.slice(i, i + 12);
        const statuses = await Promise.all(batch.map((p) => attempt(p.who, p.action, version)));
        batch.forEach((p, j) => got.push({ who: p.who, action: p.action, status: statuses[j]! }));
      }
      expect(got).toEqual(refusals.map((p) => ({ who: p.who, action: p.action, status: p.want })));
      // each allowed action succeeds, from the scenario's state
      const allowed = plan.filter((p) => p.want === 200);
      const done: { who: string; action: string; status: number }[] = [];
      for (const p of allowed) {
        const again = await put(scenario);
        done.push({ who: p.who, action: p.action, status: await attempt(p.who, p.action, again.version) });
      }
      expect(done).toEqual(allowed.map((p) => ({ who: p.who, action: p.action, status: 200 })));
    },
    120_000,
  );
});
