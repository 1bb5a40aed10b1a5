import { describe, expect, it } from '@jest/globals';
import { ROLE_CODES } from '@rayworks/contracts';
import { QueryParams, type Principal, type RequestAccess } from '@rayworks/nest-kit';
import { fusionReachSql } from './fusion-reach.js';

const T = '0190a5c4-0000-7000-8000-000000000000';
const U = '0190a5c4-0000-7000-8000-0000000000aa';
const HUB = '0190a5c4-0000-7000-8000-0000000000c1';

function access(role: string, level: Principal['level'], centreFilter: string[] | null = null): RequestAccess {
  return {
    principal: {
      userId: U,
      tenantId: level === 'marketplace' || level === 'platform' ? null : T,
      roleCodes: [role],
      level,
      groupId: null,
      centreIds: level === 'tenant' ? [] : [HUB],
    } as unknown as Principal,
    groupFilter: null,
    centreFilter,
    empty: false,
    submoduleType: null,
    subscriptionType: null,
    sessionEnabled: false,
  };
}

describe("the fusion side's reach of a sent case (inside row-level security's fusion policy)", () => {
  const base = `c.fusion_tenant_id = :p0::uuid AND c.fusion_status <> 'RECALLED'`;

  it('fusion admins: the cases sent to their fusion centres', () => {
    const p = new QueryParams();
    expect(fusionReachSql(access(ROLE_CODES.FUSION_GROUP_ADMIN, 'group'), p)).toBe(
      `${base} AND c.fusion_centre_id = ANY(:p1::uuid[])`,
    );
    expect(p.values.p1).toEqual([HUB]);
    expect(fusionReachSql(access(ROLE_CODES.FUSION_CENTER, 'centre', [HUB]), new QueryParams())).toBe(
      `${base} AND c.fusion_centre_id = ANY(:p1::uuid[])`,
    );
  });

  it("the fusion centre's radiologist: only the cases assigned to them", () => {
    const p = new QueryParams();
    expect(fusionReachSql(access(ROLE_CODES.CENTER_RADIOLOGIST, 'centre', [HUB]), p)).toBe(
      `${base} AND c.radiologist_id = :p1::uuid`,
    );
    expect(p.values.p1).toBe(U);
  });

  it('company-level users: everything sent to the company; others and callers of no company: nothing', () => {
    expect(fusionReachSql(access(ROLE_CODES.ADMIN, 'tenant'), new QueryParams())).toBe(base);
    expect(fusionReachSql(access(ROLE_CODES.GROUP_CENTER_ADMIN, 'centre', [HUB]), new QueryParams())).toBe('FALSE');
    expect(fusionReachSql(access(ROLE_CODES.MARKETPLACE_RADIOLOGIST, 'marketplace'), new QueryParams())).toBe('FALSE');
    expect(fusionReachSql({ ...access(ROLE_CODES.ADMIN, 'tenant'), empty: true }, new QueryParams())).toBe('FALSE');
  });
});
