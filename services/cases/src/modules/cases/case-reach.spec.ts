import { describe, expect, it } from '@jest/globals';
import { ROLE_CODES } from '@rayworks/contracts';
import { QueryParams, type Principal, type RequestAccess } from '@rayworks/nest-kit';
import { centreInReach } from '@rayworks/nest-kit';
import { caseCountReachSql, caseReachKind, caseReachSql, countedFromRows } from './case-reach.js';

const T = '0190a5c4-0000-7000-8000-000000000000';
const U = '0190a5c4-0000-7000-8000-0000000000aa';
const G = '0190a5c4-0000-7000-8000-0000000000bb';
const C1 = '0190a5c4-0000-7000-8000-0000000000c1';
const C2 = '0190a5c4-0000-7000-8000-0000000000c2';

function access(role: string, level: Principal['level'], over: Partial<RequestAccess> = {}): RequestAccess {
  const principal = {
    userId: U,
    tenantId: level === 'platform' || level === 'marketplace' ? null : T,
    roleCodes: [role],
    level,
    groupId: level === 'group' || level === 'centre' ? G : null,
    centreIds: level === 'tenant' ? [] : [C1],
  } as unknown as Principal;
  return {
    principal,
    groupFilter: level === 'group' ? G : null,
    centreFilter: level === 'centre' ? [C1] : null,
    empty: false,
    submoduleType: null,
    subscriptionType: null,
    sessionEnabled: false,
    ...over,
  };
}

describe('the reach rule (who sees which case)', () => {
  const rows: [string, string, Principal['level'], string, string][] = [
    ['company admin', ROLE_CODES.ADMIN, 'tenant', 'company', 'c.tenant_id = :p0::uuid'],
    ['radiology admin', ROLE_CODES.RADIOLOGY_ADMIN, 'tenant', 'company', 'c.tenant_id = :p0::uuid'],
    ['group admin', ROLE_CODES.GROUP_ADMIN, 'group', 'group', 'c.tenant_id = :p0::uuid AND c.group_id = :p1'],
    [
      'centre admin',
      ROLE_CODES.CENTER_ADMIN,
      'centre',
      'centres',
      'c.tenant_id = :p0::uuid AND c.centre_id = ANY(:p1::uuid[])',
    ],
    [
      'receptionist',
      ROLE_CODES.RECEPTIONIST,
      'centre',
      'centres',
      'c.tenant_id = :p0::uuid AND c.centre_id = ANY(:p1::uuid[])',
    ],
    [
      'radiologist (theirs, and the review queue of their centres)',
      ROLE_CODES.CENTER_RADIOLOGIST,
      'centre',
      'assignedRadiologist',
      '(c.radiologist_id = :p0 OR (c.status = :p2 AND c.centre_id = ANY(:p1::uuid[]))) AND c.tenant_id = :p3::uuid AND c.centre_id = ANY(:p4::uuid[])',
    ],
    [
      'junior radiologist',
      ROLE_CODES.JUNIOR_RADIOLOGIST,
      'centre',
      'assignedRadiologist',
      'c.radiologist_id = :p0 AND c.tenant_id = :p1::uuid AND c.centre_id = ANY(:p2::uuid[])',
    ],
    [
      'typist (theirs, and the typing pool of their centres)',
      ROLE_CODES.TYPIST,
      'centre',
      'assignedTypist',
      '(c.typist_id = :p0 OR (c.status = :p2 AND c.typist_id IS NULL AND c.centre_id = ANY(:p1::uuid[]))) AND c.tenant_id = :p3::uuid AND c.centre_id = ANY(:p4::uuid[])',
    ],
    [
      'fusion centre',
      ROLE_CODES.FUSION_CENTER,
      'centre',
      'fusion',
      'c.fusion_tenant_id = :p0::uuid AND c.fusion_centre_id = ANY(:p1::uuid[])',
    ],
    ['a company user with the marketplace role', ROLE_CODES.MARKETPLACE_RADIOLOGIST, 'tenant', 'none', 'FALSE'],
    // an open offer, or theirs: row-level security's rule, written out so the few offers lead the plan
    [
      'marketplace radiologist of the platform',
      ROLE_CODES.MARKETPLACE_RADIOLOGIST,
      'marketplace',
      'marketplace',
      "c.id IN (SELECT o.case_id FROM cases.marketplace_offers o WHERE o.status = 'OPEN' OR " +
        "(o.status = 'TAKEN' AND o.taken_by = :p0::uuid) UNION ALL SELECT a.id FROM cases.cases a WHERE a.radiologist_id = :p0::uuid)",
    ],
    ['platform operator', ROLE_CODES.SUPER_ADMIN, 'platform', 'none', 'FALSE'],
  ];
  it.each(rows)('%s', (_, role, level, kind, sql) => {
    const a = access(role, level);
    expect(caseReachKind(a)).toBe(kind);
    expect(caseReachSql(a, new QueryParams())).toBe(sql);
  });

  it('a radiologist sees only its own cases: the parameter is its user id', () => {
    const p = new QueryParams();
    caseReachSql(access(ROLE_CODES.CENTER_RADIOLOGIST, 'centre'), p);
    expect(p.values.p0).toBe(U);
  });

  it("a tab of another status leaves out the shared queue (it cannot match); the queue's own tab and ALL keep it", () => {
    const radiologist = access(ROLE_CODES.CENTER_RADIOLOGIST, 'centre');
    expect(caseReachSql(radiologist, new QueryParams(), 'c', 'COMPLETED')).toBe(
      'c.radiologist_id = :p0 AND c.tenant_id = :p1::uuid AND c.centre_id = ANY(:p2::uuid[])',
    );
    for (const tab of ['PENDING FOR REVIEW', 'ALL', undefined])
      expect(caseReachSql(radiologist, new QueryParams(), 'c', tab)).toContain(
        '(c.radiologist_id = :p0 OR (c.status = :p2 AND c.centre_id = ANY(:p1::uuid[])))',
      );
    const typist = access(ROLE_CODES.TYPIST, 'centre');
    expect(caseReachSql(typist, new QueryParams(), 'c', 'IN PROGRESS')).toBe(
      'c.typist_id = :p0 AND c.tenant_id = :p1::uuid AND c.centre_id = ANY(:p2::uuid[])',
    );
    expect(caseReachSql(typist, new QueryParams(), 'c', 'PENDING AT TYPIST')).toContain('c.typist_id IS NULL');
    expect(caseCountReachSql(radiologist, new QueryParams(), 'k', 'NEW')).toBe(
      'k.radiologist_id = :p0 AND k.tenant_id = :p1::uuid AND k.centre_id = ANY(:p2::uuid[])',
    );
    // a company admin has no queue: the tab changes nothing
    expect(caseReachSql(access(ROLE_CODES.ADMIN, 'tenant'), new QueryParams(), 'c', 'NEW')).toBe(
      'c.tenant_id = :p0::uuid',
    );
  });

  it('request headers narrow a company admin, never widen anyone', () => {
    const p = new QueryParams();
    expect(caseReachSql(access(ROLE_CODES.ADMIN, 'tenant', { groupFilter: G, centreFilter: [C2] }), p)).toBe(
      'c.tenant_id = :p0::uuid AND c.group_id = :p1 AND c.centre_id = ANY(:p2::uuid[])',
    );
    expect(caseReachSql(access(ROLE_CODES.ADMIN, 'tenant', { empty: true }), new QueryParams())).toBe('FALSE');
    expect(caseReachSql(access(ROLE_CODES.GROUP_ADMIN, 'group', { groupFilter: null }), new QueryParams())).toBe(
      'c.tenant_id = :p0::uuid',
    );
  });

  it('the counts use the same rule on their own alias', () => {
    expect(caseCountReachSql(access(ROLE_CODES.JUNIOR_RADIOLOGIST, 'centre'), new QueryParams())).toBe(
      'k.radiologist_id = :p0 AND k.tenant_id = :p1::uuid AND k.centre_id = ANY(:p2::uuid[])',
    );
    const senior = new QueryParams();
    expect(caseCountReachSql(access(ROLE_CODES.CENTER_RADIOLOGIST, 'centre'), senior)).toBe(
      '(k.radiologist_id = :p0 OR (k.status = :p2 AND k.centre_id = ANY(:p1::uuid[]))) AND k.tenant_id = :p3::uuid AND k.centre_id = ANY(:p4::uuid[])',
    );
    expect(senior.values).toMatchObject({ p0: U, p1: [C1], p2: 'PENDING FOR REVIEW' });
    expect(caseCountReachSql(access(ROLE_CODES.FUSION_CENTER, 'centre'), new QueryParams())).toBe('FALSE');
    expect(caseCountReachSql(access(ROLE_CODES.MARKETPLACE_RADIOLOGIST, 'marketplace'), new QueryParams())).toBe(
      'FALSE',
    );
    // a marketplace radiologist's and a fusion user's counts are counted from their rows instead; nobody else's
    expect(countedFromRows(access(ROLE_CODES.MARKETPLACE_RADIOLOGIST, 'marketplace'))).toBe(true);
    expect(countedFromRows(access(ROLE_CODES.FUSION_CENTER, 'centre'))).toBe(true);
    expect(countedFromRows(access(ROLE_CODES.CENTER_RADIOLOGIST, 'centre'))).toBe(false);
    expect(countedFromRows(access(ROLE_CODES.ADMIN, 'tenant'))).toBe(false);
  });

  it('centre settings: company any centre, a group admin its group, a centre admin its centres', () => {
    expect(centreInReach(access(ROLE_CODES.ADMIN, 'tenant'), { id: C2, groupId: null })).toBe(true);
    expect(centreInReach(access(ROLE_CODES.GROUP_ADMIN, 'group'), { id: C2, groupId: G })).toBe(true);
    expect(centreInReach(access(ROLE_CODES.GROUP_ADMIN, 'group'), { id: C2, groupId: null })).toBe(false);
    expect(centreInReach(access(ROLE_CODES.CENTER_ADMIN, 'centre'), { id: C1, groupId: G })).toBe(true);
    expect(centreInReach(access(ROLE_CODES.CENTER_ADMIN, 'centre'), { id: C2, groupId: G })).toBe(false);
  });
});
