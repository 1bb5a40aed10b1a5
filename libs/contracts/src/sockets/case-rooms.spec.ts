import { describe, expect, it } from '@jest/globals';
import { ROLE_CODES } from '../access/roles.js';
import { caseReachRooms, caseRooms, type CaseRoomFacts } from './case-rooms.js';
import { socketRoom } from './sockets.js';

/**
 * Who hears a case's live update: a socket's rooms (its user's reach) meet the case's rooms. Every row is one user of
 * a company with group g (centres c1, c2), an individual centre c3 and a fusion hub, and whether it hears the case.
 */
const T = 'tenant-a';
const OTHER = 'tenant-b';
const user = (
  userId: string,
  roleCodes: string[],
  level: string,
  over: { tenantId?: string | null; groupId?: string | null; centreIds?: string[] } = {},
) => ({ userId, roleCodes, level, tenantId: T, groupId: null, centreIds: [], ...over });

const USERS = {
  admin: user('admin', [ROLE_CODES.ADMIN], 'tenant'),
  rra: user('rra', [ROLE_CODES.RADIOLOGY_ADMIN], 'tenant'),
  groupAdmin: user('group.admin', [ROLE_CODES.GROUP_ADMIN], 'group', { groupId: 'g', centreIds: ['c1', 'c2'] }),
  gca: user('gca', [ROLE_CODES.GROUP_CENTER_ADMIN], 'centre', { groupId: 'g', centreIds: ['c1'] }),
  centreAdmin: user('centre.admin', [ROLE_CODES.CENTER_ADMIN], 'centre', { centreIds: ['c3'] }),
  reception: user('reception', [ROLE_CODES.RECEPTIONIST], 'centre', { groupId: 'g', centreIds: ['c1'] }),
  radiologist: user('rad', [ROLE_CODES.CENTER_RADIOLOGIST], 'centre', { centreIds: ['c1', 'c2'] }),
  radiologist2: user('rad2', [ROLE_CODES.CENTER_RADIOLOGIST], 'centre', { centreIds: ['c1'] }),
  junior: user('jr', [ROLE_CODES.JUNIOR_RADIOLOGIST], 'centre', { centreIds: ['c1'] }),
  typist: user('typist', [ROLE_CODES.TYPIST], 'centre', { centreIds: ['c1', 'c2'] }),
  pathologist: user('path', [ROLE_CODES.PATHOLOGIST], 'centre', { centreIds: ['c2'] }),
  fusionAdmin: user('fusion.admin', [ROLE_CODES.FUSION_GROUP_ADMIN], 'group', { groupId: 'f', centreIds: ['hub'] }),
  fusionCentre: user('fusion.centre', [ROLE_CODES.FUSION_CENTER], 'centre', { centreIds: ['hub'] }),
  marketplace: user('mp', [ROLE_CODES.MARKETPLACE_RADIOLOGIST], 'marketplace', { tenantId: null }),
  platform: user('platform', [ROLE_CODES.SUPER_ADMIN], 'platform', { tenantId: null }),
  otherAdmin: user('b.admin', [ROLE_CODES.ADMIN], 'tenant', { tenantId: OTHER }),
  otherCentreAdmin: user('b.ca', [ROLE_CODES.CENTER_ADMIN], 'centre', { tenantId: OTHER, centreIds: ['b1'] }),
};
type Who = keyof typeof USERS;

const hears = (who: Who, ...states: CaseRoomFacts[]): boolean => {
  const rooms = new Set(caseRooms(...states));
  return [socketRoom.user(USERS[who].userId), ...caseReachRooms(USERS[who])].some((r) => rooms.has(r));
};
const listeners = (...states: CaseRoomFacts[]): Who[] =>
  (Object.keys(USERS) as Who[]).filter((who) => hears(who, ...states)).sort();

const base: CaseRoomFacts = {
  tenantId: T,
  groupId: 'g',
  centreId: 'c1',
  status: 'NEW',
  workflowType: 'Centre',
  radiologistId: null,
  typistId: null,
  fusionCentreId: null,
};
const centreSide: Who[] = ['admin', 'gca', 'groupAdmin', 'reception', 'rra'];
const sorted = (...who: Who[]) => [...who].sort();

describe('case live-update rooms (docs/decisions/0219)', () => {
  it.each<[string, CaseRoomFacts[], Who[]]>([
    ['a NEW case of c1: the centre side only', [base], centreSide],
    [
      'a case of c3 (no group): its company admins and centre admin',
      [{ ...base, groupId: null, centreId: 'c3' }],
      ['admin', 'centreAdmin', 'rra'],
    ],
    [
      'a case of c2: the group admin, not c1 users; the pathologist of c2',
      [{ ...base, centreId: 'c2' }],
      ['admin', 'groupAdmin', 'pathologist', 'rra'],
    ],
    [
      'assigned to the radiologist: the centre side and that radiologist',
      [{ ...base, status: 'IN PROGRESS', radiologistId: 'rad' }],
      sorted(...centreSide, 'radiologist'),
    ],
    [
      'reassigned from rad to rad2: both hear it (one gains, one loses)',
      [
        { ...base, status: 'IN PROGRESS', radiologistId: 'rad' },
        { ...base, status: 'IN PROGRESS', radiologistId: 'rad2' },
      ],
      sorted(...centreSide, 'radiologist', 'radiologist2'),
    ],
    [
      'in the review queue of c1: its senior radiologists, not the junior',
      [{ ...base, status: 'PENDING FOR REVIEW', radiologistId: 'jr' }],
      sorted(...centreSide, 'junior', 'radiologist', 'radiologist2'),
    ],
    [
      'in the typing pool of c1: its typists',
      [{ ...base, status: 'PENDING AT TYPIST' }],
      sorted(...centreSide, 'typist'),
    ],
    [
      'at one typist: that typist (the pool no longer)',
      [{ ...base, status: 'PENDING AT TYPIST', typistId: 'typist' }],
      sorted(...centreSide, 'typist'),
    ],
    [
      'sent to the fusion hub: its fusion users',
      [{ ...base, status: 'IN PROGRESS', fusionCentreId: 'hub' }],
      sorted(...centreSide, 'fusionAdmin', 'fusionCentre'),
    ],
    [
      'offered to the marketplace: marketplace radiologists',
      [{ ...base, workflowType: 'Marketplace' }],
      sorted(...centreSide, 'marketplace'),
    ],
    [
      'taken by another marketplace radiologist: the pool hears it go, then only the taker',
      [
        { ...base, workflowType: 'Marketplace' },
        { ...base, workflowType: 'Marketplace', status: 'IN PROGRESS', radiologistId: 'mp2' },
      ],
      sorted(...centreSide, 'marketplace'),
    ],
  ])('%s', (_, states, expected) => {
    expect(listeners(...states)).toEqual(expected);
  });

  it('after an offer is taken, the other marketplace radiologists no longer hear the case', () => {
    expect(
      hears('marketplace', { ...base, workflowType: 'Marketplace', status: 'IN PROGRESS', radiologistId: 'mp2' }),
    ).toBe(false);
  });

  it("never another company's users, a platform operator or another centre's admin", () => {
    const states: CaseRoomFacts[] = [
      base,
      { ...base, status: 'PENDING FOR REVIEW' },
      { ...base, status: 'PENDING AT TYPIST' },
      { ...base, fusionCentreId: 'hub' },
    ];
    for (const s of states)
      for (const who of ['otherAdmin', 'otherCentreAdmin', 'platform', 'centreAdmin'] as const)
        expect({ who, status: s.status, hears: hears(who, s) }).toEqual({ who, status: s.status, hears: false });
  });

  it('a company user with the marketplace role, and a principal of no centre, join no case room', () => {
    expect(caseReachRooms(user('x', [ROLE_CODES.MARKETPLACE_RADIOLOGIST], 'tenant'))).toEqual([]);
    expect(caseReachRooms(user('y', [ROLE_CODES.GROUP_ADMIN], 'group'))).toEqual([]);
  });
});
