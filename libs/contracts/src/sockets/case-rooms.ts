import {
  caseReachKindOf,
  isSeniorRadiologist,
  REVIEW_QUEUE_STATUS,
  TYPING_POOL_STATUS,
  type CaseReachPrincipal,
} from '../access/case-reach.js';
import { socketRoom } from './sockets.js';

/**
 * Live updates of a case reach exactly the users whose reach holds it (docs/decisions/0219-live-updates-by-reach.md):
 * the reach rule of the cases service (libs/contracts access/case-reach.ts, case-reach.ts in cases) written as socket
 * rooms. A socket joins the rooms of its user's reach (`caseReachRooms`, at the gateway); a change of a case is sent
 * to the rooms of the case as it was and as it is (`caseRooms`), so whoever gains it hears it arrive, and whoever
 * loses it (a reassignment, the review queue emptied, an offer taken) hears it go.
 */

/** The rooms a user's sockets join to hear the cases of its reach (its own user room is joined for everyone). */
export function caseReachRooms(principal: CaseReachPrincipal): string[] {
  const centres = principal.centreIds;
  switch (caseReachKindOf(principal)) {
    case 'company':
      return [socketRoom.casesOfCompany(principal.tenantId!)];
    case 'group':
      return principal.groupId === null ? [] : [socketRoom.casesOfGroup(principal.groupId)];
    case 'centres':
      return centres.map(socketRoom.casesOfCentre);
    case 'assignedRadiologist':
      return isSeniorRadiologist(principal) ? centres.map(socketRoom.reviewQueueOf) : [];
    case 'assignedTypist':
      return centres.map(socketRoom.typingPoolOf);
    case 'fusion':
      return centres.map(socketRoom.casesSentTo);
    case 'marketplace':
      return [socketRoom.marketplace()];
    case 'none':
      return [];
  }
}

/** What decides who may read a case: the facts of its row (or of its event's payload). */
export interface CaseRoomFacts {
  tenantId: string;
  groupId: string | null;
  centreId: string | null;
  status: string;
  workflowType: string;
  radiologistId: string | null;
  typistId: string | null;
  fusionCentreId: string | null;
}

/** An open marketplace offer: a NEW case of the marketplace workflow nobody holds (what every marketplace radiologist sees). */
export const inMarketplacePool = (c: CaseRoomFacts): boolean =>
  c.status === 'NEW' && c.workflowType === 'Marketplace' && c.radiologistId === null;

/**
 * The centre side of a case: its company's company-level users, its group's admins, its centre's users (who see
 * every case of the centre whoever reads it; a critical result's alert goes to them).
 */
export const centreSideRooms = (c: Pick<CaseRoomFacts, 'tenantId' | 'groupId' | 'centreId'>): string[] => [
  socketRoom.casesOfCompany(c.tenantId),
  ...(c.groupId ? [socketRoom.casesOfGroup(c.groupId)] : []),
  ...(c.centreId ? [socketRoom.casesOfCentre(c.centreId)] : []),
];

/** The rooms of the users who may read the case in any of these states (before and after a change). */
export function caseRooms(...states: readonly CaseRoomFacts[]): string[] {
  const rooms = new Set<string>();
  for (const c of states) {
    for (const room of centreSideRooms(c)) rooms.add(room);
    if (c.radiologistId) rooms.add(socketRoom.user(c.radiologistId));
    if (c.typistId) rooms.add(socketRoom.user(c.typistId));
    if (c.centreId && c.status === REVIEW_QUEUE_STATUS) rooms.add(socketRoom.reviewQueueOf(c.centreId));
    if (c.centreId && c.status === TYPING_POOL_STATUS && c.typistId === null)
      rooms.add(socketRoom.typingPoolOf(c.centreId));
    if (c.fusionCentreId) rooms.add(socketRoom.casesSentTo(c.fusionCentreId));
    if (inMarketplacePool(c)) rooms.add(socketRoom.marketplace());
  }
  return [...rooms];
}
