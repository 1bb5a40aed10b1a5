import { describe, expect, it } from '@jest/globals';
import { QueryParams } from '../database/typed-query.js';
import { centreInReach, centreReachSql } from './centre-reach.js';
import { narrowAccess } from './request-access.js';
import type { Principal } from './principal.js';

const T = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a00';
const G = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a01';
const C1 = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a02';
const C2 = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a03';

const principal = (level: Principal['level'], extra: Partial<Principal> = {}): Principal => ({
  userId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a09',
  tenantId: level === 'marketplace' || level === 'platform' ? null : T,
  loginName: 'u',
  roleCodes: [],
  groupId: null,
  centreIds: [],
  grants: {},
  sessionId: 's',
  level,
  resetPassword: false,
  principalVersion: 0,
  ...extra,
});
const columns = { centre: 'p.centre_id', group: 'p.group_id' };
const sqlOf = (p: Principal, headers = {}) => {
  const params = new QueryParams();
  return { sql: centreReachSql(narrowAccess(p, headers), params, columns), values: Object.values(params.values) };
};

describe('a centre in the caller’s reach', () => {
  it('the company’s users reach every centre, narrowed by the group and centre headers', () => {
    expect(sqlOf(principal('tenant'))).toEqual({ sql: 'TRUE', values: [] });
    expect(sqlOf(principal('tenant'), { 'x-group-id': G })).toEqual({ sql: '(p.group_id = :p0::uuid)', values: [G] });
    expect(centreInReach(narrowAccess(principal('tenant'), {}), { id: C2, groupId: null })).toBe(true);
  });

  it('a group’s users reach the group’s centres; a centre’s users their own', () => {
    const group = principal('group', { groupId: G, centreIds: [C1] });
    expect(sqlOf(group)).toEqual({ sql: '(p.group_id = :p0::uuid)', values: [G] });
    expect(centreInReach(narrowAccess(group, {}), { id: C2, groupId: G })).toBe(true);
    expect(centreInReach(narrowAccess(group, {}), { id: C2, groupId: null })).toBe(false);
    const centre = principal('centre', { groupId: G, centreIds: [C1] });
    expect(sqlOf(centre)).toEqual({ sql: '(p.centre_id = ANY(:p0::uuid[]))', values: [[C1]] });
    expect(centreInReach(narrowAccess(centre, {}), { id: C1, groupId: G })).toBe(true);
    expect(centreInReach(narrowAccess(centre, {}), { id: C2, groupId: G })).toBe(false);
  });

  it('a group user without a group, a marketplace radiologist and a platform operator reach no centre', () => {
    expect(sqlOf(principal('group')).sql).toBe('FALSE');
    expect(sqlOf(principal('marketplace')).sql).toBe('FALSE');
    expect(sqlOf(principal('platform')).sql).toBe('FALSE');
    expect(centreInReach(narrowAccess(principal('marketplace'), {}), { id: C1, groupId: G })).toBe(false);
  });

  it('a header naming a centre the user does not hold reaches nothing of it', () => {
    const centre = principal('centre', { centreIds: [C1] });
    expect(sqlOf(centre, { 'x-center-ids': C2 })).toEqual({ sql: '(p.centre_id = ANY(:p0::uuid[]))', values: [[]] });
    expect(centreInReach(narrowAccess(centre, { 'x-center-ids': C2 }), { id: C2, groupId: null })).toBe(false);
  });
});
