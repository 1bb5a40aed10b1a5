import type { CaseStatus } from '../cases/states.js';
import { ROLE_CODES } from './roles.js';

/**
 * How far a user reaches into a company's cases (docs/decisions/0118-worklist-queries.md), from its roles first: a
 * radiologist is a centre user who sees only its own cases. The cases service turns it into SQL (case-reach.ts: the
 * one rule every case query goes through); the gateway turns it into the socket rooms a user hears cases in
 * (`caseReachRooms`), so a live update reaches exactly who may read the case (docs/decisions/0219-live-updates-by-reach.md).
 * - company: company-level users (RAYWORKS_ADMIN, RAYWORKS_RADIOLOGY_ADMIN): every case;
 * - group: group admins: their group's cases;
 * - centres: centre users (centre and group-centre admins, receptionists, pathologists): their centres' cases;
 * - assignedRadiologist: the cases assigned to them, and a senior's review queue of their centres;
 * - assignedTypist: the cases at them, and the typing pool of their centres;
 * - fusion: the cases sent to their fusion centres;
 * - marketplace: marketplace radiologists (of no company): an open offer, or a case they hold;
 * - none: nothing (platform operators, a company's user with the marketplace role).
 */
export type CaseReachKind =
  'company' | 'group' | 'centres' | 'assignedRadiologist' | 'assignedTypist' | 'fusion' | 'marketplace' | 'none';

/** What a caller's reach is decided from (the verified principal of a request or a socket). */
export interface CaseReachPrincipal {
  userId: string;
  tenantId: string | null;
  level: string;
  groupId: string | null;
  centreIds: readonly string[];
  roleCodes: readonly string[];
}

/** The centres' shared queues: a senior radiologist's review queue, a typist's typing pool (docs/decisions/0174). */
export const REVIEW_QUEUE_STATUS: CaseStatus = 'PENDING FOR REVIEW';
export const TYPING_POOL_STATUS: CaseStatus = 'PENDING AT TYPIST';

const RADIOLOGISTS: readonly string[] = [ROLE_CODES.CENTER_RADIOLOGIST, ROLE_CODES.JUNIOR_RADIOLOGIST];
const TYPISTS: readonly string[] = [ROLE_CODES.TYPIST, ROLE_CODES.TRANSCRIPTIONIST];
const FUSION: readonly string[] = [
  ROLE_CODES.FUSION_GROUP_ADMIN,
  ROLE_CODES.FUSION_GROUP_CENTER,
  ROLE_CODES.FUSION_CENTER,
];

/** The kind of reach of a principal (a request whose x-group-id / x-center-ids select nothing reaches 'none'). */
export function caseReachKindOf(
  principal: Omit<CaseReachPrincipal, 'userId' | 'groupId' | 'centreIds'>,
): CaseReachKind {
  if (principal.tenantId === null && principal.level === 'marketplace') return 'marketplace';
  if (principal.tenantId === null || principal.level === 'platform') return 'none';
  const has = (codes: readonly string[]) => principal.roleCodes.some((r) => codes.includes(r));
  // a company's user with the marketplace role reaches nothing: marketplace radiologists are the platform's
  if (has([ROLE_CODES.MARKETPLACE_RADIOLOGIST])) return 'none';
  if (has(RADIOLOGISTS)) return 'assignedRadiologist';
  if (has(TYPISTS)) return 'assignedTypist';
  if (has(FUSION)) return 'fusion';
  if (principal.level === 'tenant') return 'company';
  if (principal.level === 'group') return 'group';
  return 'centres';
}

/** A senior radiologist reviews its centres' juniors' reports (the review queue); a junior does not. */
export const isSeniorRadiologist = (principal: Pick<CaseReachPrincipal, 'roleCodes'>): boolean =>
  principal.roleCodes.includes(ROLE_CODES.CENTER_RADIOLOGIST) &&
  !principal.roleCodes.includes(ROLE_CODES.JUNIOR_RADIOLOGIST);
