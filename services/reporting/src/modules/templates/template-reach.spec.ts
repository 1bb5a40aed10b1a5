import { describe, expect, it } from '@jest/globals';
import type { RequestAccess } from '@rayworks/nest-kit';
import { maySee, mayManage, templateReachOf } from './template-reach.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const T = '00000000-0000-4000-8000-0000000000aa';
const C1 = '00000000-0000-4000-8000-0000000000c1';
const C2 = '00000000-0000-4000-8000-0000000000c2';

const access = (
  level: string,
  centreIds: string[],
  centreFilter: string[] | null = null,
  tenantId: string | null = T,
) =>
  ({
    principal: { userId: ME, tenantId, level, centreIds },
    centreFilter,
    empty: false,
  }) as unknown as RequestAccess;

describe('template reach', () => {
  it('a company-level user sees and manages the company, every centre and their own, never another user’s own', () => {
    const r = templateReachOf(access('tenant', []));
    expect(r.centreIds).toBeNull();
    for (const row of [
      { ownerId: null, centreId: null },
      { ownerId: null, centreId: C2 },
      { ownerId: ME, centreId: null },
    ]) {
      expect(maySee(r, row)).toBe(true);
      expect(mayManage(r, row)).toBe(true);
    }
    expect(maySee(r, { ownerId: OTHER, centreId: null })).toBe(false);
    expect(mayManage(r, { ownerId: OTHER, centreId: C1 })).toBe(false);
  });

  it('a centre user sees the company and their centres, manages their centres and their own, not the company', () => {
    const r = templateReachOf(access('centre', [C1]));
    expect(maySee(r, { ownerId: null, centreId: null })).toBe(true);
    expect(mayManage(r, { ownerId: null, centreId: null })).toBe(false);
    expect(maySee(r, { ownerId: null, centreId: C1 })).toBe(true);
    expect(mayManage(r, { ownerId: null, centreId: C1 })).toBe(true);
    expect(maySee(r, { ownerId: null, centreId: C2 })).toBe(false);
    expect(mayManage(r, { ownerId: null, centreId: C2 })).toBe(false);
    expect(mayManage(r, { ownerId: ME, centreId: null })).toBe(true);
    expect(mayManage(r, { ownerId: ME, centreId: C2 })).toBe(false);
  });

  it('the centre filter narrows the reach and never widens it', () => {
    expect(templateReachOf(access('centre', [C1], [C1, C2])).centreIds).toEqual([C1]);
    expect(templateReachOf(access('tenant', [], [C2])).centreIds).toEqual([C2]);
  });

  it('a user without a company (marketplace) manages nothing and reaches no centre', () => {
    const r = templateReachOf(access('marketplace', [], null, null));
    expect(r.centreIds).toEqual([]);
    expect(mayManage(r, { ownerId: ME, centreId: null })).toBe(false);
    expect(maySee(r, { ownerId: null, centreId: C1 })).toBe(false);
  });
});
