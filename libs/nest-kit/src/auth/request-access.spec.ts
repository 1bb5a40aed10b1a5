import { describe, expect, it } from '@jest/globals';
import { CompanyMismatchError, narrowAccess } from './request-access.js';
import type { Principal } from './principal.js';

const T = '11111111-1111-4111-8111-111111111111';
const G = '22222222-2222-4222-8222-222222222222';
const G2 = '22222222-2222-4222-8222-999999999999';
const C1 = '33333333-3333-4333-8333-333333333331';
const C2 = '33333333-3333-4333-8333-333333333332';
const C3 = '33333333-3333-4333-8333-333333333333';

const make = (p: Partial<Principal>): Principal => ({
  userId: '44444444-4444-4444-8444-444444444444',
  tenantId: T,
  sessionId: '55555555-5555-4555-8555-555555555555',
  loginName: 'u',
  roleCodes: [],
  groupId: null,
  centreIds: [],
  grants: {},
  level: 'centre',
  resetPassword: false,
  principalVersion: 3,
  ...p,
});

describe('narrowAccess', () => {
  it('refuses an x-company-id of another tenant, accepts its own in any case', () => {
    expect(() => narrowAccess(make({}), { 'x-company-id': '99999999-9999-4999-8999-999999999999' })).toThrow(
      CompanyMismatchError,
    );
    expect(narrowAccess(make({}), { 'x-company-id': T.toUpperCase() }).empty).toBe(false);
  });

  it('a centre user: its centres, narrowed to the intersection; a centre it does not hold is not there', () => {
    const p = make({ level: 'centre', groupId: G, centreIds: [C1, C2] });
    expect(narrowAccess(p, {}).centreFilter).toEqual([C1, C2]);
    expect(narrowAccess(p, { 'x-center-ids': `${C2}, ${C3}` }).centreFilter).toEqual([C2]);
    expect(narrowAccess(p, { 'x-center-ids': C3 }).centreFilter).toEqual([]);
    expect(narrowAccess(p, { 'x-center-ids': 'garbage' }).centreFilter).toEqual([]);
    expect(narrowAccess(p, { 'x-group-id': G }).empty).toBe(false);
    expect(narrowAccess(p, { 'x-group-id': G2 })).toMatchObject({ empty: true, centreFilter: [] });
  });

  it('a group user: its group, optionally narrowed to some of its centres', () => {
    const p = make({ level: 'group', groupId: G, centreIds: [C1, C2] });
    expect(narrowAccess(p, {})).toMatchObject({ groupFilter: G, centreFilter: null, empty: false });
    expect(narrowAccess(p, { 'x-center-ids': `${C1},${C3}` })).toMatchObject({ groupFilter: G, centreFilter: [C1] });
    expect(narrowAccess(p, { 'x-group-id': G2 }).empty).toBe(true);
    expect(narrowAccess(make({ level: 'group', groupId: null }), {}).empty).toBe(true);
  });

  it('a marketplace radiologist (no company): no group or centre filter; a header picking one reaches nothing', () => {
    const p = make({ level: 'marketplace', tenantId: null, roleCodes: ['MARKETPLACE_RADIOLOGIST'] });
    expect(narrowAccess(p, {})).toMatchObject({ groupFilter: null, centreFilter: null, empty: false });
    expect(narrowAccess(p, { 'x-group-id': G }).empty).toBe(true);
    expect(narrowAccess(p, { 'x-center-ids': C1 }).empty).toBe(true);
  });

  it('a tenant user: everything, or what the headers pick', () => {
    const p = make({ level: 'tenant' });
    expect(narrowAccess(p, {})).toMatchObject({ groupFilter: null, centreFilter: null, empty: false });
    expect(narrowAccess(p, { 'x-group-id': G, 'x-center-ids': C3 })).toMatchObject({
      groupFilter: G,
      centreFilter: [C3],
    });
    expect(narrowAccess(p, { 'x-group-id': 'not-an-id' }).empty).toBe(true);
  });

  it('keeps the other headers of spec §7 on the request', () => {
    const access = narrowAccess(make({}), {
      'x-submodule-type': 'USER',
      'x-subscription-type': 'PACS',
      'x-session-enabled': 'TRUE',
    });
    expect(access).toMatchObject({ submoduleType: 'USER', subscriptionType: 'PACS', sessionEnabled: true });
  });
});
