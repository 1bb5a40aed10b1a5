import {
  ALL_STATUSES_TAB,
  caseReachKindOf,
  isSeniorRadiologist,
  REVIEW_QUEUE_STATUS,
  TYPING_POOL_STATUS,
  type CaseReachKind,
} from '@rayworks/contracts';
import type { QueryParams, RequestAccess } from '@rayworks/nest-kit';

/**
 * Who sees which case (docs/decisions/0118-worklist-queries.md): THE one rule every query of cases.cases goes
 * through (lists, counts, statistics, one case by id, every action's load). Row-level security has already kept
 * the caller inside its company; inside it:
 * - company-level users (RAYWORKS_ADMIN, RAYWORKS_RADIOLOGY_ADMIN): every case;
 * - group admins: their group's cases; centre users (centre and group-centre admins, receptionists, pathologists):
 *   their centres' cases;
 * - radiologists (CENTER_RADIOLOGIST, JUNIOR RADIOLOGIST): the cases assigned to them; a (non-junior) centre
 *   radiologist also the review queue of their centres, the cases PENDING FOR REVIEW, so a junior's report is
 *   reviewed and finalized by a senior of the centre (docs/decisions/0174-review-queue-and-typing-pool.md);
 * - typists: the cases at them, and the typing pool of their centres (PENDING AT TYPIST, nobody typing it yet);
 * - fusion users: the cases sent to their fusion centres;
 * - marketplace radiologists (principal level 'marketplace', of no company): no condition here — row-level
 *   security alone shows them a case, while an OPEN offer of it exists or they hold it (their TAKEN offer, or the
 *   case assigned to them): migrations 1796100004000-Marketplace.ts, docs/decisions/0147-marketplace-offers.md;
 * and always narrowed by the request's x-group-id / x-center-ids headers (RequestAccess), never widened.
 */
export type { CaseReachKind } from '@rayworks/contracts';

/** The kind of reach of a caller (libs/contracts caseReachKindOf); a request whose headers select nothing: none. */
export function caseReachKind(access: Pick<RequestAccess, 'principal' | 'empty'>): CaseReachKind {
  return access.empty ? 'none' : caseReachKindOf(access.principal);
}

/**
 * The shared queue of the caller's centres besides their own cases (docs/decisions/0174): a senior centre radiologist's
 * review queue (PENDING FOR REVIEW) and a typist's typing pool (PENDING AT TYPIST with nobody typing it); null for a
 * junior radiologist or a caller of no centre, and for a request of another status tab (the queue cannot match it:
 * without the OR, the caller's own cases of that tab are read by their index in the list's order, 0194).
 * Both conditions are on columns the maintained counts have too.
 */
function sharedQueueSql(
  access: RequestAccess,
  kind: 'assignedRadiologist' | 'assignedTypist',
  p: QueryParams,
  c: string,
  tab: string | undefined,
) {
  const { principal } = access;
  if (principal.centreIds.length === 0) return null;
  const queueStatus = kind === 'assignedTypist' ? TYPING_POOL_STATUS : REVIEW_QUEUE_STATUS;
  if (tab !== undefined && tab !== ALL_STATUSES_TAB && tab !== queueStatus) return null;
  if (kind === 'assignedRadiologist' && !isSeniorRadiologist(principal)) return null;
  const centres = `${c}.centre_id = ANY(${p.add([...principal.centreIds])}::uuid[])`;
  if (kind === 'assignedTypist') {
    return `(${c}.status = ${p.add(TYPING_POOL_STATUS)} AND ${c}.typist_id IS NULL AND ${centres})`;
  }
  return `(${c}.status = ${p.add(REVIEW_QUEUE_STATUS)} AND ${centres})`;
}

/**
 * The reach as one SQL condition on the case alias `c` (parameters added to `p`). Every case query ANDs it.
 * A `false` reach is the literal FALSE, which the planner answers without reading a row. `tab`: the status the
 * query also requires (its status filter), if any — it only leaves out what that filter excludes anyway.
 */
export function caseReachSql(access: RequestAccess, p: QueryParams, c = 'c', tab?: string): string {
  const kind = caseReachKind(access);
  const { principal } = access;
  switch (kind) {
    case 'none':
      return 'FALSE';
    case 'marketplace': {
      // The policies marketplace_reach (cases.cases, cases.marketplace_offers) are the rule; written out here too, so
      // the planner starts from the few offers and the caller's own cases (cases_radiologist) instead of testing the
      // policy on every case of every company (a seq scan: 4.5 s for a page at 1,000,000 cases; 0194).
      const me = `${p.add(principal.userId)}::uuid`;
      return (
        `${c}.id IN (SELECT o.case_id FROM cases.marketplace_offers o ` +
        `WHERE o.status = 'OPEN' OR (o.status = 'TAKEN' AND o.taken_by = ${me}) ` +
        `UNION ALL SELECT a.id FROM cases.cases a WHERE a.radiologist_id = ${me})`
      );
    }
    case 'company':
    case 'group':
    case 'centres':
      if (kind === 'group' && principal.groupId === null) return 'FALSE';
      if (kind === 'centres' && access.centreFilter === null) return 'FALSE';
      return ownCompanySql(access, p, c).join(' AND ');
    case 'assignedRadiologist':
    case 'assignedTypist': {
      const { own, queue, rest } = assignedReachSql(access, kind, p, c, tab);
      return [queue === null ? own : `(${own} OR ${queue})`, ...rest].join(' AND ');
    }
    case 'fusion': {
      // Sent to one of the caller's fusion centres (the request's centres, else every centre the caller holds), so
      // sent to its company: written out, the few sent cases are read by their index (cases_fusion_tenant), counted
      // from their rows too
      const centres = access.centreFilter ?? principal.centreIds;
      return `${c}.fusion_tenant_id = ${p.add(principal.tenantId)}::uuid AND ${c}.fusion_centre_id = ANY(${p.add([...centres])}::uuid[])`;
    }
  }
}

/**
 * The reach of a patient's other cases from one of its cases (the priors a viewer lists and its study token names:
 * docs/decisions/0218-patient-identity-and-priors.md): the case reach itself, for the caller — a marketplace
 * radiologist reaches only what it was offered or holds, the fusion side only what was sent to it — except that a
 * radiologist or typist reading a case of one of its own centres reaches that centre's cases of the patient too, read
 * only (a reading radiologist compares with the patient's earlier studies, whoever read them). The patient itself is
 * the caller's to narrow (same company, same centre, same Patient ID): this is only who may read which of its cases.
 */
export function patientCaseReachSql(access: RequestAccess, p: QueryParams, caseCentreId: string, c = 'c'): string {
  const kind = caseReachKind(access);
  const member =
    (kind === 'assignedRadiologist' || kind === 'assignedTypist') && access.principal.centreIds.includes(caseCentreId);
  return member ? ownCompanySql(access, p, c).join(' AND ') : caseReachSql(access, p, c);
}

/**
 * A radiologist's or typist's reach in its parts: its own cases, its centres' shared queue (null: none), and the
 * conditions both are ANDed with (its company, the request's group and centres).
 */
function assignedReachSql(
  access: RequestAccess,
  kind: 'assignedRadiologist' | 'assignedTypist',
  p: QueryParams,
  c: string,
  tab: string | undefined,
): { own: string; queue: string | null; rest: string[] } {
  const column = kind === 'assignedRadiologist' ? 'radiologist_id' : 'typist_id';
  const own = `${c}.${column} = ${p.add(access.principal.userId)}`;
  const queue = sharedQueueSql(access, kind, p, c, tab);
  return { own, queue, rest: ownCompanySql(access, p, c) };
}

/**
 * The caller's own company, written out (the permissive marketplace and fusion policies OR into row-level
 * security's condition, which then no longer leads an index by tenant_id: docs/benchmarks.md), narrowed by the
 * request's group and centres.
 */
function ownCompanySql(access: RequestAccess, p: QueryParams, c: string): string[] {
  const parts = [`${c}.tenant_id = ${p.add(access.principal.tenantId)}::uuid`];
  if (access.groupFilter !== null) parts.push(`${c}.group_id = ${p.add(access.groupFilter)}`);
  if (access.centreFilter !== null) parts.push(`${c}.centre_id = ANY(${p.add(access.centreFilter)}::uuid[])`);
  return parts;
}

/**
 * The reach as alternatives whose OR is caseReachSql's condition, where that condition is an OR a search can split:
 * a radiologist's (or typist's) own cases, and its centres' shared queue. Each alternative leads with one of them,
 * so each branch of a search walks its own index (searchedIdsSql; a radiologist's name search read the company's
 * matches newest first and kept its own: 21 ms → 1.5 ms at 1,000,000 cases). Null when the reach is one condition.
 */
export function caseReachAlternativesSql(
  access: RequestAccess,
  p: QueryParams,
  c = 'c',
  tab?: string,
): string[] | null {
  const kind = caseReachKind(access);
  if (kind !== 'assignedRadiologist' && kind !== 'assignedTypist') return null;
  const { own, queue, rest } = assignedReachSql(access, kind, p, c, tab);
  return queue === null ? null : [own, queue].map((first) => [first, ...rest].join(' AND '));
}

/** The reaches the maintained counts have no dimension for: their few rows are counted (`countedFromRows`). */
const COUNTED_FROM_ROWS: readonly CaseReachKind[] = ['fusion', 'marketplace'];

/**
 * The same reach for the maintained counts (cases.case_counts has the group, centre, radiologist and typist of
 * each count): the statistics and tab counts see exactly the cases the lists show. Fusion and marketplace reach
 * has no count dimension: FALSE here; those callers' counts are counted from their few rows (`countedFromRows`,
 * CasesRepository.countsByStatus and countsBy).
 */
export const caseCountReachSql = (access: RequestAccess, p: QueryParams, k = 'k', tab?: string): string =>
  COUNTED_FROM_ROWS.includes(caseReachKind(access)) ? 'FALSE' : caseReachSql(access, p, k, tab);

/** Are the caller's counts counted from its rows (its reach has no dimension of the maintained counts)? */
export const countedFromRows = (access: RequestAccess): boolean => COUNTED_FROM_ROWS.includes(caseReachKind(access));
