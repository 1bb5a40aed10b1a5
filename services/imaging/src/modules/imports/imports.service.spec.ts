import { describe, expect, it } from '@jest/globals';
import type { Principal } from '@rayworks/nest-kit';
import { holdsCentre } from '../directory/ingest-placement.js';
import { MIN_PART_BYTES, partSizeFor } from './imports.service.js';

const MiB = 1024 * 1024;
const principal = (over: Partial<Principal>): Principal => ({
  userId: 'u',
  tenantId: 't',
  loginName: 'l',
  roleCodes: [],
  groupId: 'g1',
  centreIds: ['c1', 'c2'],
  grants: {},
  sessionId: 's',
  level: 'centre',
  resetPassword: false,
  principalVersion: 1,
  ...over,
});

describe('partSizeFor', () => {
  it('is 16 MiB until 10,000 parts of 16 MiB would not hold the zip, then whole MiB', () => {
    expect(partSizeFor(1)).toBe(MIN_PART_BYTES);
    expect(partSizeFor(10_000 * 16 * MiB)).toBe(16 * MiB);
    expect(partSizeFor(10_000 * 16 * MiB + 1)).toBe(17 * MiB);
    const twenty = 20 * 1024 ** 3;
    expect(Math.ceil(twenty / partSizeFor(twenty))).toBeLessThanOrEqual(10_000);
  });
});

describe('holdsCentre', () => {
  it.each([
    ['a centre user, own group and centre', {}, 'g1', 'c2', true],
    ['a centre user, a centre not its own', {}, 'g1', 'c9', false],
    ['a centre user, another group', {}, 'g2', 'c1', false],
    ['a group user, a centre of its group', { level: 'group' as const }, 'g1', 'c1', true],
    ['a group user, another group', { level: 'group' as const }, 'g2', 'c1', false],
    ['a tenant-level user', { level: 'tenant' as const, groupId: null, centreIds: [] }, 'g7', 'c7', true],
    ['a platform operator', { level: 'platform' as const, tenantId: null }, 'g1', 'c1', false],
    ['a centre user without a group, naming a group', { groupId: null }, 'g1', 'c1', false],
    ['a centre of no group, its own centre, no group named', { groupId: null }, null, 'c1', true],
    ['a centre user of a group, no group named', {}, null, 'c1', false],
  ])('%s: %s', (_, over, group, centre, expected) => {
    expect(holdsCentre(principal(over), group, centre)).toBe(expected);
  });
});
